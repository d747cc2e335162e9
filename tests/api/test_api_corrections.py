"""Corrections, points scoring and the launcher's count, as a table meets them."""
from apitest import problem

from test_api_tables import move

CLASSIC = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}


def opened(client, opening=CLASSIC):
    response = client.post("/v1/tables", json=opening)
    assert response.status_code == 201
    return response.get_json()


def send(client, table_id, step, **extra):
    response = move(client, table_id, {"move": step, **extra})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_correction_returns_to_the_state_after_the_seq_and_keeps_the_log(client):
    table = opened(client)
    first = send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, table["id"], {"type": "play", "player": 2, "cards": ["red-9"]})
    send(client, table["id"], {"type": "play", "player": 0, "cards": ["blue-9"]})
    undone = send(client, table["id"], {"type": "correct", "to_seq": 1, "player": 0}, expect_seq=3)
    assert undone["legal"] and undone["code"] == "corrected" and undone["seq"] == 4
    assert undone["state"] == first["state"]
    assert undone["details"]["count"] == 2
    assert [e["seq"] for e in undone["details"]["taken_back"]] == [2, 3]
    assert undone["message"].startswith("Asha took back 2 moves: the table is back to how it "
                                        "stood after move 1.")
    assert "Chirag played red 9" in undone["message"]
    assert undone["next"]["player"] == 2
    log = client.get(f"/v1/tables/{table['id']}/events").get_json()
    assert [e["move"]["type"] for e in log["events"]] == ["play", "play", "play", "correct"]
    assert client.get(f"/v1/tables/{table['id']}").get_json()["state"] == first["state"]


def test_a_correction_to_the_opening_and_in_another_language(client):
    table = opened(client)
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    response = client.post(f"/v1/tables/{table['id']}/moves?lang=hi",
                           json={"move": {"type": "correct", "to_seq": 0}})
    body = response.get_json()
    assert body["state"] == table["state"]
    assert body["message"].startswith("1 चाल वापस ली गई")
    assert "Bina ने लाल 3 खेला" in body["message"]


def test_a_correction_names_an_earlier_seq_of_this_table(client):
    table = opened(client)
    body = problem(move(client, table["id"], {"move": {"type": "correct", "to_seq": 0}}), 422)
    assert body["errors"][0]["path"] == "/move/to_seq"
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    for bad in (1, -1, "0", None):
        body = problem(move(client, table["id"], {"move": {"type": "correct", "to_seq": bad}}), 422)
        assert body["errors"][0]["path"] == "/move/to_seq"
    body = problem(move(client, table["id"], {"move": {"type": "correct", "to_seq": 0,
                                                       "reason": "x" * 201, "undo": 1}}), 422)
    assert {e["path"] for e in body["errors"]} == {"/move/reason", "/move/undo"}


def test_a_stale_correction_is_refused_and_a_retry_is_not_applied_twice(client):
    table = opened(client)
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, table["id"], {"type": "play", "player": 2, "cards": ["red-9"]})
    step = {"move": {"type": "correct", "to_seq": 1}, "expect_seq": 2}
    first = move(client, table["id"], step, **{"Idempotency-Key": "undo-1"})
    again = move(client, table["id"], step, **{"Idempotency-Key": "undo-1"})
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["seq"] == first.get_json()["seq"] == 3
    # Another phone that still thinks the table is at seq 2 is told it moved on.
    assert move(client, table["id"], step).status_code == 409
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 3


def test_a_taken_back_move_retried_with_its_old_key_is_not_applied_again(client):
    table = opened(client)
    play = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    assert move(client, table["id"], play, **{"Idempotency-Key": "p1"}).status_code == 200
    send(client, table["id"], {"type": "correct", "to_seq": 0})
    replayed = move(client, table["id"], play, **{"Idempotency-Key": "p1"})
    assert replayed.headers["Idempotent-Replayed"] == "true" and replayed.get_json()["seq"] == 1
    now = client.get(f"/v1/tables/{table['id']}").get_json()
    assert now["seq"] == 2 and now["state"] == table["state"]


def test_a_dry_run_correction_records_nothing(client):
    table = opened(client)
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    body = move(client, table["id"], {"move": {"type": "correct", "to_seq": 0}},
                query="?dry_run=true").get_json()
    assert body["dry_run"] and body["state"] == table["state"]
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 1


