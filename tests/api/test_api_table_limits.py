"""Whatever the judge allows, a stored table loads again (issue 10): tables driven to the
limit of their deck by legal draws are read back after every move, and still answer."""
import pytest

from apitest import OPENING, bearer, unique_id

DRAW_200 = """id: {id}
title: Draw until playable, up to 200
extends: classic
turn:
  draw: {{until_playable: true, max: 200}}
"""


def post_move(client, table_id, body):
    response = client.post(f"/v1/tables/{table_id}/moves", json={"move": body})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def read_back(client, table_id):
    table = client.get(f"/v1/tables/{table_id}")
    assert table.status_code == 200, table.get_json()
    dry = client.post(f"/v1/tables/{table_id}/moves?dry_run=true",
                      json={"move": {"type": "pass", "player": 0}})
    assert dry.status_code == 200, dry.get_json()   # the stored state parses and is judged
    return table.get_json()["state"]


def drive_to_the_limit(client, table_id, count):
    """Draw (as many as allowed, else as many as are left) and pass, turn after turn,
    until the table has nothing left to draw; returns the last state."""
    for _ in range(400):
        state = read_back(client, table_id)
        player = state["current"]
        answer = post_move(client, table_id, {"type": "draw", "player": player, "count": count})
        if answer["code"] == "draw-impossible":
            left = answer["details"]["available"]
            if left == 0:
                return state
            answer = post_move(client, table_id, {"type": "draw", "player": player, "count": left})
        assert answer["legal"], answer
        post_move(client, table_id, {"type": "pass", "player": player})
    raise AssertionError("the table never ran out of cards")


@pytest.mark.parametrize("house, count", [(None, 1), (DRAW_200, 200)])
def test_a_table_drawn_to_the_last_card_still_loads_and_plays(client, organiser, house, count):
    opening = dict(OPENING, players=["Asha", "Bina"])
    if house:
        ruleset_id = unique_id()
        uploaded = client.post("/v1/rulesets", data=house.format(id=ruleset_id).encode(),
                               content_type="application/yaml", headers=bearer(organiser[1]))
        assert uploaded.status_code == 201, uploaded.get_json()
        opening["ruleset"] = ruleset_id
    created = client.post("/v1/tables", json=opening)
    assert created.status_code == 201, created.get_json()
    table_id = created.get_json()["id"]
    state = drive_to_the_limit(client, table_id, count)
    assert sum(state["hand_counts"]) == 108 - 1 and state["pile"] == 0
    passed = post_move(client, table_id, {"type": "pass", "player": state["current"]})
    assert passed["legal"] and passed["code"] == "passed"
    read_back(client, table_id)
    events = client.get(f"/v1/tables/{table_id}/events")
    assert events.status_code == 200
