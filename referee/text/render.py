"""Translating and filling a message safely.

A translation is untrusted text: `str.format` on it could read attributes
(`{player.__class__.__init__.__globals__}`) or build huge strings (`{count:>999999999}`).
So a message is filled only when every placeholder is a bare name we supplied, with
`format_map` over values that are already strings; otherwise the English source is
used (HOSTILE.md 11).
"""
import re
import string
from dataclasses import dataclass
from functools import lru_cache

from babel import Locale
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


class Inflected(str):
    """A card or colour name that also knows its form before a postposition (the
    oblique: Gujarati "પીળું 3" / "પીળા 3 પર", Hindi "हरा ड्रा टू" / "हरे ड्रा टू की
    वजह से"); the template it is filled into decides which form it takes."""
    oblique: str

    def __new__(cls, text: str, oblique: str | None = None):
        inflected = super().__new__(cls, text)
        inflected.oblique = str(text if oblique is None else oblique)
        return inflected

    def __reduce__(self):  # copied or pickled with both forms
        return Inflected, (str(self), self.oblique)


@dataclass(frozen=True)
class Grammar:
    """What a language's templates need from a filled-in word (locales/glossary.yaml,
    `grammar:`): a card or colour name before a postposition takes its oblique form,
    and a case ending joined to a name is written the way the name's last letter asks."""
    postpositions: tuple[str, ...] = ()   # longest first
    nouns: tuple[str, ...] = ()           # may stand between a name and its postposition ("રંગ")
    endings: tuple[tuple[str, re.Pattern, str], ...] = ()  # (ending, name ends so, write instead)

    def before_postposition(self, following: str) -> bool:
        rest = following.lstrip(" ")
        for noun in self.nouns:
            if rest.startswith(noun):
                rest = rest[len(noun):].lstrip(" ")
                break
        return any(rest.startswith(word) and not rest[len(word):len(word) + 1].isalnum()
                   for word in self.postpositions)

    def form(self, value: str, following: str) -> tuple[str, int]:
        """The form of `value` before the template text `following`, and how many of
        that text's characters the form took in (a joined ending it rewrote)."""
        if isinstance(value, Inflected) and self.before_postposition(following):
            return value.oblique, 0
        for ending, name_end, joined in self.endings:
            if following.startswith(ending) and name_end.search(value):
                return value + joined, len(ending)
        return str(value), 0


PLAIN = Grammar()


def fill(template: str, values: dict[str, str], grammar: Grammar = PLAIN) -> str:
    """Fill a template whose placeholders must all be bare names present in values,
    each value in the form the text after it needs (`grammar`)."""
    try:
        parts = list(_FORMATTER.parse(template))
    except ValueError as exc:
        raise PlaceholderError(f"unbalanced braces: {exc}") from None
    said, skip = [], 0
    for index, (literal, name, spec, conversion) in enumerate(parts):
        said.append(literal[skip:])
        skip = 0
        if name is None:
            continue
        if spec or conversion or not is_bare_name(name) or name not in values:
            raise PlaceholderError(f"placeholder {{{name}}} is not allowed here")
        following = parts[index + 1][0] if index + 1 < len(parts) else ""
        text, skip = grammar.form(values[name], following)
        said.append(text)
    return "".join(said)


def fill_safely(translated: str, source: str, values: dict[str, str], grammar: Grammar = PLAIN) -> str:
    """The translation filled, or the English source when the translation misbehaves."""
    try:
        return fill(translated, values, grammar)
    except PlaceholderError:
        pass
    try:
        return fill(source, values)
    except PlaceholderError:
        return source


def sentence_start(text: str, names=()) -> str:
    """A sentence with its first letter capitalised where the script has case ("red
    Discard All is now on top" -> "Red Discard All ..."; Indic scripts are unchanged),
    unless it starts with one of `names` (players' names stay as typed)."""
    if not text or not text[0].islower():
        return text
    if any(name and text.startswith(name) for name in names):
        return text
    return text[0].upper() + text[1:]


