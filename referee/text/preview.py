"""A translator's edit, previewed in context before it is saved.

The edited strings are laid over the language's current catalog, checked with the
same placeholder checks as `referee i18n check`, and rendered where the message is
used: the whole verdict for a verdict sentence, the rule book paragraph for rule text,
else the sentence alone with sample values.
"""
from functools import lru_cache

from referee.engine.codes import CODES
from referee.rules import builtin_rulesets
from referee.rules.errors import PROBLEM_MESSAGES

from . import examples
from .cards import card_name, color_name, kind_name
from .catalogs import pot_path, translator
from .checks import placeholder_problems
from .render import Translator, placeholders
from .ruletext import build_sections
from .verdicts import MESSAGES, PLAYER_DETAILS, render_verdict

# Sample names in the reader's script, as a table of that language would type them.
SAMPLE_PLAYERS = {"gu": ["આશા", "રવિ", "ચિરાગ"], "hi": ["आशा", "रवि", "चिराग"], "ne": ["आशा", "रवि", "चिराग"],
                  "te": ["ఆశ", "రవి", "చిరాగ్"]}
LATIN_PLAYERS = ["Asha", "Ravi", "Chirag"]
EDITIONS = ("classic", "sonic", "attack")


class _Overlay:
    """The catalog's translations with one message replaced by the edit."""

    def __init__(self, base, context, msgid, strings):
        self._base, self._key, self._strings = base, (context, msgid), list(strings)

    def _form(self, n):
        plural = getattr(self._base, "plural", None)
        index = plural(n) if plural else int(n != 1)
        return self._strings[min(index, len(self._strings) - 1)]

    def gettext(self, message):
        if self._key == (None, message):
            return self._strings[0]
        return self._base.gettext(message) if self._base else message

    def pgettext(self, context, message):
        if self._key == (context, message):
            return self._strings[0]
        return self._base.pgettext(context, message) if self._base else message

    def ngettext(self, singular, plural, n):
        if self._key == (None, singular):
            return self._form(n)
        return self._base.ngettext(singular, plural, n) if self._base else (singular if n == 1 else plural)

    def npgettext(self, context, singular, plural, n):
        if self._key == (context, singular):
            return self._form(n)
        if self._base:
            return self._base.npgettext(context, singular, plural, n)
        return singular if n == 1 else plural


def _players(lang):
    return SAMPLE_PLAYERS.get(lang, LATIN_PLAYERS)


def _template_message(context, msgid):
    """The messages.pot entry of (context, msgid), or None."""
    path = pot_path()
    try:
        status = path.stat()
    except OSError:
        return None
    return _template_index(str(path), status.st_mtime_ns, status.st_size).get((context, msgid))


@lru_cache(maxsize=2)
def _template_index(path, _mtime, _size):
    """messages.pot by (context, msgid), read once per version of the file (a search
    previews twenty messages; reading the template for each cost 0.4 s)."""
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        template = read_po(handle)
    return {(message.context, message.id if isinstance(message.id, str) else message.id[0]): message
            for message in template if message.id}


def _sample_verdicts(msgid):
    """(code, details) pairs that use msgid, with sample details, for 1 and 2."""
    for key, sentences in MESSAGES.items():
        if any(msgid in sentence.texts() for sentence in sentences):
            code = key.split("/")[0]
            for n in (1, 2):
                details = _details(CODES[code]["params"], n)
                if key.endswith("/empty") or key.endswith("/launcher-empty"):
                    details["count"] = 0
                yield key, code, details


def _details(names, n):
    values = {"player": 0, "target": 1, "current": 1, "first_player": 0, "card": "red-draw-two",
              "pending_card": "blue-draw-two", "top": "green-7", "drawn": "yellow-4",
              "holding": ["green-3", "green-skip"][:n], "cards": ["red-5", "red-5"][:max(n, 2)], "color": "green"}
    return {name: values.get(name, n) for name in names}


def preview(lang: str, context: str | None, msgid: str, strings: list[str]) -> dict:
    """{"problems": [text], "previews": [text]}: what the check would say of the edit,
    and the edit as players or organisers would read it."""
    message = _template_message(context, msgid)
    if message is None:
        return {"problems": ["This message is not in messages.pot."], "previews": []}
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = [str(text) for text in strings][: max(len(ids), 6)] or [""]
    where = dict(file="", line=0, msgid=msgid)
    problems = [problem.problem for problem in placeholder_problems(ids, strings, where)]
    base = translator(lang)
    tr = Translator(lang, _Overlay(getattr(base, "_translations", None), context, msgid, strings), base.grammar)
    if problems:
        return {"problems": problems, "previews": []}
    return {"problems": [], "previews": _in_context(tr, lang, context, msgid, ids)}


