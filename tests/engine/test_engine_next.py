"""`next` announces every move the judge accepts: in random whole games under every
shipped ruleset (real shuffled cards, hands shown, players forgetting UNO and trying
moves at random), each legal move is made by the seat `next` names with a type it
lists, or is one of the moves open to the whole table (a catch of a seat in
`catchable`, settling presses in `owed`, a late UNO call, a jump-in)."""
import pytest

from referee.engine import Move, judge, parse_state
from referee.engine.next import next_action
from referee.engine.simulate import simulate

GAMES = 4


def announced(rules, state, move, action):
    if move.player is not None and move.player == action["player"] and move.type in action["moves"]:
        return True
    if action["player"] is None and move.type in action["moves"]:
        return True
    if move.type == "catch-uno":
        return move.target in action["catchable"]
    if move.type == "call-uno":
        return state.hand_counts[move.player] == 1
    if move.type == "draw":
        return any(debt["player"] == move.player for debt in action["owed"])
    if move.type == "play" and rules.jump_in:
        return len(move.cards) == 1 and move.cards[0].text == state.top
    return False


@pytest.mark.parametrize("ruleset_id", ["classic", "sonic", "attack", "stacking-tournament",
                                        "seven-o-jump-in", "attack-all-cards", "telugu-table", "flip"])
def test_every_legal_move_was_announced_by_next(compiled, ruleset_id):
    rules = compiled[ruleset_id]
    stats = simulate(rules, GAMES, seed=11, players=4, record=True)
    checked = 0
    for before, move, hand in stats.recorded:
        verdict = judge(rules, before, move, hand)
        if not verdict.legal:
            continue
        action = next_action(rules, before)
        assert announced(rules, before, move, action), (move.type, move.player, action)
        checked += 1
    assert checked > 50


def test_an_early_uno_call_on_the_second_to_last_card_is_announced(compiled):
    """Attack calls UNO on the second-to-last card, before playing it: the judge accepts
    the call from the player to act holding two cards, so `next` lists it."""
    rules = compiled["attack"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-5",
                                "hand_counts": [2, 5, 5]})
    move = Move("call-uno", 0)
    assert judge(rules, state, move).legal
    assert "call-uno" in next_action(rules, state)["moves"]


def test_with_nothing_left_to_draw_next_offers_ending_the_turn_not_a_draw(compiled):
    """Every card in the hands but the top one: a draw is refused (draw-impossible), so
    `next` offers `pass`, which the judge accepts, instead of `draw`."""
    rules = compiled["classic"]
    state = parse_state(rules, {"players": ["Asha", "Bina"], "current": 0, "top": "red-5",
                                "hand_counts": [54, 53]})
    action = next_action(rules, state)
    assert action["moves"] == ["play", "pass"]
    draw = Move("draw", 0)
    draw.count = 1
    assert judge(rules, state, draw).code == "draw-impossible"
    assert judge(rules, state, Move("pass", 0)).legal


def test_the_last_player_left_in_is_not_said_to_have_gone_out(compiled):
    rules = compiled["no-mercy"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": "red-5",
                                "hand_counts": [0, 7, 0], "out": [0, 2], "phase": "round-over",
                                "winner": 1})
    assert next_action(rules, state)["last_left"] is True
