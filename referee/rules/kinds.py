"""What a card kind is, read from its data (never from its id).

Categories, used by the opening rules and by `house.no_going_out_on`:
- wild: a kind counted with `count` (it exists once per deck, not per colour);
- number: a coloured kind (counted with `per_color`) that has a `number`;
- action: any other coloured kind.
"""
from __future__ import annotations

CATEGORIES = ("number", "action", "wild")
PALETTE = ("red", "yellow", "green", "blue")

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
    "draw": {"count": None, "until_color": None, "target": TARGETS},
    "launcher": {"presses": None, "until_cards": None, "target": TARGETS},
}
DEFAULT_TARGET = {"trade-hands": "chosen", "draw": "next", "launcher": "next"}
# Effects that leave someone owing cards: what stacking can answer.
OWING_EFFECTS = ("draw", "launcher")


def is_wild(kind: dict) -> bool:
    return kind.get("count") is not None


def category(kind: dict) -> str:
    if is_wild(kind):
        return "wild"
    return "number" if kind.get("number") is not None else "action"


def copies(kind: dict, colors: int, decks: int = 1) -> int:
    """How many cards of this kind the deck holds (`decks` copies of the deck shuffled
    together)."""
    if is_wild(kind):
        return kind["count"] * decks
    return (kind.get("per_color") or 0) * colors * decks


def in_deck(kind: dict) -> bool:
    return bool(kind.get("count") or kind.get("per_color"))


def makes_next_player_owe(kind: dict) -> bool:
    """Whether playing the kind leaves the next player drawing or pressing the launcher."""
    return any(effect.get("type") in OWING_EFFECTS and effect.get("target", "next") == "next"
               for effect in kind.get("effects") or [])


def deflects(kind: dict) -> bool:
    """Whether the kind, answering a pending draw without adding to it, sends the draw on:
    a reverse sends it back, a skip passes it to the next player (deflection)."""
    return any(effect.get("type") in ("reverse", "skip") for effect in kind.get("effects") or [])


FIELD_ORDER = ("type", "count", "until_color", "presses", "until_cards", "target")


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
