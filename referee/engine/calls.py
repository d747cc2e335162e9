"""UNO calls, catches and challenges: calling UNO (and calling it early, where the
ruleset allows), catching a player who did not, a false catch, and challenging a card
played under a restriction, such as a Wild Draw Four (docs/rulings.md: "UNO calls";
tests/engine/scenarios/04-calls.yaml).

The judging (`judge_call_uno`, `judge_catch_uno`, `judge_challenge`) and the
enumeration of the calls, catches and challenges a position allows (`add_uno_moves`,
`add_challenges`, for legal.py) sit side by side. The call a play itself makes is
recorded with the play (playing.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move
from .playing import restriction_breaches
from .refusals import Effects, allow, answer_refusal, phase_refusal, refuse
from .state import Pending
from .transitions import close_uno_windows, draw_now, lose_turn, pending_effect, penalise
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Card, Rules
    from .state import State


def judge_call_uno(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = phase_refusal(state)
    if refusal:
        return refusal
    player = move.player
    assert player is not None   # every move but a score or a deal names its player (parse_move)
    held = state.hand_counts[player]
    precall = (held == 2 and rules.uno_precall and player == state.current and state.phase == "play")
    if held != 1 and not precall:
        return refuse(state, "uno-not-due", "uno.call", player=player, count=held)
    new = state.copy()
    new.uno_called = state.uno_called | {player}
    new.uno_exposed = state.uno_exposed - {player}
    return allow(new, "uno-called", "uno.call", [{"type": "uno", "player": player}], player=player)


def judge_catch_uno(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = phase_refusal(state)
    if refusal:
        return refusal
    accuser, target = move.player, move.target
    assert accuser is not None and target is not None   # a catch names both (parse_move)
    code = None
    if accuser == target:
        code, details = "catch-self", {"player": accuser}
    elif state.hand_counts[target] != 1:
        code, details = "catch-target-has-cards", {"target": target, "count": state.hand_counts[target]}
    elif target in state.uno_called:
        code, details = "catch-target-called", {"target": target}
    elif target not in state.uno_exposed:
        code, details = "catch-window-closed", {"target": target}
    if code:
        return _false_catch(rules, state, accuser, code, details)
    new = state.copy()
    new.uno_exposed = state.uno_exposed - {target}
    effects: Effects = []
    penalise(rules, new, target, rules.uno_penalty, effects)
    return allow(new, "uno-caught", "uno.penalty", effects, player=accuser, target=target,
                 count=rules.uno_penalty.amount)


def _false_catch(rules: Rules, state: State, accuser: int, code: str, details: dict[str, Any]) -> Verdict:
    """A refused catch is illegal; the ruleset may still fine the accuser (the one
    case where an illegal move changes the state)."""
    if rules.false_catch_penalty.amount <= 0:
        return refuse(state, code, "uno.window", **details)
    new = state.copy()
    effects: Effects = []
    penalise(rules, new, accuser, rules.false_catch_penalty, effects)
    return Verdict(False, code, "uno.false_catch_penalty", effects, new, details)


def judge_challenge(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = answer_refusal(state, move)
    if refusal:
        return refusal
    pending = state.pending
    assert pending is not None   # (answer_refusal refuses a challenge with nothing pending)
    player = pending.player      # the challenger: answer_refusal refuses anyone else
    kind = rules.cards[pending.card].kind
    if (pending.by is None or pending.on_its_player() or kind.challenge is None
            or kind.restriction == "none"):
        return refuse(state, "not-challengeable", f"cards.{kind.id}.restriction", card=pending.card)
    offender = pending.by
    shown, prev_top = move.hand, pending.prev_top
    # a challenge shows a hand (parse_move); a challengeable draw kept the card it was played on
    assert shown is not None and prev_top is not None
    if len(shown) != state.hand_counts[offender]:
        return refuse(state, "hand-count-mismatch", "challenge", player=offender,
                      expected=state.hand_counts[offender], count=len(shown))
    holding = restriction_breaches(rules, kind, shown, rules.cards[prev_top], pending.prev_color)
    guilty_draw, failed_extra = kind.challenge
    new = state.copy()
    effects: Effects = []
    new.pending = None
    close_uno_windows(rules, new, player, is_play=False)
    rule = f"cards.{kind.id}.challenge"
    if holding:
        if guilty_draw is None and pending.until_color:   # the card's own draw, until the colour comes
            _owe_until_color(new, Pending("draw", None, offender, pending.card, by=offender,
                                          until_color=True), effects)
            return allow(new, "challenge-succeeded", rule, effects, player=player, target=offender,
                         card=pending.card, color=pending.prev_color, holding=holding, count=None)
        count = pending.count if guilty_draw is None else guilty_draw
        assert count is not None   # a draw with a count (one until a colour comes is owed above)
        draw_now(rules, new, offender, count, effects)
        new.phase = "play"
        new.current = player
        effects.append({"type": "turn", "player": player})
        return allow(new, "challenge-succeeded", rule, effects, player=player, target=offender,
                     card=pending.card, color=pending.prev_color, holding=holding, count=count)
    if pending.until_color:   # until the colour comes, then the extra cards
        _owe_until_color(new, Pending("draw", failed_extra or None, player, pending.card,
                                      lose_turn=pending.lose_turn, until_color=True), effects)
        return allow(new, "challenge-failed", rule, effects, player=player, target=offender,
                     card=pending.card, color=pending.prev_color, count=failed_extra)
    owed = pending.count
    assert owed is not None   # a draw with a count (one until a colour comes is owed above)
    count = owed + failed_extra
    draw_now(rules, new, player, count, effects)
    if pending.lose_turn:
        lose_turn(new, player, effects)
    else:
        new.phase = "play"
        effects.append({"type": "turn", "player": player})
    return allow(new, "challenge-failed", rule, effects, player=player, target=offender,
                 card=pending.card, color=pending.prev_color, count=count)


def _owe_until_color(state: State, pending: Pending, effects: Effects) -> None:
    """A challenge's draw until a colour comes: only the drawing player's own draw move
    can say how many cards it took, so it is owed, as the card's draw was."""
    state.pending = pending
    state.phase = "respond"
    state.current = pending.player
    effects.append(pending_effect(pending))



