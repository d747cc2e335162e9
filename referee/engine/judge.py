"""The judge: one pure function from (ruleset, public state, move) to a verdict.

No I/O, no clock, no Flask. The input state is never changed: a legal move gets a new
state, an illegal one gets the same state back. Every decision reads the compiled
ruleset (rules.py); no card or edition is named here. Each move type has a handler
that first refuses what the rules forbid (in the order a player would want to hear it)
and then applies the move; the state changes moves share with the opening are in
transitions.py.
"""
from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import TYPE_CHECKING, Any, Final

from referee.problem import pointer

from .errors import InputError
from .opening import deal_round
from .state import DIRECTION_NAMES, Debt, Pending
from .transitions import (advance, close_uno_windows, draw_now, end_round, finish, finish_last, flip,
                          hand_changed, lose_turn,
                          next_target, owe, penalise, pending_effect, resolve_pending, reverse,
                          take_cards, targets)
from .verdict import Verdict

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Card, KindSpec, Rules
    from .state import State

Effects = list[dict[str, Any]]   # what a verdict tells the table to do (effects.py)


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
    if state.out and move.player in state.out and move.type != "score":
        # finished this round, out of the game under elimination, else out of this round (the mercy rule)
        if move.player in state.places:
            return refuse(state, "player-out", "house.play_for_places", player=move.player,
                          place=state.places.index(move.player) + 1)
        return refuse(state, "player-out", "house.elimination" if rules.elimination else "house.mercy",
                      player=move.player)
    verdict = _dispatch(rules, state, move, cards_in_hand)
    if rules.mercy_limit is not None and verdict.effects and verdict.state.phase in ("play", "respond"):
        _mercy(rules, verdict.state, verdict.effects)
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


def _mercy(rules: Rules, state: State, effects: Effects) -> None:
    """The mercy rule: a player holding `max_cards` or more is out of the round (or of
    the whole game, `lasts: game`), their cards going under the discard pile; the last
    player left wins the round."""
    lasts = "game" if rules.mercy_for_game else "round"
    for seat in range(state.seats):
        held = state.hand_counts[seat]
        if seat in state.out or held < rules.mercy_limit:
            continue
        state.out = state.out | {seat}
        state.hand_counts[seat] = 0
        state.uno_called = state.uno_called - {seat}
        state.uno_exposed = state.uno_exposed - {seat}
        state.debts = tuple(debt for debt in state.debts if debt.player != seat)
        effects.append({"type": "out", "player": seat, "count": held, "lasts": lasts})
    if not state.out:
        return
    if state.active == 1:
        # the last player left wins; the turn rests with them, never with a seat that is out
        # (a state naming a player out as current is refused when sent back: parse_state)
        winner = next(seat for seat in range(state.seats) if seat not in state.out)
        state.current = winner
        end_round(state, winner, effects)
        return
    if state.pending is not None and state.pending.player in state.out:
        state.pending = None
        state.phase = "play"
        state.current = state.seat_after(state.current, 1)
        effects.append({"type": "turn", "player": state.current})
    elif state.current in state.out:
        state.current = state.seat_after(state.current, 1)
        state.drawn = False
        state.drawn_card = None
        state.extra_play = False
        effects.append({"type": "turn", "player": state.current})


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


def refuse(state: State, code: str, rule: str, **details) -> Verdict:
    return Verdict(False, code, rule, [], state, details)


def allow(state: State, code: str, rule: str, effects: Effects, **details) -> Verdict:
    return Verdict(True, code, rule, effects, state, details)


# --- shared pieces ---------------------------------------------------------------

_OVER: Final = frozenset(("round-over", "game-over"))   # the phases with no turn to play (Final: a constant, compiled)


def _phase_refusal(state: State, allow_round_over: bool = False) -> Verdict | None:
    if state.phase == "game-over" or (state.phase == "round-over" and not allow_round_over):
        return _over_refusal(state)
    return None


def _over_refusal(state: State) -> Verdict:
    """The refusal of a turn move while no turn is open (the round or the game is over)."""
    if state.phase == "game-over":
        return refuse(state, "game-over", "scoring.target", player=state.winner)
    return refuse(state, "round-over", "scoring")


