"""Drawing, passing and answering a pending draw: how many cards a draw takes (a count,
until playable, a launcher press), what a player may do after drawing, accepting a
pending draw or drawing until a colour comes, launcher presses owed, and passing
(docs/rulings.md: "Drawing and the launcher"; tests/engine/scenarios/03-drawing.yaml).

The judging (`judge_draw`, `judge_pass`, `judge_accept`) and the enumeration of the
draws and passes a position allows (`add_debt_presses`, `add_draw_answers`,
`add_turn_draw`, for legal.py) sit side by side.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .moves import Move
from .playing import card_on_top, playable_cards, restriction_breaches, without
from .refusals import OVER, Effects, allow, answer_refusal, over_or_not_your_turn, over_refusal, refuse
from .state import Debt, Pending
from .transitions import advance, close_uno_windows, pending_effect, resolve_pending, take_cards
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Card, Rules
    from .state import State


def judge_draw(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    player = move.player
    assert player is not None   # a draw names its player (parse_move)
    if state.phase == "game-over":
        return over_refusal(state)
    if move.shown and len(move.shown) != move.count:
        return refuse(state, "draw-count-mismatch", "turn.draw.count",
                      count=move.count, cards=[c.text for c in move.shown])
    available = state.cards_for(rules, player)
    if move.count > available:
        if available < state.cards_to_draw(rules):
            return refuse(state, "hand-full", "house.hand_cap", player=player, max=rules.hand_cap)
        return refuse(state, "draw-impossible", "deck_size", count=move.count, available=available)
    pending = state.pending
    # (a draw until a colour comes is still owed when the round ended on its card: going out, playing.py)
    answered = pending if pending is not None and player == pending.player else None
    if state.phase not in ("respond", "round-over"):
        answered = None
    if move.color is not None and not (answered is not None and rules.cards[answered.card].kind.victim_names_color):
        return refuse(state, "draw-color-not-allowed", "turn.draw", player=player)
    if answered is not None:
        return _answer_pending_by_drawing(rules, state, move)
    if state.debts and any(debt.player == player for debt in state.debts):
        return _settle_debt(rules, state, move)
    if state.phase in OVER or player != state.current:
        return over_or_not_your_turn(state, player)
    if state.extra_play:
        return refuse(state, "extra-play-offered", "cards", player=player)
    if state.drawn:
        return refuse(state, "already-drew", "turn.draw", player=player)
    refusal = _draw_count_refusal(rules, state, move, available)
    if refusal:
        return refusal
    if hand is not None and not rules.draw_when_playable:
        top = card_on_top(rules, state)
        holding = [c.text for c in playable_cards(rules, hand, top, state.color)]
        if holding:
            return refuse(state, "draw-while-playable", "turn.draw.when_playable", holding=holding)
    return _apply_draw(rules, state, move)


def _draw_count_refusal(rules: Rules, state: State, move: Move, available: int) -> Verdict | None:
    if rules.draw_source == "launcher":
        if move.presses not in (None, 1):
            return refuse(state, "draw-count-invalid", "turn.draw.count", count=move.presses, max=1)
        return None
    if rules.draw_until_playable:
        if not 1 <= move.count <= rules.draw_max:
            return refuse(state, "draw-count-invalid", "turn.draw.max", count=move.count, max=rules.draw_max)
        return _until_playable_refusal(rules, state, move, available)
    if available == 0:
        return refuse(state, "draw-impossible", "deck_size", count=move.count, available=0)
    if move.count != min(rules.draw_count, available):
        return refuse(state, "draw-count-invalid", "turn.draw.count", count=move.count,
                      max=min(rules.draw_count, available))
    return None


def _until_playable_refusal(rules: Rules, state: State, move: Move, available: int) -> Verdict | None:
    """With the drawn cards shown: the draw stops at the first playable card, and goes
    on to the maximum (or the last card the table has) while none is."""
    if not move.shown:
        return None
    top = card_on_top(rules, state)
    for card in move.shown[:-1]:
        if rules.matches(card, top, state.color):
            return refuse(state, "drew-past-playable", "turn.draw.until_playable", card=card.text)
    last_plays = rules.matches(move.shown[-1], top, state.color)
    if not last_plays and move.count < min(rules.draw_max, available):
        return refuse(state, "draw-count-invalid", "turn.draw.until_playable",
                      count=move.count, max=min(rules.draw_max, available))
    return None


def _apply_draw(rules: Rules, state: State, move: Move) -> Verdict:
    player = move.player
    assert player is not None   # a draw names its player (parse_move)
    new = state.copy()
    effects: Effects = []
    take_cards(rules, new, player, move.count, effects)
    if rules.draw_source == "launcher":
        effects.append({"type": "launcher-fired", "player": player, "presses": 1, "count": move.count})
    else:
        effects.append({"type": "draw", "player": player, "count": move.count})
    if new.uno_exposed:
        close_uno_windows(rules, new, player, is_play=False)
    if rules.after_draw == "end-turn":
        advance(new, player, 0, effects)
    else:
        new.drawn = True
        new.drawn_card = move.shown[-1].text if move.shown else None
    return Verdict(True, "drew", "turn.draw", effects, new, {"player": player, "count": move.count})


def _answer_pending_by_drawing(rules: Rules, state: State, move: Move) -> Verdict:
    pending = state.pending
    assert pending is not None   # (judge_draw sends only a draw that answers one)
    if pending.until_color:
        return _answer_until_color(rules, state, move)
    if pending.kind == "draw":
        owed = min(_count_of(pending), state.cards_for(rules, pending.player))
        if move.count != owed:
            return refuse(state, "draw-count-invalid", "turn.draw", count=move.count, max=owed)
        return _accept(rules, state, pending)
    presses = move.presses or pending.count or 1
    if pending.count is not None and presses > pending.count:
        return refuse(state, "draw-count-invalid", "cards", count=presses, max=pending.count)
    new = state.copy()
    effects: Effects = []
    take_cards(rules, new, pending.player, move.count, effects)
    effects.append({"type": "launcher-fired", "player": pending.player, "presses": presses, "count": move.count})
    close_uno_windows(rules, new, pending.player, is_play=False)
    settled = move.count > 0 if pending.until_cards else presses == pending.count
    if pending.until_cards and not settled and new.cards_to_draw(rules) == 0:
        settled = True   # the launcher is empty: it can fire nothing more
    if not settled:
        remaining = None if pending.until_cards else _count_of(pending) - presses
        new.pending = Pending(pending.kind, remaining, pending.player, pending.card,
                              pending.until_cards, pending.lose_turn)
        effects.append(pending_effect(new.pending))
    else:
        resolve_pending(new, pending, effects)
    return allow(new, "launcher-settled", f"cards.{rules.cards[pending.card].kind.id}.effects",
                 effects, player=pending.player, count=move.count, presses=presses)


def _answer_until_color(rules: Rules, state: State, move: Move) -> Verdict:
    """A draw until a card of the colour in play comes: at least one card (unless the
    table has none left); with the cards shown, it stops at the first card of the colour
    and goes on while none has come."""
    pending = state.pending
    assert pending is not None   # (judge_draw sends only a draw that answers one)
    kind = rules.cards[pending.card].kind
    rule = f"cards.{kind.id}.effects"
    color = state.color
    if kind.victim_names_color:   # the player who draws names the colour (color_named_by: target)
        if move.color is None:
            return refuse(state, "draw-color-required", rule, player=pending.player, card=pending.card)
        color = move.color
    available = state.cards_for(rules, pending.player)
    extra = pending.count or 0   # cards drawn on after the colour comes (a failed challenge)
    if move.count < min(1 + extra, available):
        return refuse(state, "draw-count-invalid", rule, count=move.count, max=available)
    if move.shown:
        first = next((i for i, card in enumerate(move.shown) if card.color == color), None)
        if first is not None and move.count > first + 1 + extra:
            return refuse(state, "drew-past-color", rule, card=move.shown[first].text, color=color)
        stops = available if first is None else min(first + 1 + extra, available)
        if move.count < stops:
            return refuse(state, "draw-count-invalid", rule, count=move.count, max=available)
    new = state.copy()
    effects: Effects = []
    if color != state.color:   # assumed: the colour named and drawn until is the colour in play
        new.color = color
        effects.append({"type": "color", "color": color})
    take_cards(rules, new, pending.player, move.count, effects)
    effects.append({"type": "draw", "player": pending.player, "count": move.count})
    close_uno_windows(rules, new, pending.player, is_play=False)
    resolve_pending(new, pending, effects)
    return allow(new, "draw-accepted", f"cards.{rules.cards[pending.card].kind.id}.effects",
                 effects, player=pending.player, count=move.count)


def _settle_debt(rules: Rules, state: State, move: Move) -> Verdict:
    player = move.player
    assert player is not None   # a draw names its player (parse_move)
    index = next(i for i, debt in enumerate(state.debts) if debt.player == player)
    _, owed, until = state.debts[index]
    presses = move.presses or owed or 1
    if owed is not None and presses > owed:
        return refuse(state, "draw-count-invalid", "uno.penalty", count=presses, max=owed)
    new = state.copy()
    effects: Effects = []
    take_cards(rules, new, player, move.count, effects)
    effects.append({"type": "launcher-fired", "player": player, "presses": presses, "count": move.count})
    debts = list(state.debts)
    settled = move.count > 0 if until else presses == owed
    if until and not settled and new.cards_to_draw(rules) == 0:
        settled = True   # the launcher is empty: it can fire nothing more
    if settled:
        del debts[index]
    elif not until:
        assert owed is not None   # a debt has a count unless it lasts until cards come (owe)
        debts[index] = Debt(player, owed - presses, False)
    new.debts = tuple(debts)
    return allow(new, "launcher-settled", "draw_source", effects,
                 player=player, count=move.count, presses=presses)


def judge_pass(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    player = move.player
    assert player is not None   # a pass names its player (parse_move)
    if state.phase in OVER or player != state.current:
        return over_or_not_your_turn(state, player)
    if state.phase == "respond":
        pending = state.pending
        assert pending is not None   # a state responds to a pending draw (parse_state)
        return refuse(state, "pending-draw", "turn", player=pending.player, count=pending.count, card=pending.card)
    if not (state.drawn or state.extra_play or state.cards_for(rules, player) == 0):
        return refuse(state, "pass-before-draw", "turn.draw", player=player)
    if drawn_card_forced(rules, state, hand):
        return refuse(state, "drawn-card-must-be-played", "turn.draw.after", card=state.drawn_card)
    new = state.copy()
    effects: Effects = []
    if new.uno_exposed:
        close_uno_windows(rules, new, player, is_play=False)
    advance(new, player, 0, effects)
    return Verdict(True, "passed", "turn", effects, new, {"player": player})


def drawn_card_forced(rules: Rules, state: State, hand: Sequence[Card] | None) -> bool:
    """A playable drawn card must be played (turn.draw.after: must-play), unless its
    restriction forbids it: a card it may not play is never forced on a player (with
    no hand shown, a card with a restriction is not forced)."""
    drawn_text = state.drawn_card
    if not (state.drawn and rules.after_draw == "must-play" and drawn_text):
        return False
    drawn = rules.cards[drawn_text]
    top = card_on_top(rules, state)
    if not rules.matches(drawn, top, state.color):
        return False
    if drawn.kind.restriction == "none":
        return True
    return hand is not None and not restriction_breaches(rules, drawn.kind, without(hand, [drawn]),
                                                          top, state.color)


def judge_accept(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = answer_refusal(state, move)
    if refusal:
        return refusal
    pending = state.pending
    assert pending is not None   # (answer_refusal refuses an accept with nothing pending)
    if pending.kind != "draw":
        return refuse(state, "pending-draw", "draw_source", player=pending.player,
                      count=pending.count, card=pending.card)
    if pending.until_color:
        return refuse(state, "draw-until-color", f"cards.{rules.cards[pending.card].kind.id}.effects",
                      player=pending.player, color=state.color)
    return _accept(rules, state, pending)


def _accept(rules: Rules, state: State, pending: Pending) -> Verdict:
    """The pending draw is taken: as many cards as it asks, or as the table has left."""
    new = state.copy()
    effects: Effects = []
    count = min(_count_of(pending), state.cards_for(rules, pending.player))
    take_cards(rules, new, pending.player, count, effects)
    effects.append({"type": "draw", "player": pending.player, "count": count})
    close_uno_windows(rules, new, pending.player, is_play=False)
    resolve_pending(new, pending, effects)
    return allow(new, "draw-accepted", f"cards.{rules.cards[pending.card].kind.id}.effects",
                 effects, player=pending.player, count=count)



def _count_of(pending: Pending) -> int:
    """The cards or presses a pending draw asks for: only one that lasts until cards or a
    colour come has no count (parse_state), and the callers have answered those first."""
    count = pending.count
    assert count is not None
    return count


# --- the draws and passes a position allows (legal.py) --------------------------------

def add_debt_presses(rules: Rules, state: State, found: list[Move]) -> None:
    """Each player owing launcher presses may press (the launcher may fire nothing)."""
    seen = set()
    if state.phase == "respond" and state.pending is not None:
        seen.add(state.pending.player)   # their draw answers the pending draw first
    for player, owed, _ in state.debts:
        if player not in seen:
            seen.add(player)
            found.append(_draw(player, 0, presses=owed or 1))


def _draw(player: int, count: int, presses: int | None = None, shown: tuple[Card, ...] = (),
          color: str | None = None) -> Move:
    move = Move("draw", player)
    move.color = color
    move.count = count
    move.presses = presses
    move.shown = shown
    return move


def _turn_draw(rules: Rules, state: State, player: int, available: int) -> Move:
    if rules.draw_source == "launcher":
        return _draw(player, 0)
    if rules.draw_until_playable:
        return _draw(player, 1)
    return _draw(player, min(rules.draw_count, available))



def add_draw_answers(rules: Rules, state: State, found: list[Move]) -> None:
    """Add the draws that answer the pending draw (and accepting it, where it has a count)."""
    pending = state.pending
    assert pending is not None   # (legal.py lists answers only to a pending draw)
    player = pending.player
    available = state.cards_for(rules, player)
    if pending.until_color:   # no count to accept: the cards drawn until the colour comes
        least = min(1 + (pending.count or 0), available)   # (and any drawn on after it)
        if rules.cards[pending.card].kind.victim_names_color:   # ...the colour the drawer names
            for color in rules.colors:
                found.append(_draw(player, least, color=color))
        else:
            found.append(_draw(player, least))
    elif pending.kind == "draw":
        found.append(Move("accept", player))
        found.append(_draw(player, min(_count_of(pending), available)))
    else:
        found.append(_draw(player, 0, presses=pending.count or 1))


def add_turn_draw(rules: Rules, state: State, player: int, hand: list[str] | None, owes_presses: bool,
                  can_play: bool, found: list[Move]) -> None:
    """Add the current player's draw (unless they drew, owe presses, or the table is
    empty) and pass (once they drew, or have nothing to draw), as the rules allow."""
    available = state.cards_for(rules, player)
    if not (state.drawn or state.extra_play or owes_presses) and available > 0:
        if rules.draw_when_playable or not can_play:
            found.append(_turn_draw(rules, state, player, available))
    if state.drawn or state.extra_play or available == 0:
        # the hand matters to the judge only for a known drawn card the rules force
        needed = hand is not None and state.drawn_card and rules.after_draw == "must-play"
        cards = [rules.cards[t] for t in hand] if hand is not None and needed else None
        if not drawn_card_forced(rules, state, cards):
            found.append(Move("pass", player))
