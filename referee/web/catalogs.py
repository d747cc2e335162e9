"""What is still untranslated in each language's catalog, with the context a
translator needs (the comment written for them, the message context, where it is used).

Read straight from the translators' .po files, their source of truth, so the page
shows their latest saved work.
"""
from babel.messages.pofile import read_po

from functools import lru_cache

from referee.text.catalogs import po_path, pot_path

SHOWN_LOCATIONS = 3  # enough to find the message; the .po has all of them


def untranslated_messages(lang):
    """[{msgid, context, comments, locations, fuzzy}] for every message of `lang`'s
    catalog without a usable translation (missing, partly missing plural forms, or
    fuzzy). Empty when the catalog does not exist or cannot be read: the problems
    list of the locales report says why."""
    try:
        with po_path(lang).open("rb") as po_file:
            catalog = read_po(po_file, locale=lang)
    except Exception:  # noqa: BLE001  a half-saved file must not break the page
        return []
    return [_describe(message) for message in catalog
            if message.id and _needs_work(message)]


def _needs_work(message):
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return message.fuzzy or not all(strings)


def _describe(message):
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    plural = None if isinstance(message.id, str) else message.id[1]
    return {
        "msgid": msgid,
        "plural": plural,
        "context": message.context,
        "comments": list(message.auto_comments) + list(message.user_comments),
        "locations": [f"{file}:{line}" for file, line in message.locations[:SHOWN_LOCATIONS]
                      if not str(file).startswith("/")],  # repository paths only, never the server's
        "fuzzy": message.fuzzy,
    }


def preview_choices():
    """[(key, label)] for the preview form: every message of messages.pot, by a key
    that is its position (the label is the English message, with its context)."""
    return _template_choices(_pot_stamp())


def message_of(key):
    """(context, msgid) of a preview_choices key."""
    return _template_messages(_pot_stamp())[int(key)]


def _pot_stamp():
    try:
        status = pot_path().stat()
        return (str(pot_path()), status.st_mtime_ns, status.st_size)
    except OSError:
        return (str(pot_path()), None, None)


@lru_cache(maxsize=4)
def _template(stamp) -> list:
    """The template's messages (ids only), read once per version of the file."""
    try:
        with open(stamp[0], "rb") as handle:
            return [message for message in read_po(handle) if message.id]
    except Exception:  # noqa: BLE001  no template: nothing to preview or search
        return []


@lru_cache(maxsize=4)
def _template_messages(stamp):
    return [(message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in _template(stamp)]


@lru_cache(maxsize=4)
def _template_choices(stamp):
    return [(str(index), f"{msgid} [{context}]" if context else msgid)
            for index, (context, msgid) in enumerate(_template_messages(stamp))]


MAX_FOUND = 20  # a search shows this many messages, each with its examples


def search_messages(query, lang):
    """[{key, msgid, plural, context, comments, locations, translation}] of the messages
    whose id, English text, context or `lang` translation contain `query` (any case),
    in the order of messages.pot, at most MAX_FOUND."""
    wanted = query.casefold().strip()
    if not wanted:
        return []
    translations = _translations(lang)
    found = []
    for key, message in enumerate(_template_entries(_pot_stamp())):
        translation = translations.get((message["context"], message["msgid"]), "")
        haystack = [message["msgid"], message["plural"] or "", message["context"] or "", str(key), translation]
        if any(wanted in text.casefold() for text in haystack):
            found.append({**message, "key": str(key), "translation": translation})
            if len(found) == MAX_FOUND:
                break
    return found


def _translations(lang):
    """{(context, msgid): first translated form} of `lang`'s catalog as saved."""
    path = po_path(lang)
    try:
        status = path.stat()
    except OSError:
        return {}
    return _translations_of(str(path), status.st_mtime_ns, status.st_size, lang)


@lru_cache(maxsize=8)
def _translations_of(path, _mtime, _size, lang):
    try:
        with open(path, "rb") as po_file:
            catalog = read_po(po_file, locale=lang)
    except Exception:  # noqa: BLE001  a half-saved file must not break the page
        return {}
    return {(message.context, message.id if isinstance(message.id, str) else message.id[0]):
            (message.string if isinstance(message.string, str) else message.string[0]) or ""
            for message in catalog if message.id and not message.fuzzy}


@lru_cache(maxsize=4)
def _template_entries(stamp):
    return [_describe(message) for message in _template(stamp)]