def two_player_round(client):
    """A two-player single-round table that ends fast: each plays down from 7 cards."""
    table = opened(client, {"ruleset": "classic", "players": ["Asha", "Bina"], "dealer": 0,
                            "first_card": "red-1"})
    tid = table["id"]
    # Bina (1) and Asha (0) alternate on red cards; Bina goes out on her 7th.
    for number in range(2, 8):
        send(client, tid, {"type": "play", "player": 1, "cards": [f"red-{number}"],
                           "uno": number == 7})
        send(client, tid, {"type": "play", "player": 0, "cards": [f"red-{number}"]})
    out = send(client, tid, {"type": "play", "player": 1, "cards": ["red-8"]})
    assert out["code"] == "went-out" and out["next"]["situation"] == "score"
    return tid, out


def test_points_scoring_shows_the_value_table_and_a_wrong_total_is_corrected(client):
    tid, out = two_player_round(client)
    wrong = send(client, tid, {"type": "score", "points": [0, 0]}, expect_seq=out["seq"])
    assert wrong["code"] == "round-scored" and wrong["details"]["points"] == 0
    assert {"kinds": ["skip", "reverse", "draw-two"], "points": 20} in wrong["details"]["values"]
    assert wrong["message"].endswith("Number cards are worth their number. Card values: "
                                     "Skip, Reverse, and Draw Two: 20 points; Wild and Wild "
                                     "Draw Four: 50 points.")
    assert wrong["next"]["situation"] == "deal"
    undone = send(client, tid, {"type": "correct", "to_seq": out["seq"], "reason": "forgot Asha's cards"})
    assert undone["next"]["situation"] == "score"
    right = send(client, tid, {"type": "score", "points": [35, 0]})
    assert right["state"]["scores"] == [0, 35]  # Bina went out: she scores what Asha holds


def test_points_are_one_whole_number_per_seat_and_the_winners_is_zero(client):
    tid, out = two_player_round(client)
    for bad in ([1], [1, 2, 3], [-1, 0], [0, 1.5], "12"):
        body = problem(move(client, tid, {"move": {"type": "score", "points": bad}}), 422)
        assert body["errors"][0]["path"] == "/move/points"
    body = problem(move(client, tid, {"move": {"type": "score", "points": [5, 3]}}), 422)
    assert body["errors"][0]["path"] == "/move/points/1"
    body = problem(move(client, tid, {"move": {"type": "score", "points": [5, 0], "hands": [[], []]}}), 422)
    assert body["errors"][0]["path"] == "/move/hands"


def test_a_scored_round_is_closed_once_the_next_round_is_dealt(client):
    tid, out = two_player_round(client)
    scored = send(client, tid, {"type": "score", "points": [12, 0]})
    dealt = send(client, tid, {"type": "deal", "first_card": "blue-4"})
    assert dealt["code"] == "round-dealt"
    send(client, tid, {"type": "play", "player": 1, "cards": ["blue-5"]})
    refused = send(client, tid, {"type": "correct", "to_seq": out["seq"]})
    assert not refused["legal"] and refused["code"] == "correction-out-of-reach"
    assert refused["message"] == (f"Move {out['seq']} belongs to an earlier round: a correction "
                                  "goes back only within round 2, or to just before its deal.")
    # ...but the deal itself can be redone: back to just before it.
    redo = send(client, tid, {"type": "correct", "to_seq": scored["seq"]})
    assert redo["legal"] and redo["next"]["situation"] == "deal"


def test_a_launcher_draw_must_say_how_many_cards_it_fired(client):
    table = opened(client, {"ruleset": "attack", "players": ["Asha", "Bina", "Chirag"],
                            "dealer": 0, "first_card": "red-7"})
    body = problem(move(client, table["id"], {"move": {"type": "draw", "player": 1}}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/move/count", "required")]
    fired = send(client, table["id"], {"type": "draw", "player": 1, "count": 0})
    assert fired["legal"] and fired["state"]["hand_counts"] == [7, 7, 7]


def test_a_correction_cannot_be_checked_without_a_table(client):
    state = opened(client)["state"]
    body = problem(client.post("/v1/rulesets/classic/check",
                               json={"state": state, "move": {"type": "correct", "to_seq": 0}}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/move/type", "not-one-of")]
