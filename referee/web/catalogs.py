"""What is still untranslated in each language's catalog, with the context a
translator needs (the comment written for them, the message context, where it is used).

Read straight from the translators' .po files, their source of truth, so the page
shows their latest saved work.
"""
from babel.messages.pofile import read_po

from referee.text.catalogs import po_path

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
        "locations": [f"{file}:{line}" for file, line in message.locations[:SHOWN_LOCATIONS]],
        "fuzzy": message.fuzzy,
    }
