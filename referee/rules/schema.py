"""The JSON Schema of rulesets, one prebuilt validator, and its errors as Problems.

The schema (draft-07, for the widest editor support) is shipped beside this module as
ruleset.schema.json; organisers point their editor at it. Three things differ from
`jsonschema.validate` on purpose (hostile inputs: docs/security.md):
- the validator is built once, with an empty `referencing.Registry()`, so no `$ref`
  is ever fetched from the network, and with the format checker on;
- `pattern` follows ECMA-262, as editors do: `$` matches only at the very end (Python's
  `$` also accepts a trailing newline, so "red\\n" would pass as an id);
- an integer is an `int`, never `2.0` nor `True`.
Errors come back as Problems with the line of the offending key, cut to a readable size.
"""
from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path

from jsonschema import Draft7Validator, ValidationError, validators
from referencing import Registry

from referee.problem import pointer

from .errors import Coded, Problem, coded

SCHEMA_PATH = Path(__file__).with_name("ruleset.schema.json")
SCHEMA: dict = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

MAX_SCHEMA_ERRORS = 200  # read this many, then sort by line; the caller keeps the first 20


@functools.cache
def compile_pattern(pattern: str) -> re.Pattern:
    """A schema pattern compiled with ECMA-262's meaning of a final `$` (the very end)."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


KEBAB = "^[a-z0-9]+(?:-[a-z0-9]+)*$"
PATTERN_HINTS = {KEBAB: "use lowercase letters and digits in words joined by single hyphens, "
                        "like wild-draw-four"}


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not compile_pattern(pattern).search(instance):
        what = schema.get("title", "value").lower()
        hint = PATTERN_HINTS.get(pattern, f"it must match {pattern}")
        yield ValidationError(f"{instance!r} is not a valid {what}: {hint}", validator="pattern",
                              validator_value=pattern, instance=instance)


def _is_integer(checker, instance) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def inline_refs(schema, root=None):
    """The schema with every local `$ref` replaced by its target, and a lone `allOf`
    folded into its parent. Our schema has no recursion, and resolving references at
    every validation costs ten times the validation itself."""
    root = root or schema
    if isinstance(schema, list):
        return [inline_refs(item, root) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return {**inline_refs(target, root), **{k: v for k, v in schema.items() if k != "$ref"}}
    out = {key: inline_refs(value, root) for key, value in schema.items() if key != "definitions"}
    if len(out.get("allOf", ())) == 1:
        out = {**out.pop("allOf")[0], **out}
    return out


RulesetValidator = validators.extend(
    Draft7Validator,
    validators={"pattern": _pattern},
    type_checker=Draft7Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)
INLINED_SCHEMA = inline_refs(SCHEMA)  # what the validator and the default filler read
VALIDATOR = RulesetValidator(INLINED_SCHEMA, registry=Registry(),
                             format_checker=Draft7Validator.FORMAT_CHECKER)


def schema_problems(document: dict, positions: dict | None = None) -> list[Problem]:
    """Every way `document` breaks the schema, as Problems located in the YAML text."""
    positions = positions or {}
    problems: list[Problem] = []
    for count, error in enumerate(VALIDATOR.iter_errors(document)):
        if count >= MAX_SCHEMA_ERRORS:
            break
        problems.extend(_problems_from(error, positions))
    return problems


def locate(path: tuple, positions: dict) -> tuple[int | None, int | None]:
    """The position of `path`, or of its nearest ancestor that has one."""
    for end in range(len(path), -1, -1):
        if path[:end] in positions:
            return positions[path[:end]]
    return None, None


def _problems_from(error: ValidationError, positions: dict) -> list[Problem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return [_unknown_key(path, key, error.schema, positions)
                for key in _extra_keys(error.instance, error.schema)]
    if "propertyNames" in error.schema_path:  # the error is about a key: point at it
        path = path + (error.instance,)
    return [Problem(pointer(*path), plain_message(error), *locate(path, positions))]


TYPE_CODES = {"integer": "schema-integer", "number": "schema-number", "string": "schema-string",
              "boolean": "schema-boolean", "array": "schema-array", "object": "schema-object"}


def plain_message(error: ValidationError) -> Coded:
    """What a schema error means, as a coded message an organiser can read."""
    kind, expected, instance = error.validator, error.validator_value, error.instance
    if kind == "type":
        wanted = expected if isinstance(expected, str) else next(
            (name for name in expected if name != "null"), None)
        if instance is None and wanted in ("object", "array"):
            return coded("schema-empty")
        return coded(TYPE_CODES.get(wanted, "schema-type"))
    if kind == "required":
        missing = _missing_key(error)
        if "else" in error.schema_path:
            return coded("schema-required-complete", key=missing)
        return coded("schema-required", key=missing)
    if kind == "enum":
        return coded("schema-enum", allowed=[str(value) for value in expected])
    if kind == "const":
        return coded("schema-const", value=str(expected))
    if kind in ("minimum", "exclusiveMinimum"):
        return coded("schema-minimum", limit=expected + (1 if kind == "exclusiveMinimum" else 0))
    if kind in ("maximum", "exclusiveMaximum"):
        return coded("schema-maximum", limit=expected - (1 if kind == "exclusiveMaximum" else 0))
    if kind == "minLength":
        return coded("schema-text-empty")
    if kind == "maxLength":
        return coded("schema-text-too-long", limit=expected)
    if kind == "minItems":
        return coded("schema-list-empty")
    if kind == "maxItems":
        return coded("schema-list-too-long", limit=expected)
    if kind == "uniqueItems":
        return coded("schema-list-repeats")
    if kind == "pattern":
        return coded("schema-id" if expected == KEBAB else "schema-pattern", value=str(instance))
    return coded("schema-invalid")


_REQUIRED = re.compile(r"^'(?P<key>[^']*)' is a required property")


def _missing_key(error: ValidationError) -> str:
    """jsonschema reports one error per missing key, naming it only in its message."""
    named = _REQUIRED.match(error.message)
    if named:
        return named["key"]
    present = error.instance if isinstance(error.instance, dict) else {}
    return next((key for key in error.validator_value if key not in present), "?")


def _extra_keys(instance: dict, schema: dict) -> list[str]:
    known = schema.get("properties", {})
    return [key for key in instance if key not in known]


def _unknown_key(path: tuple, key, schema: dict, positions: dict) -> Problem:
    known = list(schema.get("properties", {}))
    close = difflib.get_close_matches(str(key), known, n=1)
    message = (coded("schema-unknown-key-suggest", key=str(key), suggestion=close[0]) if close
               else coded("schema-unknown-key", key=str(key), known=known))
    return Problem(pointer(*path, key), message, *locate(path + (key,), positions))
