"""Page text in the visitor's language.

The pages' strings live in the same gettext catalogs as the rule text and the
verdict messages, so translators see them all in one file, and they are looked up
through referee.text's translator: an edited catalog shows at once, a broken one is
refused, and a translation that misuses a placeholder falls back to the English.
"""
from functools import cache

from babel import Locale

from referee.text.catalogs import translator


def page_gettext(lang):
    """`_(msgid, **params)` for templates: the translation of `msgid` in `lang` with
    its named placeholders ({count}) filled."""
    return translator(lang).gettext


def page_ngettext(lang):
    """`ngettext(singular, plural, count, **params)` for templates: the plural form
    `lang` uses for `count`, with {count} formatted for `lang`."""
    return translator(lang).ngettext


@cache
def endonym(code):
    """A language's name in that language, for the language switcher."""
    return Locale.parse(code).get_display_name(code)
