"""The public state of a table: what everyone at a physical table can see.

The referee knows how many cards each player holds, never which (a hand is seen only
when a move shows it). The JSON form is documented in docs/api.md (The state): with the
fields the judge needs to be a pure function of (state, move): whether the current player has
drawn, an extra play offered, skips waiting to be applied, UNO calls and exposures,
and launcher presses owed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from referee.problem import child

from .errors import InputError, problem

if TYPE_CHECKING:
    from .rules import Rules

CLOCKWISE, COUNTER = 1, -1
DIRECTIONS = {"clockwise": CLOCKWISE, "counterclockwise": COUNTER, "counter-clockwise": COUNTER}
DIRECTION_NAMES = {CLOCKWISE: "clockwise", COUNTER: "counterclockwise"}
PHASES = ("play", "respond", "round-over", "game-over")
MAX_PLAYERS = 10
MAX_HAND = 1000          # the largest deck a ruleset may have
_NOBODY: frozenset[int] = frozenset()


class Pending:
    """A draw or launcher presses owed by the player who must answer before playing.
    Replaced, never changed, when the draw moves on. A class with slots rather than a
    named tuple: the judge reads its fields on every answer, and slot reads are faster."""

    __slots__ = ("kind", "count", "player", "card", "until_cards", "lose_turn",
                 "by", "prev_color", "prev_top", "until_color")

    kind: str
    count: int | None
    player: int
    card: str
    until_cards: bool
    lose_turn: bool
    by: int | None
    prev_color: str | None
    prev_top: str | None
    until_color: bool

    def __init__(self, kind: str, count: int | None, player: int, card: str, until_cards: bool = False,
                 lose_turn: bool = False, by: int | None = None, prev_color: str | None = None,
                 prev_top: str | None = None, until_color: bool = False) -> None:
        self.kind = kind              # "draw" | "launcher"
        self.count = count            # cards, or presses; None: until the launcher fires
        # a draw until a card of the colour in play comes (count None; or, after a failed
        # challenge, the cards the challenger draws on after it)
        self.until_color = until_color
        self.player = player
        self.card = card              # the card string that caused it (the last stacked)
        self.until_cards = until_cards
        self.lose_turn = lose_turn
        self.by = by                  # who played it (None at the opening or once stacked)
        self.prev_color = prev_color  # the colour and top card it was played on:
        self.prev_top = prev_top      # what a challenge judges the shown hand against

    def on_its_player(self) -> bool:
        """Whether the draw falls on the player of the card (a challenge found them
        guilty): they are never the next player, and the turn then goes on from them."""
        return self.by is not None and self.by == self.player

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "count": self.count, "player": self.player,
                "card": self.card, "until_cards": self.until_cards,
                "lose_turn": self.lose_turn, "by": self.by,
                "prev_color": self.prev_color, "prev_top": self.prev_top,
                "until_color": self.until_color}


class Debt(NamedTuple):
    """Launcher presses a player owes outside the turn (a penalty or a card aimed at
    several players), settled by the player's next draw."""
    player: int
    presses: int | None           # None: until the launcher fires a card
    until_cards: bool


class RoundScore:
    """One round of the score sheet: who won it, what each seat scored for it (what it
    added to their totals), whether it was scored from the hands (`hands`) or from each
    seat's points (`points`), whether its winner was the last player left in, holding
    cards (the mercy rule), and the last rescore of it (its reason and the points it
    replaced), if any. Replaced, never changed, by a rescore."""

    __slots__ = ("round", "winner", "points", "by", "last_left", "reason", "was")

    round: int
    winner: int
    points: tuple[int, ...]
    by: str
    last_left: bool
    reason: str | None
    was: tuple[int, ...] | None

    def __init__(self, round_: int, winner: int, points: tuple[int, ...], by: str,
                 last_left: bool = False, reason: str | None = None,
                 was: tuple[int, ...] | None = None) -> None:
        self.round = round_
        self.winner = winner
        self.points = points
        self.by = by            # "hands" | "points"
        self.last_left = last_left
        self.reason = reason    # the reason of the last rescore (None: never rescored)
        self.was = was          # the points that rescore replaced

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "winner": self.winner, "points": list(self.points),
                "by": self.by, "last_left": self.last_left,
                "rescore": None if self.reason is None else
                {"reason": self.reason, "was": list(self.was or ())}}


