"""From a document as written to the complete ruleset the judge reads.

1. `extends` is followed through `lookup` to the eldest ancestor (or to a parent that
   is already resolved), then each document is laid over its parent: `remove_cards`
   drops the parent's kinds, mappings merge key by key, lists and single values
   replace. A mapping whose `type` changes (a penalty going from draw to launcher, a
   restriction from no-color-match to none) replaces the parent's whole, so no field
   of the old type survives.
2. Every option left out takes its default, read from the schema's `default`s (the
   official classic values), and every effect gets its optional fields.
3. The semantic checks run on the result; errors raise, warnings come back with it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable, Union

from referee.problem import pointer

from .builtin_files import builtin_ids
from .checks import ERROR, closest, run_checks
from .errors import RulesetError, RulesetProblem, coded
from .kinds import normalise_effect
from .schema import INLINED_SCHEMA, as_id, locate, schema_problems

_MISSING = object()
# House rulesets on house rulesets: each level is a lookup (a query for uploads) on
# every validation, so a chain is capped (a 500-deep one cost 150 ms of CPU for each
# anonymous validate). Built-in editions at the top do not count.
MAX_EXTENDS_DEPTH = 8
UPLOAD_ONLY_KEYS = ("$schema", "remove_cards")  # accepted in a document, absent when resolved


@dataclass
class Resolved:
    """A complete ruleset: `data` has every key (JSON-able); `warnings` lists oddities."""

    data: dict
    warnings: list[RulesetProblem] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.data["id"]


Lookup = Callable[[str], Union[dict, Resolved, None]]


def check_document(document: dict) -> dict:
    """Validate a document against the schema (once); raise RulesetError with every problem."""
    if getattr(document, "schema_checked", False):
        return document
    problems = [_with_parent_hint(problem)
                for problem in schema_problems(document, getattr(document, "positions", None))]
    if problems:
        raise RulesetError(problems, getattr(document, "source", None))
    if hasattr(document, "schema_checked"):
        document.schema_checked = True
    return document


def known_parents() -> list[str]:
    """The ids `extends:` is most often meant to name: the built-in rulesets."""
    return builtin_ids()


def closest_parent(written) -> str | None:
    """The built-in id an organiser probably meant by `clasic` or `Classic UNO`."""
    return closest(as_id(str(written)), known_parents())


def _with_parent_hint(problem: RulesetProblem) -> RulesetProblem:
    """`extends: Classic UNO` is a title, not an id: name the id probably meant."""
    if problem.path != "/extends" or not problem.code.startswith("schema-id"):
        return problem
    suggestion = closest_parent(problem.params["value"])
    if suggestion is None:
        return problem
    return RulesetProblem(problem.path, coded("extends-not-an-id", value=problem.params["value"], suggestion=suggestion),
                   problem.line, problem.column)


def resolve(document: dict, lookup: Lookup) -> Resolved:
    """Apply extends and remove_cards, fill every default and run the semantic checks.

    `lookup(id)` returns the parent: its raw document (a dict, followed further up its
    own `extends`) or a `Resolved` (taken as complete); None for an unknown id.
    """
    try:
        check_document(document)
        positions = getattr(document, "positions", {})
        merged = _merge_chain(document, lookup, positions)
    except RulesetError as exc:
        exc.source = exc.source or getattr(document, "source", None)
        raise
    # A ruleset's translated titles name that ruleset only: a house ruleset must not
    # show its parent's title in Gujarati, so translations are never inherited.
    merged["translations"] = copy.deepcopy(document.get("translations") or {})
    # Nor is the description: an edition's paragraph describes the rules the house
    # ruleset changed ("to 500 points" under a target of 200). A house ruleset without
    # one has none (the schema's default, "").
    merged.pop("description", None)
    if "description" in document:
        merged["description"] = document["description"]
    data = complete(merged)
    place = _placer(positions)
    # A warning about what a parent wrote is the parent's business: its organiser saw it.
    findings = [(path, message, severity) for path, message, severity in run_checks(data)
                if severity == ERROR or _written_by(document, path)]
    problems = [place(*finding) for finding in findings]
    if any(p.severity == ERROR for p in problems):
        raise RulesetError(problems, getattr(document, "source", None))
    return Resolved(data, sorted(problems, key=RulesetProblem.sort_key))


def _written_by(document: dict, path: tuple) -> bool:
    """Whether `document` itself wrote the value at `path` (or the card kind, or the
    top-level option, that holds it)."""
    value, depth = document, 0
    for part in path:
        if not isinstance(value, dict) or part not in value:
            break
        value, depth = value[part], depth + 1
    return depth >= min(2, len(path))


def _placer(positions: dict):
    """Where findings go in the house file: at their own key, else at the nearest key the
    file wrote on the way to it, else at `extends` (the value was inherited)."""
    keys = {path: position for path, position in positions.items() if path}  # not the root
    inherited = positions.get(("extends",), (None, None))

    def place(path: tuple, message: str, severity: str) -> RulesetProblem:
        line, column = locate(path, keys)
        if line is None:
            line, column = inherited
        return RulesetProblem(pointer(*path), message, line, column, severity)
    return place


# --- extends ---------------------------------------------------------------------------
def _merge_chain(document: dict, lookup: Lookup, positions: dict) -> dict:
    chain, base = _ancestry(document, lookup, positions)
    merged = base
    for doc in reversed(chain):
        merged = _lay_over(merged, doc, positions if doc is document else None)
    return merged


def _ancestry(document: dict, lookup: Lookup, positions: dict) -> tuple[list[dict], dict]:
    """The documents from `document` up to the eldest, and the resolved base they sit on."""
    chain, seen = [document], [document["id"]]
    where = positions.get(("extends",), (None, None))
    while (parent_id := chain[-1].get("extends")) is not None:
        if parent_id in seen:
            cycle = " -> ".join(seen + [parent_id])
            raise RulesetError([RulesetProblem("/extends", coded("extends-cycle", cycle=cycle), *where)])
        parent = lookup(parent_id)
        if parent is None:
            message = (_no_such_parent(parent_id) if len(chain) == 1 else
                       coded("extends-unknown-grandparent", parent=str(parent_id), child=str(chain[-1]["id"])))
            raise RulesetError([RulesetProblem("/extends", message, *where)])
        if isinstance(parent, Resolved):
            return chain, parent.data
        try:
            check_document(parent)
        except RulesetError as exc:
            raise RulesetError([RulesetProblem("/extends", coded("extends-invalid", parent=str(parent_id)),
                                        *where)]) from exc
        seen.append(parent_id)
        chain.append(parent)
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise RulesetError([RulesetProblem("/extends", coded(
                "extends-too-deep", limit=MAX_EXTENDS_DEPTH, chain=" -> ".join([*seen[:3], "..."])),
                *where)])
    return chain, {}


def _no_such_parent(parent_id):
    suggestion = closest_parent(parent_id)
    if suggestion:
        return coded("extends-unknown-suggest", parent=str(parent_id), suggestion=suggestion)
    return coded("extends-unknown", parent=str(parent_id))


def _lay_over(parent: dict, doc: dict, positions: dict | None) -> dict:
    """`doc` over its (already merged) parent."""
    result = dict(parent)
    removed = doc.get("remove_cards") or []
    if removed:
        result["cards"] = _without(parent.get("cards", {}), removed, doc, positions)
        result = _forget_removed(result, set(removed))
    for key, value in doc.items():
        if key not in UPLOAD_ONLY_KEYS:
            result[key] = merge(result.get(key, _MISSING), value)
    result["extends"] = doc.get("extends")
    return result


def _without(cards: dict, removed: list, doc: dict, positions: dict | None) -> dict:
    problems = []
    for index, kind_id in enumerate(removed):
        if kind_id not in cards:
            where = (positions or {}).get(("remove_cards", index), (None, None))
            parent = doc.get("extends") or "nothing"
            message = (coded("remove-unknown", kind=str(kind_id), parent=str(parent)) if positions is not None
                       else coded("remove-unknown-in-parent", kind=str(kind_id), parent=str(parent),
                                  child=str(doc["id"])))
            problems.append(RulesetProblem(pointer("remove_cards", index), message, *where))
    if problems:
        raise RulesetError(problems, getattr(doc, "source", None))
    return {kind_id: kind for kind_id, kind in cards.items() if kind_id not in removed}


def _forget_removed(data: dict, removed: set) -> dict:
    """The parent's references to removed kinds go with them: a kind the child drops is
    no longer stacked, answered with, barred from going out or counted as a match (the
    child writes what replaces them; its own references are still checked)."""
    data = copy.deepcopy(data)
    house = data.get("house")
    if isinstance(house, dict):
        stacking = house.get("stacking")
        if isinstance(stacking, dict):
            house["stacking"] = {kind: [a for a in answers if a not in removed]
                                 for kind, answers in stacking.items()
                                 if kind not in removed and isinstance(answers, list)}
        if isinstance(house.get("no_going_out_on"), list):
            house["no_going_out_on"] = [k for k in house["no_going_out_on"] if k not in removed]
    by_kind = ((data.get("opening") or {}).get("first_card") or {}).get("by_kind")
    if isinstance(by_kind, dict):
        for kind in removed & set(by_kind):
            del by_kind[kind]
    for spec in (data.get("cards") or {}).values():
        restriction = spec.get("restriction") if isinstance(spec, dict) else None
        if isinstance(restriction, dict) and isinstance(restriction.get("counts_as_match"), list):
            restriction["counts_as_match"] = [k for k in restriction["counts_as_match"] if k not in removed]
    return data


def merge(parent, child):
    """Mappings merge by key (unless their `type` changes); anything else replaces."""
    if not (isinstance(parent, dict) and isinstance(child, dict)):
        return child
    if isinstance(child.get("type"), str) and child["type"] != parent.get("type"):
        return child
    merged = dict(parent)
    for key, value in child.items():
        merged[key] = merge(parent.get(key, _MISSING), value)
    return merged


# --- defaults --------------------------------------------------------------------------
def complete(merged: dict) -> dict:
    """Every key present: defaults from the schema, optional effect fields filled. The
    result shares nothing with its input (parents may be cached)."""
    data = _fill(INLINED_SCHEMA, merged)
    for key in UPLOAD_ONLY_KEYS:
        data.pop(key, None)
    data.setdefault("extends", None)
    other_cards = (data.get("other_side") or {}).get("cards", {})
    for kind in [*data.get("cards", {}).values(), *other_cards.values()]:
        kind["effects"] = [normalise_effect(effect) for effect in kind["effects"]]
    return data


def _fill(schema: dict, value):
    if value is _MISSING:
        if "default" in schema:
            return copy.deepcopy(schema["default"])
        if "properties" not in schema:
            return _MISSING
        value = {}
    if isinstance(value, dict):
        return _fill_mapping(schema, value)
    if isinstance(value, list) and "items" in schema:
        return [_fill(schema["items"], item) for item in value]
    return value


def _fill_mapping(schema: dict, value: dict) -> dict:
    out = {}
    properties = schema.get("properties", {})
    for name, sub in properties.items():
        filled = _fill(sub, value.get(name, _MISSING))
        if filled is not _MISSING:
            out[name] = filled
    extra = schema.get("additionalProperties")
    for name, item in value.items():
        if name not in properties:
            out[name] = _fill(extra, item) if isinstance(extra, dict) else copy.deepcopy(item)
    return out
