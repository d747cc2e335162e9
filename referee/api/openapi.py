"""The OpenAPI 3.1 document of the service (GET /v1/openapi.json, rendered at /docs).

Request bodies are checked by hand-written code on the hot path (body.py and the
engine's parse_move/parse_state); the schemas here describe the same contract for
clients, /docs and schemathesis.
"""
import functools

from .ids import RULESET_ID_PATTERN, TABLE_ID_PATTERN
from .mapping import DOMAIN_PROBLEMS
from .problems import ALL_PROBLEMS, MAX_ERRORS

JSON = "application/json"
PROBLEM = "application/problem+json"


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


CARD = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 60,
        "description": "`<colour>-<kind>` for a coloured card, `<kind>` for a wild "
                       "(e.g. `red-7`, `blue-skip`, `wild-draw-four`)."}
SEAT = {"type": "integer", "minimum": 0, "maximum": 1000, "description": "A seat index (0-based)."}
RULESET_ID = {"type": "string", "minLength": 1, "maxLength": 64,
              "pattern": f"^{RULESET_ID_PATTERN}$"}

SCHEMAS = {
    "Card": CARD,
    "Problem": {
        "type": "object",
        "description": "RFC 9457 problem details. `type` links to the problem's entry on /docs.",
        "required": ["type", "title", "status", "detail"],
        "properties": {
            "type": {"type": "string"}, "title": {"type": "string"},
            "status": {"type": "integer"}, "detail": {"type": "string"},
            "errors": {"type": "array", "maxItems": MAX_ERRORS, "items": {
                "type": "object", "required": ["path", "message"],
                "properties": {"path": {"type": "string"}, "message": {"type": "string"},
                               "line": {"type": ["integer", "null"]},
                               "column": {"type": ["integer", "null"]},
                               "code": {"type": "string", "description": "A ruleset problem's stable code; the message is in the request's language."},
                               "severity": {"enum": ["error", "warning"]}}}},
            "seq": {"type": "integer", "description": "409: the table's current seq."},
            "expected": {"type": "integer", "description": "409: the seq the request expected."},
        },
    },
    "Move": {
        "type": "object",
        "description": "One move (API.md, Moves). Cards must be in the ruleset's deck; an "
                       "unknown card or field is a 422 naming its path.",
        "required": ["type"],
        "additionalProperties": False,
        "properties": {
            "type": {"enum": ["play", "draw", "pass", "call-uno", "catch-uno", "challenge",
                              "accept", "score", "deal"]},
            "player": SEAT,
            "cards": {"type": "array", "items": ref("Card"), "maxItems": 120,
                      "description": "play: the cards played; draw: the cards received, "
                                     "when shown."},
            "card": ref("Card"),
            "presses": {"type": "integer", "minimum": 1, "maximum": 100},
            "first_card": {"oneOf": [ref("Card"), {"type": "array", "items": ref("Card"),
                                                   "minItems": 1, "maxItems": 20}]},
            "dealer": SEAT,
            "color": {"type": "string", "maxLength": 60},
            "target": SEAT,
            "uno": {"type": "boolean"},
            "count": {"type": "integer", "minimum": 0, "maximum": 500},
            "hand": {"type": "array", "items": ref("Card"), "maxItems": 500},
            "hands": {"type": "array", "maxItems": 10,
                      "items": {"type": "array", "items": ref("Card"), "maxItems": 500}},
        },
    },
    "Pending": {
        "type": ["object", "null"],
        "required": ["kind", "count", "player"],
        "properties": {"kind": {"type": "string"}, "count": {"type": ["integer", "null"]},
                       "player": {"type": "integer"}},
    },
    "State": {
        "type": "object",
        "description": "The public state (API.md) plus the fields the judge needs; send back "
                       "a state as the service answered it.",
        "required": ["players", "dealer", "current", "direction", "top", "color",
                     "hand_counts", "pending", "phase", "scores", "round"],
        "properties": {
            "players": {"type": "array", "items": {"type": "string"}, "maxItems": 10},
            "dealer": SEAT, "current": SEAT,
            "direction": {"enum": ["clockwise", "counterclockwise"]},
            "top": {"type": "string"}, "color": {"type": ["string", "null"]},
            "hand_counts": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "pending": ref("Pending"),
            "phase": {"enum": ["play", "respond", "round-over", "game-over"]},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "round": {"type": "integer", "minimum": 1},
        },
    },
    "RulesetRef": {
        "type": "object", "required": ["id", "version"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"}},
    },
    "Verdict": {
        "type": "object",
        "description": "The judge's answer. An illegal move is a normal 200 answer.",
        "required": ["legal", "code", "message", "rule", "effects", "state"],
        "properties": {
            "legal": {"type": "boolean"},
            "code": {"type": "string", "description": "A stable code (referee/engine/codes.py)."},
            "message": {"type": "string", "description": "In the negotiated language."},
            "rule": {"type": ["string", "null"],
                     "description": "Where in the ruleset the deciding rule lives."},
            "effects": {"type": "array", "items": {
                "type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}},
            "state": ref("State"),
            "details": {"type": "object"},
            "ruleset": ref("RulesetRef"),
        },
    },
    "MoveAnswer": {
        "allOf": [ref("Verdict"), {
            "type": "object", "required": ["seq", "table", "ruleset", "dry_run"],
            "properties": {
                "seq": {"type": "integer", "description": "The seq this move was recorded "
                        "as (a dry run: the table's current seq)."},
                "table": {"type": "string"}, "ruleset": ref("RulesetRef"),
                "dry_run": {"type": "boolean"}}}],
    },
    "CheckRequest": {
        "type": "object", "required": ["state", "move"], "additionalProperties": False,
        "properties": {"state": ref("State"), "move": ref("Move"),
                       "hand": {"type": "array", "items": ref("Card"), "maxItems": 500,
                                "description": "The mover's hand, when it was shown."}},
    },
    "OpenTableRequest": {
        "type": "object", "required": ["ruleset", "players", "dealer", "first_card"],
        "additionalProperties": False,
        "properties": {
            "ruleset": RULESET_ID,
            "ruleset_version": {"type": "integer", "minimum": 1,
                                "description": "Pin an older version (default: the latest)."},
            "players": {"type": "array", "items": {"type": "string", "minLength": 1,
                                                   "maxLength": 100},
                        "minItems": 1, "maxItems": 50, "description": "Names, in seat order."},
            "dealer": SEAT,
            "first_card": {"oneOf": [ref("Card"), {"type": "array", "items": ref("Card"),
                                                   "minItems": 1, "maxItems": 20}],
                           "description": "The card turned up (a list when the first ones "
                                          "were turned again, e.g. a Wild Draw Four)."},
            "color": {"type": "string", "maxLength": 60,
                      "description": "The colour named when the ruleset lets the first "
                                     "player name one for a wild first card."},
        },
    },
    "Table": {
        "type": "object", "required": ["id", "seq", "state", "ruleset"],
        "properties": {"id": {"type": "string"}, "seq": {"type": "integer", "minimum": 0},
                       "state": ref("State"), "ruleset": ref("RulesetRef"),
                       "opening": {"type": "object"}, "verdict": ref("Verdict")},
    },
    "MoveRequest": {
        "type": "object", "required": ["move"], "additionalProperties": False,
        "properties": {"move": ref("Move"),
                       "expect_seq": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1,
                                      "description": "The table's seq the client last saw; "
                                                     "409 when it has moved on."}},
    },
    "EventLog": {
        "type": "object", "required": ["id", "ruleset", "seq", "events"],
        "properties": {
            "id": {"type": "string"}, "ruleset": ref("RulesetRef"),
            "seq": {"type": "integer"}, "opening": {"type": "object"},
            "events": {"type": "array", "items": {
                "type": "object", "required": ["seq", "move", "verdict"],
                "properties": {"seq": {"type": "integer", "minimum": 1},
                               "move": {"type": "object"}, "verdict": ref("Verdict"),
                               "recorded_at": {"type": "string", "format": "date-time"}}}},
        },
    },
    "RulesetSummary": {
        "type": "object", "required": ["id", "version", "title", "extends"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"},
                       "title": {"type": "string"}, "extends": {"type": ["string", "null"]},
                       "builtin": {"type": "boolean"}},
    },
    "Ruleset": {
        "type": "object",
        "description": "The resolved ruleset (see /v1/schema/ruleset.json) with its version.",
        "required": ["id", "version"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"},
                       "builtin": {"type": "boolean"}, "sha256": {"type": "string"}},
    },
    "RulesetDocument": {
        "type": "object",
        "description": "A ruleset as organisers write it: see GET /v1/schema/ruleset.json.",
        "required": ["id"],
        "properties": {"id": RULESET_ID, "extends": RULESET_ID, "title": {"type": "string"}},
    },
    "RulesetWarning": {
        "type": "object", "required": ["path", "message"],
        "properties": {"path": {"type": "string"}, "message": {"type": "string"},
                       "line": {"type": ["integer", "null"]},
                       "column": {"type": ["integer", "null"]},
                       "code": {"type": "string"}, "severity": {"enum": ["error", "warning"]}},
    },
    "RuleText": {
        "type": "object", "required": ["lang", "ruleset", "sections"],
        "properties": {
            "lang": {"enum": ["en", "gu", "hi", "ne", "te"]},
            "ruleset": {},
            "sections": {"type": "array", "items": {
                "type": "object", "required": ["id", "title", "paragraphs"],
                "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                               "paragraphs": {"type": "array"}}}},
        },
    },
}

PARAMS = {
    "ruleset_id": {"name": "ruleset_id", "in": "path", "required": True, "schema": RULESET_ID},
    "table_id": {"name": "table_id", "in": "path", "required": True,
                 "schema": {"type": "string", "pattern": f"^{TABLE_ID_PATTERN}$"}},
    "version": {"name": "version", "in": "query", "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
                "description": "An older version (default: the latest)."},
    "lang": {"name": "lang", "in": "query", "required": False,
             "schema": {"type": "string", "maxLength": 35},
             "description": "en, gu, hi, ne or te; wins over Accept-Language."},
    "dry_run": {"name": "dry_run", "in": "query", "required": False,
                "schema": {"type": "boolean"},
                "description": "Judge against the current state; record nothing."},
    "after": {"name": "after", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
              "description": "Only events with a greater seq."},
    "idempotency_key": {"name": "Idempotency-Key", "in": "header", "required": False,
                        "schema": {"type": "string", "minLength": 1, "maxLength": 200,
                                   "pattern": "^[\\x20-\\x7e]+$"},
                        "description": "A retry with the same key and body gets the first "
                                       "answer (marked `Idempotent-Replayed: true`) and "
                                       "records nothing; another body: 422. Keys belong to "
                                       "their table; dry runs ignore them."},
}

ERROR_TEXT = {
    400: "Malformed: not JSON, NaN/Infinity, duplicate keys, nested deeper than 32, "
         "or a bad query parameter.",
    401: "No valid organiser token.",
    403: "The id is a built-in's or another organiser's.",
    404: "No such ruleset, version or table.",
    405: "Method not allowed (the Allow header lists the methods).",
    409: "expect_seq is stale; `seq` is the table's current seq.",
    413: "The body is larger than 256 KiB (with or without Content-Length).",
    415: "The body's Content-Type is not one this operation reads.",
    422: "Well-formed but wrong: `errors` lists each problem with its path (and line).",
}


def problem(status):
    return {"description": ERROR_TEXT.get(status, "Error"),
            "content": {PROBLEM: {"schema": ref("Problem")}}}


def ok(description, schema, headers=None):
    response = {"description": description, "content": {JSON: {"schema": schema}}}
    if headers:
        response["headers"] = headers
    return response


def responses(success, *errors):
    result = dict(success)
    for status in errors:
        result[str(status)] = problem(status)
    result["5XX"] = {"description": "A fault of the service (never caused by input).",
                     "content": {PROBLEM: {"schema": ref("Problem")}}}
    return result


def json_body(schema):
    return {"required": True, "content": {JSON: {"schema": schema}}}


LANGUAGE_HEADERS = {"Content-Language": {"schema": {"type": "string"},
                                         "description": "The negotiated language."}}
BODY_ERRORS = (400, 413, 415, 422)


def operation(summary, tag, success, errors=(), params=(), body=None, description=None,
              **extra):
    op = {"summary": summary, "tags": [tag], "operationId": extra.pop("operation_id"),
          "responses": responses(success, *errors)}
    if description:
        op["description"] = description
    if params:
        op["parameters"] = [PARAMS[name] for name in params]
    if body is not None:
        op["requestBody"] = body
    op.update(extra)
    return op


PATHS = {
    "/v1/health": {"get": operation(
        "Liveness", "health", {"200": ok("The service is up.", {
            "type": "object", "required": ["status"],
            "properties": {"status": {"const": "ok"}}})}, operation_id="health")},
    "/v1/rulesets": {
        "get": operation("List rulesets (latest version of each)", "rulesets", {
            "200": ok("Built-ins first.", {
                "type": "object", "required": ["rulesets"],
                "properties": {"rulesets": {"type": "array", "items": ref("RulesetSummary")}}})},
            operation_id="listRulesets"),
        "post": operation(
            "Publish a ruleset (organisers)", "rulesets", {
                "201": {"description": "Stored as the id's next version.",
                        "headers": {"Location": {"schema": {"type": "string"}}},
                        "content": {JSON: {"schema": {
                            "type": "object", "required": ["id", "version"],
                            "properties": {"id": {"type": "string"},
                                           "version": {"type": "integer", "minimum": 1},
                                           "warnings": {"type": "array",
                                                        "items": ref("RulesetWarning")}}}}}}},
            (401, 403) + BODY_ERRORS,
            description="YAML (`application/yaml`) or JSON. The same id again publishes a new "
                        "version; only the organiser who first published an id may. Built-in "
                        "ids are refused with 403. A stored version never changes.",
            body={"required": True, "content": {
                "application/yaml": {"schema": {"type": "string"}},
                JSON: {"schema": ref("RulesetDocument")}}},
            security=[{"organiserToken": []}], operation_id="publishRuleset"),
    },
    "/v1/rulesets/validate": {"post": operation(
        "Validate a ruleset without storing it", "rulesets", {
            "200": ok("Valid; warnings are worth reading.", {
                "type": "object", "required": ["valid", "warnings"],
                "properties": {"valid": {"const": True}, "id": {"type": "string"},
                               "warnings": {"type": "array", "items": ref("RulesetWarning")}}})},
        BODY_ERRORS,
        body={"required": True, "content": {
            "application/yaml": {"schema": {"type": "string"}},
            JSON: {"schema": ref("RulesetDocument")}}},
        operation_id="validateRuleset")},
    "/v1/rulesets/{ruleset_id}": {"get": operation(
        "A resolved ruleset", "rulesets", {"200": ok("The resolved ruleset.", ref("Ruleset"))},
        (400, 404), params=("ruleset_id", "version"), operation_id="getRuleset")},
    "/v1/schema/ruleset.json": {"get": operation(
        "The JSON Schema of rulesets (draft-07)", "rulesets", {
            "200": {"description": "For editors' completion and validation.",
                    "content": {"application/schema+json": {"schema": {"type": "object"}}}}},
        operation_id="rulesetSchema")},
    "/v1/rulesets/{ruleset_id}/check": {"post": operation(
        "Judge one move against a given state (stateless)", "check",
        {"200": ok("The verdict, legal or not.", ref("Verdict"), LANGUAGE_HEADERS)},
        (404,) + BODY_ERRORS, params=("ruleset_id", "version", "lang"),
        body=json_body(ref("CheckRequest")), operation_id="checkMove")},
    "/v1/rulesets/{ruleset_id}/text": {"get": operation(
        "The rules as text, in the reader's language", "text",
        {"200": ok("Sections of the rule text.", ref("RuleText"), LANGUAGE_HEADERS)},
        (400, 404), params=("ruleset_id", "version", "lang"), operation_id="rulesetText")},
    "/v1/tables": {"post": operation(
        "Open a table", "tables", {
            "201": {"description": "The table, at seq 0, pinned to a ruleset version.",
                    "headers": {"Location": {"schema": {"type": "string"}}},
                    "content": {JSON: {"schema": ref("Table")}}}},
        (404,) + BODY_ERRORS, params=("lang",), body=json_body(ref("OpenTableRequest")),
        operation_id="openTable")},
    "/v1/tables/{table_id}": {"get": operation(
        "A table's current state", "tables", {"200": ok("The table.", ref("Table"))},
        (404,), params=("table_id",), operation_id="getTable")},
    "/v1/tables/{table_id}/moves": {"post": operation(
        "Append a move to a table", "tables",
        {"200": ok("The verdict and the seq it was recorded as.", ref("MoveAnswer"),
                   LANGUAGE_HEADERS)},
        (404, 409) + BODY_ERRORS, params=("table_id", "dry_run", "lang", "idempotency_key"),
        description="Every move is recorded with its verdict, illegal ones too (they leave "
                    "the state unchanged): the log is the referee's record of disputed calls.",
        body=json_body(ref("MoveRequest")), operation_id="appendMove")},
    "/v1/tables/{table_id}/events": {"get": operation(
        "A table's log of moves and verdicts", "tables",
        {"200": ok("In seq order; replaying it reproduces every state.", ref("EventLog"),
                   LANGUAGE_HEADERS)},
        (400, 404), params=("table_id", "after", "lang"), operation_id="tableEvents")},
    "/v1/locales": {"get": operation(
        "Languages served and how complete each translation is", "text",
        {"200": ok("One entry per language.", {
            "type": "object", "required": ["locales"],
            "properties": {"locales": {"type": "array", "items": {"type": "object"}}}})},
        operation_id="locales")},
    "/v1/openapi.json": {"get": operation(
        "This document", "docs", {"200": ok("OpenAPI 3.1.", {"type": "object"})},
        operation_id="openapi")},
}


def problem_catalogue():
    """Every problem type the service answers with, for /docs (anchors problem-<slug>)."""
    seen, listed = set(), []
    for cls in ALL_PROBLEMS + DOMAIN_PROBLEMS:
        if cls.slug not in seen:
            seen.add(cls.slug)
            listed.append({"slug": cls.slug, "status": cls.status, "title": cls.title,
                           "text": ERROR_TEXT.get(cls.status, "")})
    listed.append({"slug": "method-not-allowed", "status": 405, "title": "Method Not Allowed",
                   "text": ERROR_TEXT[405]})
    return sorted(listed, key=lambda p: (p["status"], p["slug"]))


@functools.cache
def document():
    return {
        "openapi": "3.1.0",
        "info": {"title": "referee", "version": "1",
                 "description": "Referees the UNO family of card games (Classic, Sonic, "
                                "Attack and house rules written as YAML), in English, "
                                "Gujarati, Hindi, Nepali and Telugu. Every error is "
                                "application/problem+json (RFC 9457)."},
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"organiserToken": {
                "type": "http", "scheme": "bearer",
                "description": "From `referee token create NAME`."}},
        },
    }