MAX_ROUNDS = 1000   # rounds on a score sheet a state may carry


# The fields of a State, in order (compiled, a State has no readable __slots__).
STATE_FIELDS = ("players", "dealer", "current", "direction", "top", "color", "hand_counts",
                "pending", "phase", "scores", "round", "drawn", "drawn_card", "extra_play",
                "skips", "uno_called", "uno_exposed", "debts", "winner", "scored", "pile", "out",
                "side", "places", "rounds")


class State:
    """Every field is declared with its type: compiled (mypyc), the engine reads them
    as native fields and checks the type of each value assigned (a wrong one raises
    TypeError)."""

    __slots__ = STATE_FIELDS

    players: tuple[str, ...]
    dealer: int
    current: int
    direction: int
    top: str | None
    color: str | None
    hand_counts: list[int]
    pending: Pending | None
    phase: str
    scores: tuple[int, ...]
    round: int
    drawn: bool
    drawn_card: str | None
    extra_play: bool
    skips: int
    uno_called: frozenset[int]
    uno_exposed: frozenset[int]
    debts: tuple[Debt, ...]
    winner: int | None
    scored: bool
    pile: int | None
    out: frozenset[int]
    side: str | None
    places: tuple[int, ...]
    rounds: tuple[RoundScore, ...]

    def copy(self) -> State:
        new = State()
        new.players = self.players
        new.dealer = self.dealer
        new.current = self.current
        new.direction = self.direction
        new.top = self.top
        new.color = self.color
        new.hand_counts = list(self.hand_counts)
        new.pending = self.pending          # Pending objects are replaced, never mutated
        new.phase = self.phase
        new.scores = self.scores            # replaced when scoring, never mutated
        new.round = self.round
        new.drawn = self.drawn
        new.drawn_card = self.drawn_card
        new.extra_play = self.extra_play
        new.skips = self.skips
        new.uno_called = self.uno_called    # frozensets
        new.uno_exposed = self.uno_exposed
        new.debts = self.debts              # a tuple of Debt
        new.winner = self.winner
        new.scored = self.scored
        new.pile = self.pile
        new.out = self.out                  # a frozenset
        new.side = self.side
        new.places = self.places            # a tuple
        new.rounds = self.rounds            # a tuple of RoundScore, replaced, never mutated
        return new

    def cards_to_draw(self, rules: Rules) -> int:
        """Cards the table can still draw: the pile and the discards under the top card
        (shuffled into a new pile when the pile runs out)."""
        held = 0
        for count in self.hand_counts:   # compiled, a loop of native ints: sum() is a Python call
            held += count
        return rules.deck_size - held - (1 if self.top else 0)

    def cards_for(self, rules: Rules, seat: int) -> int:
        """Cards `seat` can still draw: what the table has, and no more than the room left
        under the ruleset's hand limit."""
        available = self.cards_to_draw(rules)
        if rules.hand_cap is None:
            return available
        return max(0, min(available, rules.hand_cap - self.hand_counts[seat]))

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def active(self) -> int:
        """How many players are still in the round (the mercy rule puts players out)."""
        return len(self.players) - len(self.out)

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places on in the direction of play, over players who are out."""
        n = len(self.players)
        if not self.out:
            return (seat + self.direction * steps) % n
        for _ in range(steps):
            seat = (seat + self.direction) % n
            while seat in self.out:
                seat = (seat + self.direction) % n
        return seat

    def to_json(self) -> dict[str, Any]:
        """The JSON form. Empty seat sets and debts are written without sorting or a
        comprehension (inline: a function for it cost 0.6k instructions a call), and
        `side` and `places` added when present rather than unpacked from a dict built
        for them (callgrind, a state with none of them: 20k -> 13k instructions)."""
        answer = {
            "players": list(self.players),
            "dealer": self.dealer,
            "current": self.current,
            "direction": DIRECTION_NAMES[self.direction],
            "top": self.top,
            "color": self.color,
            "hand_counts": list(self.hand_counts),
            "pending": self.pending.to_json() if self.pending else None,
            "phase": self.phase,
            "scores": list(self.scores),
            "round": self.round,
            "drawn": self.drawn,
            "drawn_card": self.drawn_card,
            "extra_play": self.extra_play,
            "skips": self.skips,
            "uno": {"called": sorted(self.uno_called) if self.uno_called else [],
                    "catchable": sorted(self.uno_exposed) if self.uno_exposed else []},
            "debts": [{"player": p, "kind": "launcher", "count": presses, "until_cards": until}
                      for p, presses, until in self.debts] if self.debts else [],
            "winner": self.winner,
            "scored": self.scored,
            "pile": self.pile,
            "out": sorted(self.out) if self.out else [],
        }
        if self.side is not None:
            answer["side"] = self.side
        if self.places:
            answer["places"] = list(self.places)
        answer["rounds"] = [entry.to_json() for entry in self.rounds] if self.rounds else []
        return answer


def new_state(players: list[str] | tuple[str, ...], dealer: int) -> State:
    state = State()
    state.players = tuple(players)
    state.dealer = dealer
    state.current = dealer
    state.direction = CLOCKWISE
    state.top = None
    state.color = None
    state.hand_counts = []
    state.pending = None
    state.phase = "play"
    state.scores = (0,) * len(players)
    state.round = 1
    state.drawn = False
    state.drawn_card = None
    state.extra_play = False
    state.skips = 0
    state.uno_called = frozenset()
    state.uno_exposed = frozenset()
    state.debts = ()
    state.winner = None
    state.scored = False
    state.pile = None         # cards in the draw pile (or launcher); None: not tracked
    state.out = frozenset()   # players out of the round (the mercy rule)
    state.side = None         # the side of a two-sided deck that is up; None: one-sided
    state.places = ()         # seats that finished this round, in order (playing on for places)
    state.rounds = ()         # the score sheet: every round scored, in order
    return state


# --- parsing a state sent by a client (the stateless check) ------------------------

class _Reader:
    """Reads fields of one JSON object, collecting every problem with its path: the
    pointer of the object at `parent` and `tokens` (e.g. "/state", "debts", 0), written
    only when a problem needs it (writing the UNO object's pointer up front was 1 us of
    a 13 us parse, by CPU time)."""

    def __init__(self, data, parent, *tokens):
        self.data = data
        self._parent = parent
        self._tokens = tokens
        self.problems = []
        if not isinstance(data, dict):
            raise InputError.at(self.path, "must be an object", "not-an-object")

    @property
    def path(self) -> str:
        return child(self._parent, *self._tokens) if self._tokens else self._parent

    def fail(self, key, message, code):
        self.problems.append(problem(child(self.path, key), message, code))

    def int(self, key, low, high, default=..., optional=False):
        value = self.data.get(key, default)
        if value is ...:
            self.fail(key, "is required", "required")
            return low
        if value is None and optional:
            return None
        if type(value) is not int or not low <= value <= high:
            self.fail(key, f"must be a whole number from {low} to {high}", "out-of-range")
            return low
        return value

    def bool(self, key, default=False):
        value = self.data.get(key, default)
        if type(value) is not bool:
            self.fail(key, "must be true or false", "wrong-type")
            return default
        return value

    def choice(self, key, choices, default=...):
        value = self.data.get(key, default)
        if value is ...:
            self.fail(key, "is required", "required")
            return None
        if not isinstance(value, str) or value not in choices:
            self.fail(key, f"must be one of: {', '.join(choices)}", "not-one-of")
            return None
        return value

    def card(self, rules, key, optional=False):
        value = self.data.get(key)
        if value is None:
            if not optional:
                self.fail(key, "is required", "required")
            return None
        if not isinstance(value, str) or value not in rules.cards:
            try:
                rules.card(value, child(self.path, key))
            except InputError as err:
                self.problems.extend(err.problems)
            return None
        return value

    def seats(self, key, count):
        value = self.data.get(key, [])
        if type(value) is list and not value:  # nearly always: nobody (no generator)
            return _NOBODY
        if not isinstance(value, list) or len(value) > count or any(
                type(v) is not int or not 0 <= v < count for v in value):
            self.fail(key, "must be a list of seat numbers", "not-a-seat")
            return frozenset()
        return frozenset(value)

    def places(self, key, count, state):
        """Seats in finishing order: each once; while the round is live, each one out."""
        value = self.data.get(key, [])
        if type(value) is list and not value:  # nearly always: nobody has finished
            return ()
        if (not isinstance(value, list) or len(set(value)) != len(value) or any(
                type(v) is not int or not 0 <= v < count for v in value)):
            self.fail(key, "must be a list of different seat numbers", "not-a-seat")
            return ()
        if state.phase in ("play", "respond") and not set(value) <= state.out:
            self.fail(key, "lists a player still in the round: a player who finished is out", "contradicts-table")
        return tuple(value)

    def done(self):
        if self.problems:
            raise InputError(self.problems)


def _turned_up_wild(rules, data):
    """A wild that a Flip turned up names no colour (ruling 24): on a two-sided deck a
    state may say so with an explicit `"color": null`. A missing colour stays an error."""
    return rules.other_side is not None and "color" in data and data["color"] is None


def parse_state(rules, data, path="/state"):
    """A State from its JSON form, every field checked. Raises InputError.

    Each field is tested inline for the valid values it nearly always has; a value
    that fails the test goes to the reader's method, which says what is wrong (or, for
    a test stricter than the reader, takes the value as the reader would). The reader's
    method for every field, and all() over generators for the lists, cost half as much
    again (callgrind, bench/check_cost.py's state: 67k -> 44k instructions)."""
    r = _Reader(data, path)
    get = data.get
    players = get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS
            or not _names(players)):
        r.fail("players", f"must list from 2 to {MAX_PLAYERS} player names", "wrong-count")
        r.done()
    n = len(players)
    state = new_state(players, 0)
    if rules.sides:
        # The side that is up says which cards the strings name: read it first.
        state.side = r.choice("side", rules.sides, default=rules.sides[0]) or rules.sides[0]
        rules = rules.on_side(state.side)
    elif get("side") is not None:
        r.fail("side", f"the {rules.id} deck has one side", "not-one-of")
    value = get("dealer", 0)
    state.dealer = value if type(value) is int and 0 <= value < n else r.int("dealer", 0, n - 1, default=0)
    value = get("current")
    state.current = value if type(value) is int and 0 <= value < n else r.int("current", 0, n - 1)
    value = get("direction", "clockwise")
    state.direction = (DIRECTIONS[value] if type(value) is str and value in DIRECTIONS
                       else DIRECTIONS.get(r.choice("direction", tuple(DIRECTIONS), default="clockwise"),
                                           CLOCKWISE))
    cards = rules.cards
    value = get("top")
    state.top = value if type(value) is str and value in cards else r.card(rules, "top")
    value = get("phase", "play")
    state.phase = (value if type(value) is str and value in PHASES
                   else r.choice("phase", PHASES, default="play") or "play")
    value = get("color")
    if value is not None:
        state.color = (value if type(value) is str and value in rules.colors
                       else r.choice("color", rules.colors))
    top_card = cards.get(state.top)
    if top_card is not None:
        if top_card.color is not None and state.color is None:
            state.color = top_card.color
        if (state.color is None and state.phase in ("play", "respond") and top_card.kind.choose_color
                and not _turned_up_wild(rules, data)):
            r.fail("color", "is required: name the colour in play", "required")
    counts = get("hand_counts")
    if not isinstance(counts, list) or len(counts) != n or not _whole_numbers(counts, MAX_HAND):
        r.fail("hand_counts", f"must list {n} card counts, one per player", "wrong-count")
    else:
        state.hand_counts = list(counts)
    scores = get("scores", ...)  # missing: nobody has scored yet, as new_state has it
    if scores is not ...:
        if not isinstance(scores, list) or len(scores) != n or not _whole_numbers(scores, 10**6):
            r.fail("scores", f"must list {n} scores", "wrong-count")
        else:
            state.scores = tuple(scores)
    if state.hand_counts and sum(state.hand_counts) + (1 if state.top else 0) > rules.deck_size:
        r.fail("hand_counts", f"the hands and the top card hold more cards than the deck ({rules.deck_size})",
               "contradicts-table")
    value = get("pile")
    state.pile = (value if value is None or type(value) is int and 0 <= value <= rules.deck_size
                  else r.int("pile", 0, rules.deck_size, default=None, optional=True))
    if state.pile is not None and state.hand_counts and state.pile > state.cards_to_draw(rules):
        r.fail("pile", "holds more cards than the hands and the discard pile leave", "contradicts-table")
    value = get("round", 1)
    state.round = value if type(value) is int and 1 <= value <= 10**6 else r.int("round", 1, 10**6, default=1)
    value = get("drawn", False)
    state.drawn = value if type(value) is bool else r.bool("drawn")
    value = get("drawn_card")
    state.drawn_card = (value if value is None or type(value) is str and value in cards
                        else r.card(rules, "drawn_card", optional=True))
    value = get("extra_play", False)
    state.extra_play = value if type(value) is bool else r.bool("extra_play")
    value = get("skips", 0)
    state.skips = value if type(value) is int and 0 <= value <= 1000 else r.int("skips", 0, 1000, default=0)
    value = get("winner")
    state.winner = (value if value is None or type(value) is int and 0 <= value < n
                    else r.int("winner", 0, n - 1, default=None, optional=True))
    value = get("scored", False)
    state.scored = value if type(value) is bool else r.bool("scored")
    uno = get("uno") or {}
    if not isinstance(uno, dict):
        r.fail("uno", "must be an object", "not-an-object")
    elif uno.get("called") != [] or uno.get("catchable") != []:  # else nobody: as new_state
        u = _Reader(uno, path, "uno")
        state.uno_called = u.seats("called", n)
        state.uno_exposed = u.seats("catchable", n)
        r.problems.extend(u.problems)
    if get("out") != [] or get("places") != []:  # else nobody is out: as new_state
        state.out = r.seats("out", n)
        state.places = r.places("places", n, state)
    if len(state.out) >= n - 1 and state.phase in ("play", "respond"):
        r.fail("out", "leaves fewer than two players in a live round", "contradicts-table")
    elif state.out and state.current in state.out:
        r.fail("current", "is a player who is out of the round", "not-a-seat")
    state.pending = _parse_pending(rules, get("pending"), n, r)
    state.debts = _parse_debts(get("debts") or [], n, r)
    if state.phase == "respond" and get("pending") is None:
        r.fail("pending", "is required when the phase is respond", "required")
    if state.pending is not None and state.phase == "play":
        state.phase = "respond"
    sheet = get("rounds")
    if sheet:   # nearly always absent or empty early on: no round scored yet
        state.rounds = _parse_rounds(sheet, state, r)
    r.done()
    return state


