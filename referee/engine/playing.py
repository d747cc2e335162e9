"""Playing cards: matching, several cards at once (doubles, Discard All), restrictions,
the colour and target a card names, jumping in, stacking on a pending draw, what a
card does when it goes down, and going out on it (docs/rulings.md: "Attack's action
cards", "End of a round", "House rules"; tests/engine/scenarios/02-playing.yaml).

The judging (`judge_play`) and the enumeration of the plays a position allows
(`add_turn_plays`, `add_stacking_plays`, `add_jump_ins`, for legal.py) sit side by
side: both read the same compiled ruleset, and a disagreement between them is a bug
the property tests look for.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Sized
from typing import TYPE_CHECKING, Any

from .moves import Move
from .refusals import OVER, Effects, allow, over_refusal, owes, refuse
from .state import DIRECTION_NAMES, Pending
from .transitions import (advance, close_uno_windows, draw_now, end_round, finish, finish_last, flip,
                          hand_changed, next_target, owe, pending_effect, reverse, targets)
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Card, KindSpec, Rules
    from .state import State


# --- which cards may be played ----------------------------------------------------

def restriction_breaches(rules: Rules, kind: KindSpec, hand: Sequence[Card], top: Card,
                          color: str | None) -> list[str]:
    """The cards of `hand` that forbid playing a card of `kind` on `top` in `color`."""
    if kind.restriction == "no-color-match":
        return [c.text for c in hand if c.color == color or c.kind.id in kind.counts_as_match]
    if kind.restriction == "no-playable-card":
        return [c.text for c in hand
                if c.kind.restriction == "none" and rules.matches(c, top, color)]
    return []


def playable_cards(rules: Rules, hand: list[Card], top: Card, color: str | None) -> list[Card]:
    """The cards of `hand` that match, but not a last card the rules forbid going out on
    (a player holding only such a card must draw)."""
    cards = [c for c in hand if rules.matches(c, top, color)]
    if stuck_with_last_card(rules, hand, cards):
        return []
    if rules.has_discard_all and rules.no_going_out_on:
        cards = [c for c in cards if not discard_all_stuck(rules, hand, c)]
    return cards


def discard_all_stuck(rules: Rules, hand: Sequence[Card], card: Card) -> bool:
    """Whether `card` is a Discard All that cannot be played: every card of its colour goes
    down with it, here the whole hand, and the rules forbid going out on one of them."""
    if not card.kind.discard_all:
        return False
    group = [c for c in hand if c.color == card.color]
    return len(group) == len(hand) and any(rules.category_forbids_going_out(c.kind) for c in group)


def stuck_with_last_card(rules: Rules, hand: Sized, playable: Sequence[Card]) -> bool:
    """Whether `hand` is one card that matches (`playable`) but that the rules forbid
    going out on: then it may not be played."""
    return len(hand) == 1 and bool(playable) and rules.category_forbids_going_out(playable[0].kind)


def without(hand: Sequence[Card], played: Sequence[Card]) -> list[Card]:
    remaining = list(hand)
    for card in played:
        if card in remaining:
            remaining.remove(card)
    return remaining


def card_on_top(rules: Rules, state: State) -> Card:
    """The top card of the discard pile: a dealt round has one (parse_state)."""
    top = state.top
    assert top is not None
    return rules.cards[top]


def lead_card(cards: tuple[Card, ...]) -> Card:
    """The card that must match: the Discard All card of a Discard All play, else the first."""
    for card in cards:
        if card.kind.discard_all:
            return card
    return cards[0]


def top_card(cards: tuple[Card, ...]) -> Card:
    """The card left on top of the pile: the Discard All card of a Discard All play, else
    the last one put down (cards of one number in several colours: the last sets the colour)."""
    for card in cards:
        if card.kind.discard_all:
            return card
    return cards[-1]


def judge_play(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase in OVER:
        return over_refusal(state)
    player, cards = move.player, move.cards
    assert player is not None   # a play names its player (parse_move)
    lead = cards[0] if len(cards) == 1 else lead_card(cards)
    top = card_on_top(rules, state)
    jumping = player != state.current
    if jumping:
        refusal = _jump_in_refusal(rules, state, move)
        if refusal:
            return refusal
    if state.debts:
        owed = _owed_presses(state, player)
        if owed:
            return owed
    stacking = state.phase == "respond"
    if stacking:
        refusal = _stack_refusal(rules, state, move, lead)
        if refusal:
            return refusal
    if state.drawn and not jumping:
        refusal = _after_draw_refusal(rules, state, cards)
        if refusal:
            return refusal
    if len(cards) > 1:
        refusal = _several_cards_refusal(rules, state, cards, lead)
        if refusal:
            return refusal
    held = state.hand_counts[player]
    if held < len(cards):
        return refuse(state, "not-enough-cards", "hand_size", player=player, count=len(cards), held=held)
    # stacking by value: a draw card answers a draw card whatever its colour or symbol
    free = stacking and rules.stacking_by_value
    if not jumping and not free and not rules.matches(lead, top, state.color):
        if rules.no_wild_on_wild and lead.color is None and top.color is None:
            return refuse(state, "wild-on-wild", "house.no_wild_on_wild", card=lead.text, top=state.top)
        return refuse(state, "card-does-not-match", f"cards.{lead.kind.id}",
                      card=lead.text, top=state.top, color=state.color)
    refusal = _choice_refusal(state, move, lead, going_out=held == len(cards))
    if refusal:
        return refusal
    if hand is not None and lead.kind.discard_all:
        # every card of its colour goes down with it: the hand shown says which those are
        kept = [c.text for c in without(hand, cards) if c.color == lead.color]
        if kept:
            return refuse(state, "discard-all-kept-back", f"cards.{lead.kind.id}.effects",
                          card=lead.text, color=lead.color, holding=kept)
    if hand is not None and lead.kind.restriction != "none":
        holding = restriction_breaches(rules, lead.kind, without(hand, cards), top, state.color)
        if holding:
            return refuse(state, "restricted-play", f"cards.{lead.kind.id}.restriction",
                          card=lead.text, color=state.color, holding=holding)
    if held == len(cards) and rules.no_going_out_on:
        for card in cards:
            if rules.category_forbids_going_out(card.kind):
                return refuse(state, "cannot-go-out-on", "house.no_going_out_on", card=card.text)
    verdict = _apply_play(rules, state, move, player, lead, jumping, stacking)
    if state.drawn and not jumping and rules.drawn_only and state.drawn_card is None:
        verdict.assumed = ("drawn-card-played",)
    return verdict


def _owed_presses(state: State, player: int) -> Verdict | None:
    """Launcher presses owed come before the owing player's next play."""
    if any(debt.player == player for debt in state.debts):
        return refuse(state, "presses-owed", "draw_source", player=player)
    return None


