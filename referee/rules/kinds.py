"""The ruleset format's card kinds: their categories, the effect primitives and their
fields, and an effect written out in full.

What a kind is (its category, how many the deck holds, what it makes the next player
owe, whether it deflects a draw) is read from its data here, by functions of the kind's
dict: the checks use them on a ruleset before it can be compiled, and the compiled
ruleset (referee.engine.rules) builds its KindSpecs from the same functions, so the
format and the judge read one definition of each fact.
Categories, used by the opening rules and by `house.no_going_out_on`:
- wild: a kind counted with `count` (it exists once per deck, not per colour);
- number: a coloured kind (counted with `per_color`) that has a `number`;
- action: any other coloured kind.
"""
from __future__ import annotations


__all__ = ["CATEGORIES", "PALETTE", "TARGETS", "EFFECT_FIELDS", "DEFAULT_TARGET", "OWING_EFFECTS",
           "category", "copies", "deflects", "in_deck", "is_wild", "makes_next_player_owe",
           "normalise_effect", "owing_effect"]

CATEGORIES = ("number", "action", "wild")
PALETTE = ("red", "yellow", "green", "blue", "pink", "teal", "orange", "purple")

# Effect primitives: the fields each one takes, with the values allowed (None: any value
# the schema allows), and the default target where a target applies.
TARGETS = ("next", "others", "all", "chosen")
EFFECT_FIELDS: dict[str, dict[str, tuple | None]] = {
    "choose-color": {},
    "skip": {"target": ("next", "others")},
    "reverse": {},
    "extra-play": {},
    "discard-all": {},
    "pass-hands": {},
    "trade-hands": {"target": ("chosen", "next")},
    "draw": {"count": None, "until_color": None, "color_named_by": ("player", "target"), "target": TARGETS},
    "launcher": {"presses": None, "until_cards": None, "target": TARGETS},
    "flip": {"wild_turned_up": ("next-player", "player")},
}
DEFAULT_TARGET = {"trade-hands": "chosen", "draw": "next", "launcher": "next"}


# Effects that leave someone owing cards: what a card aims at the next player, and
# what stacking can answer.
OWING_EFFECTS = ("draw", "launcher")


# --- facts about one card kind, read from its data (never from its id) ---------------

def is_wild(spec):
    """A kind counted with `count`: it exists once per deck, not once per colour."""
    return spec.get("count") is not None


def category(spec):
    """"wild", "number" (a coloured kind with a number) or "action" (any other coloured kind)."""
    if is_wild(spec):
        return "wild"
    return "number" if spec.get("number") is not None else "action"


def in_deck(spec):
    return bool(spec.get("count") or spec.get("per_color"))


def copies(spec, colors, decks=1):
    """How many cards of the kind the deck holds (`decks` decks shuffled together)."""
    if is_wild(spec):
        return spec["count"] * decks
    return (spec.get("per_color") or 0) * colors * decks


def owing_effect(spec):
    """The last draw or launcher effect aimed at the next player (None: no such effect)."""
    owing = None
    for effect in spec.get("effects") or ():
        if effect.get("type") in OWING_EFFECTS and effect.get("target", "next") == "next":
            owing = effect
    return owing


def deflects(spec):
    """Whether the kind, with no draw of its own, sends a pending draw on when it answers
    one: a reverse sends it back, a skip passes it to the next player."""
    return owing_effect(spec) is None and any(
        effect.get("type") in ("reverse", "skip") for effect in spec.get("effects") or ())



def makes_next_player_owe(kind: dict) -> bool:
    """Whether playing the kind leaves the next player drawing or pressing the launcher."""
    return owing_effect(kind) is not None


FIELD_ORDER = ("type", "count", "until_color", "color_named_by", "presses", "until_cards", "target",
               "wild_turned_up")


def normalise_effect(effect: dict) -> dict:
    """The effect with every optional field filled, fields in one order (fields foreign
    to its type are kept, last, so that the semantic checks can name them)."""
    kind = effect["type"]
    filled = dict(effect)
    if kind in DEFAULT_TARGET:
        filled.setdefault("target", DEFAULT_TARGET[kind])
    if kind == "launcher":
        filled.setdefault("until_cards", False)
        filled.setdefault("presses", None)
    ordered = {name: filled.pop(name) for name in FIELD_ORDER if name in filled}
    return {**ordered, **filled}
