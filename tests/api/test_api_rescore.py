"""A past round scored again (`rescore`) on a table, over HTTP: the round alone changes,
its refusals are recorded verdicts that change nothing, bad input is problem+json, and
the log reads in every language afterwards."""
import pytest
from apitest import problem

from test_api_corrections import opened, send, seq_of
from test_api_tables import move

LANGUAGES = ("en", "gu", "hi", "ne", "te")


def two_rounds(client):
    """A score keeper's table: two rounds, each scored from the points, round 3 dealt."""
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "score", "winner": 1, "points": [30, 0, 56]})
    send(client, tid, {"type": "deal", "first_card": "blue-4"})
    send(client, tid, {"type": "score", "winner": 2, "points": [10, 20, 0]})
    dealt = send(client, tid, {"type": "deal", "first_card": "green-6"})
    assert dealt["state"]["scores"] == [0, 86, 30] and dealt["state"]["round"] == 3
    return tid, dealt


def test_round_one_is_scored_again_after_round_two_and_only_it_changes(client):
    tid, dealt = two_rounds(client)
    seq = seq_of(client, tid)
    answer = send(client, tid, {"type": "rescore", "round": 1, "points": [30, 0, 20],
                                "reason": "Chirag's wild was Bina's"}, expect_seq=seq)
    assert (answer["legal"], answer["code"], answer["seq"]) == (True, "rescored", seq + 1)
    assert answer["details"]["points"] == 50 and answer["details"]["scores"] == [0, 50, 30]
    state = answer["state"]
    assert state["scores"] == [0, 50, 30]
    assert [entry["points"] for entry in state["rounds"]] == [[0, 50, 0], [0, 0, 30]]
    assert state["rounds"][0]["rescore"] == {"reason": "Chirag's wild was Bina's", "was": [0, 86, 0]}
    # the round in play is untouched: same top card, hands and turn
    for field in ("round", "top", "hand_counts", "current", "phase"):
        assert state[field] == dealt["state"][field]
    assert answer["message"] == ("Round 1 is scored again: Bina now scores 50 points for it. "
                                 "Bina now has 50 points in all. Reason given: Chirag's wild was Bina's")
    assert client.get(f"/v1/tables/{tid}").get_json()["state"] == state


def test_a_rescore_by_hands_counts_the_cards_by_the_rulesets_values(client):
    tid, _ = two_rounds(client)
    answer = send(client, tid, {"type": "rescore", "round": 2,
                                "hands": [["wild"], ["red-draw-two", "blue-3"], []], "reason": "recounted"})
    assert answer["code"] == "rescored" and answer["details"]["points"] == 73
    assert answer["state"]["scores"] == [0, 86, 73]
    assert answer["state"]["rounds"][1]["by"] == "hands"


@pytest.mark.parametrize("rescore, code", [
    ({"round": 7, "points": [0, 0, 0]}, "unknown-round"),
    ({"round": 3, "points": [0, 0, 0]}, "round-not-scored"),
    ({"round": 1, "hands": [[], ["red-1"], []]}, "winner-has-cards"),
])
def test_a_refused_rescore_is_recorded_and_changes_nothing(client, rescore, code):
    tid, dealt = two_rounds(client)
    seq = seq_of(client, tid)
    answer = send(client, tid, {"type": "rescore", "reason": "a slip", **rescore}, expect_seq=seq)
    assert (answer["legal"], answer["code"], answer["seq"]) == (False, code, seq + 1)
    assert answer["effects"] == [] and answer["message"]
    assert client.get(f"/v1/tables/{tid}").get_json()["state"] == dealt["state"]