def _jump_in_refusal(rules: Rules, state: State, move: Move) -> Verdict | None:
    if not rules.jump_in or state.phase != "play":
        return refuse(state, "not-your-turn", "turn", player=move.player, current=state.current)
    if len(move.cards) != 1 or move.cards[0].text != state.top:
        return refuse(state, "jump-in-not-identical", "house.jump_in",
                      card=move.cards[0].text, top=state.top)
    return None


def _stack_refusal(rules: Rules, state: State, move: Move, lead: Card) -> Verdict | None:
    pending = state.pending
    assert pending is not None   # (judge_play stacks only in the respond phase, which has one: parse_state)
    pending_kind = rules.cards[pending.card].kind.id
    answers = rules.stacking.get(pending_kind)
    if not answers:
        return refuse(state, "pending-draw", "house.stacking", player=pending.player,
                      count=pending.count, card=pending.card)
    if len(move.cards) != 1 or lead.kind.id not in answers or not (_adds_to(lead.kind, pending)
                                                                    or lead.kind.deflects):
        return refuse(state, "cannot-stack", f"house.stacking.{pending_kind}",
                      card=lead.text, pending_card=pending.card)
    if rules.stacking_same_color and lead.color is not None and lead.color != state.color:
        return refuse(state, "cannot-stack", "house.stacking_same_color",
                      card=lead.text, pending_card=pending.card)
    if _past_cap(rules, lead.kind, pending):
        return refuse(state, "cannot-stack", "house.stacking_cap",
                      card=lead.text, pending_card=pending.card)
    return None


