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

from referee.languages import TRANSLATED_LANGUAGES
from referee.problem import pointer

from .errors import Coded, RulesetProblem, coded

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


def schema_problems(document: dict, positions: dict | None = None) -> list[RulesetProblem]:
    """Every way `document` breaks the schema, as Problems located in the YAML text."""
    positions = positions or {}
    problems: list[RulesetProblem] = []
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


def _problems_from(error: ValidationError, positions: dict) -> list[RulesetProblem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return [_unknown_key(path, key, error.schema, positions)
                for key in _extra_keys(error.instance, error.schema)]
    if "propertyNames" in error.schema_path:  # the error is about a key: point at it
        path = path + (error.instance,)
    where = locate(path, positions)
    if _missing_space_after_colon(error.instance) and path + ("<value>",) in positions:
        where = positions[path + ("<value>",)]  # `target:200` is on the line after its parent key
    return [RulesetProblem(pointer(*path), plain_message(error), *where)]


TYPE_CODES = {"integer": "schema-integer", "number": "schema-number", "string": "schema-string",
              "boolean": "schema-boolean", "array": "schema-array", "object": "schema-object"}
KEY_VALUE = re.compile(r"^([A-Za-z_$][\w$-]*):(\S.*)$")  # `target:200`: YAML reads one word, not a key
SPOKEN_BOOLEANS = {"yes": True, "y": True, "on": True, "no": False, "n": False, "off": False}
CURLY_QUOTES = "\u201c\u201d\u2018\u2019\u201e\u00ab\u00bb"
# What a language key of `translations:` is often written as, and the code meant.
LANGUAGE_NAMES = {"gujarati": "gu", "hindi": "hi", "nepali": "ne", "nepalese": "ne", "telugu": "te",
                  "english": "en", "ગુજરાતી": "gu", "हिन्दी": "hi", "हिंदी": "hi", "नेपाली": "ne",
                  "తెలుగు": "te"}


def _missing_space_after_colon(instance) -> bool:
    return isinstance(instance, str) and KEY_VALUE.match(instance) is not None


def _wanted_type(expected):
    return expected if isinstance(expected, str) else next(
        (name for name in expected if name != "null"), None)


def _no_value(error, wanted, instance):
    if instance is None and wanted in ("object", "array"):
        return coded("schema-empty")


def _no_space_after_colon(error, wanted, instance):
    if wanted == "object" and _missing_space_after_colon(instance):
        key, value = KEY_VALUE.match(instance).groups()
        return coded("yaml-colon-space", written=instance, example=f"{key}: {value}")


def _switch_written_as_true(error, wanted, instance):
    """`jump_in: true`, as `elimination: true` is written: this option is a set of keys."""
    if wanted == "object" and isinstance(instance, bool) and "enabled" in error.schema.get("properties", {}):
        key = error.absolute_path[-1] if error.absolute_path else "option"
        return coded("schema-object-enabled", example=f"{key}: {{enabled: {str(instance).lower()}}}")


def _number_in_quotes_or_words(error, wanted, instance):
    """`"200"` (a string of digits only can have been quoted) or `200 points`."""
    number = re.match(r"\s*([0-9]+)\b", instance) if wanted == "integer" and isinstance(instance, str) else None
    if number:
        written = f'"{instance}"' if instance.isdigit() else instance
        return coded("schema-integer-written", value=written, number=number.group(1))


def _spoken_boolean(error, wanted, instance):
    """yes/no/on/off: YAML 1.1 read them as true/false, the strict loader (YAML 1.2) does not."""
    if wanted == "boolean" and isinstance(instance, str) and instance.strip().lower() in SPOKEN_BOOLEANS:
        return coded("schema-boolean-written", value=instance,
                     example=str(SPOKEN_BOOLEANS[instance.strip().lower()]).lower())


def _one_item_for_a_list(error, wanted, instance):
    if wanted == "array" and isinstance(instance, str) and instance:
        return coded("schema-array-one", example=f"[{instance}]")


# What an organiser most often wrote instead of the type wanted, each with the words to
# write instead; the first that recognises the value speaks, else the plain type message.
TYPE_MISTAKES = [_no_value, _no_space_after_colon, _switch_written_as_true, _number_in_quotes_or_words,
                 _spoken_boolean, _one_item_for_a_list]


def _type(error: ValidationError) -> Coded:
    wanted, instance = _wanted_type(error.validator_value), error.instance
    for mistake in TYPE_MISTAKES:
        message = mistake(error, wanted, instance)
        if message is not None:
            return message
    return coded(TYPE_CODES.get(wanted, "schema-type"))


def _required(error: ValidationError) -> Coded:
    missing = _missing_key(error)
    if "else" in error.schema_path:
        return coded("schema-required-complete", key=missing)
    fitting = _values_that_fit(error, missing)
    if fitting:
        return coded("schema-required-example", key=missing,
                     examples=[f"{missing}: {value}" for value in fitting])
    return coded("schema-required", key=missing)


def _values_that_fit(error: ValidationError, missing: str) -> list:
    """The enum values of a missing key with which the mapping as written would be valid
    (`penalty: {count: 4}` fits `type: draw` only)."""
    schema = error.schema
    choices = (schema.get("properties", {}).get(missing) or {}).get("enum", ())
    if not isinstance(error.instance, dict):
        return []
    checker = VALIDATOR.evolve(schema=schema)
    return [value for value in choices if checker.is_valid({**error.instance, missing: value})]


def _pattern_message(error: ValidationError) -> Coded:
    expected, value = error.validator_value, str(error.instance)
    if any(mark in value for mark in CURLY_QUOTES):
        return coded("yaml-curly-quotes", value=value, example=_straight(value))
    if tuple(error.absolute_path)[:1] == ("translations",) and "propertyNames" in error.schema_path:
        code = LANGUAGE_NAMES.get(value.strip().lower())
        if code:
            return coded("translations-language-name", value=value, language=code)
        return coded("translations-language-code", value=value, codes=list(TRANSLATED_LANGUAGES))
    if expected == KEBAB:
        fixed = as_id(value)
        if fixed and fixed != value:
            return coded("schema-id-suggest", value=value, suggestion=fixed)
        return coded("schema-id", value=value)
    return coded("schema-pattern", value=value)


def _straight(value: str) -> str:
    """`“7”` as it should be typed: "7"."""
    return value.translate(str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"',
                                          "\u00bb": '"', "\u2018": "'", "\u2019": "'"}))