def _names(players):
    """Whether each player is named by 1 to 100 characters (a loop: all() over a
    generator cost twice as much for a table's few)."""
    for name in players:
        if not isinstance(name, str) or not 0 < len(name) <= 100:
            return False
    return True


def _whole_numbers(values, high):
    """Whether each value is a whole number from 0 to `high` (true and false are not)."""
    for value in values:
        if type(value) is not int or not 0 <= value <= high:
            return False
    return True


def _parse_pending(rules, data, n, parent):
    if data is None:
        return None
    r = _Reader(data, parent.path, "pending")
    kind = r.choice("kind", ("draw", "launcher"))
    until = r.bool("until_cards")
    until_color = r.bool("until_color")
    count = r.int("count", 1, 1000, default=None, optional=until or until_color)
    player = r.int("player", 0, n - 1)
    # Required: the card that made the draw pending is where its rule is read
    # (accepting one without it was a KeyError, a 500).
    card = r.card(rules, "card")
    lose_turn = r.bool("lose_turn")
    by = r.int("by", 0, n - 1, default=None, optional=True)
    prev_color = r.choice("prev_color", rules.colors, default=None) if data.get("prev_color") else None
    prev_top = r.card(rules, "prev_top", optional=True)
    if by is not None and by != player and prev_top is None and "prev_top" not in data:
        # a challenge judges the hand shown against the card the draw card was played on
        r.fail("prev_top", "is required when `by` names who played the card", "required")
    if r.problems:   # the state is refused (parse_state's r.done): no Pending of wrong values
        parent.problems.extend(r.problems)
        return None
    assert kind is not None and card is not None   # r.problems would say otherwise
    return Pending(kind, count, player, card, until, lose_turn, by, prev_color, prev_top, until_color)


