"""Rule text built from a resolved ruleset: every sentence comes from the ruleset's data,
so two rulesets' texts differ exactly where their rules differ."""
import copy
import json

import pytest

from referee.text import LANGUAGES, describe_changes, rule_text
from referee.text.catalogs import ENGLISH
from referee.text.ruletext import effect_sentences

from text_support import CASES

SECTION_IDS = ["objective", "setup", "turn", "cards", "challenge", "uno", "scoring", "house"]
TEXT_CASES = json.loads((CASES / "rule_text.json").read_text(encoding="utf-8"))
OPTION_CASES = json.loads((CASES / "option_changes.json").read_text(encoding="utf-8"))


def section_text(text: dict, section_id: str) -> str:
    section = next(section for section in text["sections"] if section["id"] == section_id)
    return "\n".join(section["paragraphs"])


def with_option(rules: dict, path: str, value) -> dict:
    changed = copy.deepcopy(rules)
    *parents, last = path.split(".")
    node = changed
    for part in parents:
        node = node[part]
    node[last] = value
    return changed


def test_shape_of_the_answer(rulesets):
    text = rule_text(rulesets["classic"], "en")
    assert text["lang"] == "en"
    assert text["ruleset"]["id"] == "classic" and text["ruleset"]["title"] == "Classic UNO"
    assert text["ruleset"]["description"].startswith("The original rules: 108 cards")
    assert [section["id"] for section in text["sections"]] == SECTION_IDS
    for section in text["sections"]:
        assert section["title"] and section["paragraphs"]
        assert all(isinstance(paragraph, str) and paragraph for paragraph in section["paragraphs"])


@pytest.mark.parametrize("lang, title", [("en", "Classic UNO"), ("gu", "ક્લાસિક UNO"), ("hi", "क्लासिक UNO"),
                                         ("ne", "क्लासिक UNO"), ("te", "క్లాసిక్ UNO")])
def test_a_ruleset_names_itself_in_the_readers_language(rulesets, lang, title):
    ruleset = rule_text(rulesets["classic"], lang)["ruleset"]
    assert ruleset["title"] == title
    assert ruleset["description"] and (lang == "en" or not ruleset["description"].startswith("The original"))


def test_a_house_ruleset_does_not_inherit_its_parents_translated_title(rulesets):
    from referee.rules import builtin_lookup, load_document, resolve

    house = resolve(load_document("id: mine\ntitle: Mine\nextends: classic\n"), builtin_lookup).data
    assert house["translations"] == {}
    assert rule_text(house, "gu")["ruleset"]["title"] == "Mine"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_ruleset_renders_without_a_placeholder_left(rulesets, lang):
    for ruleset_id, rules in rulesets.items():
        for section in rule_text(rules, lang)["sections"]:
            for paragraph in section["paragraphs"]:
                assert "{" not in paragraph and "}" not in paragraph, (ruleset_id, paragraph)


@pytest.mark.parametrize("case", TEXT_CASES, ids=[f"{c['ruleset']}-{c['section']}" for c in TEXT_CASES])
def test_the_text_says_what_the_ruleset_says(case, rulesets):
    text = section_text(rule_text(rulesets[case["ruleset"]], "en"), case["section"])
    for expected in case["contains"]:
        assert expected in text
    for unexpected in case.get("absent", []):
        assert unexpected not in text


@pytest.mark.parametrize("case", OPTION_CASES, ids=[case["path"] for case in OPTION_CASES])
def test_changing_one_option_changes_only_its_sentences(case, rulesets):
    classic = rulesets["classic"]
    changed = with_option(classic, case["path"], case["value"])
    before, after = rule_text(classic, "en"), rule_text(changed, "en")
    differing = [new["id"] for old, new in zip(before["sections"], after["sections"]) if old != new]
    assert case["section"] in differing
    # The objective restates the target score; nothing else may move.
    assert set(differing) <= {case["section"], "objective"}
    assert case["now"] in section_text(after, case["section"])


@pytest.mark.parametrize("ruleset_id", ["hindi-table", "seven-o-jump-in", "stacking-tournament",
                                        "strict-club", "telugu-table", "attack-all-cards"])
def test_a_house_ruleset_reads_differently_from_its_parent(rulesets, ruleset_id):
    child = rulesets[ruleset_id]
    parent = rulesets[child["extends"]]
    assert rule_text(child, "en")["sections"] != rule_text(parent, "en")["sections"]
    assert describe_changes(child, parent, "en")


def test_describe_changes_names_each_difference_once(rulesets):
    changes = describe_changes(rulesets["stacking-tournament"], rulesets["classic"], "en")
    assert "Changed in “Scoring”: The first player to reach 300 points wins the game. " \
           "In Classic UNO it was: The first player to reach 500 points wins the game." in changes
    stacking = [change for change in changes if "Stacking" in change]
    assert len(stacking) == 2 and all("(not in Classic UNO)" in change for change in stacking)


def test_describe_changes_names_the_parent_in_the_readers_language(rulesets):
    changes = describe_changes(rulesets["stacking-tournament"], rulesets["classic"], "hi")
    assert any("क्लासिक UNO" in change for change in changes)
    assert not any("Classic UNO" in change for change in changes)
    assert describe_changes(rulesets["classic"], rulesets["classic"], "en") == []


def test_describe_changes_reports_a_dropped_rule(rulesets):
    changes = describe_changes(rulesets["hindi-table"], rulesets["classic"], "en")
    assert any(change.startswith("Dropped from “Restrictions and challenges” (a rule of Classic UNO): "
                                 "You may play a Wild Draw Four") for change in changes)


EFFECTS = [
    {"type": "choose-color"}, {"type": "skip"}, {"type": "reverse"}, {"type": "extra-play"},
    {"type": "discard-all"}, {"type": "pass-hands"},
    {"type": "trade-hands", "target": "chosen"}, {"type": "trade-hands", "target": "next"},
    *({"type": "draw", "count": 3, "target": target} for target in ("next", "others", "all", "chosen")),
    *({"type": "launcher", "presses": 3, "target": target} for target in ("next", "others", "all", "chosen")),
    *({"type": "launcher", "until_cards": True, "target": target} for target in ("next", "chosen")),
]


def test_every_effect_primitive_has_its_own_sentence():
    sentences = [effect_sentences([effect], ENGLISH) for effect in EFFECTS]
    assert all(len(found) == 1 for found in sentences)
    assert len({found[0] for found in sentences}) == len(EFFECTS)
    counted = [found[0] for effect, found in zip(EFFECTS, sentences) if effect.get("presses") or effect.get("count")]
    assert all("3" in sentence for sentence in counted)


def test_a_draw_then_skip_reads_as_one_sentence():
    assert effect_sentences([{"type": "draw", "count": 2, "target": "next"}, {"type": "skip"}], ENGLISH) == [
        "The next player draws 2 cards and loses their turn."]


def test_a_house_kind_is_described_from_its_effects(rulesets):
    rules = copy.deepcopy(rulesets["classic"])
    rules["cards"]["boomerang"] = {"title": "Boomerang", "number": None, "per_color": 1, "count": None,
                                   "score": 30, "effects": [{"type": "reverse"}, {"type": "extra-play"}]}
    cards = section_text(rule_text(rules, "en"), "cards")
    assert ("Boomerang: 4 cards in the deck. There is 1 of each colour. The direction of play reverses. "
            "Whoever plays it may at once play one more card.") in cards
    assert "A Boomerang scores 30 points." in section_text(rule_text(rules, "en"), "scoring")