# --- the calls, catches and challenges a position allows (legal.py) ----------------------

def add_uno_moves(rules: Rules, state: State, found: list[Move]) -> None:
    counts = state.hand_counts
    if not state.uno_exposed and not _anyone_holds(counts, 1) and not (rules.uno_precall and _anyone_holds(counts, 2)):
        return   # nobody may call or be caught (most positions)
    for seat in range(state.seats):
        if seat in state.out:
            continue
        held = counts[seat]
        precall = (held == 2 and rules.uno_precall and seat == state.current
                   and state.phase == "play")
        if (held == 1 or precall) and seat not in state.uno_called:
            found.append(Move("call-uno", seat))
    for target in sorted(state.uno_exposed):
        if counts[target] == 1 and target not in state.uno_called:
            for accuser in range(state.seats):
                if accuser != target and accuser not in state.out:
                    move = Move("catch-uno", accuser)
                    move.target = target
                    found.append(move)


def _anyone_holds(counts: list[int], held: int) -> bool:
    """Whether a hand count is `held`: compiled, a loop of native ints, where `in`
    compares boxed ints through the generic comparison."""
    for count in counts:
        if count == held:
            return True
    return False



def add_challenges(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    """Add the challenge of the pending draw's card, where its restriction makes it
    challengeable and the hand of the player who played it is known."""
    pending = state.pending
    assert pending is not None   # (legal.py lists answers only to a pending draw)
    kind = rules.cards[pending.card].kind
    if (pending.by is not None and not pending.on_its_player() and kind.challenge is not None
            and kind.restriction != "none" and pending.by in hands and state.phase == "respond"):
        move = Move("challenge", pending.player)
        move.hand = tuple(rules.cards[t] for t in hands[pending.by])
        found.append(move)
