"""The move schemas of the OpenAPI document and the engine's move parser are one
contract: the same fields per move type, and every limit the document gives is
accepted at the limit and refused (422, naming the field) one past it."""
import pytest

from referee.engine.moves import MOVE_FIELDS

STATE = {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-7", "hand_counts": [7, 7, 7]}
ROUND_OVER = {**STATE, "phase": "round-over", "winner": 0, "hand_counts": [0, 3, 4]}
SCORED = {**ROUND_OVER, "scored": True}


def schemas(client):
    return client.get("/v1/openapi.json").get_json()["components"]["schemas"]


def test_every_move_type_has_the_parsers_fields(client):
    documented = schemas(client)
    for move_type, fields in MOVE_FIELDS.items():
        assert set(documented[f"Move-{move_type}"]["properties"]) == fields, move_type


def _limit(documented, move_type, field, keyword, item=False):
    schema = documented[f"Move-{move_type}"]["properties"][field]
    schema = next((s for s in schema.get("oneOf", [schema]) if keyword in s or "items" in s), schema)
    if item:
        schema = schema["items"]
    return schema[keyword]


# (move type, field, limit keyword, state, a move with the field at `n`, the path the problem names)
CASES = [
    ("draw", "count", "maximum", STATE,
     lambda n: {"type": "draw", "player": 0, "count": n}, "/move/count"),
    ("play", "cards", "maxItems", STATE,
     lambda n: {"type": "play", "player": 0, "cards": ["red-3"] * n}, "/move/cards"),
    ("challenge", "hand", "maxItems", STATE,
     lambda n: {"type": "challenge", "player": 0, "hand": ["red-3"] * n}, "/move/hand"),
    ("score", "points", "maximum", ROUND_OVER,
     lambda n: {"type": "score", "points": [0, n, 0]}, "/move/points"),
    ("score", "hands", "maxItems", ROUND_OVER,
     lambda n: {"type": "score", "hands": [[], ["red-3"] * n, []]}, "/move/hands/1"),
]


@pytest.mark.parametrize("move_type, field, keyword, state, make, path", CASES,
                         ids=[f"{c[0]}.{c[1]} {c[2]}" for c in CASES])
def test_a_documented_limit_is_accepted_and_one_past_it_refused(client, move_type, field, keyword, state,
                                                                 make, path):
    limit = _limit(schemas(client), move_type, field, keyword, item=(field == "hands" or field == "points"))
    at = client.post("/v1/rulesets/classic/check", json={"state": state, "move": make(limit)})
    assert at.status_code == 200, at.get_json()
    past = client.post("/v1/rulesets/classic/check", json={"state": state, "move": make(limit + 1)})
    assert past.status_code == 422, past.get_json()
    assert any(error["path"].startswith(path) for error in past.get_json()["errors"]), past.get_json()


def test_presses_past_the_documented_maximum_are_refused(client):
    limit = _limit(schemas(client), "draw", "presses", "maximum")
    attack = {**STATE, "top": "red-7"}
    at = client.post("/v1/rulesets/attack/check",
                     json={"state": attack, "move": {"type": "draw", "player": 0, "count": 0, "presses": limit}})
    assert at.status_code == 200, at.get_json()
    past = client.post("/v1/rulesets/attack/check",
                       json={"state": attack, "move": {"type": "draw", "player": 0, "count": 0, "presses": limit + 1}})
    assert past.status_code == 422 and past.get_json()["errors"][0]["path"] == "/move/presses"


def test_a_deal_turning_more_cards_than_documented_is_refused(client):
    limit = _limit(schemas(client), "deal", "first_card", "maxItems")
    past = client.post("/v1/rulesets/classic/check",
                       json={"state": SCORED, "move": {"type": "deal", "first_card": ["wild-draw-four"] * (limit + 1)}})
    assert past.status_code == 422
    assert any(error["path"].startswith("/move/first_card") for error in past.get_json()["errors"])
