"""Every limit the OpenAPI document gives a request body's own fields (minimum, maximum,
minLength, maxLength, minItems, maxItems) is the limit the service applies: a value at
the limit gets no problem at that field, one past it a 422 `out-of-range` at its JSON
Pointer. The cases are read from the document itself, so a limit changed in one place
is checked in the other (issue 13, part 2)."""
import pytest

from apitest import OPENING
from referee.api.openapi import SCHEMAS

# The request schemas, their endpoint and a body the limits are tried on.
REQUESTS = {
    "OpenTableRequest": ("/v1/tables", dict(OPENING)),
    "MoveRequest": ("/v1/tables/{table}/moves", {"move": {"type": "draw", "player": 1}}),
    "CheckRequest": ("/v1/rulesets/classic/check", {"state": None, "move": {"type": "draw", "player": 1}}),
    "HintsRequest": ("/v1/rulesets/classic/hints", {"state": None, "hand": ["red-3"]}),
    "TableHintsRequest": ("/v1/tables/{table}/hints", {"hand": ["red-3"]}),
    "JoinRequest": ("/v1/tables/join", {"code": "AAAA-AAAA", "seat": 0}),
}
FILLER = {"string": "Asha", "card": "red-3"}


def resolve(spec):
    ref = spec.get("$ref")
    return SCHEMAS[ref.rsplit("/", 1)[1]] if ref else spec


def filler(items):
    return FILLER["card"] if items.get("pattern") else FILLER["string"]


def values(spec):
    """(value at a limit, value past it, what limit) for each limit of a field."""
    spec = resolve(spec)
    if "oneOf" in spec:
        for branch in spec["oneOf"]:
            yield from values(branch)
        return
    if spec.get("type") == "integer":
        if "minimum" in spec:
            yield spec["minimum"], spec["minimum"] - 1, "minimum"
        if "maximum" in spec:
            yield spec["maximum"], spec["maximum"] + 1, "maximum"
    elif spec.get("type") == "string":
        if spec.get("minLength"):
            yield "a" * spec["minLength"], "", "minLength"
        if "maxLength" in spec:
            yield "a" * spec["maxLength"], "a" * (spec["maxLength"] + 1), "maxLength"
    elif spec.get("type") == "array":
        item = filler(resolve(spec["items"]))
        if spec.get("minItems"):
            yield [item] * spec["minItems"], [], "minItems"
        if "maxItems" in spec:
            yield [item] * spec["maxItems"], [item] * (spec["maxItems"] + 1), "maxItems"


CASES = [(name, key, at, past, limit)
         for name in REQUESTS for key, spec in SCHEMAS[name]["properties"].items()
         for at, past, limit in values(spec)]


def test_the_document_gives_the_bodies_limits():
    assert {(name, key) for name, key, *_ in CASES} >= {
        ("OpenTableRequest", "players"), ("OpenTableRequest", "dealer"), ("OpenTableRequest", "first_card"),
        ("MoveRequest", "expect_seq"), ("CheckRequest", "hand"), ("JoinRequest", "code")}


def post(client, table, name, key, value):
    path, body = REQUESTS[name]
    body = {**body, key: value}
    if "state" in body:
        body["state"] = table["state"]
    return client.post(path.replace("{table}", table["id"]), json=body)


def problems_at(response, key):
    if response.status_code != 422:
        return []
    return [e["code"] for e in response.get_json()["errors"] if e["path"] == f"/{key}"]


@pytest.mark.parametrize("name, key, at, past, limit", CASES,
                         ids=[f"{c[0]}.{c[1]} {c[4]}" for c in CASES])
def test_a_documented_limit_is_the_limit_applied(client, table, name, key, at, past, limit):
    assert "out-of-range" not in problems_at(post(client, table, name, key, at), key)
    assert problems_at(post(client, table, name, key, past), key) == ["out-of-range"]
