"""A resolved ruleset compiled into the flat lookups the judge reads on every move.

Compiling happens once per ruleset version; judging then touches no YAML and no
nested dictionaries. Nothing here knows an edition or a card by name: every card
kind is described by its effects, its category and its options.
"""
from dataclasses import dataclass

from .errors import InputError

# Effects that need a seat named in the move.
AIMED_TARGET = "chosen"


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
    effects: tuple                # the effect mappings, in order
    choose_color: bool
    aims: bool                    # an effect aims at a chosen player
    pending: tuple | None         # ("draw"|"launcher", count, until_cards) aimed at next
    until_color: bool             # the pending draw goes on until a card of the colour in play
    skips_all: bool               # a skip aimed at every other player: its player plays again
    deflects: bool                # no draw of its own, but a reverse or skip: sends a pending draw on
    lose_turn: bool               # a skip comes with the pending draw
    discard_all: bool
    restriction: str              # none | no-color-match | no-playable-card
    counts_as_match: frozenset
    challenge: tuple | None       # (guilty_draw, failed_extra_draw)
    first_card: str               # apply | redraw | choose-color


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    text: str                     # "red-7", "wild"
    color: str | None             # None for a wild
    kind: KindSpec


class Rules:
    """The compiled form of one resolved ruleset."""

    def __init__(self, data):
        self.data = data
        self.id = data["id"]
        self.colors = tuple(data["colors"])
        self.color_set = frozenset(self.colors)
        self.draw_source = data["draw_source"]
        self.min_players = data["players"]["min"]
        self.max_players = data["players"]["max"]
        self.hand_size = data["hand_size"]
        self.decks = data.get("decks", 1)
        self._compile_options(data)
        self.kinds = {kind_id: self._compile_kind(kind_id, spec) for kind_id, spec in data["cards"].items()}
        # Whether a draw may be the launcher's (its count is then what it fired).
        self.uses_launcher = self.draw_source == "launcher" or any(
            effect["type"] == "launcher" for kind in self.kinds.values() for effect in kind.effects)
        self.cards = self._index_cards()
        self.deck = self._deck_list()
        self.deck_size = len(self.deck)
        self.has_discard_all = any(kind.discard_all for kind in self.kinds.values())
        self._matching = {}   # (top, colour) -> the card strings that match (see matching)

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
        self.multiplier = scoring.get("multiplier", 1)
        self.partners = scoring.get("teams") == "partners"
        house = data["house"]
        self.doubles = house["doubles"]["enabled"]
        self.doubles_max = house["doubles"]["max_cards"]
        self.doubles_by_number = house["doubles"].get("match") == "number"
        self.no_wild_on_wild = house.get("no_wild_on_wild", False)
        self.stacking_same_color = house.get("stacking_same_color", False)
        self.stacking_revenge = house.get("stacking_revenge", False)
        bomb = house.get("bomb") or {}
        self.bomb = (bomb.get("min_cards", 3), bomb.get("count", 1)) if bomb.get("enabled") else None
        cap = house.get("hand_cap") or {}
        self.hand_cap = cap.get("max_cards", 25) if cap.get("enabled") else None
        mercy = house.get("mercy") or {}
        self.mercy_limit = mercy.get("max_cards", 25) if mercy.get("enabled") else None
        self.stacking = {kind: frozenset(answers) for kind, answers in house["stacking"].items()}
        self.jump_in = house["jump_in"]["enabled"]
        self.no_going_out_on = frozenset(house["no_going_out_on"])

    def _compile_kind(self, kind_id, spec):
        colored = spec.get("per_color") is not None
        number = spec.get("number")
        effects = tuple(spec.get("effects") or ())
        category = "wild" if not colored else ("number" if number is not None else "action")
        pending = None
        skips = 0
        until_color = skips_all = False
        for effect in effects:
            if effect.get("target", "next") == "next" and effect["type"] in ("draw", "launcher"):
                count = effect.get("count") if effect["type"] == "draw" else effect.get("presses")
                pending = (effect["type"], count, bool(effect.get("until_cards")))
                until_color = bool(effect.get("until_color"))
            if effect["type"] == "skip":
                skips += 1
                skips_all = skips_all or effect.get("target") == "others"
        restriction = spec.get("restriction") or {"type": "none"}
        challenge = spec.get("challenge")
        first_card = (self.first_card_by_kind.get(kind_id)
                      or self.first_card_by_category.get(category) or "apply")
        return KindSpec(
            id=kind_id,
            title=spec.get("title") or kind_id,
            category=category,
            colored=colored,
            number=number,
            score=spec["score"],
            in_deck=spec["per_color"] if colored else spec["count"],
            effects=effects,
            choose_color=any(e["type"] == "choose-color" for e in effects),
            aims=any(e.get("target") == AIMED_TARGET for e in effects),
            pending=pending,
            until_color=until_color,
            skips_all=skips_all,
            deflects=pending is None and any(e["type"] in ("reverse", "skip") for e in effects),
            lose_turn=pending is not None and skips > 0,
            discard_all=any(e["type"] == "discard-all" for e in effects),
            restriction=restriction["type"],
            counts_as_match=frozenset(restriction.get("counts_as_match") or ()),
            challenge=(challenge["guilty_draw"], challenge["failed_extra_draw"]) if challenge else None,
            first_card=first_card,
        )

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

    def card(self, text, path):
        """The Card a string names, or an InputError at `path`."""
        try:
            return self.cards[text]
        except (KeyError, TypeError):
            raise InputError.at(path, _unknown_card_message(self, text)) from None

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

    def matches(self, card, top, color):
        """Whether `card` may be played on `top` with `color` the colour in play. A wild
        that names no colour leaves none in play: any card may follow it."""
        if card.color is None:
            return not (self.no_wild_on_wild and top.color is None)
        return color is None or card.color == color or card.kind is top.kind

    def matching(self, top, color):
        """The card strings that may be played on the card string `top` with `color` in
        play: `matches` worked out for the whole deck once per (top, colour), so that an
        enumerator asks a set instead of calling `matches` for every card of a hand."""
        found = self._matching.get((top, color))
        if found is None:
            top_card = self.cards[top]
            found = frozenset(text for text, card in self.cards.items()
                              if self.matches(card, top_card, color))
            self._matching[(top, color)] = found
        return found

    def category_forbids_going_out(self, kind):
        return kind.id in self.no_going_out_on or kind.category in self.no_going_out_on


def _penalty(spec):
    """A penalty as (type, amount): ("draw", 2) or ("launcher", 2)."""
    if spec["type"] == "launcher":
        return ("launcher", spec["presses"])
    return ("draw", spec["count"])


def _unknown_card_message(rules, text):
    if not isinstance(text, str):
        return "a card is a string such as 'red-7' or 'wild'"
    shown = text if len(text) <= 40 else text[:40] + "..."
    return f"'{shown}' is not a card of the {rules.id} deck"


def compile_rules(data):
    """Compile a resolved ruleset (referee.rules.Resolved.data) for the judge."""
    return Rules(data)