def _past_cap(rules: Rules, kind: KindSpec, pending: Pending) -> bool:
    """Whether a card of `kind` stacked on `pending` would take the draw past the
    stacking cap (house.stacking_cap; a deflection adds nothing, so it never does)."""
    cap = rules.stacking_cap
    if cap is None or not _adds_to(kind, pending):
        return False
    draw, owed = kind.pending, pending.count
    assert draw is not None and draw.count is not None and owed is not None   # (_adds_to)
    return _stacked(rules, owed, draw.count) > cap


def _stacked(rules: Rules, owed: int, count: int) -> int:
    """The draw a card adding `count` makes of a pending draw of `owed` (house.stacking_revenge: counted twice)."""
    return owed + (count * 2 if rules.stacking_revenge else count)


def _adds_to(kind: KindSpec, pending: Pending) -> bool:
    """Whether a card of `kind` stacked on `pending` adds to it: a draw of the same kind,
    both with a count (a launcher pressed until it fires adds up to no total)."""
    draw = kind.pending
    return (draw is not None and draw.kind == pending.kind and draw.count is not None
            and pending.count is not None)


def _after_draw_refusal(rules: Rules, state: State, cards: tuple[Card, ...]) -> Verdict | None:
    if rules.after_draw == "end-turn":
        return refuse(state, "play-after-draw-forbidden", "turn.draw.after", player=state.current)
    # only the drawn card; a drawn Discard All goes down with the cards of its colour
    lead = cards[0] if len(cards) == 1 else lead_card(cards)
    if rules.drawn_only and ((len(cards) != 1 and not lead.kind.discard_all)
                             or (state.drawn_card and lead.text != state.drawn_card)):
        return refuse(state, "only-drawn-card", "turn.draw.play_after_draw",
                      card=lead.text, drawn=state.drawn_card)
    return None


def _several_cards_refusal(rules: Rules, state: State, cards: tuple[Card, ...], lead: Card) -> Verdict | None:
    if lead.kind.discard_all:
        for card in cards:
            if card is not lead and card.color != lead.color:
                return refuse(state, "discard-all-other-color", f"cards.{lead.kind.id}.effects",
                              card=card.text, color=lead.color)
        return None
    if not rules.doubles:
        return refuse(state, "single-card-only", "house.doubles", count=len(cards))
    if rules.doubles_by_number:
        if any(card.kind.category != "number" or card.kind.number != lead.kind.number for card in cards):
            return refuse(state, "cards-not-same-number", "house.doubles.match", cards=[c.text for c in cards])
    elif lead.kind.category != "number" or any(card is not lead for card in cards):
        return refuse(state, "cards-not-identical", "house.doubles", cards=[c.text for c in cards])
    if len(cards) > rules.doubles_max:
        return refuse(state, "too-many-cards", "house.doubles.max_cards",
                      count=len(cards), max=rules.doubles_max)
    return None


def _choice_refusal(state: State, move: Move, lead: Card, going_out: bool) -> Verdict | None:
    """The colour and target a card needs, and no more. A card played as its player's
    last moves no hands (_apply_effects), so a target it names only to trade with is
    not needed then (and one given is harmless)."""
    kind = lead.kind
    names = kind.choose_color or _names_wild_turned_up(kind, move.turned_up)
    if names and move.color is None:
        return refuse(state, "color-required", f"cards.{kind.id}.effects", card=lead.text)
    if not names and move.color is not None:
        return refuse(state, "color-not-allowed", f"cards.{kind.id}.effects", card=lead.text)
    if kind.aims and move.target is None and not (going_out and kind.aims_to_move_hands):
        return refuse(state, "target-required", f"cards.{kind.id}.effects", card=lead.text)
    if move.target is not None and (not kind.aims or move.target == move.player or move.target in state.out):
        return refuse(state, "target-invalid", f"cards.{kind.id}.effects", target=move.target)
    if kind.flips != (move.turned_up is not None):
        code = "turned-up-required" if kind.flips else "turned-up-not-allowed"
        return refuse(state, code, f"cards.{kind.id}.effects", card=lead.text)
    return None


