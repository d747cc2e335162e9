"""Moves as docs/api.md names them, checked field by field with fast code.

Parsing catches bad input (unknown cards, missing fields, seats that do not exist);
whether the move is allowed is the judge's business.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.problem import child

from .errors import InputError, problem, unknown_fields
from .opening import MAX_CARDS_TURNED

if TYPE_CHECKING:
    from .rules import Card

MOVE_FIELDS = {
    "play": {"type", "player", "cards", "card", "color", "target", "uno", "turned_up"},
    "draw": {"type", "player", "count", "presses", "cards", "color"},
    "pass": {"type", "player"},
    "call-uno": {"type", "player"},
    "catch-uno": {"type", "player", "target"},
    "challenge": {"type", "player", "hand"},
    "accept": {"type", "player"},
    "score": {"type", "hands", "points", "player", "winner"},
    "deal": {"type", "first_card", "dealer", "color", "seating"},
    "rescore": {"type", "round", "hands", "points", "reason", "player"},
}
# The limits of a move's fields: the OpenAPI document reads these (referee/api/openapi.py).
MAX_CARDS_IN_MOVE = 120   # cards played, shown, or held in a hand shown or scored
MAX_DRAW = 1000           # cards drawn (or fired by the launcher) in one move
MAX_PRESSES = 100         # launcher presses in one move
MAX_POINTS = 100_000      # one seat's points in one round, as the table counted them
MAX_REASON = 200          # characters of a rescore's reason
MAX_ROUND = 1_000_000     # a round a rescore names


class Move:
    # The fields plays and draws use are slots, set on every move; the fields of the rare
    # moves (a challenge's hand, a score, a deal) are class defaults until a move sets
    # them: the enumerator builds two or three moves for every position a simulated
    # game reaches, nearly all of them plays, draws and passes.
    __slots__ = ("type", "player", "cards", "color", "target", "uno", "count", "presses",
                 "shown", "__dict__")
    type: str
    player: int | None
    cards: tuple[Card, ...]
    color: str | None
    target: int | None
    uno: bool
    count: int
    presses: int | None
    shown: tuple[Card, ...]
    hand: tuple[Card, ...] | None = None      # challenge: the hand of the player challenged
    hands: list[tuple[Card, ...]] | None = None   # score: each seat's hand
    points: list[int] | None = None     # score: each seat's points, when counted by the table
    winner: int | None = None           # score: who went out, said by a table that keeps only scores
    first_card: tuple[Card, ...] | None = None
    dealer: int | None = None
    turned_up: Card | None = None       # the other side's card a Flip turned up on the discard pile
    seating: tuple[int, ...] | None = None   # deal: for each new seat, the seat its player held before
    round: int | None = None            # rescore: the round scored again
    reason: str | None = None           # rescore: why, as the table said it

    def __init__(self, type_: str, player: int | None = None) -> None:
        self.type = type_
        self.player = player
        self.cards = ()
        self.color = None
        self.target = None
        self.uno = False
        self.count = 1
        self.presses = None
        self.shown = ()           # cards a draw move shows (what the player received)


def parse_move(rules, data, seats, path="/move", side=None):
    """A Move from its JSON form for a table of `seats` players, its cards read on the
    side `side` of a two-sided deck (the state's `side`). Raises InputError."""
    rules = rules.on_side(side)
    if not isinstance(data, dict):
        raise InputError.at(path, "must be an object", "not-an-object")
    move_type = data.get("type")
    fields = MOVE_FIELDS.get(move_type) if isinstance(move_type, str) else None
    if fields is None:
        raise InputError.at(child(path, "type"), f"must be one of: {', '.join(MOVE_FIELDS)}", "not-one-of")
    problems = unknown_fields(data, fields, path)
    move = Move(move_type)
    reader = _MoveReader(rules, data, path, seats, problems)
    getattr(reader, "read_" + move_type.replace("-", "_"))(move)
    if problems:
        raise InputError(problems)
    return move


class _MoveReader:
    def __init__(self, rules, data, path, seats, problems):
        self.rules = rules
        self.data = data
        self.path = path
        self.seats = seats
        self.problems = problems

    def at(self, key, *more):
        """The pointer of a field of this move (`key` may be a tuple: ("hands", 2))."""
        return child(self.path, *(key if isinstance(key, tuple) else (key,)), *more)

    def fail(self, key, message, code):
        self.problems.append(problem(self.at(key), message, code))

    def seat(self, key, required=True):
        value = self.data.get(key)
        if value is None and not required:
            return None
        if type(value) is not int or not 0 <= value < self.seats:
            self.fail(key, f"must be a seat number from 0 to {self.seats - 1}", "not-a-seat")
            return None
        return value

    def count(self, key, default, low=0, high=MAX_DRAW):
        value = self.data.get(key, default)
        if value is None:
            return default
        if type(value) is not int or not low <= value <= high:
            self.fail(key, f"must be a whole number from {low} to {high}", "out-of-range")
            return default
        return value

    def card_list(self, key, required=True, allow_empty=False, value=..., most=MAX_CARDS_IN_MOVE):
        if value is ...:
            value = self.data.get(key)
        if value is None:
            if required:
                self.fail(key, "is required", "required")
            return None
        if not isinstance(value, list) or len(value) > most or (not value and not allow_empty):
            self.fail(key, "must be a list of cards" + ("" if allow_empty else ", at least one"),
                      "wrong-type" if not isinstance(value, list) else "out-of-range")
            return None
        cards = []
        for i, text in enumerate(value):
            card = self.rules.cards.get(text) if isinstance(text, str) else None
            if card is None:
                try:
                    self.rules.card(text, self.at(key, i))
                except InputError as err:
                    self.problems.extend(err.problems)
                continue
            cards.append(card)
        return tuple(cards)

    def read_play(self, move):
        move.player = self.seat("player")
        if "card" in self.data and "cards" in self.data:
            self.fail("card", "give either card or cards, not both", "conflicting-fields")
        if "card" in self.data:  # a single card, as a convenience
            move.cards = self.card_list("card", value=[self.data["card"]]) or ()
        else:
            move.cards = self.card_list("cards") or ()
        if "turned_up" in self.data:
            move.turned_up = self.turned_up()
        # a colour named for a wild a Flip turns up is one of the other side's (wild_turned_up: player)
        turned = move.turned_up
        colors = self.rules.other_side if turned is not None and turned.color is None else self.rules
        color = self.data.get("color")
        if color is not None and (not isinstance(color, str) or color not in colors.color_set):
            self.fail("color", f"must be one of: {', '.join(colors.colors)}", "not-one-of")
        else:
            move.color = color
        move.target = self.seat("target", required=False)
        uno = self.data.get("uno", False)
        if type(uno) is not bool:
            self.fail("uno", "must be true or false", "wrong-type")
        move.uno = uno is True

    def turned_up(self):
        """The card a Flip turned up: a card of the other side of the deck."""
        other = self.rules.other_side
        if other is None:
            self.fail("turned_up", f"the {self.rules.id} deck has one side: no card is turned up",
                      "unknown-field")
            return None
        text = self.data["turned_up"]
        card = other.cards.get(text) if isinstance(text, str) else None
        if card is None:
            try:
                other.card(text, self.at("turned_up"))
            except InputError as err:
                self.problems.extend(err.problems)
        return card

    def read_draw(self, move):
        move.player = self.seat("player")
        if "count" not in self.data and self.rules.uses_launcher:
            # What the launcher fired cannot be guessed: a silent 1 would desynchronise
            # the table's hand counts from the real hands.
            self.fail("count", "is required: how many cards the launcher fired (0 when none)", "required")
        move.count = self.count("count", 1)
        move.presses = self.count("presses", None, low=1, high=MAX_PRESSES)
        move.shown = self.card_list("cards", required=False, allow_empty=True) or ()
        self.read_color(move)

    def read_color(self, move):
        color = self.data.get("color")
        if color is not None and (not isinstance(color, str) or color not in self.rules.color_set):
            self.fail("color", f"must be one of: {', '.join(self.rules.colors)}", "not-one-of")
        else:
            move.color = color

    def read_pass(self, move):
        move.player = self.seat("player")

    # (methods of their own, not aliases of read_pass: compiled, a class attribute that
    # names a method is not found by getattr)
    def read_call_uno(self, move):
        self.read_pass(move)

    def read_accept(self, move):
        self.read_pass(move)

    def read_catch_uno(self, move):
        move.player = self.seat("player")
        move.target = self.seat("target")

    def read_challenge(self, move):
        move.player = self.seat("player")
        move.hand = self.card_list("hand", allow_empty=True)

    def read_score(self, move):
        move.winner = self.seat("winner", required=False)
        if "points" in self.data:
            self.read_points(move)
            return
        hands = self.data.get("hands")
        if not isinstance(hands, list) or len(hands) != self.seats:
            self.fail("hands", f"must list {self.seats} hands, one per seat (the winner's empty)", "wrong-count")
            return
        move.hands = [self.card_list(("hands", seat), allow_empty=True, value=hand) or ()
                      for seat, hand in enumerate(hands)]
        move.player = self.seat("player", required=False)

    def read_rescore(self, move):
        """A past round's score given again (its hands or its points) with the reason."""
        number = self.data.get("round")
        if type(number) is not int or not 1 <= number <= MAX_ROUND:
            self.fail("round", f"must be a round number from 1 to {MAX_ROUND}", "out-of-range")
        else:
            move.round = number
        reason = self.data.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
            self.fail("reason", f"is required: why the round is scored again, 1 to {MAX_REASON} characters",
                      "required" if reason is None else "out-of-range")
        else:
            move.reason = reason
        if "hands" not in self.data and "points" not in self.data:
            self.fail("hands", "give the round's hands (or its points instead)", "required")
            return
        self.read_score(move)

    def read_points(self, move):
        """Points as the table counted them, one number per seat (the winner's 0)."""
        if "hands" in self.data:
            self.fail("hands", "give either hands or points, not both", "conflicting-fields")
        points = self.data["points"]
        if (not isinstance(points, list) or len(points) != self.seats
                or not all(type(p) is int and 0 <= p <= MAX_POINTS for p in points)):
            self.fail("points", f"must list {self.seats} whole numbers from 0 to {MAX_POINTS}, "
                                "one per seat (the winner's 0)", "wrong-count")
            return
        move.points = list(points)
        move.player = self.seat("player", required=False)

    def seating(self, key):
        """A new seating: for each seat, the seat its player held before; every seat once."""
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != self.seats:
            self.fail(key, f"must list {self.seats} seats, one for each seat of the table", "wrong-count")
            return None
        if sorted(v if type(v) is int else -1 for v in value) != list(range(self.seats)):
            self.fail(key, f"must list each seat from 0 to {self.seats - 1} exactly once", "not-a-permutation")
            return None
        return tuple(value)

    def read_deal(self, move):
        self.rules = self.rules.on_side(None)   # a round is dealt on the first side
        first = self.data.get("first_card")
        move.first_card = self.card_list("first_card", value=[first] if isinstance(first, str) else first,
                                         most=MAX_CARDS_TURNED)
        move.dealer = self.seat("dealer", required=False)
        move.seating = self.seating("seating")
        color = self.data.get("color")
        if color is not None and (not isinstance(color, str) or color not in self.rules.color_set):
            self.fail("color", f"must be one of: {', '.join(self.rules.colors)}", "not-one-of")
        else:
            move.color = color