# Values an organiser's file could hold, for a ruleset problem shown as the workshop shows it.
# Values an organiser's file could hold, for a ruleset problem shown as the workshop shows
# it: the shared examples (referee/text/examples.py), lists where the message lists.
SAMPLE_PROBLEM_VALUES = {**examples.BY_NAME, "kind": "draw-2", "language": "gu",
                         "parents": ["house:"], "examples": ["type: draw"], "codes": ["gu", "hi", "ne", "te"]}


def _as_organiser_error(tr, msgid, ids):
    """A ruleset problem under its line, as the workshop and `referee validate` show it."""
    template = next((template for template in PROBLEM_MESSAGES.values()
                     if (template if isinstance(template, tuple) else (template,))[0] == msgid), None)
    if template is None:
        return []
    samples = {**SAMPLE_PROBLEM_VALUES, **({"suggestion": "draw-two"} if "{kind}" in msgid else {}),
               **({"suggestion": "classic"} if "{parent}" in msgid else {})}
    values = {name: samples.get(name, 3) for text in ids for name in placeholders(text)}
    values = {name: tr.join([str(item) for item in value], style="or") if isinstance(value, list) else value
              for name, value in values.items()}
    where = tr.gettext("Line {line}, column {column}:", line=5, column=3)
    if isinstance(template, tuple):
        return [f"{where} {tr.ngettext(ids[0], ids[1], n, **{**values, 'count': n})}" for n in (1, 2)]
    return [f"{where} {tr.gettext(msgid, **values)}"]


_MARK = "\u2063\u2063"  # invisible separators: no translation writes them


def _in_context(tr, lang, context, msgid, ids):
    shown = _as_organiser_error(tr, msgid, ids)
    if shown:
        return shown
    rulesets = builtin_rulesets()
    for key, code, details in _sample_verdicts(msgid):
        rules = rulesets["attack" if "launcher" in key or "second-to-last" in key else "classic"].data
        shown.append(render_verdict({"code": code, "details": details}, tr, _players(lang), rules))
    if shown:
        return list(dict.fromkeys(shown))
    # A rule-book sentence: the paragraphs that use the message (found by laying a mark
    # over it), each after its section's title, as the rule book reads them.
    marker = Translator(lang, _Overlay(getattr(tr, "_translations", None), context, msgid, [_MARK] * len(ids)),
                        tr.grammar)
    for ruleset_id in EDITIONS:
        rules = rulesets[ruleset_id].data
        marked = build_sections(rules, lang, marker)
        after = build_sections(rules, lang, tr)
        for new, mark in zip(after, marked):
            if _MARK in mark.title:
                shown.append(new.title)
            shown.extend(f"{new.title}: {text}" for (_k, text), (_k2, was) in zip(new.facts, mark.facts)
                         if _MARK in was)
        if shown:
            return list(dict.fromkeys(shown))
    def values(n):
        return {name: _example(tr, lang, context, msgid, name, n) for text in ids for name in placeholders(text)}
    if len(ids) > 1:
        return [tr.npgettext(context, ids[0], ids[1], n, **values(n)) if context else
                tr.ngettext(ids[0], ids[1], n, **values(n)) for n in (1, 2, 5)]
    return [tr.pgettext(context, msgid, **values(3)) if context else tr.gettext(msgid, **values(3))]


def _example(tr, lang, context, msgid, name, n):
    """One placeholder's example value (referee/text/examples.py) in the reader's words."""
    if name in PLAYER_DETAILS or name in examples.PLAYER:
        return _players(lang)[0]
    if name in examples.PLAYER_LIST:
        return tr.join(_players(lang))
    if name in examples.CARD:
        return card_name("yellow-3", tr)
    if name in examples.CARD_LIST:
        return tr.join([card_name("yellow-3", tr), card_name("green-skip", tr)])
    if name in examples.COLOR:
        return color_name("green", tr)
    if name in examples.COLOR_LIST:
        return tr.join([color_name(color, tr) for color in ("red", "yellow", "green", "blue")])
    if name in examples.KIND:
        return kind_name("draw-two", tr)
    given = examples.value_of(context, msgid, name)
    return n if given is None else given