def _names_wild_turned_up(kind: KindSpec, turned_up: Card | None) -> bool:
    """Whether the move names the colour of a wild its Flip turns up (wild_turned_up: player)."""
    return (kind.names_wild_turned_up and turned_up is not None and turned_up.color is None
            and turned_up.kind.choose_color)


def _apply_play(rules: Rules, state: State, move: Move, player: int, lead: Card, jumping: bool,
                stacking: bool) -> Verdict:
    cards = move.cards
    new = state.copy()
    effects: Effects = []
    if jumping:
        new.skips = 0
    new.hand_counts[player] -= len(cards)
    on_top = cards[0] if len(cards) == 1 else top_card(cards)
    new.top = on_top.text
    new.color = move.color if lead.kind.choose_color else on_top.color
    new.drawn = False
    new.drawn_card = None
    new.extra_play = False
    if new.uno_exposed:
        close_uno_windows(rules, new, player, is_play=True)
    if new.hand_counts[player] == 1 or new.uno_called or new.uno_exposed:   # else nothing to record
        _record_uno(new, player, move.uno, effects)
    if lead.kind.discard_all and len(cards) > 1:
        effects.append({"type": "discard-all", "player": player, "color": lead.color, "count": len(cards)})
    if lead.kind.choose_color:
        effects.append({"type": "color", "color": new.color})
    went_out = new.hand_counts[player] == 0
    # playing on for places: a player going out with two or more others left finishes,
    # and the round goes on without them (the card still acts on the others)
    finishing = went_out and rules.play_for_places and new.active > 2
    if finishing:
        finish(new, player)
        effects.append({"type": "finished", "player": player, "place": len(new.places)})
    skips, extra = _apply_effects(rules, new, move, player, lead, effects, went_out) if lead.kind.effects else (0, False)
    if rules.bomb and not lead.kind.discard_all and len(cards) >= rules.bomb.min_cards:
        for seat in targets(new, player, "others", None):   # a bomb: every other player draws
            draw_now(rules, new, seat, rules.bomb.count, effects)
    if went_out and not finishing:
        return _went_out(rules, state, new, player, lead, effects)
    if finishing:
        extra = False   # a player with no cards plays no more
    if stacking and not lead.kind.pending:
        _deflect(state, new, player, effects)
    elif lead.kind.pending:
        _set_pending(rules, state, new, player, lead, skips, stacking, effects)
    elif extra:
        new.skips += skips
        new.current = player
        new.extra_play = True
        effects.append({"type": "extra-play", "player": player})
    else:
        advance(new, player, skips, effects)
    code = "stacked" if stacking else "jumped-in" if jumping else (
        "played-several" if len(cards) > 1 else "played")
    details: dict[str, Any] = {"player": player, "card": on_top.text, "color": new.color}
    if len(cards) > 1:
        details.update(cards=[c.text for c in cards], count=len(cards))
    if stacking:
        pending = new.pending
        assert pending is not None   # a stacked card passes a draw on (_set_pending, _deflect)
        details = {"player": player, "card": lead.text, "total": pending.count}
    if jumping:
        details = {"player": player, "card": lead.text}
    rule = "house.stacking" if stacking else "house.jump_in" if jumping else f"cards.{lead.kind.id}"
    if finishing:
        code, rule = "player-finished", "house.play_for_places"
        details = {"player": player, "card": lead.text, "place": len(new.places)}
    return Verdict(True, code, rule, effects, new, details)


def _record_uno(state: State, player: int, called_now: bool, effects: Effects) -> None:
    if state.hand_counts[player] != 1:
        if state.uno_called or state.uno_exposed:   # else there is nothing to lapse
            hand_changed(state, player)
        return
    if called_now or player in state.uno_called:
        state.uno_called = state.uno_called | {player}
        effects.append({"type": "uno", "player": player})
    else:
        state.uno_exposed = state.uno_exposed | {player}
        effects.append({"type": "catchable", "player": player})


