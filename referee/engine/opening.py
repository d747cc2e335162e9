"""Opening a table and dealing a new round: the first card, handled as the ruleset says
(tests/engine/scenarios/01-opening.yaml).

The table reports every card it turned, in order: `first_card` may be one card or a
list. Each card before the last must be one the rules send back to the deck (redraw);
the last one stays and starts the discard pile. That way the referee can check the
opening without seeing the deck.
"""
from referee.problem import child

from .errors import InputError
from .state import MAX_PLAYERS, Pending, RoundScore, new_state
from .transitions import owe, pending_effect, reverse

MAX_CARDS_TURNED = 20   # cards turned up at an opening, the redrawn ones included
from .verdict import Verdict


def open_table(rules, players, dealer, first_card, color=None):
    """Open a table: a Verdict with code "table-opened". Raises InputError."""
    _check_players(rules, players)
    if type(dealer) is not int or not 0 <= dealer < len(players):
        raise InputError.at("/dealer", f"must be a seat number from 0 to {len(players) - 1}", "not-a-seat")
    rules = rules.on_side(None)   # a round starts on the first side of a two-sided deck
    state = new_state(players, dealer)
    state.side = rules.side
    return _turn_first_card(rules, state, first_card, color, "table-opened", base="", details={})


def deal_round(rules, state, move):
    """A new round after a scored one: the deal passes to the left unless `dealer` says."""
    dealer = move.dealer if move.dealer is not None else (state.dealer + 1) % state.seats
    rules = rules.on_side(None)
    if move.seating is not None:   # players changed seats: what is theirs moves with them
        state = reseat(state, move.seating)
    fresh = new_state(state.players, dealer)
    if rules.out_for_game:
        fresh.out = state.out   # out of the game, not only of the round: dealt no cards
        if move.dealer in fresh.out:   # a dealer out of the game would be the one to start after a Reverse
            raise InputError.at("/move/dealer", f"player {move.dealer} is out of the game and does not deal",
                                "not-a-seat")
        while move.dealer is None and fresh.dealer in fresh.out:   # the deal passes on to a player still in
            fresh.dealer = (fresh.dealer + 1) % state.seats
    fresh.side = rules.side
    fresh.scores = state.scores
    fresh.rounds = state.rounds   # the score sheet lasts the game
    fresh.round = state.round + 1
    details = {"round": fresh.round}
    if move.seating is not None:
        details["seating"] = list(move.seating)
    return _turn_first_card(rules, fresh, [c.text for c in move.first_card], move.color,
                            "round-dealt", base="/move", details=details)


def reseat(state, seating):
    """A copy of `state` with the players in their new seats: `seating[seat]` is the
    seat its player held before; names, scores and being out go with the players."""
    moved = state.copy()
    moved.players = tuple(state.players[old] for old in seating)
    moved.scores = tuple(state.scores[old] for old in seating)
    moved.out = frozenset(seat for seat, old in enumerate(seating) if old in state.out)
    moved.rounds = tuple(
        RoundScore(entry.round, seating.index(entry.winner), tuple(entry.points[old] for old in seating),
                   entry.by, entry.last_left, entry.reason,
                   None if entry.was is None else tuple(entry.was[old] for old in seating))
        for entry in state.rounds)
    return moved


def choose_dealer(rules, cards):
    """The seat that deals: the highest card drawn, action and wild cards counting as
    the ruleset's action value. Returns None on a tie for the highest (draw again)."""
    values = [card.kind.number if card.kind.number is not None else rules.dealer_action_value
              for card in cards]
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


def _check_players(rules, players):
    if (not isinstance(players, list)
            or not all(isinstance(name, str) and 0 < len(name.strip()) <= 100 for name in players)):
        raise InputError.at("/players", "must be a list of player names", "wrong-type")
    low, high = rules.min_players, min(rules.max_players, MAX_PLAYERS)
    if not low <= len(players) <= high:
        raise InputError.at("/players", f"{rules.id} is played by {low} to {high} players, not {len(players)}",
                            "wrong-count")
    if rules.hand_size * len(players) >= rules.deck_size:
        raise InputError.at("/players", f"a deck of {rules.deck_size} cards cannot deal {rules.hand_size} "
                                       f"to each of {len(players)} players and turn a first card",
                            "contradicts-table")


