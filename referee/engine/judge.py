"""The judge: one pure function from (ruleset, public state, move) to a verdict.

No I/O, no clock, no Flask. The input state is never changed: a legal move gets a new
state, an illegal one gets the same state back. Every decision reads the compiled
ruleset (rules.py); no card or edition is named here. This module reads the hand shown
and sends each move type to its handler in the rule-book section that judges it:

- playing.py: playing cards (matching, several cards, restrictions, jumping in,
  stacking, what a card does, going out);
- drawing.py: drawing, passing, accepting or answering a pending draw, launcher presses;
- calls.py: UNO calls, catches and challenges;
- scoring.py: scoring, a past round scored again, elimination, the mercy rule, the next deal;
- refusals.py: the refusals every move type shares (phase, turn, seat).

Each handler first refuses what the rules forbid (in the order a player would want to
hear it) and then applies the move; the state changes moves share with the opening are
in transitions.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.problem import pointer

from .calls import judge_call_uno, judge_catch_uno, judge_challenge
from .drawing import judge_accept, judge_draw, judge_pass
from .errors import InputError
from .playing import judge_play
from .refusals import seat_out_refusal
from .scoring import apply_mercy, judge_deal, judge_rescore, judge_score
from .verdict import Verdict

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Card, Rules
    from .state import State


def judge(rules: Rules, state: State, move: Move, hand: Any = None) -> Verdict:
    """Judge `move` on `state` under `rules`. `hand` (a list of card strings), when a
    stateless check supplies the mover's hand, lets hand-dependent rules be decided."""
    if state.side is not None:
        rules = rules.on_side(state.side)   # the side up says what the cards are
    cards_in_hand = None
    if hand is not None:
        if not isinstance(hand, (list, tuple)):
            raise InputError.at("/hand", "must be a list of cards", "wrong-type")
        known = rules.cards
        try:   # (compiled, a comprehension reads the dict natively: a fifth of map's cost;
            # a list, as the simulator's hands are, is read natively too)
            cards_in_hand = [known[text] for text in hand] if isinstance(hand, list) else [known[text] for text in hand]
        except (KeyError, TypeError):   # not a card of the deck: say which, and where
            cards_in_hand = [rules.card(text, pointer("hand", i)) for i, text in enumerate(hand)]
        _check_hand_shown(state, move, cards_in_hand)
    if state.out and move.player in state.out and move.type not in ("score", "rescore"):
        return seat_out_refusal(rules, state, move.player)
    verdict = _dispatch(rules, state, move, cards_in_hand)
    if rules.mercy_limit is not None and verdict.effects and verdict.state.phase in ("play", "respond"):
        apply_mercy(rules, verdict.state, verdict.effects)
    return verdict


def _dispatch(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    """The handler of the move's type, called directly: compiled, a call through the
    HANDLERS mapping is a Python-level call (its arguments parsed at each call)."""
    kind = move.type
    if kind == "play":
        return judge_play(rules, state, move, hand)
    if kind == "draw":
        return judge_draw(rules, state, move, hand)
    if kind == "pass":
        return judge_pass(rules, state, move, hand)
    if kind == "accept":
        return judge_accept(rules, state, move, hand)
    return HANDLERS[kind](rules, state, move, hand)   # the rarer moves


def _check_hand_shown(state: State, move: Move, hand: list[Card]) -> None:
    """A hand that contradicts the table or the move cannot be judged on."""
    player = move.player   # narrowed to an int below: compiled, the hand count is read natively
    if player is None or move.type not in ("play", "draw"):
        return
    held = state.hand_counts[player]
    if len(hand) != held:
        raise InputError.at("/hand", f"player {player} holds {held} card(s), the hand shown has {len(hand)}",
                            "contradicts-table")
    if not move.cards or (len(move.cards) == 1 and move.cards[0] in hand):   # most moves
        return
    remaining = list(hand)
    for card in move.cards:
        if card not in remaining:
            raise InputError.at("/hand", f"the hand shown does not hold {card.text}, which the move plays",
                                "contradicts-table")
        remaining.remove(card)


HANDLERS = {
    "play": judge_play,
    "draw": judge_draw,
    "pass": judge_pass,
    "accept": judge_accept,
    "challenge": judge_challenge,
    "call-uno": judge_call_uno,
    "catch-uno": judge_catch_uno,
    "score": judge_score,
    "deal": judge_deal,
    "rescore": judge_rescore,
}

