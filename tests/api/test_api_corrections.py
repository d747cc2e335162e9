"""Corrections, points scoring and the launcher's count, as a table meets them."""
import concurrent.futures

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


def seq_of(client, table_id):
    return client.get(f"/v1/tables/{table_id}").get_json()["seq"]


def correct(client, table_id, correction, query=""):
    """A correction as a phone sends it: with the seq it last saw."""
    return move(client, table_id, {"move": {"type": "correct", **correction},
                                   "expect_seq": seq_of(client, table_id)}, query=query)


def corrected(client, table_id, **correction):
    response = correct(client, table_id, correction)
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
                           json={"move": {"type": "correct", "to_seq": 0}, "expect_seq": 1})
    body = response.get_json()
    assert body["state"] == table["state"]
    assert body["message"].startswith("1 चाल वापस ली गई")
    assert "Bina ने लाल 3 खेला" in body["message"]


def test_a_correction_names_an_earlier_seq_of_this_table(client):
    table = opened(client)
    body = problem(correct(client, table["id"], {"to_seq": 0}), 422)
    assert body["errors"][0]["path"] == "/move/to_seq"
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    for bad in (1, -1, "0", None):
        body = problem(correct(client, table["id"], {"to_seq": bad}), 422)
        assert body["errors"][0]["path"] == "/move/to_seq"
    body = problem(correct(client, table["id"], {"to_seq": 0, "reason": "x" * 201, "undo": 1}),
                   422)
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
    corrected(client, table["id"], to_seq=0)
    replayed = move(client, table["id"], play, **{"Idempotency-Key": "p1"})
    assert replayed.headers["Idempotent-Replayed"] == "true" and replayed.get_json()["seq"] == 1
    now = client.get(f"/v1/tables/{table['id']}").get_json()
    assert now["seq"] == 2 and now["state"] == table["state"]


def test_a_dry_run_correction_records_nothing(client):
    table = opened(client)
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    body = correct(client, table["id"], {"to_seq": 0}, query="?dry_run=true").get_json()
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
    undone = corrected(client, tid, to_seq=out["seq"], reason="forgot Asha's cards")
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
    refused = corrected(client, tid, to_seq=out["seq"])
    assert not refused["legal"] and refused["code"] == "correction-out-of-reach"
    assert refused["message"] == (f"Move {out['seq']} belongs to an earlier round: a correction "
                                  "goes back only within round 2, or to just before its deal.")
    # ...but the deal itself can be redone: back to just before it.
    redo = corrected(client, tid, to_seq=scored["seq"])
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


# --- Undo: a correction that names the move it takes back --------------------------

def test_undo_names_the_last_move_that_stands_passing_over_refused_taps(client):
    """Bina plays red 3 (she meant red 9), then taps blue 9 out of turn: refused, but
    recorded. Undo still names and takes back her red 3, not the refused tap."""
    table = opened(client)
    tid = table["id"]
    assert client.get(f"/v1/tables/{tid}").get_json()["last_move"] is None
    send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, tid, {"type": "play", "player": 1, "cards": ["blue-9"]})  # refused
    last = client.get(f"/v1/tables/{tid}").get_json()["last_move"]
    assert last == {"seq": 1, "player": 1, "message": last["message"]}
    assert last["message"].startswith("Bina played red 3")
    undone = corrected(client, tid, takes_back=1, player=1)
    assert undone["state"] == table["state"]
    assert undone["details"]["count"] == 1 and undone["details"]["to_seq"] == 0
    assert [e["seq"] for e in undone["details"]["taken_back"]] == [1]
    assert "Bina played red 3" in undone["message"] and "corrected" not in undone["message"]
    assert client.get(f"/v1/tables/{tid}").get_json()["last_move"] is None


def test_a_second_undo_of_the_same_move_is_refused_and_puts_nothing_back(client):
    """Dev meant green 5 and tapped green 6; Bina and Chirag both tap Undo."""
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, tid, {"type": "play", "player": 2, "cards": ["red-6"]})
    seen = seq_of(client, tid)
    step = {"move": {"type": "correct", "takes_back": 2}, "expect_seq": seen}
    assert move(client, tid, step).status_code == 200
    assert move(client, tid, step).status_code == 409  # the second phone had not seen it
    body = problem(move(client, tid, dict(step, expect_seq=seq_of(client, tid))), 422)
    assert body["errors"][0]["code"] == "correction-invalid"
    assert "taken back already" in body["errors"][0]["message"]
    now = client.get(f"/v1/tables/{tid}").get_json()
    assert now["state"]["top"] == "red-3" and now["last_move"]["seq"] == 1


