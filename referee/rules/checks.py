"""Semantic checks: what a schema cannot say about a resolved ruleset.

Each check reads the resolved data (every key present) and yields findings
`(path, message, severity)`; `resolve` places them on lines of the house file.
Checks are independent of one another, so an organiser sees every problem at once.
"""
from __future__ import annotations

import difflib
from typing import Iterator

from .errors import Coded, coded

from .kinds import (CATEGORIES, EFFECT_FIELDS, PALETTE, category, copies, deflects, in_deck, is_wild,
                    makes_next_player_owe)

Finding = tuple[tuple, Coded, str]  # (path, coded message, "error" | "warning")
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
            yield (("cards", kind_id), coded("kind-counted-twice", kind=kind_id), ERROR)
        elif not (has_per_color or has_count):
            yield (("cards", kind_id), coded("kind-not-counted", kind=kind_id), ERROR)
        elif not in_deck(kind):
            yield (("cards", kind_id), coded("kind-no-copies", kind=kind_id),
                   WARNING)


def check_deck_size(data) -> Iterator[Finding]:
    if len(list(_counted_kinds(data))) < len(data["cards"]):
        return  # a kind counted both ways (or neither) is reported by check_counting
    total = deck_total(data)
    if total != data["deck_size"]:
        decks = data.get("decks", 1)
        if decks > 1:
            yield (("deck_size",), coded("deck-size-mismatch-decks", deck_size=data["deck_size"],
                                         total=total, decks=decks), ERROR)
        else:
            yield (("deck_size",), coded("deck-size-mismatch", deck_size=data["deck_size"], total=total), ERROR)


