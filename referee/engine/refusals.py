"""The refusals every move type shares: the phase (no turn while the round or the game
is over), the turn (only the player whose turn it is, or who owes the pending draw),
the seat (a player out of the round or the game), and the verdicts' two constructors
(tests/engine/scenarios/06-refusals.yaml).

The rule-book sections (playing.py, drawing.py, calls.py, scoring.py) judge their moves
with these; judge.py dispatches a move to its section.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .verdict import Verdict

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Rules
    from .state import State

Effects = list[dict[str, Any]]   # what a verdict tells the table to do (effects.py)


def refuse(state: State, code: str, rule: str, **details) -> Verdict:
    return Verdict(False, code, rule, [], state, details)


def allow(state: State, code: str, rule: str, effects: Effects, **details) -> Verdict:
    return Verdict(True, code, rule, effects, state, details)


OVER: Final = frozenset(("round-over", "game-over"))   # the phases with no turn to play (Final: a constant, compiled)


def phase_refusal(state: State, allow_round_over: bool = False) -> Verdict | None:
    if state.phase == "game-over" or (state.phase == "round-over" and not allow_round_over):
        return over_refusal(state)
    return None


def over_refusal(state: State) -> Verdict:
    """The refusal of a turn move while no turn is open (the round or the game is over)."""
    if state.phase == "game-over":
        return refuse(state, "game-over", "scoring.target", player=state.winner)
    return refuse(state, "round-over", "scoring")


def not_your_turn(state: State, player: int) -> Verdict:
    return refuse(state, "not-your-turn", "turn", player=player, current=state.current)


def over_or_not_your_turn(state: State, player: int) -> Verdict:
    """The refusal of a turn move out of turn (the phase is over, or `player` is not current)."""
    return over_refusal(state) if state.phase in OVER else not_your_turn(state, player)


def answer_refusal(state: State, move: Move) -> Verdict | None:
    """Accepting or challenging needs a pending draw, answered by the player who owes it."""
    refusal = phase_refusal(state)
    if refusal:
        return refusal
    pending = state.pending
    if pending is None:
        return refuse(state, "nothing-pending", "turn", player=move.player)
    if move.player != pending.player:
        return refuse(state, "not-your-turn", "turn", player=move.player, current=pending.player)
    return None



def seat_out_refusal(rules: Rules, state: State, player: int) -> Verdict:
    """The refusal of a move by a player who finished this round, is out of the game
    under elimination, or else out of this round (the mercy rule)."""
    if player in state.places:
        return refuse(state, "player-out", "house.play_for_places", player=player,
                      place=state.places.index(player) + 1)
    return refuse(state, "player-out", "house.elimination" if rules.elimination else "house.mercy",
                  player=player)


def owes(state: State, player: int) -> bool:
    """Whether `player` owes launcher presses (they come before the player's next play)."""
    return any(debt[0] == player for debt in state.debts)
