"""Each house option is declared once (referee/engine/house.py): its default comes from
the ruleset schema, it fills its field of the compiled Rules, and the rule book states it
with the sentence its declaration names, reading that field. Toggling an option changes
both; the rule book says what the judge does."""
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine import compile_rules, judge, parse_move, parse_state
from referee.engine.house import HOUSE_OPTIONS, option_schema, schema_default
from referee.rules import builtin_lookup, resolve
from referee.text import LANGUAGES
from referee.text.ruletext import HOUSE_SENTENCES, build_sections

ROOT = Path(__file__).resolve().parents[2]
DECLARED = {(option.path, option.field): option for option in HOUSE_OPTIONS}

# For every declaration: the house options of a ruleset before and after the option is
# changed (the first gives what the option needs to matter: doubles for a bomb).
STACK = {"stacking": {"draw-two": ["draw-two"]}}
TOGGLES = {
    ("house.doubles.enabled", "doubles"): ({}, {"doubles": {"enabled": True}}),
    ("house.doubles.max_cards", "doubles_max"): ({"doubles": {"enabled": True}},
                                                 {"doubles": {"enabled": True, "max_cards": 3}}),
    ("house.doubles.match", "doubles_by_number"): ({"doubles": {"enabled": True}},
                                                   {"doubles": {"enabled": True, "match": "number"}}),
    ("house.stacking", "stacking_lists"): ({}, STACK),
    ("house.stacking_by", "stacking_by_value"): ({}, {"stacking_by": "value"}),
    ("house.stacking_revenge", "stacking_revenge"): (STACK, {**STACK, "stacking_revenge": True}),
    ("house.bomb", "bomb"): ({"doubles": {"enabled": True, "max_cards": 4}},
                             {"doubles": {"enabled": True, "max_cards": 4}, "bomb": {"enabled": True}}),
    ("house.no_wild_on_wild", "no_wild_on_wild"): ({}, {"no_wild_on_wild": True}),
    ("house.stacking_same_color", "stacking_same_color"): (STACK, {**STACK, "stacking_same_color": True}),
    ("house.stacking_cap", "stacking_cap"): (STACK, {**STACK, "stacking_cap": 10}),
    ("house.hand_cap", "hand_cap"): ({}, {"hand_cap": {"enabled": True}}),
    ("house.mercy", "mercy_limit"): ({}, {"mercy": {"enabled": True}}),
    ("house.mercy", "mercy_for_game"): ({"mercy": {"enabled": True}}, {"mercy": {"enabled": True, "lasts": "game"}}),
    ("house.elimination", "elimination"): ({}, {"elimination": True}),
    ("house.play_for_places", "play_for_places"): ({}, {"play_for_places": True}),
    ("house.shuffle_seats", "shuffle_seats"): ({}, {"shuffle_seats": True}),
    ("house.jump_in.enabled", "jump_in"): ({}, {"jump_in": {"enabled": True}}),
    ("house.no_going_out_on", "no_going_out_on"): ({}, {"no_going_out_on": ["wild"]}),
}


def resolved(house: dict) -> dict:
    document = {"id": "house-options", "title": "House options", "extends": "classic", "house": house}
    return resolve(document, builtin_lookup).data


def house_facts(data: dict, lang: str = "en") -> dict[str, str]:
    sections = build_sections(data, lang)
    return dict(next(section for section in sections if section.id == "house").facts)


def test_every_declaration_names_a_field_a_schema_option_and_a_sentence():
    rules = compile_rules(resolved({}))
    for option in HOUSE_OPTIONS:
        assert hasattr(rules, option.field), option
        assert option_schema(option.path), option
        assert option.sentence in HOUSE_SENTENCES, option
    assert {option.sentence for option in HOUSE_OPTIONS} == set(HOUSE_SENTENCES)
    assert set(TOGGLES) == set(DECLARED), "every declaration needs its toggle here"


@pytest.mark.parametrize("key", sorted(DECLARED), ids="/".join)
def test_the_schema_default_is_the_compiled_default(key):
    """Resolved (defaults filled from the schema) or compiled from data that leaves the
    house out altogether, a ruleset without house options has each field at the value
    the schema's default compiles to."""
    option = DECLARED[key]
    expected = option.compile(schema_default(option.path))
    assert getattr(compile_rules(resolved({})), option.field) == expected
    bare = {key: value for key, value in resolved({}).items() if key != "house"}
    assert getattr(compile_rules(bare), option.field) == expected


