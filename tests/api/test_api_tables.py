"""Tables as event logs: open, move, read back, replay; retries and races answered."""
import pytest

from referee.engine import judge, open_table, parse_move, parse_state

from apitest import OPENING, bearer, problem, unique_id

# A short game on the classic table opened on red-7 (Bina, seat 1, to play), with one
# disputed call in the middle: (move, legal?)
GAME = [
    ({"type": "play", "player": 1, "cards": ["red-3"]}, True),
    ({"type": "play", "player": 2, "cards": ["blue-5"]}, False),  # does not match: recorded
    ({"type": "play", "player": 2, "cards": ["green-3"]}, True),
    ({"type": "draw", "player": 0}, True),
    ({"type": "pass", "player": 0}, True),
    ({"type": "play", "player": 1, "cards": ["green-skip"]}, True),
    ({"type": "play", "player": 0, "cards": ["wild"], "color": "yellow"}, True),
    ({"type": "play", "player": 1, "cards": ["yellow-reverse"]}, True),
]


def move(client, table_id, body, query="", **headers):
    return client.post(f"/v1/tables/{table_id}/moves{query}", json=body, headers=headers)


def play_game(client, table_id):
    answers = []
    for seq, (step, legal) in enumerate(GAME, start=1):
        response = move(client, table_id, {"move": step, "expect_seq": seq - 1})
        answer = response.get_json()
        assert response.status_code == 200, answer
        assert answer["legal"] is legal, answer
        assert answer["seq"] == seq and answer["table"] == table_id
        assert answer["ruleset"] == {"id": "classic", "version": 1}
        answers.append(answer)
    return answers


def test_opening_a_table(client, table):
    assert table["seq"] == 0 and table["id"]
    assert table["state"]["players"] == OPENING["players"]
    assert table["state"]["top"] == "red-7" and table["state"]["current"] == 1
    assert table["ruleset"] == {"id": "classic", "version": 1}
    assert table["verdict"]["code"] == "table-opened" and table["verdict"]["message"]
    fetched = client.get(f"/v1/tables/{table['id']}").get_json()
    assert {k: fetched[k] for k in ("id", "seq", "state", "ruleset")} == \
        {k: table[k] for k in ("id", "seq", "state", "ruleset")}


def test_a_game_is_recorded_in_order_illegal_calls_included(client, table):
    answers = play_game(client, table["id"])
    refused = answers[1]
    assert refused["code"] == "card-does-not-match"
    assert refused["state"] == answers[0]["state"]  # an illegal move changes nothing
    log = client.get(f"/v1/tables/{table['id']}/events").get_json()
    assert log["seq"] == len(GAME) and log["opening"]["first_card"] == "red-7"
    assert [e["seq"] for e in log["events"]] == list(range(1, len(GAME) + 1))
    assert [e["move"] for e in log["events"]] == [step for step, _ in GAME]
    assert [e["verdict"]["state"] for e in log["events"]] == [a["state"] for a in answers]
    assert all(e["verdict"]["message"] for e in log["events"])
    now = client.get(f"/v1/tables/{table['id']}").get_json()
    assert now["seq"] == len(GAME) and now["state"] == answers[-1]["state"]
    later = client.get(f"/v1/tables/{table['id']}/events?after=6").get_json()["events"]
    assert [e["seq"] for e in later] == [7, 8]


def test_replaying_the_log_through_the_judge_reproduces_every_state(app, client, table):
    play_game(client, table["id"])
    log = client.get(f"/v1/tables/{table['id']}/events").get_json()
    rules = app.extensions["referee"].catalog.rules_for("classic", 1)
    opening = log["opening"]
    state = open_table(rules, opening["players"], opening["dealer"], opening["first_card"],
                       opening.get("color")).state
    assert state.to_json() == table["state"]
    for event in log["events"]:
        verdict = judge(rules, state, parse_move(rules, event["move"], state.seats, side=state.side))
        assert verdict.to_json()["state"] == event["verdict"]["state"], event["seq"]
        assert verdict.code == event["verdict"]["code"]
        # What was stored parses back to the same state (the table resumes from it).
        assert parse_state(rules, event["verdict"]["state"]).to_json() == event["verdict"]["state"]
        state = verdict.state