def _parse_rounds(data, state, parent):
    """The score sheet: each round scored once, in order, none after the state's round."""
    n = state.seats
    if not isinstance(data, list) or len(data) > MAX_ROUNDS:
        parent.fail("rounds", f"must be a list of at most {MAX_ROUNDS} rounds", "wrong-type")
        return ()
    entries = []
    last = 0
    for i, item in enumerate(data):
        r = _Reader(item, parent.path, "rounds", i)
        number = r.int("round", 1, 10**6)
        if not r.problems and (number <= last or number > state.round):
            r.fail("round", f"must come after round {last} and be no later than round {state.round}",
                   "out-of-range")
        last = max(last, number)
        winner = r.int("winner", 0, n - 1)
        points = item.get("points")
        if not isinstance(points, list) or len(points) != n or not _whole_numbers(points, 10**6):
            r.fail("points", f"must list {n} whole numbers, one per seat", "wrong-count")
            points = [0] * n
        by = r.choice("by", ("hands", "points")) or "hands"
        last_left = r.bool("last_left")
        rescore = item.get("rescore")
        reason, was = None, None
        if rescore is not None:
            rr = _Reader(rescore, r.path, "rescore")
            value = rescore.get("reason")
            if not isinstance(value, str) or not 0 < len(value) <= 200:
                rr.fail("reason", "must be a text of 1 to 200 characters", "wrong-type")
            else:
                reason = value
            value = rescore.get("was")
            if not isinstance(value, list) or len(value) != n or not _whole_numbers(value, 10**6):
                rr.fail("was", f"must list {n} whole numbers, one per seat", "wrong-count")
            else:
                was = tuple(value)
            r.problems.extend(rr.problems)
        parent.problems.extend(r.problems)
        if not r.problems:
            entries.append(RoundScore(number, winner, tuple(points), by, last_left, reason, was))
    return tuple(entries)


def _parse_debts(data, n, parent):
    if not data:  # nearly always: nobody owes presses
        return ()
    if not isinstance(data, list) or len(data) > 4 * MAX_PLAYERS:
        parent.fail("debts", "must be a list", "wrong-type")
        return ()
    debts = []
    for i, item in enumerate(data):
        r = _Reader(item, parent.path, "debts", i)
        until = r.bool("until_cards")
        debts.append(Debt(r.int("player", 0, n - 1), r.int("count", 1, 1000, default=None, optional=until), until))
        parent.problems.extend(r.problems)
    return tuple(debts)
