"""Event documents: an evening's players, pinned ruleset, format and scoring, as data.

An event is written (JSON, or YAML for people) against event.schema.json, loaded by
the same strict loader as rulesets (so its problems carry the same codes, JSON
Pointers and lines), and filled with the schema's defaults. What needs more than the
document (the ruleset's players range, the seating of the players given) is checked
by referee.service.events, which knows the catalog.
"""
from __future__ import annotations

import copy
import difflib
import json
from pathlib import Path

from jsonschema import Draft7Validator
from referencing import Registry

from .errors import RulesetError, RulesetProblem, coded
from .schema import RulesetValidator, locate, plain_message
from .strict_yaml import load_yaml

EVENT_SCHEMA_PATH = Path(__file__).with_name("event.schema.json")
EVENT_SCHEMA: dict = json.loads(EVENT_SCHEMA_PATH.read_text(encoding="utf-8"))
_VALIDATOR = RulesetValidator(EVENT_SCHEMA, registry=Registry(),
                              format_checker=Draft7Validator.FORMAT_CHECKER)
MAX_SCHEMA_ERRORS = 200


class EventError(RulesetError):
    """An event document that cannot be used; `.problems` says what and where."""

    title = "Invalid event"


class LoadedEvent(dict):
    """An event document with its defaults filled, remembering where each value was."""

    def __init__(self, data: dict, positions: dict):
        super().__init__(data)
        self.positions = positions

    def problem(self, path: tuple, message) -> RulesetProblem:
        """A problem of the value at `path`, located in the text as written."""
        from referee.problem import pointer

        return RulesetProblem(pointer(*path), message, *locate(path, self.positions))


def load_event(text: str | bytes) -> LoadedEvent:
    """The event document in `text`, checked against its schema, defaults filled in.
    Raises EventError (never anything else)."""
    try:
        document = load_yaml(text, "<event>")
    except EventError:
        raise
    except RulesetError as exc:
        raise EventError(exc.problems) from None
    problems = schema_problems(document, document.positions)
    if problems:
        raise EventError(problems)
    return LoadedEvent(with_defaults(document), document.positions)


def schema_problems(document: dict, positions: dict) -> list[RulesetProblem]:
    problems = []
    for count, error in enumerate(_VALIDATOR.iter_errors(document)):
        if count >= MAX_SCHEMA_ERRORS:
            break
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = list(error.schema.get("properties", {}))
            problems.extend(_unknown_key(path, key, known, positions)
                            for key in error.instance if key not in known)
            continue
        if "propertyNames" in error.schema_path:
            path = path + (error.instance,)
        problems.append(RulesetProblem(_pointer(path), plain_message(error), *locate(path, positions)))
    return problems


def _pointer(path):
    from referee.problem import pointer

    return pointer(*path)


def _unknown_key(path, key, known, positions) -> RulesetProblem:
    close = difflib.get_close_matches(str(key), known, n=1)
    message = (coded("event-unknown-key-suggest", key=str(key), suggestion=close[0]) if close
               else coded("event-unknown-key", key=str(key), known=known))
    return RulesetProblem(_pointer(path + (key,)), message, *locate(path + (key,), positions))


def with_defaults(document: dict) -> dict:
    """The document with every default the schema gives for a key left out."""
    filled = copy.deepcopy(dict(document))
    _fill(filled, EVENT_SCHEMA)
    return filled


def _fill(value: dict, schema: dict) -> None:
    for key, spec in schema.get("properties", {}).items():
        if key not in value and "default" in spec:
            value[key] = copy.deepcopy(spec["default"])
        if isinstance(value.get(key), dict) and spec.get("type") == "object":
            _fill(value[key], spec)