@lru_cache(maxsize=8192)
def _formatted_number(value, lang: str) -> str:
    """Numbers repeat (counts, scores): format each once per language."""
    return format_decimal(value, locale=Locale.parse(lang))


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context for extraction; it is translated where it is used."""
    return context, message


# Lists that players read ("red 3, red 5 and blue 5"), joined by patterns the
# translators own (not CLDR's: its Telugu puts "మరియు" in every list, and its "unit"
# lists are incomplete for gu, hi, ne and te). Each style has three patterns: a list
# of two, the join of every item but the last ({first} the list so far, {second} the
# next item), and the join of the last ({rest} the list so far, {last} the last item).
LIST_PATTERNS = {
    "standard": (
        # TRANSLATORS: a list of exactly two things, e.g. "red 3 and blue 5" or "Asha and Bina". Write it as your language joins two with "and" (a comma alone is fine where that is natural). Keep {first} and {second}.
        NP_("list of two, and", "{first} and {second}"),
        # TRANSLATORS: in a list of three or more joined with "and": {first} is the list so far, {second} the next item (not the last), e.g. "red 3, red 5". Keep {first} and {second}.
        NP_("list, and: an item before the last", "{first}, {second}"),
        # TRANSLATORS: in a list of three or more joined with "and": {rest} is every item but the last, already joined, and {last} is the last item, e.g. "red 3, red 5, and blue 5" (English writes a comma before "and" here). Keep {rest} and {last}.
        NP_("list, and: the last item", "{rest}, and {last}"),
    ),
    "or": (
        # TRANSLATORS: a choice between exactly two things, e.g. "Draw Two or Wild Draw Four". Keep {first} and {second}.
        NP_("list of two, or", "{first} or {second}"),
        # TRANSLATORS: in a choice of three or more joined with "or": {first} is the list so far, {second} the next item (not the last), e.g. "Draw Two, Wild Draw Four". Keep {first} and {second}.
        NP_("list, or: an item before the last", "{first}, {second}"),
        # TRANSLATORS: in a choice of three or more joined with "or": {rest} is every item but the last, already joined, and {last} is the last item, e.g. "Skip, Draw Two, or Wild Draw Four". Keep {rest} and {last}.
        NP_("list, or: the last item", "{rest}, or {last}"),
    ),
    "separate": (
        # TRANSLATORS: two items that are themselves phrases with lists in them, kept apart, e.g. "Skip and Reverse: 20 points; Wild: 50 points". A separator, not "and". Keep {first} and {second}.
        NP_("list of separate phrases, two", "{first}; {second}"),
        # TRANSLATORS: in a list of three or more phrases kept apart (see "Skip and Reverse: 20 points; Wild: 50 points"): {first} is the list so far, {second} the next phrase. Keep {first} and {second}.
        NP_("list of separate phrases: an item before the last", "{first}; {second}"),
        # TRANSLATORS: in a list of three or more phrases kept apart: {rest} is every phrase but the last, already joined, {last} the last phrase. Keep {rest} and {last}.
        NP_("list of separate phrases: the last item", "{rest}; {last}"),
    ),
}
_PATTERN_NAMES = (("first", "second"), ("first", "second"), ("rest", "last"))


class Translator:
    """Gettext lookups for one language whose results come back filled and safe.

    Method names are the gettext ones so that Babel's extractor finds the messages.
    Values may be ints (formatted for the locale) or strings (used as they are).
    """

    def __init__(self, lang: str, translations, grammar: Grammar = PLAIN):
        self.lang = lang
        self.locale = Locale.parse(lang)
        self._translations = translations
        self._lists = {}
        self.grammar = grammar

    def number(self, value) -> str:
        return _formatted_number(value, self.lang)

    def join(self, items, style: str = "standard") -> str:
        """A list in the catalog's words: 'red 3, red 5, and blue 5' ('or' with
        style='or'; style='separate' keeps phrases apart with '; ')."""
        items = [item if isinstance(item, str) else str(item) for item in items]
        if len(items) < 2:
            return items[0] if items else ""
        if any(isinstance(item, Inflected) for item in items):  # "पीले 3 और हरे 5 पर"
            return Inflected(self._joined([str(item) for item in items], style),
                             self._joined([getattr(item, "oblique", str(item)) for item in items], style))
        return self._joined([str(item) for item in items], style)

    def _joined(self, items: list[str], style: str) -> str:
        two, middle, end = self._list_patterns(style)
        if len(items) == 2:
            return two.format_map({"first": items[0], "second": items[1]})
        joined = items[0]
        for item in items[1:-1]:
            joined = middle.format_map({"first": joined, "second": item})
        return end.format_map({"rest": joined, "last": items[-1]})

    def _list_patterns(self, style: str) -> tuple[str, str, str]:
        """The three patterns of a list style, each the translation when it keeps both
        of its placeholders once and nothing else (an item is never dropped), else the
        English source."""
        patterns = self._lists.get(style)
        if patterns is None:
            patterns = self._lists[style] = tuple(
                self._list_pattern(context, source, names)
                for (context, source), names in zip(LIST_PATTERNS[style], _PATTERN_NAMES))
        return patterns

    def _list_pattern(self, context: str, source: str, names: tuple[str, str]) -> str:
        translated = self._translations.pgettext(context, source) if self._translations else source
        try:
            fields = placeholders(translated)
        except ValueError:
            return source
        return translated if sorted(fields) == sorted(names) else source

    def _values(self, values) -> dict[str, str]:
        return {name: self.number(value) if isinstance(value, (int, float)) and not isinstance(value, bool)
                else value if isinstance(value, str) else str(value) for name, value in values.items()}

    def gettext(self, message: str, **values) -> str:
        translated = self._translations.gettext(message) if self._translations else message
        return fill_safely(translated, message, self._values(values), self.grammar)

    def pgettext(self, context: str, message: str, **values) -> str:
        translated = self._translations.pgettext(context, message) if self._translations else message
        return fill_safely(translated, message, self._values(values), self.grammar)

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
        return fill_safely(translated, source, self._values(values), self.grammar)

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values) -> str:
        values.setdefault("count", n)
        source = singular if n == 1 else plural
        translated = (self._translations.npgettext(context, singular, plural, n)
                      if self._translations else source)
        return fill_safely(translated, source, self._values(values), self.grammar)