def test_a_correction_without_the_phones_seq_is_refused(client):
    """A phone that is behind must not take back moves it never saw."""
    table = opened(client)
    send(client, table["id"], {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, table["id"], {"type": "play", "player": 2, "cards": ["red-9"]})
    body = problem(move(client, table["id"], {"move": {"type": "correct", "takes_back": 1}}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/expect_seq", "required")]
    assert move(client, table["id"], {"move": {"type": "correct", "takes_back": 1},
                                      "expect_seq": 1}).status_code == 409
    assert seq_of(client, table["id"]) == 2


def test_a_correction_or_a_refused_tap_cannot_be_named_as_the_move_to_take_back(client):
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, tid, {"type": "play", "player": 0, "cards": ["red-9"]})  # refused: not Asha's turn
    corrected(client, tid, takes_back=1)
    for seq, why in ((2, "was refused"), (3, "is a correction"), (4, "from 1 to 3")):
        body = problem(correct(client, tid, {"takes_back": seq}), 422)
        assert body["errors"][0]["path"] == "/move/takes_back"
        assert why in body["errors"][0]["message"], body
    body = problem(correct(client, tid, {"takes_back": 1, "to_seq": 0}), 422)
    assert body["errors"][0]["code"] == "correction-invalid"


def test_a_correction_takes_back_only_moves_that_stand(client):
    """Back to the opening after an undone mis-tap: the mis-tap and the earlier
    correction are not taken back a second time."""
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
    send(client, tid, {"type": "play", "player": 2, "cards": ["red-6"]})
    corrected(client, tid, takes_back=2)
    send(client, tid, {"type": "play", "player": 2, "cards": ["red-9"]})
    undone = corrected(client, tid, to_seq=0)
    assert undone["details"]["count"] == 2
    assert [e["seq"] for e in undone["details"]["taken_back"]] == [1, 4]
    assert undone["effects"][0]["taken_back"] == [1, 4]


def test_corrections_stay_small_however_many_came_before(client):
    """Each correction used to copy every earlier correction's details: 18 of them
    made one answer 25.7 MB. An entry's size must not grow with the history."""
    table = opened(client)
    tid = table["id"]
    sizes = []
    for _ in range(30):
        send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
        response = correct(client, tid, {"to_seq": 0})
        assert response.status_code == 200
        sizes.append(len(response.data))
    assert max(sizes) < 4000 and sizes[-1] <= sizes[0] + 100, sizes
    page = client.get(f"/v1/tables/{tid}/events")
    assert len(page.data) < 60 * 4000


def test_two_undos_sent_at_once_take_back_one_move(app):
    """Two phones tap Undo at the same moment: one takes the move back, the other is
    told the table moved on (both used to apply)."""
    client, other = app.test_client(), app.test_client()
    table = opened(client)
    tid = table["id"]
    send(client, tid, {"type": "play", "player": 1, "cards": ["red-3"]})
    step = {"move": {"type": "correct", "takes_back": 1}, "expect_seq": 1}
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        codes = sorted(f.result().status_code for f in
                       [pool.submit(move, c, tid, step) for c in (client, other)])
    assert codes == [200, 409]
    assert seq_of(client, tid) == 2


# --- A table that keeps only the scores ----------------------------------------------

def test_a_score_keeping_table_says_who_went_out_and_scores_the_round_at_once(client):
    """The players watch their cards, not the phone: at the end of a round the phone
    says who went out and what the others held, and the next round is dealt."""
    table = opened(client)
    tid = table["id"]
    scored = send(client, tid, {"type": "score", "winner": 2, "points": [12, 30, 0]},
                  expect_seq=0)
    assert scored["legal"] and scored["code"] == "round-scored", scored
    assert scored["state"]["scores"] == [0, 0, 42] and scored["state"]["winner"] == 2
    assert scored["next"]["situation"] == "deal"
    dealt = send(client, tid, {"type": "deal", "first_card": "blue-4"})
    assert dealt["code"] == "round-dealt" and dealt["state"]["round"] == 2
    by_hands = send(client, tid, {"type": "score", "winner": 0,
                                  "hands": [[], ["wild", "red-5"], ["blue-skip"]]})
    assert by_hands["state"]["scores"] == [75, 0, 42], by_hands
    for state in (scored["state"], by_hands["state"]):
        response = client.post("/v1/rulesets/classic/check",
                               json={"state": state, "move": {"type": "deal", "first_card": "red-1"}})
        assert response.status_code == 200, response.get_json()
    wrong = problem(move(client, tid, {"move": {"type": "score", "winner": 2,
                                                "points": [0, 1, 1]}}), 422)
    assert wrong["errors"][0]["code"]


def test_a_round_the_referee_saw_end_is_scored_for_the_one_who_went_out_only(client):
    tid, out = two_player_round(client)
    body = problem(move(client, tid, {"move": {"type": "score", "winner": 0, "points": [0, 9]}}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/move/winner", "contradicts-table")]
    assert send(client, tid, {"type": "score", "winner": 1, "points": [9, 0]})["legal"]
