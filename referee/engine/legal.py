"""Every legal move of a position: the judge's answers, enumerated.

`legal_moves(rules, state, hand)` lists the moves the players who may act now can
make, each with the judge's verdict on it (`Legal.move`, `Legal.verdict`; the verdict
is judged when first read). It works out the candidates from the same
compiled ruleset as the judge (matching, stacking, restrictions, what a draw allows)
and then asks the judge for each verdict, so a disagreement between the two is a bug
the property tests look for (tests/engine/test_engine_legal.py). Each rule-book section
lists its own moves beside its judging (playing.py, drawing.py, calls.py, scoring.py);
this module is the frame that asks them in order.

`hand` is the hand of the player to act (a list of card strings: the current player,
or the one who owes a pending draw), or a mapping {seat: hand} of every hand known
(full information: then jump-ins, challenges and scoring are listed too), or None
(then only the moves that need no hand).

Moves whose outcome depends on cards nobody has seen yet are listed once, with the
smallest count the judge accepts without seeing the cards: a draw until playable
draws 1, a launcher press fires 0 cards. A Discard All is listed with every card of its
colour the hand holds (with the hand shown, the judge refuses one that keeps any back). A play that
leaves one card is listed with and without the UNO call. A card that turns a
two-sided deck over is listed with each card of the other side as the one turned up
(the table sees which it is; the referee cannot).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .calls import add_challenges, add_uno_moves
from .drawing import add_debt_presses, add_draw_answers, add_turn_draw
from .judge import judge
from .moves import Move
from .playing import add_deck_plays, add_jump_ins, add_stacking_plays, add_turn_plays
from .refusals import owes
from .scoring import add_score
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State


class Legal:
    """One legal move and the judge's verdict on it (judged when first asked for: a
    player choosing among many moves needs the verdict of one)."""

    __slots__ = ("move", "_position", "_verdict")

    move: Move
    _position: tuple[Rules, State, Any]
    _verdict: Verdict | None

    def __init__(self, move: Move, rules: Rules, state: State, hand: Any) -> None:
        self.move = move
        self._position = (rules, state, hand)
        self._verdict = None

    @property
    def verdict(self) -> Verdict:
        verdict = self._verdict
        if verdict is None:
            rules, state, hand = self._position
            verdict = self._verdict = judge(rules, state, self.move, hand)
        return verdict

    def __repr__(self):
        return f"<Legal {self.move.type} by {self.move.player}>"


def legal_moves(rules: Rules, state: State, hand: Any = None) -> list[Legal]:
    """The legal moves of `state` (see the module's docstring) as a list of Legal."""
    hands = _hands_by_seat(state, hand)
    if state.side is not None:
        rules = rules.on_side(state.side)
    return [Legal(move, rules, state, _hand_of(hands, move)) for move in enumerate_moves(rules, state, hands)]


def deck_plays(rules: Rules, state: State) -> list[Legal]:
    """The one-card plays the judge takes now from the player who acts (the current
    player, or the one who owes a pending draw: a card stacked on it) when their hand is
    not shown: which cards of the deck may go down now, for a phone at a physical table
    that does not know the hand. The judge decides each without the hand, so what only
    the rest of a hand forbids is not checked (a Wild Draw Four is listed: a challenge
    settles it). Of the plays that differ only in the card a Flip turns up, the first the
    judge takes is kept (the table says which when it plays it)."""
    if state.phase not in ("play", "respond"):
        return []
    pending = state.pending
    player = pending.player if state.phase == "respond" and pending is not None else state.current
    if state.side is not None:
        rules = rules.on_side(state.side)
    candidates: list[Move] = []
    add_deck_plays(rules, state, player, candidates)
    found: list[Legal] = []
    kept: set[tuple[str, str | None, int | None, bool]] = set()
    for move in candidates:
        key = (move.cards[0].text, move.color, move.target, move.uno)
        if move.turned_up is not None and key in kept:
            continue
        legal = Legal(move, rules, state, None)
        if legal.verdict.legal:
            kept.add(key)
            found.append(legal)
    return found


def _hand_of(hands: dict[int, list[str]], move: Move) -> list[str] | None:
    """The mover's hand, for the moves whose verdict reads it (a play, a draw, a pass)."""
    player = move.player
    if player is None or move.type not in ("play", "draw", "pass"):
        return None
    return hands.get(player)


def enumerate_moves(rules: Rules, state: State, hands: dict[int, list[str]]) -> list[Move]:
    """The same moves as `legal_moves`, in the same order, as bare Move objects (no
    verdicts): for a caller that judges the one move it chooses, such as the simulator.
    `hands` is a mapping {seat: hand} (see `_hands_by_seat`)."""
    if state.phase == "game-over":
        return []
    if state.side is not None:
        rules = rules.on_side(state.side)   # the hands hold the faces of the side up
    found: list[Move] = []
    if state.debts:
        add_debt_presses(rules, state, found)
    if state.phase == "round-over" and state.pending is not None:
        _answers(rules, state, hands, found)   # the last card's draw until a colour comes
        return found
    if state.phase == "round-over":
        add_score(rules, state, hands, found)
        return found
    add_uno_moves(rules, state, found)
    if state.phase == "respond":
        _answers(rules, state, hands, found)
    else:
        _turn(rules, state, hands, found)
        if rules.jump_in:
            add_jump_ins(rules, state, hands, found)
    return found


def _hands_by_seat(state: State, hand: Any) -> dict[int, list[str]]:
    if hand is None:
        return {}
    if isinstance(hand, dict):
        return hand            # read, never changed
    actor = state.pending.player if state.phase == "respond" and state.pending else state.current
    return {actor: list(hand)}


# --- the frame: which sections list moves, in the order of the moves ------------------

def _answers(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    """The answers to a pending draw: drawing it (or accepting it), challenging its card,
    stacking on it."""
    add_draw_answers(rules, state, found)
    add_challenges(rules, state, hands, found)
    add_stacking_plays(rules, state, hands, found)


def _turn(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    """The current player's turn: the plays, then the draw or the pass."""
    player = state.current
    owes_presses = bool(state.debts) and owes(state, player)   # then a draw settles the presses, no play
    hand = hands.get(player)
    can_play = False
    if hand is not None and not owes_presses:
        can_play = add_turn_plays(rules, state, player, hand, found)
    add_turn_draw(rules, state, player, hand, owes_presses, can_play, found)
