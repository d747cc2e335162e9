"""The languages the referee speaks, one list for every layer: the format checks a
ruleset's `translations:` against it, the text layer serves its catalogs."""
LANGUAGES = ("en", "gu", "hi", "ne", "te")
SOURCE_LANGUAGE = "en"
TRANSLATED_LANGUAGES = LANGUAGES[1:]
