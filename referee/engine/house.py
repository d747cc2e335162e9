"""The house options, each declared once: where it is written in a ruleset, which field
of the compiled `Rules` it fills and how, and which rule-book sentence states it.

The way OPA declares a builtin: one entry says everything the code needs to know about
an option. Its default is not written here: the ruleset's schema
(referee/rules/ruleset.schema.json) gives it, and the resolver fills it into every
resolved ruleset (referee.rules.resolve.complete); `option_value` falls back to the same
schema default where resolved data lacks an option (a ruleset published, and stored
resolved, before the option existed). The judge reads the fields
(`Rules._compile_options` fills them from these entries), the rule book chooses its
sentences by the entries' `sentence` keys (referee.text.ruletext.HOUSE_SENTENCES) and
reads the fields, and scripts/ruleset_docs.py writes the house table of
docs/rulesets.md from the schema, checking that every option is declared here.

A new house option: its schema entry (with its default), one entry here, its field's
type on `Rules`, its judging beside the section's enumeration, its sentence in
HOUSE_SENTENCES (docs/architecture.md).
"""
from __future__ import annotations

import copy
from typing import Any, Callable, NamedTuple

from referee.rules.schema import INLINED_SCHEMA


class Bomb(NamedTuple):
    """The bomb house rule: `min_cards` played together make every other player draw `count`."""
    min_cards: int
    count: int  # type: ignore[assignment]  # (shadows tuple.count)


class HouseOption(NamedTuple):
    path: str                        # where the ruleset writes it: "house.bomb" (a mapping) or a leaf
    field: str                       # the attribute of the compiled Rules it fills
    compile: Callable[[Any], Any]    # the field's value, from the option's value (its default filled)
    sentence: str | None             # the key of its rule-book sentence (several options may share one)


def _bomb(bomb: dict[str, Any]) -> Bomb | None:
    return Bomb(bomb["min_cards"], bomb["count"]) if bomb["enabled"] else None


def _limit(option: dict[str, Any]) -> int | None:
    """A limit that is on (`enabled`) at `max_cards`, or None."""
    return option["max_cards"] if option["enabled"] else None


def _stacking(stacking: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    return {kind: tuple(answers) for kind, answers in stacking.items()}


# In the order the rule book states them (the docs table follows the schema's order).
HOUSE_OPTIONS: tuple[HouseOption, ...] = (
    HouseOption("house.doubles.enabled", "doubles", bool, "house.doubles"),
    HouseOption("house.doubles.max_cards", "doubles_max", int, "house.doubles"),
    HouseOption("house.doubles.match", "doubles_by_number", lambda match: match == "number", "house.doubles"),
    HouseOption("house.stacking", "stacking_lists", _stacking, "house.stacking"),
    HouseOption("house.stacking_by", "stacking_by_value", lambda by: by == "value", "house.stacking_by"),
    HouseOption("house.stacking_revenge", "stacking_revenge", bool, "house.stacking_revenge"),
    HouseOption("house.bomb", "bomb", _bomb, "house.bomb"),
    HouseOption("house.no_wild_on_wild", "no_wild_on_wild", bool, "house.no_wild_on_wild"),
    HouseOption("house.stacking_same_color", "stacking_same_color", bool, "house.stacking_same_color"),
    HouseOption("house.stacking_cap", "stacking_cap", lambda cap: cap, "house.stacking_cap"),
    HouseOption("house.hand_cap", "hand_cap", _limit, "house.hand_cap"),
    HouseOption("house.mercy", "mercy_limit", _limit, "house.mercy"),
    HouseOption("house.mercy", "mercy_for_game", lambda mercy: mercy["enabled"] and mercy["lasts"] == "game",
                "house.mercy"),
    HouseOption("house.elimination", "elimination", bool, "house.elimination"),
    HouseOption("house.play_for_places", "play_for_places", bool, "house.play_for_places"),
    HouseOption("house.shuffle_seats", "shuffle_seats", bool, "house.shuffle_seats"),
    HouseOption("house.jump_in.enabled", "jump_in", bool, "house.jump_in"),
    HouseOption("house.no_going_out_on", "no_going_out_on", lambda entries: tuple(dict.fromkeys(entries)),
                "house.no_going_out_on"),
)


def option_schema(path: str) -> dict[str, Any]:
    """The schema of the option at the dotted `path`."""
    node = INLINED_SCHEMA
    for part in path.split("."):
        node = node["properties"][part]
    return node


def schema_default(path: str) -> Any:
    """The option's default, from the schema: its `default`, or for a mapping the
    defaults of its fields."""
    schema = option_schema(path)
    if "default" in schema:
        return copy.deepcopy(schema["default"])
    return {name: schema_default(f"{path}.{name}") for name in schema.get("properties", {})}


def option_value(data: dict[str, Any], path: str) -> Any:
    """The value of the option at `path` in resolved data; what the data leaves out
    takes the schema's default (a resolved ruleset leaves out nothing)."""
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return schema_default(path)
        node = node[part]
    default = schema_default(path) if isinstance(node, dict) and "properties" in option_schema(path) else None
    return {**default, **node} if default is not None else node