@pytest.mark.parametrize("rescore, path", [
    ({"round": 1, "points": [30, 0, 20]}, "/move/reason"),
    ({"round": 1, "points": [30, 0, 20], "reason": ""}, "/move/reason"),
    ({"round": 0, "points": [30, 0, 20], "reason": "x"}, "/move/round"),
    ({"round": 1, "reason": "x"}, "/move/hands"),
    ({"round": 1, "points": [30, 0], "reason": "x"}, "/move/points"),
    ({"round": 1, "points": [30, 5, 20], "reason": "x"}, "/move/points/1"),
    ({"round": 1, "points": [30, 0, 20], "reason": "x", "winner": 0}, "/move/winner"),
])
def test_a_rescore_that_cannot_be_judged_is_a_problem_and_records_nothing(client, rescore, path):
    tid, _ = two_rounds(client)
    seq = seq_of(client, tid)
    body = problem(move(client, tid, {"move": {"type": "rescore", **rescore}, "expect_seq": seq}), 422)
    assert path in [error["path"] for error in body["errors"]]
    assert seq_of(client, tid) == seq


def test_a_rescore_that_reaches_the_target_ends_the_game_and_one_that_leaves_it_takes_the_end_back(client):
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "score", "winner": 1, "points": [200, 0, 250]})
    send(client, tid, {"type": "deal", "first_card": "blue-4"})
    won = send(client, tid, {"type": "rescore", "round": 1, "points": [250, 0, 250],
                             "reason": "a hand was left out"})
    assert won["details"]["game"] == "won" and won["state"]["phase"] == "game-over"
    assert won["state"]["winner"] == 1 and won["next"]["moves"] == []
    assert {"type": "game-over", "winner": 1} in won["effects"]
    assert won["message"].endswith("So the game is over: Bina wins it. Reason given: a hand was left out")
    # The rescore ended the game in the middle of round 2: taking that end back, round 2 goes on.
    back = send(client, tid, {"type": "rescore", "round": 1, "points": [100, 0, 100], "reason": "counted twice"})
    assert back["details"]["game"] == "resumed" and back["state"]["phase"] == "play"
    assert back["state"]["round"] == 2 and "play" in back["next"]["moves"]
    assert "Nobody has the target of 500 points now, so the game goes on." in back["message"]


def test_a_game_a_score_ended_goes_on_to_the_next_deal_when_a_rescore_takes_the_target_away(client):
    tid = opened(client)["id"]
    over = send(client, tid, {"type": "score", "winner": 1, "points": [300, 0, 250]})
    assert over["state"]["phase"] == "game-over"
    back = send(client, tid, {"type": "rescore", "round": 1, "points": [100, 0, 100], "reason": "counted twice"})
    assert back["details"]["game"] == "resumed" and back["state"]["phase"] == "round-over"
    assert back["next"]["moves"] == ["deal"]
    assert "Nobody has the target of 500 points now, so the game goes on." in back["message"]


def test_the_log_reads_in_every_language_after_rescores(client):
    tid, _ = two_rounds(client)
    send(client, tid, {"type": "rescore", "round": 1, "points": [30, 0, 20], "reason": "recounted"})
    send(client, tid, {"type": "rescore", "round": 9, "points": [0, 0, 0], "reason": "a slip"})
    english = None
    for lang in LANGUAGES:
        response = client.get(f"/v1/tables/{tid}/events?lang={lang}")
        assert response.status_code == 200, (lang, response.get_data(as_text=True))
        events = response.get_json()["events"]
        messages = [event["verdict"]["message"] for event in events[-2:]]
        assert all(messages), lang
        if lang == "en":
            english = messages
        else:
            assert messages[0] != english[0] and messages[1] != english[1], lang
        assert client.get(f"/v1/tables/{tid}?lang={lang}").status_code == 200


