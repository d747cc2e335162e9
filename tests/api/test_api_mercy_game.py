"""A table under the mercy rule played for the whole game (house.mercy.lasts: game, as
UNO No Mercy has it), over HTTP: a player is knocked out, the next round is dealt
without them, and the game ends when one player is left. After every move the table
reads back (GET is 200) and the state answered is accepted back by /check."""
from apitest import bearer, unique_id
from test_api_tables import move as post_move

# A low limit, so that a Draw Two knocks a player out of a fresh hand of 7.
HOUSE = """id: {id}
title: Mercy for the game at 9 cards
extends: classic
house:
  mercy: {{enabled: true, max_cards: 9, lasts: game}}
"""


class Table:
    """One table, its moves sent in order, every answer checked as a phone would."""

    def __init__(self, client, ruleset_id):
        self.client, self.ruleset_id = client, ruleset_id
        opened = client.post("/v1/tables", json={"ruleset": ruleset_id, "players": ["Asha", "Bina", "Chirag"],
                                                  "dealer": 0, "first_card": "red-7"})
        assert opened.status_code == 201, opened.get_json()
        self.id, self.seq = opened.get_json()["id"], 0

    def send(self, move, lang="en"):
        response = post_move(self.client, self.id, {"move": move, "expect_seq": self.seq}, query=f"?lang={lang}")
        answer = response.get_json()
        assert response.status_code == 200, answer
        assert answer["legal"], (move, answer["code"], answer["message"])
        self.seq = answer["seq"]
        self.read_back(answer, lang)
        return answer

    def read_back(self, answer, lang):
        table = self.client.get(f"/v1/tables/{self.id}?lang={lang}")
        assert table.status_code == 200, table.get_json()
        assert table.get_json()["state"] == answer["state"]
        # the state answered is one /check accepts back: judged (200, legal or not), never
        # refused as input; an UNO call by the one who acts needs no cards named
        step = {"type": "call-uno", "player": answer["next"]["player"] or 0}
        check = self.client.post(f"/v1/rulesets/{self.ruleset_id}/check",
                                 json={"state": answer["state"], "move": step})
        assert check.status_code == 200, check.get_json()


def test_a_knock_out_lasts_the_game_over_http(client, organiser):
    ruleset_id = unique_id("mercy")
    uploaded = client.post("/v1/rulesets", data=HOUSE.format(id=ruleset_id), content_type="application/yaml",
                           headers=bearer(organiser[1]))
    assert uploaded.status_code in (200, 201), uploaded.get_json()
    table = Table(client, ruleset_id)

    table.send({"type": "play", "player": 1, "cards": ["red-draw-two"]})
    out = table.send({"type": "accept", "player": 2}, lang="hi")
    assert {"type": "out", "player": 2, "count": 9, "lasts": "game"} in out["effects"]
    assert out["state"]["out"] == [2] and out["next"]["player"] == 0

    # Asha and Bina play the round out; Bina goes out first
    for player, card in [(0, "red-3"), (1, "red-4")] * 5 + [(0, "red-3")]:
        table.send({"type": "play", "player": player, "cards": [card]})
    went_out = table.send({"type": "play", "player": 1, "cards": ["red-5"]}, lang="te")
    assert went_out["code"] == "went-out", went_out["code"]
    scored = table.send({"type": "score", "hands": [["red-9"], [], []]})
    assert scored["code"] == "round-scored" and scored["next"]["situation"] == "deal"

    dealt = table.send({"type": "deal", "first_card": "blue-7"}, lang="gu")
    state = dealt["state"]
    assert (state["round"], state["out"], state["hand_counts"]) == (2, [2], [7, 7, 0])
    assert (state["dealer"], state["current"]) == (1, 0)   # Chirag is passed over
    refused = post_move(client, table.id, {"move": {"type": "play", "player": 2, "cards": ["blue-3"]},
                                           "expect_seq": table.seq}, query="?lang=ne").get_json()
    assert (refused["legal"], refused["code"]) == (False, "player-out")
    table.seq = refused["seq"]

    table.send({"type": "play", "player": 0, "cards": ["blue-draw-two"]})
    last = table.send({"type": "accept", "player": 1})
    assert {"type": "out", "player": 1, "count": 9, "lasts": "game"} in last["effects"]
    assert last["next"]["situation"] == "score" and last["next"]["winner"] == 0
    won = table.send({"type": "score", "points": [0, 0, 0]})
    assert (won["code"], won["state"]["phase"]) == ("game-won", "game-over")
    assert (won["next"]["situation"], won["next"]["winner"]) == ("game-over", 0)
    assert "Every other player is out" in won["message"]