def _apply_effects(rules: Rules, state: State, move: Move, player: int, lead: Card, effects: Effects,
                   went_out: bool) -> tuple[int, bool]:
    """Apply the effects that act at once; returns (skips, extra play offered).
    Draws aimed at the next player become a pending draw (see _set_pending). When the
    card was its player's last, the player has won: nothing aimed at them applies and
    no hands move (the round ends when the last card is played)."""
    skips, extra = 0, False
    for effect in lead.kind.effects:
        kind = effect["type"]
        if kind == "skip":
            skips += state.active - 1 if effect.get("target") == "others" else 1
        elif kind == "reverse":
            skips += reverse(rules, state, effects)
        elif kind in ("draw", "launcher"):
            target = effect.get("target", "next")
            if target != "next":
                for seat in targets(state, player, target, move.target):
                    if not (went_out and seat == player):
                        owe(rules, state, seat, effect, effects)
        elif kind == "extra-play":
            extra = True
        elif kind == "flip":
            turned_up = move.turned_up
            assert turned_up is not None   # (_choice_refusal refuses a Flip without the card it turns up)
            flip(rules, state, turned_up, effects)
            if _names_wild_turned_up(lead.kind, move.turned_up):
                state.color = move.color
                effects.append({"type": "color", "color": move.color})
        elif went_out and kind in ("trade-hands", "pass-hands"):
            continue
        elif kind == "trade-hands":
            other = next_target(state, player) if effect.get("target", "next") == "next" else move.target
            assert other is not None   # (_choice_refusal refuses a trade with a chosen player and none named)
            counts = state.hand_counts
            counts[player], counts[other] = counts[other], counts[player]
            effects.append({"type": "trade-hands", "player": player, "target": other})
            hand_changed(state, player)
            hand_changed(state, other)
        elif kind == "pass-hands":
            counts = list(state.hand_counts)
            for seat in range(state.seats):
                if seat not in state.out:
                    counts[state.seat_after(seat, 1)] = state.hand_counts[seat]
            state.hand_counts = counts
            effects.append({"type": "pass-hands", "direction": DIRECTION_NAMES[state.direction]})
            state.uno_called = frozenset()
            state.uno_exposed = frozenset()
    return skips, extra


def _set_pending(rules: Rules, old: State, state: State, player: int, lead: Card, skips: int,
                 stacking: bool, effects: Effects) -> None:
    draw = lead.kind.pending
    assert draw is not None   # (_apply_play sets a pending draw only for a card that makes one)
    kind, count, until = draw
    target = next_target(state, player)
    if stacking:
        previous = old.pending
        # (a draw card stacks only on a pending draw of its kind, both with a count: _adds_to)
        assert previous is not None and previous.count is not None and count is not None
        pending = Pending(kind, _stacked(rules, previous.count, count), target, lead.text, until,
                          previous.lose_turn or skips > 0)
    else:
        challengeable = lead.kind.challenge is not None and lead.kind.restriction != "none"
        pending = Pending(kind, None if lead.kind.until_color else count, target, lead.text, until,
                          skips > 0, by=player if challengeable else None,
                          prev_color=old.color if challengeable else None,
                          prev_top=old.top if challengeable else None,
                          until_color=lead.kind.until_color)
    state.pending = pending
    state.phase = "respond"
    state.current = target
    state.skips = 0
    state.extra_play = False
    effects.append(pending_effect(pending))
    if pending.lose_turn:
        effects.append({"type": "skip", "player": target, "pending": True})


def _deflect(old: State, state: State, player: int, effects: Effects) -> None:
    """A Reverse or a Skip answering a pending draw sends it on unchanged: to the next
    player in the (new) direction of play, who answers it in turn."""
    previous = old.pending
    assert previous is not None   # (a deflection answers a pending draw: judge_play's stacking)
    target = state.seat_after(player, 1)
    state.pending = Pending(previous.kind, previous.count, target, previous.card, previous.until_cards,
                            previous.lose_turn, until_color=previous.until_color)
    state.phase = "respond"
    state.current = target
    state.skips = 0
    state.extra_play = False
    effects.append(pending_effect(state.pending))


