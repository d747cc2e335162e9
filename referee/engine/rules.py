"""A resolved ruleset compiled into the flat lookups the judge reads on every move.

Compiling happens once per ruleset version; judging then touches no YAML and no
nested dictionaries. Nothing here knows an edition or a card by name: every card
kind is described by its effects, its category and its options.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.rules.kinds import category, deflects, is_wild, owing_effect

from .errors import InputError
from .house import HOUSE_OPTIONS, Bomb, option_value

# Effects that need a seat named in the move.
AIMED_TARGET = "chosen"
# Effects that move hands: a card played as its player's last moves none (the round is over).
HAND_MOVES = ("trade-hands", "pass-hands")


class PendingDraw(NamedTuple):
    """What a card makes the next player owe: a draw or launcher presses."""
    kind: str                     # "draw" | "launcher"
    count: int | None  # type: ignore[assignment]  # cards or presses; None: until a card comes (or a colour)
    until_cards: bool             # presses go on until the launcher fires a card


class Challenge(NamedTuple):
    """What a challenge of the card costs: the guilty player's draw (None: the draw the
    card makes pending, a count or until a colour comes), or the challenger's extra draw
    on top of the pending one when the play was legal."""
    guilty_draw: int | None
    failed_extra_draw: int


class Penalty(NamedTuple):
    """A penalty ("draw", 2) or ("launcher", 2): cards drawn or presses owed."""
    kind: str
    amount: int


# eq=False: kinds and cards are made once per ruleset, so identity is equality (and
# comparing them field by field was a third of the judge's time).
@dataclass(frozen=True, slots=True, eq=False)
class KindSpec:
    id: str
    title: str
    category: str                 # number | action | wild
    colored: bool
    number: int | None
    score: int
    in_deck: int                  # per colour for coloured kinds, in all for wilds
    effects: tuple[dict[str, Any], ...]   # the effect mappings, in order
    choose_color: bool
    aims: bool                    # an effect aims at a chosen player
    aims_to_move_hands: bool      # ...and every such effect moves hands (none applies on a last card)
    pending: PendingDraw | None   # what a draw aimed at the next player makes them owe
    until_color: bool             # the pending draw goes on until a card of the colour in play
    victim_names_color: bool      # ...of a colour the drawing player names (color_named_by: target)
    deflects: bool                # no draw of its own, but a reverse or skip: sends a pending draw on
    lose_turn: bool               # a skip comes with the pending draw
    discard_all: bool
    restriction: str              # none | no-color-match | no-playable-card
    counts_as_match: frozenset[str]
    challenge: Challenge | None
    first_card: str               # apply | redraw | choose-color
    flips: bool                   # every card turns over: play goes on with the other side
    names_wild_turned_up: bool    # ...and a wild turned up takes the colour its player names


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    text: str                     # "red-7", "wild"
    color: str | None             # None for a wild
    kind: KindSpec


class Rules:
    """The compiled form of one resolved ruleset. A two-sided deck (`other_side`, UNO
    Flip) compiles into two Rules, one per side, each knowing the other: the side that
    is up decides which cards a string names and what they do.

    Every attribute is declared with its type: compiled (mypyc) the engine reads them
    as native fields, and checks the type of each value assigned."""

    data: dict[str, Any]
    id: str
    sides: tuple[str, ...]
    side: str | None
    colors: tuple[str, ...]
    color_set: frozenset[str]
    draw_source: str
    min_players: int
    max_players: int
    hand_size: int
    decks: int
    kinds: dict[str, KindSpec]
    uses_launcher: bool
    cards: dict[str, Card]
    deck: list[str]
    deck_size: int
    has_discard_all: bool
    dearest_score: int   # the most one card of the deck (this side) is worth
    _matching: dict[str | None, dict[str, frozenset[str]]]
    single_plays: dict[Card, dict[int, tuple[Any, ...]]]
    other_side: Rules | None
    # the options (_compile_options; the house options as engine/house.py declares them)
    draw_when_playable: bool
    draw_count: int
    draw_until_playable: bool
    draw_max: int
    after_draw: str
    drawn_only: bool
    two_player_reverse_skips: bool
    first_card_by_category: dict[str, Any]   # by category, and "by_kind"
    first_card_by_kind: dict[str, str]
    reverse_dealer_plays_first: bool
    dealer_highest_card: bool
    first_player: str
    dealer_action_value: int
    uno_precall: bool
    uno_penalty: Penalty
    uno_window_until_offender_plays: bool
    false_catch_penalty: Penalty
    target: int
    single_round: bool
    own_hands: bool
    multiplier: int
    partners: bool
    doubles: bool
    doubles_max: int
    doubles_by_number: bool
    no_wild_on_wild: bool
    stacking_same_color: bool
    stacking_cap: int | None      # the most a stacked draw may reach
    stacking_revenge: bool
    bomb: Bomb | None
    hand_cap: int | None
    mercy_limit: int | None
    mercy_for_game: bool          # a mercy knock-out lasts the whole game (house.mercy.lasts: game)
    elimination: bool
    out_for_game: bool            # being out carries over to the next deal (elimination, or mercy for the game)
    play_for_places: bool
    shuffle_seats: bool
    stacking: dict[str, frozenset[str]]
    stacking_lists: dict[str, tuple[str, ...]]   # the same answers, in the ruleset's order
    stacking_by_value: bool       # answers by count, and no answer need match (stacking_by: value)
    jump_in: bool
    no_going_out_on: tuple[str, ...]   # in the ruleset's order (the rule book states them so)

    def __init__(self, data: dict[str, Any], side: str | None = None, turned_from: Rules | None = None):
        self.data = data
        self.id = data["id"]
        other = data.get("other_side")
        self.sides = tuple(other.get("sides") or ("light", "dark")) if other else ()
        self.side = side or (self.sides[0] if self.sides else None)
        self.colors = tuple(data["colors"])
        self.color_set = frozenset(self.colors)
        self.draw_source = data["draw_source"]
        self.min_players = data["players"]["min"]
        self.max_players = data["players"]["max"]
        self.hand_size = data["hand_size"]
        self.decks = option_value(data, "decks")   # (a ruleset stored before an option existed: its schema default)
        self._compile_options(data)
        self.kinds = {kind_id: self._compile_kind(kind_id, spec) for kind_id, spec in data["cards"].items()}
        if self.stacking_by_value:
            self._stack_by_value()
        self.stacking = {kind: frozenset(answers) for kind, answers in self.stacking_lists.items()}
        # Whether a draw may be the launcher's (its count is then what it fired).
        self.uses_launcher = self.draw_source == "launcher" or any(
            effect["type"] == "launcher" for kind in self.kinds.values() for effect in kind.effects)
        self.cards = self._index_cards()
        self.deck = self._deck_list()
        self.deck_size = len(self.deck)
        self.has_discard_all = any(kind.discard_all for kind in self.kinds.values())
        self.dearest_score = max((kind.score for kind in self.kinds.values() if kind.in_deck > 0), default=0)
        # Keyed level by level rather than by a tuple: compiled, two lookups by a str or
        # an object cost less than building, hashing and comparing a tuple key.
        self._matching = {}   # {colour: {top: the card strings that match}} (see matching)
        self.single_plays = {}   # {Card: {seat * 2 + one card left: the enumerator's plays}} (legal._plays)
        self.other_side = turned_from
        if other and turned_from is None:
            faces = {**data, "colors": other["colors"], "cards": other["cards"]}
            self.other_side = Rules(faces, side=self.sides[1], turned_from=self)

    def on_side(self, side: str | None) -> Rules:
        """The rules of the side `side` (None: the side the game starts on)."""
        other = self.other_side
        if other is None:   # one side: a one-sided deck has no other
            return self
        if side is None:
            return self if self.side == self.sides[0] else other
        return self if side == self.side else other

    def _compile_options(self, data):
        draw = data["turn"]["draw"]
        self.draw_when_playable = draw["when_playable"] == "allowed"
        self.draw_count = draw["count"]
        self.draw_until_playable = draw["until_playable"]
        self.draw_max = draw["max"]
        self.after_draw = draw["after"]
        self.drawn_only = draw["play_after_draw"] == "drawn-only"
        self.two_player_reverse_skips = data["turn"]["two_player_reverse"] == "skip"
        opening = data["opening"]
        self.first_card_by_category = opening["first_card"]
        self.first_card_by_kind = opening["first_card"].get("by_kind") or {}
        self.reverse_dealer_plays_first = opening["reverse_dealer_plays_first"]
        self.dealer_highest_card = option_value(data, "opening.dealer.highest_card")
        self.first_player = option_value(data, "opening.first_player")
        self.dealer_action_value = opening["dealer"]["action_value"]
        uno = data["uno"]
        self.uno_precall = uno["call"] == "second-to-last-card"
        self.uno_penalty = _penalty(uno["penalty"])
        self.uno_window_until_offender_plays = uno["window"] == "until-offender-plays-again"
        self.false_catch_penalty = _penalty(uno["false_catch_penalty"])
        scoring = data["scoring"]
        self.target = scoring["target"]
        self.single_round = scoring["single_round"]
        self.own_hands = scoring["method"] == "own-hands"
        self.multiplier = option_value(data, "scoring.multiplier")
        self.partners = option_value(data, "scoring.teams") == "partners"
        for option in HOUSE_OPTIONS:   # (each house option declared once: engine/house.py)
            setattr(self, option.field, option.compile(option_value(data, option.path)))
        self.out_for_game = self.elimination or self.mercy_for_game

    def _compile_kind(self, kind_id, spec):
        colored = not is_wild(spec)
        effects = tuple(spec.get("effects") or ())
        kind_category = category(spec)
        pending = owed_by_next(spec)
        skips = sum(1 for effect in effects if effect["type"] == "skip")
        restriction = spec.get("restriction") or {"type": "none"}
        challenge = spec.get("challenge")
        first_card = (self.first_card_by_kind.get(kind_id)
                      or self.first_card_by_category.get(kind_category) or "apply")
        return KindSpec(
            id=kind_id,
            title=spec.get("title") or kind_id,
            category=kind_category,
            colored=colored,
            number=spec.get("number"),
            score=spec["score"],
            in_deck=spec["per_color"] if colored else spec["count"],
            effects=effects,
            choose_color=any(e["type"] == "choose-color" for e in effects),
            aims=any(e.get("target") == AIMED_TARGET for e in effects),
            aims_to_move_hands=all(e["type"] in HAND_MOVES for e in effects if e.get("target") == AIMED_TARGET),
            pending=pending,
            until_color=until_color(spec),
            victim_names_color=victim_names_color(spec),
            deflects=deflects(spec),
            lose_turn=pending is not None and skips > 0,
            discard_all=any(e["type"] == "discard-all" for e in effects),
            restriction=restriction["type"],
            counts_as_match=frozenset(restriction.get("counts_as_match") or ()),
            challenge=_challenge(challenge) if challenge else None,
            first_card=first_card,
            flips=any(e["type"] == "flip" for e in effects),
            names_wild_turned_up=any(e["type"] == "flip" and e.get("wild_turned_up") == "player"
                                     for e in effects),
        )

    def _stack_by_value(self):
        """stacking_by: value: every draw card with a count is answered by each draw card
        (of the same kind of draw) whose count is equal or higher, added to the answers
        listed. A draw until a colour comes has no count: it neither stacks nor answers."""
        def value(kind):
            pending = kind.pending
            if pending is None or kind.until_color or pending.count is None or kind.in_deck <= 0:
                return None
            return pending.count
        for kind in self.kinds.values():
            own = value(kind)
            if own is None:
                continue
            higher = [other.id for other in self.kinds.values()
                      if value(other) is not None and other.pending.kind == kind.pending.kind
                      and value(other) >= own]
            listed = self.stacking_lists.get(kind.id, ())
            self.stacking_lists[kind.id] = tuple(dict.fromkeys((*listed, *higher)))

    def _index_cards(self):
        """Every card string the deck holds, mapped to its Card. Kinds with a count of 0
        are not in the deck, so naming one is bad input, not an illegal move."""
        cards = {}
        for kind in self.kinds.values():
            if kind.in_deck <= 0:
                continue
            if kind.colored:
                for color in self.colors:
                    text = f"{color}-{kind.id}"
                    cards[text] = Card(text, color, kind)
            else:
                cards[kind.id] = Card(kind.id, None, kind)
        return cards

    def _deck_list(self):
        deck = []
        for card in self.cards.values():
            deck.extend([card.text] * (card.kind.in_deck * self.decks))
        return deck

    def card(self, text: Any, path: str) -> Card:
        """The Card a string names, or an InputError at `path`."""
        try:
            return self.cards[text]
        except (KeyError, TypeError):
            raise InputError.at(path, _unknown_card_message(self, text), "unknown-card") from None

    def card_values(self):
        """The value table of scoring, in the ruleset's order: number cards worth their
        number as one entry, then the other kinds grouped by value."""
        face, groups = [], {}
        for kind in self.kinds.values():
            if kind.in_deck <= 0:
                continue
            if kind.number is not None and kind.score == kind.number:
                face.append(kind.id)
            else:
                groups.setdefault(kind.score, []).append(kind.id)
        values = [{"face_value": face}] if face else []
        return values + [{"kinds": kinds, "points": points} for points, kinds in groups.items()]

    def matches(self, card: Card, top: Card, color: str | None) -> bool:
        """Whether `card` may be played on `top` with `color` the colour in play. A wild
        that names no colour leaves none in play: any card may follow it."""
        if card.color is None:
            return not (self.no_wild_on_wild and top.color is None)
        return color is None or card.color == color or card.kind is top.kind

    def matching(self, top: str, color: str | None) -> frozenset[str]:
        """The card strings that may be played on the card string `top` with `color` in
        play: `matches` worked out for the whole deck once per (top, colour), so that an
        enumerator asks a set instead of calling `matches` for every card of a hand."""
        by_top = self._matching.get(color)
        if by_top is None:
            by_top = self._matching[color] = {}
        found = by_top.get(top)
        if found is None:
            top_card = self.cards[top]
            found = by_top[top] = frozenset(text for text, card in self.cards.items()
                                            if self.matches(card, top_card, color))
        return found

    def category_forbids_going_out(self, kind: KindSpec) -> bool:
        return kind.id in self.no_going_out_on or kind.category in self.no_going_out_on


# --- what playing a card kind makes the next player owe, read from its data ------------

def owed_by_next(spec):
    """What playing the kind makes the next player owe, as a PendingDraw (None: nothing)."""
    effect = owing_effect(spec)
    if effect is None:
        return None
    count = effect.get("count") if effect["type"] == "draw" else effect.get("presses")
    return PendingDraw(effect["type"], count, bool(effect.get("until_cards")))


def until_color(spec):
    """Whether the draw the kind aims at the next player goes on until a card of the colour in play."""
    effect = owing_effect(spec)
    return bool(effect and effect.get("until_color"))


def victim_names_color(spec):
    """Whether the player who draws until a colour comes names that colour."""
    effect = owing_effect(spec)
    return bool(effect and effect.get("until_color") and effect.get("color_named_by") == "target")


def _challenge(spec: dict[str, Any]) -> Challenge:
    guilty = spec["guilty_draw"]
    return Challenge(None if guilty == "pending" else guilty, spec["failed_extra_draw"])


def _penalty(spec: dict[str, Any]) -> Penalty:
    if spec["type"] == "launcher":
        return Penalty("launcher", spec["presses"])
    return Penalty("draw", spec["count"])


def _unknown_card_message(rules, text):
    if not isinstance(text, str):
        return "a card is a string such as 'red-7' or 'wild'"
    shown = text if len(text) <= 40 else text[:40] + "..."
    return f"'{shown}' is not a card of the {rules.id} deck"


def compile_rules(data: dict[str, Any]) -> Rules:
    """Compile a resolved ruleset (referee.rules.Resolved.data) for the judge."""
    return Rules(data)


def compiled(rules: Rules | dict[str, Any]) -> Rules:
    """The compiled Rules of a ruleset given compiled or as its resolved data (the text
    package's entry points take either; everything after them reads the compiled one)."""
    return rules if isinstance(rules, Rules) else compile_rules(rules)
