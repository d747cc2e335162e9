"""Every effect the judge gives is one of the declared effect types, with exactly its
declared fields (referee/engine/effects.py): the list the OpenAPI document and the
practice board are made from."""
import jsonschema
import pytest

from referee.engine import judge, open_table
from referee.engine.effects import effects_schema
from referee.engine.simulate import simulate
from referee.rules import builtin_rulesets

VALIDATOR = jsonschema.Draft202012Validator({"type": "array", "items": effects_schema()})


def _effects_of_games(rules, seed):
    stats = simulate(rules, games=3, seed=seed, players=3, record=True)
    for state, move, hand in stats.recorded:
        yield move.type, judge(rules, state, move, hand).effects


@pytest.mark.parametrize("ruleset_id", sorted(builtin_rulesets()))
def test_every_effect_of_simulated_games_matches_its_declared_fields(compiled, ruleset_id):
    rules = compiled[ruleset_id]
    seen = set()
    for move_type, effects in _effects_of_games(rules, seed=11):
        errors = list(VALIDATOR.iter_errors(effects))
        assert not errors, (ruleset_id, move_type, effects, errors[0].message)
        seen.update(effect["type"] for effect in effects)
    assert {"turn", "round-over"} <= seen   # games were played: a run that judged nothing fails


def test_an_undeclared_field_or_type_is_refused_by_the_schema():
    assert list(VALIDATOR.iter_errors([{"type": "turn", "player": 1, "round": 2}]))
    assert list(VALIDATOR.iter_errors([{"type": "teleport", "player": 1}]))
    assert list(VALIDATOR.iter_errors([{"type": "draw", "player": 1}]))   # count is required


def test_the_opening_effects_match_their_declared_fields(compiled):
    for first_card in ("red-draw-two", "blue-reverse", "green-skip", "yellow-7"):
        verdict = open_table(compiled["classic"], ["Asha", "Bina", "Chirag"], 0, first_card)
        assert verdict.effects and not list(VALIDATOR.iter_errors(verdict.effects)), verdict.effects