def _not_your_turn(state: State, player: int) -> Verdict:
    return refuse(state, "not-your-turn", "turn", player=player, current=state.current)


def _over_or_not_your_turn(state: State, player: int) -> Verdict:
    """The refusal of a turn move out of turn (the phase is over, or `player` is not current)."""
    return _over_refusal(state) if state.phase in _OVER else _not_your_turn(state, player)


def _restriction_breaches(rules: Rules, kind: KindSpec, hand: Sequence[Card], top: Card,
                          color: str | None) -> list[str]:
    """The cards of `hand` that forbid playing a card of `kind` on `top` in `color`."""
    if kind.restriction == "no-color-match":
        return [c.text for c in hand if c.color == color or c.kind.id in kind.counts_as_match]
    if kind.restriction == "no-playable-card":
        return [c.text for c in hand
                if c.kind.restriction == "none" and rules.matches(c, top, color)]
    return []


def _playable(rules: Rules, hand: list[Card], top: Card, color: str | None) -> list[Card]:
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


def _without(hand: Sequence[Card], played: Sequence[Card]) -> list[Card]:
    remaining = list(hand)
    for card in played:
        if card in remaining:
            remaining.remove(card)
    return remaining


# --- play ------------------------------------------------------------------------

def judge_play(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase in _OVER:
        return _over_refusal(state)
    player, cards = move.player, move.cards
    lead = cards[0] if len(cards) == 1 else lead_card(cards)
    top = rules.cards[state.top]
    jumping = player is None or player != state.current   # (narrowed: compared as native ints)
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
        kept = [c.text for c in _without(hand, cards) if c.color == lead.color]
        if kept:
            return refuse(state, "discard-all-kept-back", f"cards.{lead.kind.id}.effects",
                          card=lead.text, color=lead.color, holding=kept)
    if hand is not None and lead.kind.restriction != "none":
        holding = _restriction_breaches(rules, lead.kind, _without(hand, cards), top, state.color)
        if holding:
            return refuse(state, "restricted-play", f"cards.{lead.kind.id}.restriction",
                          card=lead.text, color=state.color, holding=holding)
    if held == len(cards) and rules.no_going_out_on:
        for card in cards:
            if rules.category_forbids_going_out(card.kind):
                return refuse(state, "cannot-go-out-on", "house.no_going_out_on", card=card.text)
    verdict = _apply_play(rules, state, move, lead, jumping, stacking)
    if state.drawn and not jumping and rules.drawn_only and state.drawn_card is None:
        verdict.assumed = ("drawn-card-played",)
    return verdict


def _owed_presses(state: State, player: int) -> Verdict | None:
    """Launcher presses owed come before the owing player's next play."""
    if any(debt.player == player for debt in state.debts):
        return refuse(state, "presses-owed", "draw_source", player=player)
    return None


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


def _jump_in_refusal(rules: Rules, state: State, move: Move) -> Verdict | None:
    if not rules.jump_in or state.phase != "play":
        return refuse(state, "not-your-turn", "turn", player=move.player, current=state.current)
    if len(move.cards) != 1 or move.cards[0].text != state.top:
        return refuse(state, "jump-in-not-identical", "house.jump_in",
                      card=move.cards[0].text, top=state.top)
    return None


def _stack_refusal(rules: Rules, state: State, move: Move, lead: Card) -> Verdict | None:
    pending = state.pending
    pending_kind = rules.cards[pending.card].kind.id if pending.card else None
    answers = rules.stacking.get(pending_kind)
    if not answers:
        return refuse(state, "pending-draw", "house.stacking", player=pending.player,
                      count=pending.count, card=pending.card)
    adds = lead.kind.pending is not None and lead.kind.pending.kind == pending.kind
    if len(move.cards) != 1 or lead.kind.id not in answers or not (adds or lead.kind.deflects):
        return refuse(state, "cannot-stack", f"house.stacking.{pending_kind}",
                      card=lead.text, pending_card=pending.card)
    if rules.stacking_same_color and lead.color is not None and lead.color != state.color:
        return refuse(state, "cannot-stack", "house.stacking_same_color",
                      card=lead.text, pending_card=pending.card)
    return None


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


def _apply_play(rules: Rules, state: State, move: Move, lead: Card, jumping: bool, stacking: bool) -> Verdict:
    # typed int (a play names its player): compiled, the hand counts are then indexed natively
    player: int = move.player
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
    skips, extra = _apply_effects(rules, new, move, lead, effects, went_out) if lead.kind.effects else (0, False)
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
        details = {"player": player, "card": lead.text, "total": new.pending.count}
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


def _apply_effects(rules: Rules, state: State, move: Move, lead: Card, effects: Effects,
                   went_out: bool) -> tuple[int, bool]:
    """Apply the effects that act at once; returns (skips, extra play offered).
    Draws aimed at the next player become a pending draw (see _set_pending). When the
    card was its player's last, the player has won: nothing aimed at them applies and
    no hands move (the round ends when the last card is played)."""
    skips, extra = 0, False
    player = move.player
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
            flip(rules, state, move.turned_up, effects)
            if _names_wild_turned_up(lead.kind, move.turned_up):
                state.color = move.color
                effects.append({"type": "color", "color": move.color})
        elif went_out and kind in ("trade-hands", "pass-hands"):
            continue
        elif kind == "trade-hands":
            other = next_target(state, player) if effect.get("target", "next") == "next" else move.target
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
    kind, count, until = lead.kind.pending
    target = next_target(state, player)
    if stacking:
        previous = old.pending
        added = count * 2 if rules.stacking_revenge else count
        pending = Pending(kind, previous.count + added, target, lead.text, until,
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
            count = old.pending.count + (count * 2 if rules.stacking_revenge else count)
        owe(rules, state, target, {"type": kind, "count": count, "presses": count, "until_cards": until}, effects)
    elif old.phase == "respond" and old.pending.count is not None:   # a deflection: the draw goes on
        pending = old.pending
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


# --- draw, pass, accept ------------------------------------------------------------

def judge_draw(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    player = move.player
    if state.phase == "game-over":
        return _over_refusal(state)
    if move.shown and len(move.shown) != move.count:
        return refuse(state, "draw-count-mismatch", "turn.draw.count",
                      count=move.count, cards=[c.text for c in move.shown])
    available = state.cards_for(rules, player)
    if move.count > available:
        if available < state.cards_to_draw(rules):
            return refuse(state, "hand-full", "house.hand_cap", player=player, max=rules.hand_cap)
        return refuse(state, "draw-impossible", "deck_size", count=move.count, available=available)
    pending = state.pending
    # (a draw until a colour comes is still owed when the round ended on its card: _went_out)
    answering = pending is not None and player == pending.player and state.phase in ("respond", "round-over")
    if move.color is not None and not (answering and rules.cards[pending.card].kind.victim_names_color):
        return refuse(state, "draw-color-not-allowed", "turn.draw", player=player)
    if answering:
        return _answer_pending_by_drawing(rules, state, move)
    if state.debts and any(debt.player == player for debt in state.debts):
        return _settle_debt(rules, state, move)
    if state.phase in _OVER or player != state.current:
        return _over_or_not_your_turn(state, player)
    if state.extra_play:
        return refuse(state, "extra-play-offered", "cards", player=player)
    if state.drawn:
        return refuse(state, "already-drew", "turn.draw", player=player)
    refusal = _draw_count_refusal(rules, state, move, available)
    if refusal:
        return refusal
    if hand is not None and not rules.draw_when_playable:
        top = rules.cards[state.top]
        holding = [c.text for c in _playable(rules, hand, top, state.color)]
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
    top = rules.cards[state.top]
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
    if pending.until_color:
        return _answer_until_color(rules, state, move)
    if pending.kind == "draw":
        owed = min(pending.count, state.cards_for(rules, pending.player))
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
        remaining = None if pending.until_cards else pending.count - presses
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
        debts[index] = Debt(player, owed - presses, False)
    new.debts = tuple(debts)
    return allow(new, "launcher-settled", "draw_source", effects,
                 player=player, count=move.count, presses=presses)


def judge_pass(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase in _OVER or move.player != state.current:
        return _over_or_not_your_turn(state, move.player)
    if state.phase == "respond":
        pending = state.pending
        return refuse(state, "pending-draw", "turn", player=pending.player, count=pending.count, card=pending.card)
    if not (state.drawn or state.extra_play or state.cards_for(rules, move.player) == 0):
        return refuse(state, "pass-before-draw", "turn.draw", player=move.player)
    if drawn_card_forced(rules, state, hand):
        return refuse(state, "drawn-card-must-be-played", "turn.draw.after", card=state.drawn_card)
    new = state.copy()
    effects: Effects = []
    if new.uno_exposed:
        close_uno_windows(rules, new, move.player, is_play=False)
    advance(new, move.player, 0, effects)
    return Verdict(True, "passed", "turn", effects, new, {"player": move.player})


def drawn_card_forced(rules: Rules, state: State, hand: Sequence[Card] | None) -> bool:
    """A playable drawn card must be played (turn.draw.after: must-play), unless its
    restriction forbids it: a card it may not play is never forced on a player (with
    no hand shown, a card with a restriction is not forced)."""
    if not (state.drawn and rules.after_draw == "must-play" and state.drawn_card):
        return False
    drawn = rules.cards[state.drawn_card]
    top = rules.cards[state.top]
    if not rules.matches(drawn, top, state.color):
        return False
    if drawn.kind.restriction == "none":
        return True
    return hand is not None and not _restriction_breaches(rules, drawn.kind, _without(hand, [drawn]),
                                                          top, state.color)


def _answer_refusal(state: State, move: Move) -> Verdict | None:
    """Accepting or challenging needs a pending draw, answered by the player who owes it."""
    refusal = _phase_refusal(state)
    if refusal:
        return refusal
    pending = state.pending
    if pending is None:
        return refuse(state, "nothing-pending", "turn", player=move.player)
    if move.player != pending.player:
        return refuse(state, "not-your-turn", "turn", player=move.player, current=pending.player)
    return None


def judge_accept(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = _answer_refusal(state, move)
    if refusal:
        return refusal
    pending = state.pending
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
    count = min(pending.count, state.cards_for(rules, pending.player))
    take_cards(rules, new, pending.player, count, effects)
    effects.append({"type": "draw", "player": pending.player, "count": count})
    close_uno_windows(rules, new, pending.player, is_play=False)
    resolve_pending(new, pending, effects)
    return allow(new, "draw-accepted", f"cards.{rules.cards[pending.card].kind.id}.effects",
                 effects, player=pending.player, count=count)


# --- challenge ---------------------------------------------------------------------

def judge_challenge(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = _answer_refusal(state, move)
    if refusal:
        return refusal
    pending = state.pending
    kind = rules.cards[pending.card].kind
    if (pending.by is None or pending.on_its_player() or kind.challenge is None
            or kind.restriction == "none"):
        return refuse(state, "not-challengeable", f"cards.{kind.id}.restriction", card=pending.card)
    offender = pending.by
    if len(move.hand) != state.hand_counts[offender]:
        return refuse(state, "hand-count-mismatch", "challenge", player=offender,
                      expected=state.hand_counts[offender], count=len(move.hand))
    holding = _restriction_breaches(rules, kind, move.hand, rules.cards[pending.prev_top],
                                    pending.prev_color)
    guilty_draw, failed_extra = kind.challenge
    new = state.copy()
    effects: Effects = []
    new.pending = None
    close_uno_windows(rules, new, move.player, is_play=False)
    rule = f"cards.{kind.id}.challenge"
    if holding:
        if guilty_draw is None and pending.until_color:   # the card's own draw, until the colour comes
            _owe_until_color(new, Pending("draw", None, offender, pending.card, by=offender,
                                          until_color=True), effects)
            return allow(new, "challenge-succeeded", rule, effects, player=move.player, target=offender,
                         card=pending.card, color=pending.prev_color, holding=holding, count=None)
        count = pending.count if guilty_draw is None else guilty_draw
        draw_now(rules, new, offender, count, effects)
        new.phase = "play"
        new.current = move.player
        effects.append({"type": "turn", "player": move.player})
        return allow(new, "challenge-succeeded", rule, effects, player=move.player, target=offender,
                     card=pending.card, color=pending.prev_color, holding=holding, count=count)
    if pending.until_color:   # until the colour comes, then the extra cards
        _owe_until_color(new, Pending("draw", failed_extra or None, move.player, pending.card,
                                      lose_turn=pending.lose_turn, until_color=True), effects)
        return allow(new, "challenge-failed", rule, effects, player=move.player, target=offender,
                     card=pending.card, color=pending.prev_color, count=failed_extra)
    count = pending.count + failed_extra
    draw_now(rules, new, move.player, count, effects)
    if pending.lose_turn:
        lose_turn(new, move.player, effects)
    else:
        new.phase = "play"
        effects.append({"type": "turn", "player": move.player})
    return allow(new, "challenge-failed", rule, effects, player=move.player, target=offender,
                 card=pending.card, color=pending.prev_color, count=count)


def _owe_until_color(state: State, pending: Pending, effects: Effects) -> None:
    """A challenge's draw until a colour comes: only the drawing player's own draw move
    can say how many cards it took, so it is owed, as the card's draw was."""
    state.pending = pending
    state.phase = "respond"
    state.current = pending.player
    effects.append(pending_effect(pending))


# --- UNO -----------------------------------------------------------------------------

def judge_call_uno(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = _phase_refusal(state)
    if refusal:
        return refusal
    player = move.player
    held = state.hand_counts[player]
    precall = (held == 2 and rules.uno_precall and player == state.current and state.phase == "play")
    if held != 1 and not precall:
        return refuse(state, "uno-not-due", "uno.call", player=player, count=held)
    new = state.copy()
    new.uno_called = state.uno_called | {player}
    new.uno_exposed = state.uno_exposed - {player}
    return allow(new, "uno-called", "uno.call", [{"type": "uno", "player": player}], player=player)


def judge_catch_uno(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    refusal = _phase_refusal(state)
    if refusal:
        return refusal
    accuser, target = move.player, move.target
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


# --- end of a round --------------------------------------------------------------------

def judge_score(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase == "game-over":
        return _over_refusal(state)
    if move.winner is not None:
        return _score_reported_round(rules, state, move)
    return _score_ended_round(rules, state, move)


def _score_ended_round(rules: Rules, state: State, move: Move) -> Verdict:
    if state.phase != "round-over":
        return refuse(state, "round-not-over", "scoring")
    if state.scored:
        return refuse(state, "round-already-scored", "scoring")
    winner = state.winner
    pending = state.pending
    if pending is not None:   # a draw until a colour comes, owed on the last card: made first
        return refuse(state, "pending-draw", "scoring", player=pending.player, count=pending.count,
                      card=pending.card)
    if move.points is not None:
        return _score_points(rules, state, move.points)
    standing = bool(state.out) and state.hand_counts[winner] > 0   # the last player left in
    if move.hands[winner] and not standing:
        return refuse(state, "winner-has-cards", "scoring.method", player=winner, count=len(move.hands[winner]))
    owing = {debt.player for debt in state.debts}
    spare = state.cards_to_draw(rules)
    for seat, cards in enumerate(move.hands):
        held = state.hand_counts[seat]
        # a seat still owing presses may have received cards the table did not count
        most = held + spare if seat in owing else held
        if not held <= len(cards) <= most:
            return refuse(state, "hand-count-mismatch", "scoring.method", player=seat,
                          expected=held, count=len(cards))
        spare -= len(cards) - held
    by_seat = [sum(card.kind.score for card in cards) for cards in move.hands]
    new = state.copy()
    new.hand_counts = [len(cards) for cards in move.hands]
    return _score_round(rules, state, new, by_seat, {})


def _score_reported_round(rules: Rules, state: State, move: Move) -> Verdict:
    """A score that says who went out (`winner`): a table that keeps only the scores
    never told the referee the round's moves, so the round ends here, with `winner`
    out and each hand as the score gives it (the cards left, or nothing but the
    winner's 0 with points), and is scored at once. On a round the referee saw end,
    `winner` must be the one who went out."""
    winner = move.winner
    if state.phase == "round-over":
        if winner != state.winner:
            raise InputError.at(pointer("move", "winner"),
                                f"player {state.winner} went out this round", "contradicts-table")
        return _score_ended_round(rules, state, move)
    if winner in state.out:
        raise InputError.at(pointer("move", "winner"), f"player {winner} is out", "not-a-seat")
    ended = state.copy()
    ended.phase, ended.winner, ended.scored = "round-over", winner, False
    ended.pending, ended.debts, ended.skips = None, (), 0
    ended.drawn, ended.drawn_card, ended.extra_play = False, None, False
    ended.uno_called, ended.uno_exposed = frozenset(), frozenset()
    ended.pile = None   # which cards are where, the table did not say
    if move.hands is not None:
        ended.hand_counts = [len(cards) for cards in move.hands]
        for seat in sorted(state.out):   # put out (of the round or of the game): their hand went under the pile
            if ended.hand_counts[seat]:
                raise InputError.at(pointer("move", "hands", seat),
                                    f"player {seat} is out and holds no cards", "contradicts-table")
        if sum(ended.hand_counts) > rules.deck_size - 1:
            raise InputError.at(pointer("move", "hands"),
                                f"the hands hold more cards than the deck's {rules.deck_size}",
                                "contradicts-table")
    else:
        ended.hand_counts[winner] = 0
    return _score_ended_round(rules, ended, move)


def _score_round(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """The round's points counted as the ruleset scores: `by_seat` is each hand's value."""
    if rules.elimination:
        return _eliminate(rules, state, new, by_seat, extra)
    if rules.own_hands:
        return _add_own_hands(rules, state, new, by_seat, extra)
    return _add_round_points(rules, state, new, _opponents_points(rules, state, by_seat), extra)


def _opponents_points(rules: Rules, state: State, by_seat: list[int]) -> int:
    """What the round's winner scores: the hands of every seat outside their team."""
    team = _team(rules, state, state.winner)
    return sum(points for seat, points in enumerate(by_seat) if seat not in team)


def _eliminate(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """Elimination: the round is scored as usual, then the player (or the players tied)
    holding the most cards is out of the game; the round's winner, holding none, never
    is. The last player left wins the game, whatever the scores."""
    verdict = _add_round_points(rules, state, new, _opponents_points(rules, state, by_seat), extra)
    new = verdict.state
    most = max(count for seat, count in enumerate(new.hand_counts) if seat not in new.out)
    if most == 0:
        return verdict
    eliminated = [seat for seat, count in enumerate(new.hand_counts) if seat not in new.out and count == most]
    new.out = new.out | frozenset(eliminated)
    effects: Effects = [effect for effect in verdict.effects if effect["type"] == "score"]
    effects += [{"type": "eliminated", "player": seat, "count": most} for seat in eliminated]
    details = {key: verdict.details[key] for key in ("player", "points", "total", *extra)}
    if new.active == 1:
        new.phase = "game-over"
        new.scored = False
        effects.append({"type": "game-over", "winner": state.winner})
        return allow(new, "game-won", "house.elimination", effects, **details, target=rules.target)
    new.phase = "round-over"
    new.scored = True
    return allow(new, "player-eliminated", "house.elimination", effects,
                 eliminated=eliminated, count=most, **details)


def _score_points(rules: Rules, state: State, by_seat: list[int]) -> Verdict:
    """A score given as each seat's points, as the table counted them: the verdict
    carries the ruleset's card values so the table can check its sums."""
    if by_seat[state.winner] and not (state.out and state.hand_counts[state.winner]):
        raise InputError.at(pointer("move", "points", state.winner),
                            f"player {state.winner} went out: their points are 0", "contradicts-table")
    refusal = _points_bound_refusal(rules, state, by_seat)
    if refusal:
        return refusal
    extra = {"by_seat": list(by_seat), "values": rules.card_values()}
    return _score_round(rules, state, state.copy(), by_seat, extra)


def _points_bound_refusal(rules: Rules, state: State, by_seat: list[int]) -> Verdict | None:
    """Points no hand of the seat's size could be worth (more than its cards, each at the
    deck's dearest value) are a slip of the table's count: refused, with the bound."""
    dearest = rules.dearest_score
    owing = {debt.player for debt in state.debts}
    spare = state.cards_to_draw(rules)
    for seat, points in enumerate(by_seat):
        held = state.hand_counts[seat]
        # a seat still owing presses may hold cards the table did not count (judge_score)
        most = (held + spare if seat in owing else held) * dearest
        if points > most:
            return refuse(state, "points-over-hand", "scoring.method", player=seat,
                          points=points, count=held, max=most)
    return None


def _team(rules: Rules, state: State, seat: int) -> tuple[int, ...]:
    """The seats whose points add up with `seat`'s: its partner opposite, with teams of
    two at an even table of four or more; else the seat alone (two players opposite
    each other are opponents: as partners nobody would ever score)."""
    if rules.partners and state.seats % 2 == 0 and state.seats >= 4:
        return (seat, (seat + state.seats // 2) % state.seats)
    return (seat,)


def _add_own_hands(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """Scoring by own hands: every player adds their own hand's points (times the
    multiplier); once someone reaches the target, the fewest points win."""
    new.debts = ()
    scores = [total + points * rules.multiplier for total, points in zip(state.scores, by_seat)]
    new.scores = tuple(scores)
    effects: Effects = [{"type": "score", "player": seat, "points": points * rules.multiplier}
               for seat, points in enumerate(by_seat) if points]
    if rules.single_round or max(scores) >= rules.target or state.active == 1:
        # a player out of the game (being out lasts the game) no longer plays for the win
        contenders = [seat for seat in range(len(scores)) if not (rules.out_for_game and seat in state.out)]
        winner = min(contenders, key=lambda seat: (scores[seat], seat != state.winner))
        new.phase = "game-over"
        new.winner = winner
        effects.append({"type": "game-over", "winner": winner})
        return allow(new, "game-won", "scoring.method", effects, player=winner,
                     points=by_seat[winner] * rules.multiplier, total=scores[winner],
                     target=rules.target, **extra)
    new.scored = True
    return allow(new, "round-scored", "scoring.method", effects, player=state.winner,
                 points=by_seat[state.winner] * rules.multiplier, total=scores[state.winner], **extra)


def _add_round_points(rules: Rules, state: State, new: State, points: int, extra: dict[str, Any]) -> Verdict:
    winner = state.winner
    new.debts = ()
    points *= rules.multiplier
    scores = list(state.scores)
    scores[winner] += points
    new.scores = tuple(scores)
    effects: Effects = [{"type": "score", "player": winner, "points": points}]
    total = sum(scores[seat] for seat in _team(rules, state, winner))   # partners add up
    # the last player left wins; under elimination nothing else ends the game (_eliminate)
    if (rules.single_round or total >= rules.target or state.active == 1) and not rules.elimination:
        new.phase = "game-over"
        effects.append({"type": "game-over", "winner": winner})
        return allow(new, "game-won", "scoring.target", effects, player=winner, points=points,
                     total=total, target=rules.target, **extra)
    new.scored = True
    return allow(new, "round-scored", "scoring.method", effects, player=winner, points=points,
                 total=total, **extra)


def judge_deal(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase == "game-over":
        return _over_refusal(state)
    if state.phase != "round-over" or not state.scored:
        return refuse(state, "round-not-over", "scoring")
    if rules.shuffle_seats and move.seating is None:
        return refuse(state, "seating-required", "house.shuffle_seats")
    if not rules.shuffle_seats and move.seating is not None:
        return refuse(state, "seating-not-allowed", "house.shuffle_seats")
    return deal_round(rules, state, move)


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
}
