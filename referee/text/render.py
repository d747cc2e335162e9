"""Translating and filling a message safely.

A translation is untrusted text: `str.format` on it could read attributes
(`{player.__class__.__init__.__globals__}`) or build huge strings (`{count:>999999999}`).
So a message is filled only when every placeholder is a bare name we supplied, with
`format_map` over values that are already strings; otherwise the English source is
used (HOSTILE.md 11).
"""
import string
from functools import lru_cache

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

_FORMATTER = string.Formatter()


class PlaceholderError(ValueError):
    """A template whose placeholders are not all bare names."""


def placeholders(template: str) -> list[str]:
    """The raw field texts of a brace template, e.g. ['count', 'a.b', 'x!r', 'n:>9'].

    Raises ValueError for unbalanced braces.
    """
    fields = []
    for _literal, name, spec, conversion in _FORMATTER.parse(template):
        if name is None:
            continue
        raw = name
        if conversion:
            raw += "!" + conversion
        if spec:
            raw += ":" + spec
        fields.append(raw)
    return fields


def is_bare_name(field: str) -> bool:
    return field.isidentifier()


def fill(template: str, values: dict[str, str]) -> str:
    """Fill a template whose placeholders must all be bare names present in values."""
    try:
        fields = placeholders(template)
    except ValueError as exc:
        raise PlaceholderError(f"unbalanced braces: {exc}") from None
    for field in fields:
        if not is_bare_name(field) or field not in values:
            raise PlaceholderError(f"placeholder {{{field}}} is not allowed here")
    return template.format_map(values)


def fill_safely(translated: str, source: str, values: dict[str, str]) -> str:
    """The translation filled, or the English source when the translation misbehaves."""
    try:
        return fill(translated, values)
    except PlaceholderError:
        pass
    try:
        return fill(source, values)
    except PlaceholderError:
        return source


@lru_cache(maxsize=8192)
def _formatted_number(value, lang: str) -> str:
    """Numbers repeat (counts, scores): format each once per language."""
    return format_decimal(value, locale=Locale.parse(lang))


class Translator:
    """Gettext lookups for one language whose results come back filled and safe.

    Method names are the gettext ones so that Babel's extractor finds the messages.
    Values may be ints (formatted for the locale) or strings (used as they are).
    """

    def __init__(self, lang: str, translations):
        self.lang = lang
        self.locale = Locale.parse(lang)
        self._translations = translations

    def number(self, value) -> str:
        return _formatted_number(value, self.lang)

    def join(self, items, style: str = "standard") -> str:
        """A list in the locale's words: 'red 3, red 5 and blue 5' ('or' with style='or')."""
        return format_list(list(items), style=style, locale=self.locale)

    def _values(self, values) -> dict[str, str]:
        return {name: self.number(value) if isinstance(value, (int, float)) and not isinstance(value, bool)
                else str(value) for name, value in values.items()}

    def gettext(self, message: str, **values) -> str:
        translated = self._translations.gettext(message) if self._translations else message
        return fill_safely(translated, message, self._values(values))

    def pgettext(self, context: str, message: str, **values) -> str:
        translated = self._translations.pgettext(context, message) if self._translations else message
        return fill_safely(translated, message, self._values(values))

    def translate(self, context: str, message: str, **values) -> str:
        """pgettext for a message marked elsewhere (under a name the extractor ignores)."""
        return self.pgettext(context, message, **values)

    def translate_plural(self, context: str | None, singular: str, plural: str, n: int, **values) -> str:
        """ngettext/npgettext for a message marked elsewhere."""
        if context is None:
            return self.ngettext(singular, plural, n, **values)
        return self.npgettext(context, singular, plural, n, **values)

    def ngettext(self, singular: str, plural: str, n: int, **values) -> str:
        values.setdefault("count", n)
        source = singular if n == 1 else plural
        translated = self._translations.ngettext(singular, plural, n) if self._translations else source
        return fill_safely(translated, source, self._values(values))

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values) -> str:
        values.setdefault("count", n)
        source = singular if n == 1 else plural
        translated = (self._translations.npgettext(context, singular, plural, n)
                      if self._translations else source)
        return fill_safely(translated, source, self._values(values))