def test_a_rescore_after_the_round_closed_changes_the_standings_and_changes_names_it(app, client, organiser):
    from apitest import bearer, unique_id
    from event_support import SimulatedTable, create_event, publish_house
    _, token = organiser
    house = unique_id("quick")
    publish_house(client, token, house, target=60)
    players = [f"Player {n}" for n in range(4)]
    made = create_event(client, token, name="Rescored", ruleset=house, players=players,
                        format={"type": "heats", "rounds": 1})
    assert client.post(f"/v1/events/{made['id']}/rounds", json={}, headers=bearer(token)).status_code == 201
    table = SimulatedTable(client, app.extensions["referee"].catalog.rules_for(house, 1), 4, seed=5)
    table.open(made["id"], 1, 1, token)
    table.play()
    assert client.post(f"/v1/events/{made['id']}/rounds/1/close", headers=bearer(token)).status_code == 200
    closed_seq = table.seq
    before = client.get(f"/v1/events/{made['id']}/standings").get_json()
    assert before["changes"] == []
    state = client.get(f"/v1/tables/{table.table_id}").get_json()["state"]
    last = state["rounds"][-1]
    winner = last["winner"]
    points = [0] * 4
    points[(winner + 1) % 4] = last["points"][winner] + 10   # ten points more for the winner
    answer = table.send({"type": "rescore", "round": last["round"], "points": points,
                         "reason": "a Wild was counted as a number card"})
    assert answer["code"] == "rescored" and answer["state"]["phase"] == "game-over"
    after = client.get(f"/v1/events/{made['id']}/standings").get_json()
    [change] = after["changes"]
    assert change["table_id"] == table.table_id and change["closed"]["seq"] == closed_seq
    assert change["now"]["seq"] == answer["seq"] and change["rescores"] == [answer["seq"]]
    assert change["corrections"] == []
    assert change["now"]["scores"][winner] == change["closed"]["scores"][winner] + 10
    name = state["players"][winner]
    points_of = {s["player"]: s["points"] for s in after["standings"]}
    assert points_of[name] == {s["player"]: s["points"] for s in before["standings"]}[name] + 10


def test_under_own_hands_scoring_every_seat_whose_points_change_is_told(client):
    table = opened(client, {"ruleset": "lowest-score", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
                            "first_card": "red-7"})
    tid = table["id"]
    send(client, tid, {"type": "score", "winner": 1, "points": [30, 0, 20]})
    send(client, tid, {"type": "deal", "first_card": "blue-4"})
    answer = send(client, tid, {"type": "rescore", "round": 1, "points": [10, 0, 20], "reason": "recounted"})
    assert answer["state"]["scores"] == [10, 0, 20]
    assert answer["effects"] == [{"type": "rescore", "round": 1, "player": 0, "points": 10}]
    assert answer["message"] == ("Round 1 is scored again: Bina now scores 0 points for it. Bina now has "
                                 "0 points in all. For round 1, Asha now scores 10 points. Reason given: recounted")
    for lang in LANGUAGES[1:]:
        said = client.get(f"/v1/tables/{tid}/events?lang={lang}").get_json()["events"][-1]["verdict"]["message"]
        assert "Asha" in said and said.endswith("recounted"), (lang, said)



def test_a_phone_bound_to_a_seat_may_rescore_a_round(anonymous):
    """A rescore is the table's, like a score: Asha's phone may send it for a round Bina won."""
    from apitest import bearer
    table = anonymous.post("/v1/tables", json={"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"],
                                               "dealer": 0, "first_card": "red-7"}).get_json()
    secret = bearer(table["secret"])
    joined = anonymous.post("/v1/tables/join", json={"code": table["join_code"], "seat": 0}).get_json()
    asha = bearer(joined["secret"])
    path = f"/v1/tables/{table['id']}/moves"
    for step in ({"type": "score", "winner": 1, "points": [30, 0, 56]}, {"type": "deal", "first_card": "blue-4"}):
        assert anonymous.post(path, json={"move": step}, headers=secret).status_code == 200
    rescore = {"type": "rescore", "round": 1, "points": [30, 0, 20], "reason": "recounted"}
    for move in (rescore, {**rescore, "player": 0}):
        response = anonymous.post(path, json={"move": move}, headers=asha)
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["code"] == "rescored"
