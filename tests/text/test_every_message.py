"""Every message of the catalog, rendered in every language under every shipped ruleset
(editions and examples), with real parameters: players' names ending in a vowel and in
a consonant, every card kind and every colour of that ruleset, counts 1 and many (the
example values of referee/text/examples.py for the rest). Also every verdict and the
whole rule book of each ruleset. Each rendering must:

- not raise;
- leave no `{placeholder}` unfilled;
- leave no English in a translated language, except what an organiser or a program
  typed (names, ruleset and card titles without translations, YAML keys, codes);
- use no term the glossary retired and no construction it forbids (glossary.yaml,
  the same rules `referee i18n check` applies to the templates);
- put a card or colour name in its oblique form wherever a postposition follows it.
"""
import json
import re
from functools import cache
from pathlib import Path

import pytest

from referee.engine.codes import CODES
from referee.engine.rules import compiled
from referee.rules import builtin_rulesets
from referee.text import examples
from referee.text.cards import card_name, color_name, kind_name
from referee.text.catalogs import locales_dir, translator
from referee.text.glossary import glossary_rules
from referee.text.render import Inflected, placeholders
from referee.text.ruletext import build_sections, ruleset_title
from referee.text.verdicts import MESSAGES, render_verdict

from text_support import template

LANGS = ("en", "gu", "hi", "ne", "te")
RULESETS = sorted(builtin_rulesets())
# Latin words a translation keeps on purpose: the game's name and file formats.
KEPT_LATIN = {"UNO", "YAML", "JSON", "CSV", "QR", "HTTP", "API", "URL", "ID", "PDF", "SQLite", "PostgreSQL",
              "UTF", "KiB", "NUL", "po"}


@cache
def _code_words():
    """What an organiser types in a ruleset (the schema's keys and values, the rulesets'
    and card kinds' ids, YAML's true/false/null), word by word: a translated organiser
    message names them as written."""
    from referee.rules import schema
    from referee.rules.schema import INLINED_SCHEMA

    words = {"true", "false", "null", "name", "on", "off", "yes", "no"}

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    words.update(value)
                if key in ("enum", "const", "default", "examples"):
                    for item in value if isinstance(value, list) else [value]:
                        if isinstance(item, str):
                            words.add(item)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
    walk(INLINED_SCHEMA)
    walk(json.loads((Path(schema.__file__).parent / "event.schema.json").read_text(encoding="utf-8")))
    for ruleset_id, resolved in builtin_rulesets().items():
        words.add(ruleset_id)
        words.update(resolved.data.get("cards", {}))
        words.update(resolved.data.get("colors", []) or [])
    return frozenset(part for word in words for part in re.split(r"[-_\s]+", str(word)) if part)
UNFILLED = re.compile(r"\{[a-z_]+\}")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")


@cache
def _messages():
    """(context, ids) of every message in messages.pot."""
    return [(message.context, message.id if isinstance(message.id, tuple) else (message.id,))
            for message in template() if message.id]


class Reading:
    """The values of one ruleset in one language, and what a rendering must satisfy."""

    def __init__(self, ruleset_id, lang):
        self.data = builtin_rulesets()[ruleset_id].data
        self.rules = compiled(self.data)
        self.lang, self.tr = lang, translator(lang)
        self.players = list(examples.PLAYERS[lang])
        sides = [self.rules] + ([self.rules.other_side] if self.rules.other_side else [])
        colors = [color for side in sides for color in side.colors]
        self.colors = [color_name(color, self.tr) for color in colors]
        # every card kind of the ruleset once, the colours in turn (so every colour too)
        picked = []
        for side in sides:
            by_kind = {}
            for card in sorted(side.cards):
                by_kind.setdefault(side.cards[card].kind.id, []).append(card)
            for index, kind in enumerate(sorted(by_kind)):
                choices = by_kind[kind]
                picked.append((side, choices[index % len(choices)]))
        self.cards = [card_name(card, self.tr, side) for side, card in picked]
        self.kinds = sorted({kind_name(side.cards[card].kind.id, self.tr, side) for side, card in picked})
        # what an organiser typed: kept as written
        self.typed = sorted({*self.players, *examples.TYPED.values(),
                             *[str(v) for own in examples.MESSAGES.values() for v in own.values()], ruleset_title(self.data, lang),
                             *[str(spec.title) for side in sides for spec in side.kinds.values()
                               if kind_name(spec.id, self.tr, side) == str(spec.title)]}, key=len, reverse=True)
        self.typed_pattern = re.compile(
            r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, self.typed)) + r")(?![A-Za-z])")
        self.glossary = glossary_rules(lang, locales_dir())
        self._offset = 0
        self.used = set()
        self.grammar = self.tr.grammar

    @staticmethod
    def depends_on_ruleset(ids):
        names = {name for text in ids for name in placeholders(text)}
        return bool(names & (examples.CARD | examples.COLOR | examples.KIND | examples.CARD_LIST | examples.COLOR_LIST))

    def variants(self, context, ids):
        """The value sets one message is rendered with."""
        names = {name for text in ids for name in placeholders(text)}
        wide = names & (examples.CARD | examples.COLOR | examples.KIND | examples.CARD_LIST)
        # Four readings of a card message, each starting further along the ruleset's cards
        # (every kind and colour is read across the messages; test_used_every_card says so).
        how_many = 4 if wide else 2
        start = self._offset
        self._offset += how_many
        for k in range(start, start + how_many):
            values = {}
            for name in names:
                given = examples.value_of(context, ids[0], name)
                if given is not None:
                    values[name] = given
                elif name in examples.PLAYER:
                    values[name] = self.players[k % 2]
                elif name in examples.PLAYER_LIST:
                    values[name] = self.tr.join(self.players)
                elif name in examples.CARD:
                    values[name] = self.cards[k % len(self.cards)]
                elif name in examples.CARD_LIST:
                    values[name] = self.tr.join([self.cards[k % len(self.cards)], self.cards[(k + 1) % len(self.cards)]])
                elif name in examples.COLOR:
                    values[name] = self.colors[k % len(self.colors)]
                elif name in examples.COLOR_LIST:
                    values[name] = self.tr.join(self.colors)
                elif name in examples.KIND:
                    values[name] = self.kinds[k % len(self.kinds)]
                else:
                    values[name] = examples.COUNTS[k % 2]
            self.used.update(str(values[name]) for name in names & examples.CARD)
            yield values, examples.COUNTS[k % 2]

    def render(self, context, ids, values, n):
        tr = self.tr
        if len(ids) > 1:
            return (tr.npgettext(context, ids[0], ids[1], n, **values) if context else
                    tr.ngettext(ids[0], ids[1], n, **values))
        return tr.pgettext(context, ids[0], **values) if context else tr.gettext(ids[0], **values)

    def faults(self, said, values=()):
        """What is wrong with one rendered text."""
        found = []
        rest = said
        rest = self.typed_pattern.sub(" ", rest)
        rest = re.sub(r"`[^`]*`", " ", rest)
        if UNFILLED.search(rest):
            found.append(f"unfilled placeholder {UNFILLED.search(rest).group(0)}")
        if self.lang != "en":
            english = [word for word in LATIN_WORD.findall(rest)
                       if word not in KEPT_LATIN and word not in _code_words()]
            if english:
                found.append(f"English left: {english}")
            if self.glossary is not None:
                found += self.glossary.violations(said)
        for value in values:
            if isinstance(value, Inflected) and str(value) != value.oblique:
                for match in re.finditer(re.escape(str(value)), said):
                    if self.grammar.before_postposition(said[match.end():]):
                        found.append(f"“{value}” before a postposition, not its oblique “{value.oblique}”")
        return found