def as_id(text: str) -> str:
    """The id an organiser probably meant: `Friday Night` -> `friday-night`."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def _limit_message(code: str, offset: int):
    return lambda error: coded(code, limit=error.validator_value + offset)


# One function per JSON Schema keyword, as python-jsonschema checks them: what its error
# means to an organiser, as a coded message.
KEYWORD_MESSAGES = {
    "type": _type,
    "required": _required,
    "enum": lambda error: coded("schema-enum", allowed=[str(value) for value in error.validator_value]),
    "const": lambda error: coded("schema-const", value=str(error.validator_value)),
    "minimum": _limit_message("schema-minimum", 0),
    "exclusiveMinimum": _limit_message("schema-minimum", 1),
    "maximum": _limit_message("schema-maximum", 0),
    "exclusiveMaximum": _limit_message("schema-maximum", -1),
    "minLength": lambda error: coded("schema-text-empty"),
    "maxLength": lambda error: coded("schema-text-too-long", limit=error.validator_value),
    "minItems": lambda error: coded("schema-list-empty"),
    "maxItems": lambda error: coded("schema-list-too-long", limit=error.validator_value),
    "uniqueItems": lambda error: coded("schema-list-repeats"),
    "pattern": _pattern_message,
}


def plain_message(error: ValidationError) -> Coded:
    """What a schema error means, as a coded message an organiser can read."""
    explain = KEYWORD_MESSAGES.get(error.validator)
    return explain(error) if explain else coded("schema-invalid")


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


def _unknown_key(path: tuple, key, schema: dict, positions: dict) -> RulesetProblem:
    known = list(schema.get("properties", {}))
    homes = [home for home in key_homes().get(str(key), ()) if home != path]
    close = difflib.get_close_matches(str(key), known, n=1)
    if homes:  # a key of the format, written at the wrong level: say where it goes
        message = coded("schema-key-elsewhere", key=str(key), parents=[".".join(home) + ":" for home in homes])
    elif close:
        message = coded("schema-unknown-key-suggest", key=str(key), suggestion=close[0])
    else:
        message = coded("schema-unknown-key", key=str(key), known=known)
    return RulesetProblem(pointer(*path, key), message, *locate(path + (key,), positions))


MAX_HOMES = 3  # a key found in more places than this (enabled, count) says nothing by its place


@functools.cache
def key_homes() -> dict[str, list[tuple]]:
    """For each key of the format, the mappings it belongs in (named paths only, the
    shallowest first): `jump_in` -> [("house",)], `max` -> [("players",), ("turn", "draw")]."""
    found: dict[str, list[tuple]] = {}

    def walk(schema, path):
        if not isinstance(schema, dict):
            return
        for name, sub in schema.get("properties", {}).items():
            found.setdefault(name, []).append(path)
            walk(sub, path + (name,))
        for branch in ("allOf", "anyOf", "oneOf"):
            for sub in schema.get(branch, ()):
                walk(sub, path)

    walk(INLINED_SCHEMA, ())
    homes = {}
    for name, paths in found.items():
        named = sorted({path for path in paths if path}, key=lambda path: (len(path), path))
        if 0 < len(named) <= MAX_HOMES and () not in paths:
            homes[name] = named
    return homes
