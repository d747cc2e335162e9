"""A refused score changes nothing, and the score sheet a state carries comes back
from the stateless check as it was sent (docs/rulings.md: "A round scored again")."""
import pytest

from referee.engine import InputError, judge, parse_move, parse_state

PLAYING = {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-7", "color": "red",
           "hand_counts": [3, 2, 4], "round": 2, "scores": [0, 86, 0],
           "rounds": [{"round": 1, "winner": 1, "points": [0, 86, 0], "by": "hands"}]}


@pytest.mark.parametrize("score", [
    # a score naming its winner ends the round as it is judged: refused, the round is not over
    {"type": "score", "winner": 1, "hands": [["red-1"], ["red-2"], []]},
    {"type": "score", "winner": 1, "points": [5, 0, 7], "player": 0},
])
def test_a_refused_score_leaves_the_table_as_it_was(compiled, score):
    rules = compiled["classic"]
    state = parse_state(rules, PLAYING)
    before = state.to_json()
    try:
        verdict = judge(rules, state, parse_move(rules, score, state.seats))
    except InputError:
        return   # bad input is answered 422 and recorded nowhere
    if not verdict.legal:
        assert verdict.state.to_json() == before
        assert verdict.effects == []


def test_a_refused_reported_score_does_not_end_the_round(compiled):
    rules = compiled["classic"]
    state = parse_state(rules, PLAYING)
    move = parse_move(rules, {"type": "score", "winner": 1, "hands": [["red-1"], ["red-2"], []]}, 3)
    verdict = judge(rules, state, move)
    assert (verdict.legal, verdict.code) == (False, "winner-has-cards")
    assert verdict.state.to_json() == state.to_json()
    assert verdict.state.phase == "play" and verdict.state.winner is None


def test_the_score_sheet_comes_back_from_the_check_as_it_was_sent(compiled):
    rules = compiled["classic"]
    state = parse_state(rules, PLAYING)
    move = parse_move(rules, {"type": "rescore", "round": 1, "points": [10, 0, 20], "reason": "slip"}, 3)
    after = judge(rules, state, move).state.to_json()
    assert after["rounds"] == [{"round": 1, "winner": 1, "points": [0, 30, 0], "by": "points",
                                "last_left": False, "rescore": {"reason": "slip", "was": [0, 86, 0]}}]
    assert parse_state(rules, after).to_json() == after


@pytest.mark.parametrize("rounds, path", [
    ([{"round": 3, "winner": 1, "points": [0, 1, 0], "by": "hands"}], "/state/rounds/0/round"),
    ([{"round": 1, "winner": 1, "points": [0, 1], "by": "hands"}], "/state/rounds/0/points"),
    ([{"round": 1, "winner": 5, "points": [0, 1, 0], "by": "hands"}], "/state/rounds/0/winner"),
    ([{"round": 1, "winner": 1, "points": [0, 1, 0], "by": "cards"}], "/state/rounds/0/by"),
    ([{"round": 1, "winner": 1, "points": [0, 1, 0], "by": "hands", "rescore": {"reason": ""}}],
     "/state/rounds/0/rescore/reason"),
    ("all", "/state/rounds"),
])
def test_a_score_sheet_that_cannot_be_is_bad_input(compiled, rounds, path):
    with pytest.raises(InputError) as caught:
        parse_state(compiled["classic"], {**PLAYING, "rounds": rounds})
    assert path in [p.path for p in caught.value.problems]
