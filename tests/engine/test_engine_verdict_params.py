"""Every verdict's details are its code's declared parameters (referee/engine/codes.py),
the keys the messages in every language are written with: over simulated games of
every shipped ruleset, their openings and their deals."""
import pytest

from referee.engine import judge, open_table
from referee.engine.codes import CODES
from referee.engine.simulate import simulate
from referee.rules import builtin_rulesets


def undeclared(verdict):
    return set(verdict.details) - set(CODES[verdict.code]["params"])


@pytest.mark.parametrize("ruleset_id", sorted(builtin_rulesets()))
def test_every_verdict_of_simulated_games_has_only_declared_details(compiled, ruleset_id):
    rules = compiled[ruleset_id]
    seen = set()
    stats = simulate(rules, games=3, seed=5, players=3, record=True)
    for state, move, hand in stats.recorded:
        verdict = judge(rules, state, move, hand)
        assert not undeclared(verdict), (ruleset_id, verdict.code, verdict.details)
        seen.add(verdict.code)
    assert "played" in seen   # games were played: a run that judged nothing fails


def test_the_opening_verdict_has_only_declared_details(compiled):
    for ruleset_id, rules in compiled.items():
        first = next(text for text, card in rules.cards.items() if card.kind.first_card != "redraw"
                     and not (card.color is None and card.kind.choose_color))
        verdict = open_table(rules, ["Asha", "Bina", "Chirag"], 0, first)
        assert verdict.code == "table-opened"
        assert not undeclared(verdict), (ruleset_id, verdict.details)