def _turn_first_card(rules, state, first_card, color, code, base, details):
    """Turn the first card of a round; `details` adds to the verdict's the code's own
    (a new round says its number; the opening is always round 1). `base` is the
    pointer of the object holding first_card and color ("" or "/move")."""
    cards = _first_cards(rules, first_card, child(base, "first_card"))
    card = cards[-1]
    action = card.kind.first_card
    names_color = card.color is None and card.kind.choose_color   # a wild naming no colour leaves none
    if color is not None and (not names_color or color not in rules.color_set):
        raise InputError.at(child(base, "color"), "is only given when the first card is a wild whose colour "
                                     "the first player names" if color in rules.color_set
                            else f"must be one of: {', '.join(rules.colors)}",
                            "conflicting-fields" if color in rules.color_set else "not-one-of")
    if names_color and color is None:
        raise InputError.at(child(base, "color"), f"the first card is {card.text}: give the colour the first player names",
                            "required")
    state.hand_counts = [0 if seat in state.out else rules.hand_size for seat in range(state.seats)]
    state.pile = rules.deck_size - sum(state.hand_counts) - 1   # the cards turned back go in
    state.top = card.text
    state.color = card.color or color
    first = state.seat_after(state.dealer, 1)
    state.current = first
    effects = [{"type": "color", "color": state.color}] if names_color else []
    if action == "apply":
        _apply_opening_effects(rules, state, card, first, effects)
    if state.phase == "play":
        effects.append({"type": "turn", "player": state.current})
    rule = f"opening.first_card.{'by_kind.' + card.kind.id if card.kind.id in rules.first_card_by_kind else card.kind.category}"
    return Verdict(True, code, rule, effects, state,
                   {"first_player": state.current, "top": state.top, "color": state.color, **details})


def _first_cards(rules, first_card, path):
    if isinstance(first_card, str):
        first_card = [first_card]
    if not isinstance(first_card, list) or not 1 <= len(first_card) <= min(MAX_CARDS_TURNED, len(rules.deck)):
        raise InputError.at(path, "give the card turned up, or the list of cards turned in order",
                            "wrong-type" if not isinstance(first_card, list) else "out-of-range")
    cards = [rules.card(text, child(path, i)) for i, text in enumerate(first_card)]
    for i, card in enumerate(cards[:-1]):
        if card.kind.first_card != "redraw":
            raise InputError.at(child(path, i), f"{card.text} turned first stays on the discard "
                                                "pile: no card is turned after it", "first-card-order")
    if cards[-1].kind.first_card == "redraw":
        raise InputError.at(child(path, len(cards) - 1),
                            f"the rules send {cards[-1].text} back into the deck: turn another card "
                            "and list both, in order", "first-card-order")
    return cards


def _apply_opening_effects(rules, state, card, first, effects):
    """The first card acts on the first player as if the dealer had played it. Effects
    that need a player who played the card (extra play, trading hands) do nothing."""
    skips = 0
    for effect in card.kind.effects:
        kind = effect["type"]
        if kind == "skip":
            skips += state.active - 1 if effect.get("target") == "others" else 1
        elif kind == "reverse":
            if reverse(rules, state, effects):
                skips += 1
            else:
                state.current = (state.dealer if rules.reverse_dealer_plays_first
                                 else state.seat_after(state.dealer, 1))
        elif kind in ("draw", "launcher") and effect.get("target", "next") in ("others", "all"):
            for seat in range(state.seats):
                if seat not in state.out:
                    owe(rules, state, seat, effect, effects)
    if card.kind.pending:
        kind, count, until = card.kind.pending
        until_color = card.kind.until_color
        state.pending = Pending(kind, None if until_color else count, first, card.text, until, skips > 0,
                                until_color=until_color)
        state.phase = "respond"
        effects.append(pending_effect(state.pending))
        if skips:
            effects.append({"type": "skip", "player": first, "pending": True})
    elif skips:
        for step in range(skips):
            effects.append({"type": "skip", "player": state.seat_after(first, step)})
        state.current = state.seat_after(first, skips)