def _went_out(rules: Rules, old: State, state: State, player: int, lead: Card, effects: Effects) -> Verdict:
    """The round ends; the last card's action still applies to the next player. A draw
    until a colour comes is owed: the next player's draw move says how many it took
    (as launcher presses, the round is scored once it is made)."""
    until_color = None
    if lead.kind.until_color:
        until_color = Pending("draw", None, next_target(state, player), lead.text, until_color=True)
    elif lead.kind.pending and not lead.kind.until_color:
        kind, count, until = lead.kind.pending
        target = next_target(state, player)
        if old.phase == "respond":
            previous = old.pending
            # (a draw card stacks only on a pending draw of its kind, both with a count: _adds_to)
            assert previous is not None and previous.count is not None and count is not None
            count = _stacked(rules, previous.count, count)
        owe(rules, state, target, {"type": kind, "count": count, "presses": count, "until_cards": until}, effects)
    elif old.phase == "respond" and old.pending is not None and old.pending.count is not None:
        pending = old.pending   # a deflection: the draw goes on
        owe(rules, state, state.seat_after(player, 1),
             {"type": pending.kind, "count": pending.count, "presses": pending.count, "until_cards": False}, effects)
    if rules.play_for_places:
        finish_last(state, player, effects)
        _still_owed(state, until_color, effects)
        return allow(state, "places-decided", "house.play_for_places", effects, player=player,
                     card=lead.text, places=list(state.places))
    end_round(state, player, effects)
    _still_owed(state, until_color, effects)
    return allow(state, "went-out", f"cards.{lead.kind.id}", effects, player=player, card=lead.text)


def _still_owed(state: State, pending: Pending | None, effects: Effects) -> None:
    """A draw until a colour comes, owed past the end of the round (_went_out)."""
    if pending is not None:
        state.pending = pending
        effects.append(pending_effect(pending))



# --- the plays a position allows (legal.py) -----------------------------------------

def add_turn_plays(rules: Rules, state: State, player: int, hand: list[str], found: list[Move]) -> bool:
    """Add the plays of the current player's turn to `found`; whether any card of `hand`
    is playable (a player who holds none may draw where drawing is otherwise forbidden)."""
    playable = _playable_texts(rules, state, hand)
    if playable:
        for group in _groups(rules, state, hand, playable):
            found.extend(_plays(rules, state, player, hand, group))
    return bool(playable)


