"""A state whose pending draw names no card is refused with its path (accepting it
was a KeyError: a 500)."""
import pytest

from apitest import problem


@pytest.mark.parametrize("move", [{"type": "accept", "player": 1},
                                  {"type": "challenge", "player": 1},
                                  {"type": "draw", "player": 1}])
def test_a_pending_draw_without_its_card_is_a_422(client, table, move):
    state = dict(table["state"], phase="respond",
                 pending={"kind": "draw", "count": 2, "player": 1})
    response = client.post("/v1/rulesets/classic/check", json={"state": state, "move": move})
    body = problem(response, 422)
    assert any(error["path"] == "/state/pending/card" for error in body["errors"]), body