def check_scores(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if kind.get("score") is None:
            yield (("cards", kind_id, "score"), coded("kind-needs-score", kind=kind_id),
                   ERROR)


def check_kind_ids(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if kind_id in RESERVED_IDS:
            yield (("cards", kind_id), coded("kind-id-reserved", kind=kind_id),
                   ERROR)
        if is_wild(kind):
            clash = next((c for c in PALETTE if kind_id.startswith(c + "-")), None)
            if clash:
                yield (("cards", kind_id), coded("wild-id-starts-with-color", kind=kind_id, color=clash), ERROR)


def check_wild_and_coloured(data) -> Iterator[Finding]:
    for kind_id, kind in data["cards"].items():
        if (kind.get("per_color") is None) == (kind.get("count") is None):
            continue  # counted both ways or neither: check_counting says so
        chooses = any(e["type"] == "choose-color" for e in kind["effects"])
        if is_wild(kind):
            if not chooses and any(not is_wild(other) and in_deck(other) for other in data["cards"].values()):
                # A wild naming no colour is a rule of its own (UNO All Wild): any card follows it.
                yield (("cards", kind_id, "effects"), coded("wild-names-no-color", kind=kind_id), WARNING)
            if kind.get("number") is not None:
                yield (("cards", kind_id, "number"), coded("wild-has-number", kind=kind_id),
                       ERROR)
        elif chooses:
            yield (("cards", kind_id, "effects"), coded("colored-choose-color", kind=kind_id), ERROR)


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
            message = (coded("effect-field-unknown", effect=kind, field=str(field), allowed=list(allowed))
                       if allowed else coded("effect-field-none", effect=kind, field=str(field)))
            yield (path + (field,), message, ERROR)
        elif allowed[field] and value not in allowed[field]:
            yield (path + (field,), coded("effect-field-value", effect=kind, field=field,
                                             allowed=list(allowed[field]), value=str(value)), ERROR)
    if kind == "draw":
        until_color, count = effect.get("until_color"), effect.get("count")
        if count is None and not until_color:
            yield (path, coded("draw-needs-count"), ERROR)
        elif count is not None and until_color:
            yield (path, coded("draw-count-and-until-color"), ERROR)
        elif until_color and effect.get("target", "next") != "next":
            yield (path + ("target",), coded("draw-until-color-target"), ERROR)
        if effect.get("color_named_by") is not None and not until_color:
            yield (path + ("color_named_by",), coded("color-named-by-needs-until-color"), ERROR)
    if kind == "launcher":
        presses, until = effect.get("presses"), effect.get("until_cards")
        if presses is None and not until:
            yield (path, coded("launcher-needs-presses"), ERROR)
        elif presses is not None and until:
            yield (path, coded("launcher-presses-and-until"), ERROR)


def check_restrictions(data) -> Iterator[Finding]:
    cards = data["cards"]
    for kind_id, kind in cards.items():
        restriction = kind["restriction"]
        path = ("cards", kind_id, "restriction")
        for index, other in enumerate(restriction["counts_as_match"]):
            if other not in cards:
                yield (path + ("counts_as_match", index), coded("counts-as-match-unknown", kind=str(other)), ERROR)
        if restriction["type"] == "none" and restriction["counts_as_match"]:
            yield (path + ("counts_as_match",), coded("counts-as-match-unused"),
                   WARNING)
        if kind["challenge"] is not None and restriction["type"] == "none":
            yield (("cards", kind_id, "challenge"), coded("challenge-without-restriction", kind=kind_id), WARNING)


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


def closest(written, known) -> str | None:
    """The known id an organiser probably meant (`draw-2` -> `draw-two`), or None."""
    close = difflib.get_close_matches(str(written), [str(item) for item in known], n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_kind(kind_id, cards: dict) -> Coded:
    """`kind_id` is not a card here: say so, with the card probably meant."""
    suggestion = closest(kind_id, cards)
    if suggestion:
        return coded("unknown-kind-suggest", kind=str(kind_id), suggestion=suggestion)
    return coded("unknown-kind", kind=str(kind_id))


def _stacking_problem(kind_id: str, cards: dict, answering: bool = False) -> Coded | None:
    kind = cards.get(kind_id)
    if kind is None:
        return unknown_kind(kind_id, cards)
    if not in_deck(kind):
        return coded("stack-not-in-deck", kind=kind_id)
    if answering and deflects(kind):
        return None   # a Reverse or a Skip answering a draw deflects it (sends it on)
    if not makes_next_player_owe(kind):
        return coded("answer-no-draw" if answering else "stack-no-draw", kind=kind_id)
    if any(effect.get("until_color") for effect in kind.get("effects") or []):
        return coded("stack-until-color", kind=kind_id)
    return None


def check_kind_references(data) -> Iterator[Finding]:
    cards = data["cards"]
    for index, item in enumerate(data["house"]["no_going_out_on"]):
        if item not in CATEGORIES and item not in cards:
            yield (("house", "no_going_out_on", index), _not_a_card_nor_category(item, cards), ERROR)
    for kind_id in data["opening"]["first_card"]["by_kind"]:
        if kind_id not in cards:
            yield (("opening", "first_card", "by_kind", kind_id), unknown_kind(kind_id, cards), ERROR)


def _not_a_card_nor_category(item, cards: dict) -> Coded:
    suggestion = closest(item, [*CATEGORIES, *cards])
    if suggestion:
        return coded("no-going-out-unknown-suggest", kind=str(item), suggestion=suggestion)
    return coded("no-going-out-unknown", kind=str(item), categories=list(CATEGORIES))


def check_a_way_out(data) -> Iterator[Finding]:
    """A player wins a round by playing their last card: when no_going_out_on names every
    kind in the deck (on either side), nobody ever can. (The mercy rule still ends a
    round, with the last player left, so it is only a warning.)"""
    forbidden = set(data["house"]["no_going_out_on"])
    if not forbidden:
        return
    faces = [data["cards"]] + ([data["other_side"]["cards"]] if data.get("other_side") else [])
    kinds = [(kind_id, kind) for cards in faces for kind_id, kind in cards.items()
             if kind_id not in RESERVED_IDS]
    if kinds and all(not in_deck(kind) or kind_id in forbidden or category(kind) in forbidden
                     for kind_id, kind in kinds):
        yield (("house", "no_going_out_on"), coded("no-going-out-at-all"), WARNING)


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
                yield (path + (index,), coded("listed-twice", item=str(item)), WARNING)
            seen.add(item)


def check_players(data) -> Iterator[Finding]:
    players = data["players"]
    if players["min"] > players["max"]:
        yield (("players", "min"), coded("players-min-over-max", min=players["min"], max=players["max"]), ERROR)
    needed = data["hand_size"] * players["max"] + 1
    total = deck_total(data)
    if needed > total:
        yield (("hand_size",), coded("deck-too-small", needed=needed, hand=data["hand_size"],
                                             players=players["max"], total=total), ERROR)


def check_draw_source(data) -> Iterator[Finding]:
    source = data["draw_source"]
    penalties = [(("uno", name), data["uno"][name]) for name in ("penalty", "false_catch_penalty")]
    for path, penalty in penalties:
        yield from _penalty_fields(path, penalty)
    if source == "pile":
        for path, penalty in penalties:
            if penalty["type"] == "launcher":
                yield (path + ("type",), coded("launcher-penalty-without-launcher"), ERROR)
        for kind_id, kind in data["cards"].items():
            if in_deck(kind) and any(e["type"] == "launcher" for e in kind["effects"]):
                yield (("cards", kind_id, "effects"), coded("launcher-card-without-launcher", kind=kind_id), ERROR)
    elif data["turn"]["draw"]["until_playable"]:
        yield (("turn", "draw", "until_playable"), coded("until-playable-needs-pile"), ERROR)
    bomb = data["house"].get("bomb") or {}
    doubles = data["house"]["doubles"]
    if bomb.get("enabled") and (not doubles["enabled"] or doubles["max_cards"] < bomb.get("min_cards", 3)):
        yield (("house", "bomb", "min_cards"), coded("bomb-needs-doubles", count=bomb.get("min_cards", 3)), ERROR)
    cap = data["house"].get("hand_cap") or {}
    if cap.get("enabled") and source == "launcher":
        yield (("house", "hand_cap", "enabled"), coded("hand-cap-needs-pile"), ERROR)
    if cap.get("enabled") and cap.get("max_cards", 25) <= data["hand_size"]:
        yield (("house", "hand_cap", "max_cards"), coded("hand-cap-too-small", limit=cap.get("max_cards", 25),
                                                          hand=data["hand_size"]), ERROR)
    turn_draw = data["turn"]["draw"]
    if turn_draw["max"] < turn_draw["count"]:
        yield (("turn", "draw", "max"), coded("draw-max-below-count", max=turn_draw["max"], count=turn_draw["count"]), ERROR)


def _penalty_fields(path: tuple, penalty: dict) -> Iterator[Finding]:
    foreign = {"draw": "presses", "launcher": "count"}[penalty["type"]]
    if foreign in penalty:
        wanted = "count" if penalty["type"] == "draw" else "presses"
        yield (path + (foreign,), coded("penalty-wrong-field", type=penalty["type"], wanted=wanted, foreign=foreign), ERROR)


# The checks that read a side's colours and cards: they run on the other side too.
SIDE_CHECKS = [
    check_counting,
    check_deck_size,
    check_scores,
    check_kind_ids,
    check_wild_and_coloured,
    check_effect_fields,
    check_restrictions,
]

CHECKS = [
    *SIDE_CHECKS,
    check_stacking,
    check_kind_references,
    check_a_way_out,
    check_repeated_ids,
    check_players,
    check_draw_source,
]


def check_flip(data) -> Iterator[Finding]:
    """A flip effect needs another side to turn to; both sides need as many colours."""
    other = data.get("other_side")
    if other is None:
        for kind_id, kind in data["cards"].items():
            if any(effect["type"] == "flip" for effect in kind["effects"]):
                yield (("cards", kind_id, "effects"), coded("flip-needs-other-side", kind=kind_id), ERROR)
        return
    if len(other["colors"]) != len(data["colors"]):
        yield (("other_side", "colors"), coded("other-side-colors", count=len(data["colors"])), ERROR)


def other_side_findings(data: dict) -> Iterator[Finding]:
    """The side checks run on the other side's faces, their paths under other_side."""
    other = data.get("other_side")
    if other is None:
        return
    side = {**data, "colors": other["colors"], "cards": other["cards"]}
    for check in SIDE_CHECKS:
        for path, message, severity in check(side):
            yield (("other_side", *path) if path[0] == "cards" else path, message, severity)


def run_checks(data: dict) -> list[Finding]:
    findings = [finding for check in CHECKS for finding in check(data)]
    return findings + list(check_flip(data)) + list(other_side_findings(data))