def test_a_stale_expect_seq_is_a_409_with_the_current_seq(client, table):
    first = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 0}
    assert move(client, table["id"], first).status_code == 200
    stale = {"move": {"type": "play", "player": 2, "cards": ["red-4"]}, "expect_seq": 0}
    body = problem(move(client, table["id"], stale), 409)
    assert body["seq"] == 1 and body["expected"] == 0
    assert body["type"] == "/docs#problem-stale-seq"
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 1


def test_a_retry_with_the_same_key_gets_the_same_answer_and_records_nothing(client, table):
    body = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 0}
    first = move(client, table["id"], body, **{"Idempotency-Key": "k-1"})
    again = move(client, table["id"], body, **{"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert len(client.get(f"/v1/tables/{table['id']}/events").get_json()["events"]) == 1


def test_the_same_key_with_another_body_is_a_422(client, table):
    key = {"Idempotency-Key": "k-2"}
    move(client, table["id"], {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}, **key)
    other = move(client, table["id"], {"move": {"type": "play", "player": 1, "cards": ["red-4"]}}, **key)
    body = problem(other, 422)
    assert body["type"] == "/docs#problem-idempotency-key-reused"
    assert body["errors"][0]["path"] == "Idempotency-Key"
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 1


def test_keys_belong_to_their_table(client, table):
    other = client.post("/v1/tables", json=OPENING).get_json()
    body = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    assert move(client, table["id"], body, **{"Idempotency-Key": "same"}).get_json()["seq"] == 1
    answer = move(client, other["id"], body, **{"Idempotency-Key": "same"})
    assert answer.get_json()["seq"] == 1 and "Idempotent-Replayed" not in answer.headers


@pytest.mark.parametrize("flag", ["true", "1", "yes"])
def test_a_dry_run_judges_without_recording(client, table, flag):
    body = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    answer = move(client, table["id"], body, query=f"?dry_run={flag}").get_json()
    assert answer["legal"] is True and answer["dry_run"] is True and answer["seq"] == 0
    assert answer["state"]["top"] == "red-3"
    assert client.get(f"/v1/tables/{table['id']}").get_json()["state"] == table["state"]
    assert client.get(f"/v1/tables/{table['id']}/events").get_json()["events"] == []


def test_a_dry_run_with_a_stale_expect_seq_is_a_409(client, table):
    body = {"move": {"type": "draw", "player": 1}, "expect_seq": 5}
    problem(move(client, table["id"], body, query="?dry_run=true"), 409)


def test_bad_input_records_nothing(client, table):
    bad = {"move": {"type": "play", "player": 1, "cards": ["red-77"]}}
    problem(move(client, table["id"], bad), 422)
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 0


def test_a_table_keeps_the_version_it_was_opened_with(client, organiser):
    rid = unique_id()
    text = f"id: {rid}\ntitle: House\nextends: classic\nscoring:\n  target: {{}}\n"
    headers = bearer(organiser[1])
    client.post("/v1/rulesets", data=text.format(300), content_type="application/yaml", headers=headers)
    opened = client.post("/v1/tables", json=dict(OPENING, ruleset=rid)).get_json()
    assert opened["ruleset"] == {"id": rid, "version": 1}
    client.post("/v1/rulesets", data=text.format(100), content_type="application/yaml", headers=headers)
    answer = move(client, opened["id"], {"move": {"type": "play", "player": 1, "cards": ["red-3"]}})
    assert answer.get_json()["ruleset"] == {"id": rid, "version": 1}
    pinned = client.post("/v1/tables", json=dict(OPENING, ruleset=rid, ruleset_version=1)).get_json()
    assert pinned["ruleset"]["version"] == 1
    newest = client.post("/v1/tables", json=dict(OPENING, ruleset=rid)).get_json()
    assert newest["ruleset"]["version"] == 2
    problem(client.post("/v1/tables", json=dict(OPENING, ruleset=rid, ruleset_version=9)), 404)


def test_messages_in_the_table_language(client, table):
    body = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    answer = move(client, table["id"], body, query="?lang=gu")
    assert answer.headers["Content-Language"] == "gu"
    events = client.get(f"/v1/tables/{table['id']}/events", headers={"Accept-Language": "ne"})
    assert events.headers["Content-Language"] == "ne"