def add_stacking_plays(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    """Add the cards the player owing a pending draw may stack on it (house.stacking)."""
    pending = state.pending
    assert pending is not None   # (legal.py lists answers only to a pending draw)
    player = pending.player
    kind = rules.cards[pending.card].kind
    answers = rules.stacking.get(kind.id)
    hand = hands.get(player)
    if not answers or hand is None or owes(state, player) or state.phase != "respond":   # presses come before a play
        return
    top = card_on_top(rules, state)
    for text in dict.fromkeys(hand):
        card = rules.cards[text]
        same_color = not rules.stacking_same_color or card.color in (None, state.color)
        if (card.kind.id in answers and same_color and (_adds_to(card.kind, pending) or card.kind.deflects)
                and not _past_cap(rules, card.kind, pending)
                and (rules.stacking_by_value or rules.matches(card, top, state.color))):
            found.extend(_plays(rules, state, player, hand, (card,)))


def _playable_texts(rules: Rules, state: State, hand: list[str]) -> list[str]:
    """`playable_cards` for a hand of card strings, each string once (in the
    hand's order), read from the ruleset's table of matching cards."""
    top = state.top
    assert top is not None   # a dealt round has a top card (parse_state)
    matching = rules.matching(top, state.color)
    playable: list[str] = []
    for text in hand:   # each once (a card held twice): a few list tests cost less than a set
        if text in matching and text not in playable:
            playable.append(text)
    if len(hand) == 1 and stuck_with_last_card(rules, hand, [rules.cards[t] for t in playable]):
        return []
    if rules.has_discard_all and rules.no_going_out_on:   # (as playable_cards)
        cards = [rules.cards[t] for t in hand]
        playable = [t for t in playable if not discard_all_stuck(rules, cards, rules.cards[t])]
    return playable


def _groups(rules: Rules, state: State, hand: list[str], playable: list[str]) -> list[tuple[Card, ...]]:
    """The card groups a player may put down on their turn: single cards, and doubles or
    Discard All where the rules have them. A Discard All goes down with every card of
    its colour the hand holds (the judge refuses one that keeps any back)."""
    groups = _candidate_groups(rules, state, hand, playable)
    if not rules.has_discard_all:
        return groups
    return [group for group in groups if not _keeps_back(rules, hand, group)]


def _keeps_back(rules: Rules, hand: list[str], group: tuple[Card, ...]) -> bool:
    lead = group[0] if len(group) == 1 else lead_card(group)
    if not lead.kind.discard_all:
        return False
    held = sum(1 for t in hand if rules.cards[t].color == lead.color)
    return held > sum(1 for card in group if card.color == lead.color)


def _candidate_groups(rules: Rules, state: State, hand: list[str], playable: list[str]) -> list[tuple[Card, ...]]:
    if state.drawn:
        if rules.after_draw == "end-turn":
            return []
        if rules.drawn_only:
            if state.drawn_card is None:   # not shown: any card, taken to be the drawn one
                return [(rules.cards[t],) for t in playable]
            if state.drawn_card not in playable:
                return []
            drawn = rules.cards[state.drawn_card]
            # a drawn Discard All goes down with every card of its colour (_groups)
            return [_discard_all_group(rules, hand, drawn)] if drawn.kind.discard_all else [(drawn,)]
    groups: list[tuple[Card, ...]] = [(rules.cards[t],) for t in playable]
    if not (rules.doubles or rules.has_discard_all):
        return groups
    counts = Counter(hand)
    for text in playable:
        card = rules.cards[text]
        if rules.doubles and card.kind.category == "number" and rules.doubles_by_number:
            others = [rules.cards[t] for t in hand if rules.cards[t].kind.category == "number"
                      and rules.cards[t].kind.number == card.kind.number]
            others.remove(card)
            for other in dict.fromkeys(others):   # a pair, and as many as allowed
                groups.append((card, other))
            if len(others) >= 2 and rules.doubles_max >= 3:
                groups.append((card,) + tuple(others[:rules.doubles_max - 1]))
        elif rules.doubles and card.kind.category == "number":
            for size in range(2, min(counts[text], rules.doubles_max) + 1):
                groups.append((card,) * size)
        if card.kind.discard_all:
            group = _discard_all_group(rules, hand, card)
            if len(group) > 1:
                groups.append(group)
    return groups


def _discard_all_group(rules: Rules, hand: list[str], card: Card) -> tuple[Card, ...]:
    """A Discard All with every other card of its colour the hand holds (another copy of
    it too), the Discard All last."""
    same = [rules.cards[t] for t in hand if rules.cards[t].color == card.color]
    same.remove(card)
    return tuple(same) + (card,)


def _plays(rules: Rules, state: State, player: int, hand: list[str], group: tuple[Card, ...]) -> Sequence[Move]:
    """The plays of one card group that the rules allow: each colour a wild may name,
    each player it may aim at, with and without an UNO call when one card will be left."""
    size = len(group)
    lead = group[0] if size == 1 else lead_card(group)
    kind = lead.kind
    held = state.hand_counts[player]
    if held < size:
        return []
    if kind.restriction != "none" and _breaches(rules, kind, hand, group, state):
        return []
    if held == size and rules.no_going_out_on and any(
            rules.category_forbids_going_out(c.kind) for c in group):
        return []
    one_left = held - size == 1
    if kind.aims or size > 1:   # the targets depend on who is still in; groups are many
        targets: list[int | None] = ([s for s in range(state.seats) if s != player and s not in state.out]
                                     if kind.aims else [None])
        if kind.aims and held == size and kind.aims_to_move_hands:
            targets.append(None)   # a last card moves no hands: it needs no target (judge)
        return _choices(rules, player, group, one_left, targets)
    # A single card's plays depend on nothing but the mover, the card and the UNO call:
    # made once per ruleset and handed out again (a Move is never changed once made).
    # Making them anew was a twentieth of a simulated move's instructions (callgrind).
    by_mover = rules.single_plays.get(lead)
    if by_mover is None:
        by_mover = rules.single_plays[lead] = {}
    key = player * 2 + (1 if one_left else 0)
    plays = by_mover.get(key)
    if plays is None:
        plays = by_mover[key] = tuple(_choices(rules, player, group, one_left, (None,)))
    return plays


def _choices(rules: Rules, player: int, group: tuple[Card, ...], one_left: bool,
             targets: Sequence[int | None]) -> list[Move]:
    """A group's plays: each colour a wild may name, each of the `targets`, each card a
    Flip may turn up, with and without the UNO call when one card will be left."""
    kind = (group[0] if len(group) == 1 else lead_card(group)).kind
    calls = (True, False) if one_left else (False,)
    if not (kind.choose_color or kind.flips):   # most cards: one play, or two with the call
        return [_play(player, group, None, target, uno) for target in targets for uno in calls]
    colors = rules.colors if kind.choose_color else (None,)
    if not kind.flips:   # a wild: each colour it may name
        return [_play(player, group, color, target, uno) for color in colors for target in targets for uno in calls]
    # a card that turns the deck over: each card of the other side may be the one turned up
    other = rules.other_side
    assert other is not None   # only a card of a two-sided deck flips (rules.py)
    turned = tuple(other.cards.values())
    plays = [_play(player, group, color, target, uno, up)
             for up in turned if not _names_wild_turned_up(kind, up)
             for color in colors for target in targets for uno in calls]
    # ...and a wild turned up whose colour the Flip's player names: each colour of that side
    plays += [_play(player, group, color, target, uno, up)
              for up in turned if _names_wild_turned_up(kind, up) for color in other.colors
              for target in targets for uno in calls]
    return plays


def _play(player: int, cards: tuple[Card, ...], color: str | None, target: int | None, uno: bool,
          turned_up: Card | None = None) -> Move:
    move = Move("play", player)
    move.cards = cards
    move.color = color
    move.target = target
    move.uno = uno
    move.turned_up = turned_up
    return move


def _breaches(rules: Rules, kind: KindSpec, hand: list[str], group: tuple[Card, ...], state: State) -> bool:
    rest = list(hand)
    for card in group:
        rest.remove(card.text)
    top = card_on_top(rules, state)
    cards = [rules.cards[t] for t in rest]
    if kind.restriction == "no-color-match":
        return any(c.color == state.color or c.kind.id in kind.counts_as_match for c in cards)
    return any(c.kind.restriction == "none" and rules.matches(c, top, state.color) for c in cards)


def add_jump_ins(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    if not rules.jump_in:
        return
    top = card_on_top(rules, state)
    for seat, hand in hands.items():
        # (a Discard All jumps in alone: not while it would keep cards of its colour back)
        if (seat != state.current and state.top in hand and not owes(state, seat)
                and not (top.kind.discard_all and _keeps_back(rules, hand, (top,)))):
            found.extend(_plays(rules, state, seat, hand, (top,)))



def add_deck_plays(rules: Rules, state: State, player: int, found: list[Move]) -> None:
    """Add a one-card play by `player`, whose hand is not shown, of every card of the
    deck (the side up): each colour it may name, each player it may aim at, each card a
    Flip may turn up, with and without the UNO call. Nothing is left out here: most are
    refused, and legal.deck_plays keeps what the judge takes."""
    held = state.hand_counts[player]
    others: list[int | None] = [s for s in range(state.seats) if s != player and s not in state.out]
    for card in rules.cards.values():
        kind = card.kind
        targets: list[int | None] = [None]
        if kind.aims:
            targets = others + ([None] if held == 1 and kind.aims_to_move_hands else [])
        found.extend(_choices(rules, player, (card,), held == 2, targets))
