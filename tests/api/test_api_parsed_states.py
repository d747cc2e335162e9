"""Tables' states are parsed once and then served from a cache (referee/api/states.py):
a move must be judged on exactly the state its table holds, whatever states the
requests before it read, and a state that does not parse is refused every time."""
import pytest

from referee.api.states import ParsedStates
from referee.engine import InputError, parse_state

STATE = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
         "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}


def _rules(app, ruleset):
    catalog = app.extensions["referee"].catalog
    return catalog.rules(catalog.find(ruleset))


def test_a_state_is_the_one_its_json_parses_to_under_its_ruleset(app):
    states, classic, attack = ParsedStates(), _rules(app, "classic"), _rules(app, "attack")
    others = [dict(STATE, current=2), dict(STATE, hand_counts=[7, 6, 7]),
              dict(STATE, top="blue-7", color="blue")]
    for _ in range(2):  # the second round is served from the cache
        for rules in (classic, attack):
            for data in [STATE, *others]:
                assert states.parsed(rules, data).to_json() == parse_state(rules, data).to_json()
    assert states.parsed(classic, STATE) is states.parsed(classic, STATE)
    assert states.parsed(classic, STATE) is not states.parsed(attack, STATE)


def test_json_values_that_compare_equal_in_python_are_told_apart(app):
    """true == 1 in Python; as a state's `drawn` only the boolean is a state."""
    states, rules = ParsedStates(), _rules(app, "classic")
    assert states.parsed(rules, dict(STATE, drawn=True)).drawn is True
    with pytest.raises(InputError):
        states.parsed(rules, dict(STATE, drawn=1))


def test_a_state_that_does_not_parse_is_refused_each_time(app):
    states, rules = ParsedStates(), _rules(app, "classic")
    for _ in range(2):
        with pytest.raises(InputError):
            states.parsed(rules, dict(STATE, hand_counts=[7, 7]))


def test_the_cache_keeps_at_most_its_size_and_drops_the_oldest_first(app):
    states, rules = ParsedStates(size=2), _rules(app, "classic")
    first = states.parsed(rules, dict(STATE, current=0))
    states.parsed(rules, dict(STATE, current=1))
    assert states.parsed(rules, dict(STATE, current=0)) is first
    states.parsed(rules, dict(STATE, current=2))  # pushes out current=0, the oldest
    assert len(states._states) == 2
    assert states.parsed(rules, dict(STATE, current=0)) is not first
