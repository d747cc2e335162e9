#!/usr/bin/env python3
"""What checking a move body's shape costs: the service's fast checks (Fields, their
limits read from the OpenAPI request schema) beside a jsonschema validator compiled
once from the same component schemas (validator_for(...)(schema, registry=...)), on
the same bodies, interleaved in one run so a busy machine slows both alike.

Two jsonschema figures: the MoveRequest envelope alone (the move an opaque object, as
Fields sees it), and the whole body with the Move oneOf (what the engine's parse_move
checks today). Prints microseconds per body (median of the rounds).

Usage: .venv/bin/python bench/bodies.py [--rounds 30] [--bodies 2000]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jsonschema import validators  # noqa: E402
from referencing import Registry, Resource  # noqa: E402
from referencing.jsonschema import DRAFT202012  # noqa: E402

from referee.api.fields import request_fields  # noqa: E402
from referee.api.openapi import SCHEMAS  # noqa: E402

BASE = "urn:referee:openapi"
BODIES = [
    {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 4},
    {"move": {"type": "draw", "player": 2}},
    {"move": {"type": "play", "player": 0, "card": "wild", "color": "blue", "uno": True}},
    {"move": {"type": "catch-uno", "player": 0, "target": 2}, "expect_seq": 12},
]


def compiled(schemas):
    """A validator for MoveRequest, built once, its $refs resolved through a registry
    holding the component schemas as one resource (as the document has them)."""
    resource = Resource.from_contents({"components": {"schemas": schemas}}, DRAFT202012)
    registry = Registry().with_resource(BASE, resource)
    schema = {"$id": f"{BASE}/move-request", **schemas["MoveRequest"]}
    schema = _absolute(schema)
    return validators.validator_for(schema, default=validators.Draft202012Validator)(
        schema, registry=registry)


def _absolute(value):
    """The schema with its document-relative $refs made absolute (into the registry)."""
    if isinstance(value, dict):
        return {key: (f"{BASE}{item}" if key == "$ref" else _absolute(item))
                for key, item in value.items()}
    if isinstance(value, list):
        return [_absolute(item) for item in value]
    return value


def fields_check(body):
    fields = request_fields("MoveRequest", body)
    fields.obj("move")
    fields.integer("expect_seq")
    return fields.problems


def timed(check, bodies):
    start = time.perf_counter()
    for body in bodies:
        check(body)
    return (time.perf_counter() - start) / len(bodies) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--bodies", type=int, default=2000)
    args = parser.parse_args()
    bodies = [BODIES[n % len(BODIES)] for n in range(args.bodies)]
    envelope = compiled({**SCHEMAS, "Move": {"type": "object"}})
    whole = compiled(SCHEMAS)
    ways = {"Fields (schema-driven, today)": fields_check,
            "jsonschema: envelope only": lambda b: list(envelope.iter_errors(b)),
            "jsonschema: envelope + Move oneOf": lambda b: list(whole.iter_errors(b))}
    for check in ways.values():  # each way is right before it is timed
        assert all(not check(body) for body in BODIES)
    figures = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, check in ways.items():
            figures[name].append(timed(check, bodies))
    reference = statistics.median(figures["Fields (schema-driven, today)"])
    print(f"move bodies ({len(BODIES)} kinds), {args.rounds} rounds of {args.bodies}: µs per body")
    for name, times in figures.items():
        median = statistics.median(times)
        print(f"  {name:36} {median:8.2f} µs   x{median / reference:5.1f}")


if __name__ == "__main__":
    main()
