"""Semantic checks: what a schema cannot say about a resolved ruleset.

Each check reads the resolved data (every key present) and yields findings
`(path, message, severity)`; `resolve` places them on lines of the house file.
Checks are independent of one another, so an organiser sees every problem at once.
"""
from __future__ import annotations

from typing import Iterator

from .kinds import (CATEGORIES, EFFECT_FIELDS, PALETTE, copies, deflects, in_deck, is_wild,
                    makes_next_player_owe)

Finding = tuple[tuple, str, str]  # (path, message, "error" | "warning")
ERROR, WARNING = "error", "warning"
RESERVED_IDS = ("number", "action")  # category names; `wild` stays a kind id (see docs)


def deck_total(data: dict) -> int:
    colors = len(data["colors"])
    return sum(copies(kind, colors, data.get("decks", 1)) for kind in _counted_kinds(data))


def _counted_kinds(data: dict):
    """Kinds whose counting is well-formed (exactly one of per_color and count)."""
    for kind in data["cards"].values():
        if (kind.get("per_color") is None) != (kind.get("count") is None):
            yield kind


def check_counting(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        has_per_color, has_count = kind.get("per_color") is not None, kind.get("count") is not None
        if has_per_color and has_count:
            yield (("cards", kind_id), f"{kind_id} has both per_color (a coloured kind) and count "
                   "(a wild kind); keep one, and write the other as null to drop an inherited one", ERROR)
        elif not (has_per_color or has_count):
            yield (("cards", kind_id), f"{kind_id} needs per_color (a coloured kind) or count "
                   "(a wild kind)", ERROR)
        elif not in_deck(kind):
            yield (("cards", kind_id), f"{kind_id} has no copies in the deck, so it can never be played",
                   WARNING)


def check_deck_size(data) -> Iterator[Finding]:
    if len(list(_counted_kinds(data))) < len(data["cards"]):
        return  # a kind counted both ways (or neither) is reported by check_counting
    total = deck_total(data)
    if total != data["deck_size"]:
        colors = len(data["colors"])
        coloured = sum(k["per_color"] for k in _counted_kinds(data) if not is_wild(k))
        wild = sum(k["count"] for k in _counted_kinds(data) if is_wild(k))
        decks = data.get("decks", 1)
        times = f", x {decks} decks" if decks > 1 else ""
        yield (("deck_size",), f"deck_size is {data['deck_size']} but the cards add up to {total} "
               f"({coloured} per colour x {colors} colours + {wild} wild{times})", ERROR)


def check_scores(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if kind.get("score") is None:
            yield (("cards", kind_id, "score"), f"{kind_id} needs a score (its points in a losing hand)",
                   ERROR)


def check_kind_ids(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if kind_id in RESERVED_IDS:
            yield (("cards", kind_id), f"{kind_id!r} is a category name and cannot be a card kind id",
                   ERROR)
        if is_wild(kind):
            clash = next((c for c in PALETTE if kind_id.startswith(c + "-")), None)
            if clash:
                yield (("cards", kind_id), f"the wild kind {kind_id} would be read as a {clash} card "
                       f"({clash}-{kind_id[len(clash) + 1:]}); choose an id that does not start "
                       "with a colour", ERROR)


def check_wild_and_coloured(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if (kind.get("per_color") is None) == (kind.get("count") is None):
            continue  # counted both ways or neither: check_counting says so
        chooses = any(e["type"] == "choose-color" for e in kind["effects"])
        if is_wild(kind):
            if not chooses and any(not is_wild(other) and in_deck(other) for other in data["cards"].values()):
                yield (("cards", kind_id, "effects"), f"the wild kind {kind_id} names no colour, so any "
                       "card may follow it; add a choose-color effect if its player should name one",
                       WARNING)
            if kind.get("number") is not None:
                yield (("cards", kind_id, "number"), f"the wild kind {kind_id} cannot have a number",
                       ERROR)
        elif chooses:
            yield (("cards", kind_id, "effects"), f"the coloured kind {kind_id} cannot have a "
                   "choose-color effect; make it a wild kind (count instead of per_color)", ERROR)


def check_effect_fields(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        for index, effect in enumerate(kind["effects"]):
            yield from _effect_findings(("cards", kind_id, "effects", index), effect)


def _effect_findings(path: tuple, effect: dict) -> Iterator[Finding]:
    kind = effect["type"]
    allowed = EFFECT_FIELDS[kind]
    for field, value in effect.items():
        if field == "type":
            continue
        if field not in allowed:
            takes = f"takes only {', '.join(allowed)}" if allowed else "takes no field but type"
            yield (path + (field,), f"a {kind} effect {takes}; remove {field!r}", ERROR)
        elif allowed[field] and value not in allowed[field]:
            yield (path + (field,), f"a {kind} effect's {field} is one of {', '.join(allowed[field])}, "
                   f"not {value!r}", ERROR)
    if kind == "draw":
        until_color, count = effect.get("until_color"), effect.get("count")
        if count is None and not until_color:
            yield (path, "a draw effect needs a count, or until_color: true", ERROR)
        elif count is not None and until_color:
            yield (path, "a draw effect takes count or until_color: true, not both", ERROR)
        elif until_color and effect.get("target", "next") != "next":
            yield (path + ("target",), "drawing until a colour comes is aimed at the next player", ERROR)
    if kind == "launcher":
        presses, until = effect.get("presses"), effect.get("until_cards")
        if presses is None and not until:
            yield (path, "a launcher effect needs presses, or until_cards: true", ERROR)
        elif presses is not None and until:
            yield (path, "a launcher effect takes presses or until_cards: true, not both", ERROR)


def check_restrictions(data) -> Iterator[Finding]:
    cards = data["cards"]
    for kind_id, kind in cards.items():
        restriction = kind["restriction"]
        path = ("cards", kind_id, "restriction")
        for index, other in enumerate(restriction["counts_as_match"]):
            if other not in cards:
                yield (path + ("counts_as_match", index), f"counts_as_match names {other!r}, "
                       "which is not a card kind of this ruleset", ERROR)
        if restriction["type"] == "none" and restriction["counts_as_match"]:
            yield (path + ("counts_as_match",), "counts_as_match has no effect without a restriction",
                   WARNING)
        if kind["challenge"] is not None and any(e.get("until_color") for e in kind["effects"]):
            yield (("cards", kind_id, "challenge"), f"{kind_id} makes the next player draw until a colour "
                   "comes; such a draw cannot be challenged yet", ERROR)
        if kind["challenge"] is not None and restriction["type"] == "none":
            yield (("cards", kind_id, "challenge"), f"{kind_id} can be challenged but has no "
                   "restriction, so every challenge fails", WARNING)


def check_stacking(data) -> Iterator[Finding]:
    cards = data["cards"]
    for pending, answers in data["house"]["stacking"].items():
        path = ("house", "stacking", pending)
        problem = _stacking_problem(pending, cards)
        if problem:
            yield (path, problem, ERROR)
        for index, answer in enumerate(answers):
            problem = _stacking_problem(answer, cards, answering=True)
            if problem:
                yield (path + (index,), problem, ERROR)


def _stacking_problem(kind_id: str, cards: dict, answering: bool = False) -> str | None:
    kind = cards.get(kind_id)
    if kind is None:
        return f"{kind_id!r} is not a card kind of this ruleset"
    if not in_deck(kind):
        return f"{kind_id} is not in the deck (no copies), so it cannot be stacked"
    if answering and not makes_next_player_owe(kind) and deflects(kind):
        return None   # a Reverse or a Skip answering a draw deflects it (sends it on)
    if not makes_next_player_owe(kind):
        if answering:
            return (f"{kind_id} makes nobody draw or press the launcher next, and has no reverse or "
                    "skip effect to deflect the draw, so it cannot answer one")
        return f"{kind_id} makes nobody draw or press the launcher next, so it cannot be stacked"
    if any(effect.get("until_color") for effect in kind.get("effects") or []):
        return f"{kind_id} makes the next player draw until a colour comes, which adds up to no total, so it cannot be stacked"
    return None


def check_kind_references(data) -> Iterator[Finding]:
    cards = data["cards"]
    for index, item in enumerate(data["house"]["no_going_out_on"]):
        if item not in CATEGORIES and item not in cards:
            yield (("house", "no_going_out_on", index), f"{item!r} is neither a card kind of this "
                   f"ruleset nor a category ({', '.join(CATEGORIES)})", ERROR)
    for kind_id in data["opening"]["first_card"]["by_kind"]:
        if kind_id not in cards:
            yield (("opening", "first_card", "by_kind", kind_id), f"{kind_id!r} is not a card kind "
                   "of this ruleset", ERROR)


def check_repeated_ids(data) -> Iterator[Finding]:
    """A kind listed twice in one list does nothing more; it is probably a slip."""
    lists = [(("house", "no_going_out_on"), data["house"]["no_going_out_on"])]
    lists += [(("house", "stacking", pending), answers)
              for pending, answers in data["house"]["stacking"].items()]
    lists += [(("cards", kind_id, "restriction", "counts_as_match"), kind["restriction"]["counts_as_match"])
              for kind_id, kind in data["cards"].items()]
    for path, items in lists:
        seen = set()
        for index, item in enumerate(items):
            if item in seen:
                yield (path + (index,), f"{item!r} is listed twice", WARNING)
            seen.add(item)


def check_players(data) -> Iterator[Finding]:
    players = data["players"]
    if players["min"] > players["max"]:
        yield (("players", "min"), f"players.min ({players['min']}) is more than players.max "
               f"({players['max']})", ERROR)
    needed = data["hand_size"] * players["max"] + 1
    total = deck_total(data)
    if needed > total:
        yield (("hand_size",), f"dealing {data['hand_size']} cards to each of {players['max']} "
               f"players and turning one up needs {needed} cards; the deck has {total}", ERROR)


def check_draw_source(data) -> Iterator[Finding]:
    source = data["draw_source"]
    penalties = [(("uno", name), data["uno"][name]) for name in ("penalty", "false_catch_penalty")]
    for path, penalty in penalties:
        yield from _penalty_fields(path, penalty)
    if source == "pile":
        for path, penalty in penalties:
            if penalty["type"] == "launcher":
                yield (path + ("type",), "a launcher penalty needs draw_source: launcher", ERROR)
        for kind_id, kind in data["cards"].items():
            if in_deck(kind) and any(e["type"] == "launcher" for e in kind["effects"]):
                yield (("cards", kind_id, "effects"), f"{kind_id} uses the launcher, but draw_source "
                       "is pile; set draw_source: launcher or give the kind no copies", ERROR)
    elif data["turn"]["draw"]["until_playable"]:
        yield (("turn", "draw", "until_playable"), "drawing until playable needs a draw pile; "
               "with draw_source: launcher each press fires a random number of cards", ERROR)
    bomb = data["house"].get("bomb") or {}
    doubles = data["house"]["doubles"]
    if bomb.get("enabled") and (not doubles["enabled"] or doubles["max_cards"] < bomb.get("min_cards", 3)):
        yield (("house", "bomb", "min_cards"), f"a bomb of {bomb.get('min_cards', 3)} cards needs doubles "
               "enabled with max_cards at least that many", ERROR)
    cap = data["house"].get("hand_cap") or {}
    if cap.get("enabled") and source == "launcher":
        yield (("house", "hand_cap", "enabled"), "a hand limit needs a draw pile: the launcher fires "
               "a random number of cards", ERROR)
    if cap.get("enabled") and cap.get("max_cards", 25) <= data["hand_size"]:
        yield (("house", "hand_cap", "max_cards"), f"a hand limit of {cap.get('max_cards', 25)} cards is "
               f"not more than the {data['hand_size']} dealt, so nobody could ever draw", ERROR)
    turn_draw = data["turn"]["draw"]
    if turn_draw["max"] < turn_draw["count"]:
        yield (("turn", "draw", "max"), f"turn.draw.max ({turn_draw['max']}) is less than "
               f"turn.draw.count ({turn_draw['count']})", ERROR)


def _penalty_fields(path: tuple, penalty: dict) -> Iterator[Finding]:
    foreign = {"draw": "presses", "launcher": "count"}[penalty["type"]]
    if foreign in penalty:
        wanted = "count" if penalty["type"] == "draw" else "presses"
        yield (path + (foreign,), f"a {penalty['type']} penalty takes {wanted}, not {foreign}", ERROR)


CHECKS = [
    check_counting,
    check_deck_size,
    check_scores,
    check_kind_ids,
    check_wild_and_coloured,
    check_effect_fields,
    check_restrictions,
    check_stacking,
    check_kind_references,
    check_repeated_ids,
    check_players,
    check_draw_source,
]


def run_checks(data: dict) -> list[Finding]:
    return [finding for check in CHECKS for finding in check(data)]
