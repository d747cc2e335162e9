"""The JSON Schema organisers' editors use: documented, closed, safe to evaluate."""
import re
import time

import pytest
from jsonschema import Draft7Validator

from referee.rules import SCHEMA, RulesetError, load_document
from referee.rules.loading import builtin_files
from referee.rules.schema import SCHEMA_PATH, VALIDATOR, compile_pattern


def subschemas(schema, path="#"):
    """Every schema in the document, with where it is."""
    if isinstance(schema, dict):
        yield path, schema
        for key, value in schema.items():
            if key in ("properties", "definitions"):
                for name, sub in value.items():
                    yield from subschemas(sub, f"{path}/{key}/{name}")
            elif key in ("items", "additionalProperties", "propertyNames", "if", "then", "else"):
                yield from subschemas(value, f"{path}/{key}")
            elif key == "allOf":
                for index, sub in enumerate(value):
                    yield from subschemas(sub, f"{path}/allOf/{index}")


def properties():
    for path, schema in subschemas(SCHEMA):
        for name, sub in schema.get("properties", {}).items():
            if "/if" not in path:  # `if` holds conditions, not properties
                yield f"{path}/properties/{name}", sub


def test_the_schema_is_valid_draft_07():
    Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize("path, schema", list(properties()), ids=[p for p, _ in properties()])
def test_every_property_has_a_title_and_a_description(path, schema):
    assert schema.get("title") and len(schema.get("description", "")) > 10


def test_every_closed_object_refuses_unknown_keys():
    for path, schema in subschemas(SCHEMA):
        if "properties" in schema and "/if" not in path:
            assert schema.get("additionalProperties") is False, path


def test_only_local_refs():
    refs = [s["$ref"] for _, s in subschemas(SCHEMA) if "$ref" in s]
    assert refs and all(ref.startswith("#/definitions/") for ref in refs)
    assert VALIDATOR.format_checker is not None


def test_every_yaml_file_points_its_editor_at_the_schema():
    for path in builtin_files():
        modeline = path.read_text().splitlines()[0]
        target = modeline.split("$schema=", 1)[1]
        assert (path.parent / target).resolve() == SCHEMA_PATH.resolve(), path


PATTERNS = sorted({s["pattern"] for _, s in subschemas(SCHEMA) if "pattern" in s})
ADVERSARIAL = ["a" * 20_000 + "!", "-" * 20_000, "a-" * 10_000 + "-", "a-" * 10_000 + "\n",
               "0" * 20_000 + "A", "a" + "-a" * 10_000 + "--"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_are_anchored_and_linear(pattern):
    assert pattern.startswith("^") and pattern.endswith("$")
    compiled = compile_pattern(pattern)
    for text in ADVERSARIAL:
        started = time.perf_counter()
        assert not compiled.search(text)
        # generous: a backtracking pattern takes seconds on 20,000 characters
        assert time.perf_counter() - started < 0.5, (pattern, text[:10])


def test_a_trailing_newline_does_not_pass_an_anchored_pattern():
    assert re.search(PATTERNS[0], "red\n")  # Python's own `$` would let it through
    assert not compile_pattern(PATTERNS[0]).search("red\n")
    assert list(VALIDATOR.iter_errors({"id": "red\n", "title": "x", "extends": "classic"}))


def problems(text):
    with pytest.raises(RulesetError) as caught:
        load_document(text)
    return caught.value.problems


HEAD = "id: house\ntitle: House\nextends: classic\n"


@pytest.mark.parametrize("value", ["2.0", "true", "'7'"])
def test_an_integer_is_an_integer(value):
    assert problems(HEAD + f"hand_size: {value}\n")[0].path == "/hand_size"


def test_an_unknown_key_is_named_with_a_suggestion():
    found = problems(HEAD + "house:\n  jump_inn: {enabled: true}\n")
    assert [(p.path, p.line, p.column, p.message) for p in found] == [
        ("/house/jump_inn", 5, 3, "jump_inn is not a key this ruleset knows here; did you mean jump_in?")]


def test_a_bad_key_name_is_reported_at_the_key():
    found = problems(HEAD + "cards:\n  Red Card: {per_color: 1, score: 1}\n")
    assert [(p.path, p.line) for p in found] == [("/cards/Red Card", 5)]
    assert found[0].code == "schema-id-suggest" and found[0].message.startswith("Red Card is not a valid id")
    assert found[0].message.endswith("write red-card.")


def test_a_ruleset_without_extends_must_be_complete():
    found = problems("id: lone\ntitle: Alone\n")
    assert sorted(p.message for p in found) == [
        "The key cards is missing; a ruleset without extends must write every key, so start from an edition with extends: classic unless you write them all.",
        "The key deck_size is missing; a ruleset without extends must write every key, so start from an edition with extends: classic unless you write them all."]


def test_messages_are_cut_to_a_readable_length():
    found = problems(HEAD + "title: " + "x" * 10_000 + "\n")
    assert found[0].path == "/title" and len(found[0].message) <= 200


def test_at_most_twenty_problems_sorted_by_line():
    text = HEAD + "".join(f"unknown_{n}: 1\n" for n in range(30, 0, -1))
    found = problems(text)
    assert len(found) == 21
    assert [p.line for p in found[:20]] == list(range(4, 24))
    assert found[20].message == "10 more problems are not shown; fix these first."
    assert (found[20].code, found[20].params) == ("more-problems", {"count": 10})


SCHEMA_MESSAGES = [
    ("hand_size: seven\n", "/hand_size", "schema-integer", "This must be a whole number, like 300."),
    ("colors: 7\n", "/colors", "schema-array", "This must be a list, like [red, blue]."),
    ("draw_source: pool\n", "/draw_source", "schema-enum", "This must be one of: pile or launcher."),
    ("hand_size: 0\n", "/hand_size", "schema-minimum", "This must be 1 or more."),
    ("house:\n  mercy: {enabled: true, lasts: match}\n", "/house/mercy/lasts", "schema-enum",
     "This must be one of: round or game."),
    ("scoring:\ntarget: 300\n", "/scoring", "schema-empty",
     "This key has no value; if the lines below belong to it, indent them under it."),
]


@pytest.mark.parametrize("text, path, code, message", SCHEMA_MESSAGES, ids=[c[2] for c in SCHEMA_MESSAGES])
def test_schema_problems_are_said_in_plain_words(text, path, code, message):
    from referee.text.problems import problem_message

    found = {p.path: p for p in problems(HEAD + text)}
    assert found[path].code == code
    assert problem_message(found[path].code, found[path].params, "en") == message
    assert "not of type" not in found[path].message and "None" not in found[path].message