def test_a_ruleset_stored_before_its_options_existed_compiles_with_their_schema_defaults():
    """A published ruleset is stored resolved: one stored before an option was added
    lacks its key, and compiles with the option's default from the schema (not a 500)."""
    fresh = compile_rules(resolved({}))
    old = resolved({})
    del old["house"]["stacking_cap"], old["decks"], old["scoring"]["multiplier"], old["scoring"]["teams"]
    del old["opening"]["first_player"], old["opening"]["dealer"]["highest_card"]
    stored = compile_rules(old)
    for field in ("stacking_cap", "decks", "multiplier", "partners", "first_player", "dealer_highest_card"):
        assert getattr(stored, field) == getattr(fresh, field), field


@pytest.mark.parametrize("key", sorted(DECLARED), ids="/".join)
def test_each_option_toggled_changes_its_field_and_its_sentence(key):
    option = DECLARED[key]
    before, after = TOGGLES[key]
    off, on = resolved(before), resolved(after)
    assert getattr(compile_rules(off), option.field) != getattr(compile_rules(on), option.field)
    for lang in LANGUAGES:
        said_off = {k: v for k, v in house_facts(off, lang).items() if k.startswith(option.sentence)}
        said_on = {k: v for k, v in house_facts(on, lang).items() if k.startswith(option.sentence)}
        assert said_on and said_on != said_off, (lang, said_off, said_on)


def test_the_house_table_of_the_docs_is_written_from_the_schema_and_the_declarations():
    result = subprocess.run([sys.executable, str(ROOT / "scripts/ruleset_docs.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --- the rule book says what the judge does --------------------------------------------

def _stack(data: dict, pending_card: str, card: str, color: str):
    """The judge's verdict on `card` stacked on `pending_card` (two owed), `color` in play."""
    rules = compile_rules(data)
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": pending_card,
                                "color": color, "hand_counts": [7, 7, 7], "phase": "respond",
                                "pending": {"kind": "draw", "count": 2 if "two" in pending_card else 4,
                                            "player": 1, "card": pending_card}})
    move = {"type": "play", "player": 1, "cards": [card]}
    if rules.cards[card].color is None:
        move["color"] = "green"
    return judge(rules, state, parse_move(rules, move, 3), None)


def test_with_no_answers_listed_the_rule_book_says_no_card_stacks_and_the_judge_refuses_every_stack():
    data = resolved({"stacking": {"draw-two": []}, "stacking_same_color": True})
    assert house_facts(data) == {"house.none": "No house rules are in effect."}
    verdict = _stack(data, "red-draw-two", "red-draw-two", "red")
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "pending-draw", "house.stacking")


def test_the_same_colour_rule_is_told_only_where_a_coloured_draw_card_may_answer():
    """With only Wild Draw Fours answering, the judge's colour test never refuses a stack:
    the rule book used to tell the same-colour rule all the same."""
    data = resolved({"stacking": {"wild-draw-four": ["wild-draw-four"]}, "stacking_same_color": True})
    assert "house.stacking_same_color" not in house_facts(data)
    assert _stack(data, "wild-draw-four", "wild-draw-four", "red").legal
    coloured = resolved({**STACK, "stacking_same_color": True})
    assert "house.stacking_same_color" in house_facts(coloured)
    verdict = _stack(coloured, "red-draw-two", "blue-draw-two", "red")
    assert (verdict.legal, verdict.rule) == (False, "house.stacking_same_color")


def test_the_stacking_cap_is_told_with_its_number_and_judged_at_it():
    data = resolved({**STACK, "stacking_cap": 4})
    english = house_facts(data)["house.stacking_cap"]
    assert "up to 4 cards" in english
    for lang in set(LANGUAGES) - {"en"}:
        told = house_facts(data, lang)["house.stacking_cap"]
        assert "4" in told and told != english, lang   # translated, with its number
    assert _stack(data, "red-draw-two", "red-draw-two", "red").code == "stacked"   # 2 + 2: at the cap
    rules = compile_rules(data)
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": "red-draw-two",
                                "color": "red", "hand_counts": [7, 7, 7], "phase": "respond",
                                "pending": {"kind": "draw", "count": 4, "player": 1, "card": "red-draw-two"}})
    verdict = judge(rules, state, parse_move(rules, {"type": "play", "player": 1, "cards": ["blue-draw-two"]}, 3), None)
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "cannot-stack", "house.stacking_cap")
    without_stacking = resolved({"stacking_cap": 4})
    assert "house.stacking_cap" not in house_facts(without_stacking)
