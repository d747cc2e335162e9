"""The ruleset format's card kinds: their categories, the effect primitives and their
fields, and an effect written out in full.

What a kind is (its category, what it makes the next player owe, whether it deflects a
draw) is read from its data by the compiled-ruleset module, referee.engine.rules, the
one reading the judge, the rule book and the messages share; the checks, which run on
a ruleset before it can be compiled, use those same functions (re-exported here).
Categories, used by the opening rules and by `house.no_going_out_on`:
- wild: a kind counted with `count` (it exists once per deck, not per colour);
- number: a coloured kind (counted with `per_color`) that has a `number`;
- action: any other coloured kind.
"""
from __future__ import annotations

from referee.engine.rules import OWING_EFFECTS, category, copies, deflects, in_deck, is_wild, owed_by_next

__all__ = ["CATEGORIES", "PALETTE", "TARGETS", "EFFECT_FIELDS", "DEFAULT_TARGET", "OWING_EFFECTS",
           "category", "copies", "deflects", "in_deck", "is_wild", "makes_next_player_owe",
           "normalise_effect"]

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


def makes_next_player_owe(kind: dict) -> bool:
    """Whether playing the kind leaves the next player drawing or pressing the launcher."""
    return owed_by_next(kind) is not None


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