def _check(reading, said, values, where, failures):
    for fault in reading.faults(said, values):
        failures.append(f"{where}: {fault}: {said}")


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_reads_right_under_every_ruleset(lang, ruleset_id):
    reading = Reading(ruleset_id, lang)
    failures = []
    rendered = 0
    for context, ids in _messages():
        if ruleset_id != "classic" and not reading.depends_on_ruleset(ids):
            continue  # read once per language, under classic: the same words under every ruleset
        for values, n in reading.variants(context, ids):
            said = reading.render(context, ids, values, n)
            rendered += 1
            _check(reading, said, list(values.values()), f"[{context}] {ids[0]!r}", failures)
    assert rendered >= (len(_messages()) * 2 if ruleset_id == "classic" else 100)
    assert set(map(str, reading.cards)) <= reading.used, "every card kind (and so every colour) is read"
    assert not failures, "\n".join(dict.fromkeys(failures))


def _verdict_details(code, k, reading):
    """A verdict's details as the judge sends them: seats, card strings, counts."""
    cards = sorted(reading.rules.cards)
    colors = reading.rules.colors
    values = {"player": k % 2, "target": (k + 1) % 2, "current": (k + 1) % 2, "first_player": k % 2,
              "card": cards[k % len(cards)], "top": cards[(k + 3) % len(cards)],
              "pending_card": cards[(k + 5) % len(cards)], "drawn": cards[(k + 7) % len(cards)],
              "holding": cards[:2], "cards": cards[k % len(cards):k % len(cards) + 2] or cards[:2],
              "color": colors[k % len(colors)], "eliminated": [0], "places": [0, 1, 2]}
    details = {}
    for name in CODES[code]["params"]:
        details[name] = values.get(name, examples.COUNTS[k % 2])
    return {**details, **examples.VERDICT_DETAILS.get(code, {})}


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_verdict_and_the_rule_book_read_right_under_every_ruleset(lang, ruleset_id):
    reading = Reading(ruleset_id, lang)
    failures = []
    codes = sorted({key.split("/")[0] for key in MESSAGES})
    for code in codes:
        for k in range(2):
            said = render_verdict({"code": code, "details": _verdict_details(code, k, reading)},
                                  reading.tr, reading.players, reading.rules)
            _check(reading, said, (), f"verdict {code}", failures)
    for section in build_sections(reading.data, lang):
        for key, paragraph in [("title", section.title), *section.facts]:
            _check(reading, paragraph, (), f"rule book {section.id} {key}", failures)
    assert not failures, "\n".join(dict.fromkeys(failures))


@pytest.mark.parametrize("lang, expected", [
    ("hi", "चिराग की बारी छूट गई।"),   # the glossary's "बारी छूट गई", not a habitual "छूट जाती है"
    ("ne", "चिरागले पालो गुमाए।"),     # the glossary's "पालो गुमाउनु" (lose the turn)
])
def test_the_fourth_most_frequent_sentence_loses_the_turn_in_the_glossarys_words(lang, expected):
    # "Chirag took the 2 cards they had to draw. Chirag loses their turn." (scripts/frequent_sentences.py)
    said = translator(lang).gettext("{player} loses their turn.", player="चिराग")
    assert said == expected
