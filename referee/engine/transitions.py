"""The state transitions a move and an opening share: passing the turn, taking cards,
owing a draw or launcher presses, reversing, ending a round.

The judge (judge.py and its sections: playing.py, drawing.py, calls.py, scoring.py)
decides whether a move is legal and which of these it sets off;
the opening (opening.py) sets off the same ones for the first card turned. Each one
changes the new state it is given in place (never the state the move was judged on)
and appends to `effects` what the table must do, in the shapes listed in effects.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .state import DIRECTION_NAMES, Debt, Pending

if TYPE_CHECKING:
    from .rules import Card, Penalty, Rules
    from .state import State

Effects = list[dict[str, Any]]   # what a verdict tells the table to do (effects.py)


def close_uno_windows(rules: Rules, state: State, player: int, is_play: bool) -> None:
    """A turn move by `player` closes the windows for catching a missed UNO: by anyone
    else under the official window; by the forgetful player's own next play under
    the until-offender-plays-again window."""
    if not state.uno_exposed:
        return
    if rules.uno_window_until_offender_plays:
        if is_play and player in state.uno_exposed:
            state.uno_exposed = state.uno_exposed - {player}
    else:
        state.uno_exposed = frozenset(p for p in state.uno_exposed if p == player)


def hand_changed(state: State, player: int) -> None:
    """Calls and exposures only concern a player holding exactly one card."""
    if state.hand_counts[player] != 1:
        if player in state.uno_called:
            state.uno_called = state.uno_called - {player}
        if player in state.uno_exposed:
            state.uno_exposed = state.uno_exposed - {player}


def advance(state: State, player: int, extra_skips: int, effects: Effects) -> None:
    """Pass the turn from `player`, skipping the skips waiting and `extra_skips`. Skips
    reach at most every other player: a Skip never costs its own player a turn."""
    skips = state.skips + extra_skips
    if skips:
        skips = min(skips, state.active - 1)
        for step in range(1, skips + 1):
            effects.append({"type": "skip", "player": state.seat_after(player, step)})
    if state.uno_called or state.uno_exposed:   # else no UNO call can lapse
        hand_changed(state, player)   # an UNO called for a play not made lapses
    state.current = state.seat_after(player, 1 + skips)
    state.skips = 0
    state.drawn = False
    state.drawn_card = None
    state.extra_play = False
    state.phase = "play"
    effects.append({"type": "turn", "player": state.current})


def flip(rules: Rules, state: State, turned_up: Card, effects: Effects) -> None:
    """Every card turns over: the discard pile (its bottom card, other side up, is the
    new top card `turned_up`, which sets the colour; a wild turned up names none), the
    draw pile and the hands. Hand and pile counts do not change."""
    other = rules.other_side
    assert other is not None   # only a card of a two-sided deck flips (rules.py)
    state.side = other.side
    state.top = turned_up.text
    state.color = turned_up.color
    effects.append({"type": "flip", "side": state.side, "top": state.top})


def lose_turn(state: State, player: int, effects: Effects) -> None:
    """`player`, who had to answer a draw, loses the turn: it passes to the one after."""
    effects.append({"type": "skip", "player": player})
    advance(state, player, 0, effects)


def take_cards(rules: Rules, state: State, player: int, count: int, effects: Effects) -> None:
    """`player` takes `count` cards from the pile; when the pile runs out, the discards
    under the top card are shuffled into a new pile first (the caller checked that the
    table has them)."""
    if state.pile is not None:
        if count > state.pile:
            reshuffled = state.cards_to_draw(rules) - state.pile
            effects.append({"type": "reshuffle", "count": reshuffled})
            state.pile += reshuffled
        state.pile -= count
    state.hand_counts[player] += count
    hand_changed(state, player)


def penalise(rules: Rules, state: State, player: int, penalty: Penalty, effects: Effects) -> None:
    """`player` takes a Penalty: cards drawn now, or launcher presses owed until reported."""
    if penalty.kind == "draw":
        draw_now(rules, state, player, penalty.amount, effects)
    elif penalty.amount > 0:
        state.debts = state.debts + (Debt(player, penalty.amount, False),)
        effects.append({"type": "launcher", "player": player, "presses": penalty.amount, "until_cards": False})


def draw_now(rules: Rules, state: State, player: int, count: int, effects: Effects) -> None:
    """`player` draws `count` cards now, or as many as the table has left for them."""
    count = min(count, state.cards_for(rules, player))
    if count > 0:
        take_cards(rules, state, player, count, effects)
        effects.append({"type": "draw", "player": player, "count": count})


def owe(rules: Rules, state: State, seat: int, effect: dict[str, Any], effects: Effects) -> None:
    """A draw effect of a card aimed at `seat`: cards the table can count now, or
    launcher presses owed until reported."""
    if effect["type"] == "draw":
        draw_now(rules, state, seat, effect["count"], effects)
    else:
        until = bool(effect.get("until_cards"))
        presses = None if until else effect["presses"]
        state.debts = state.debts + (Debt(seat, presses, until),)
        effects.append({"type": "launcher", "player": seat, "presses": presses, "until_cards": until})


def reverse(rules: Rules, state: State, effects: Effects) -> int:
    """Flip the direction of play; returns 1 when, with two players, the ruleset makes
    Reverse act as a Skip instead (and 0 otherwise), to be added to the skips."""
    if state.active == 2 and rules.two_player_reverse_skips:
        return 1
    state.direction = -state.direction
    effects.append({"type": "direction", "direction": DIRECTION_NAMES[state.direction]})
    return 0


def targets(state: State, player: int, target: str, chosen: int | None) -> list[int]:
    """The seats an effect aimed at `target` ("chosen", "all" or "others") reaches."""
    if target == "chosen":   # the judge refuses a card that aims without a target
        return [chosen] if chosen is not None else []
    if target == "all":
        return [seat for seat in range(state.seats) if seat not in state.out]
    return [seat for seat in range(state.seats) if seat != player and seat not in state.out]   # others


def next_target(state: State, player: int) -> int:
    """Whom a draw aimed at "the next player" hits: the next player to take a turn,
    past any skips still waiting from an extra play, but never the player themselves
    (with two players, Skip then Hit 2 hits the opponent)."""
    target = state.seat_after(player, 1 + state.skips)
    return target if target != player else state.seat_after(player, 1)


def pending_effect(pending: Pending) -> dict[str, Any]:
    """The effect that tells the table a draw (or presses) is now pending."""
    if pending.until_color:   # count: null, or the cards drawn on after the colour comes
        return {"type": "draw", "player": pending.player, "count": pending.count, "until_color": True,
                "pending": True}
    if pending.kind == "draw":
        return {"type": "draw", "player": pending.player, "count": pending.count, "pending": True}
    return {"type": "launcher", "player": pending.player, "presses": pending.count,
            "until_cards": pending.until_cards, "pending": True}


def resolve_pending(state: State, pending: Pending, effects: Effects) -> None:
    """The pending draw was answered: its player plays next, or loses the turn; a draw
    that fell on the card's own player (a challenge found them guilty) passes the turn
    on from them, to the challenger; a draw owed when the round ended ends nothing more."""
    state.pending = None
    if state.phase == "round-over":
        return
    if pending.on_its_player():
        advance(state, pending.player, 0, effects)
    elif pending.lose_turn:
        lose_turn(state, pending.player, effects)
    else:
        state.phase = "play"
        state.current = pending.player
        effects.append({"type": "turn", "player": state.current})


def finish(state: State, player: int) -> None:
    """Playing on for places: `player`, out of cards, has finished in the next place
    and is out for the rest of the round; presses they owed lapse."""
    state.places = state.places + (player,)
    state.out = state.out | {player}
    if state.debts:
        state.debts = tuple(debt for debt in state.debts if debt.player != player)


def finish_last(state: State, player: int, effects: Effects) -> None:
    """Playing on for places: `player` went out with one other player left, who finishes
    last. The first to finish wins the round; the finishers are back in for the scoring."""
    last = next(seat for seat in range(state.seats) if seat not in state.out and seat != player)
    state.places = state.places + (player, last)
    state.out = state.out - frozenset(state.places)
    end_round(state, state.places[0], effects)


def end_round(state: State, winner: int, effects: Effects) -> None:
    """The round is over and `winner` won it: nothing is pending or owed a turn."""
    state.pending = None
    state.phase = "round-over"
    state.winner = winner
    state.skips = 0
    state.extra_play = False
    state.uno_exposed = frozenset()
    effects.append({"type": "round-over", "winner": winner})
