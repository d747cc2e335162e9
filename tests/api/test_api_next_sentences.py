"""`next` is said in all five languages for every situation the scenario tests reach:
each sentence it uses is translated in every catalog (none falls back to English)."""
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from referee.engine import judge, open_table, parse_move, parse_state
from referee.engine.next import SITUATIONS, next_action
from referee.engine.rules import compile_rules
from referee.rules import builtin_lookup, resolve
from referee.text.catalogs import TRANSLATED_LANGUAGES, po_path
from referee.text.table import next_message, next_sentences

from phone import RULES

SCENARIOS = Path(__file__).resolve().parents[1] / "engine" / "scenarios"


def scenario_states():
    """(scenario name, rules, state) for every state the scenarios pass through."""
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8")):
            ruleset = scenario["ruleset"]
            rules = (RULES[ruleset] if isinstance(ruleset, str)  # else a house ruleset inline
                     else compile_rules(resolve(ruleset, builtin_lookup).data))
            if "open" in scenario:
                if "expect_open_error" in scenario:
                    continue
                o = scenario["open"]
                state = open_table(rules, o["players"], o.get("dealer", 0), o["first_card"],
                                   o.get("color")).state
            else:
                state = parse_state(rules, scenario["state"])
            yield scenario["name"], rules, state
            for step in scenario.get("steps", []):
                if "error" in step["expect"]:
                    continue
                move = parse_move(rules, step["move"], state.seats, side=state.side)
                state = judge(rules, state, move, step.get("hand")).state
                yield scenario["name"], rules, state


STATES = list(scenario_states())


def translated(lang):
    with open(po_path(lang), "rb") as handle:
        catalog = read_po(handle, locale=lang)
    done = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and all(strings) and not message.fuzzy:
            done.add(message.id[0] if isinstance(message.id, tuple) else message.id)
    return done


def test_the_scenarios_reach_every_situation():
    reached = {next_action(rules, state)["situation"] for _name, rules, state in STATES}
    assert reached == set(SITUATIONS), reached


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_next_is_translated_in_every_scenario_state(lang):
    done = translated(lang)
    assert len(STATES) > 100
    for name, rules, state in STATES:
        action = next_action(rules, state)
        sentences = next_sentences(action)
        assert sentences, (name, action)
        for sentence, _values in sentences:
            assert sentence.singular in done, (lang, name, sentence.singular)
        said = next_message(action, lang, list(state.players), rules)
        assert said and "?" not in said and "{" not in said, (lang, name, said)


def test_english_next_names_the_player_and_the_count():
    rules = RULES["classic"]
    state = open_table(rules, ["Asha", "Bina", "Chirag"], 0, "red-7").state
    state = judge(rules, state, parse_move(rules, {"type": "play", "player": 1,
                                                   "cards": ["wild-draw-four"], "color": "blue"}, 3)).state
    action = next_action(rules, state)
    assert action["player"] == 2 and action["moves"] == ["accept", "draw", "challenge"]
    assert next_message(action, "en", list(state.players), rules) == \
        "Chirag draws 4 cards. Instead, Chirag may challenge the Wild Draw Four."
    assert next_message(action, "ne", list(state.players), rules).startswith("Chiragले 4 वटा कार्ड")
