"""Long polling on the events: a phone waiting for the next move hears it within a
second, whichever process recorded it. Two apps on one database are two machines:
each has its own hub of waiters, so a move recorded by one reaches the other's
waiters only through the channel (SQLite's data_version, PostgreSQL's NOTIFY, or
Redis when REDIS_URL is set). An event's pages wait on the same channel: its tables'
moves and its own actions."""
import os
import threading
import time

import pytest

from apitest import OPENING, bearer, problem, unique_id
from referee.api import create_app
from referee.store import live

REDIS_URL = os.environ.get("REFEREE_TEST_REDIS_URL", "redis://127.0.0.1:6379/12")
PLAY = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
DRAW = {"move": {"type": "draw", "player": 2}}


def _redis_answers():
    try:
        import redis

        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except Exception:
        return False


@pytest.fixture(scope="module", params=["database", "redis"])
def machines(request, app):
    """(machine A, machine B): two apps on the same database."""
    url = app.config["DATABASE_URL"]
    config = {"DATABASE_URL": url, "TESTING": True, "RATE_LIMITS": "off"}
    if request.param == "redis":
        if not _redis_answers():
            pytest.fail(f"no Redis answers at {REDIS_URL} (set REFEREE_TEST_REDIS_URL)")
        config["REDIS_URL"] = REDIS_URL
    pair = [create_app(config), create_app(config)]
    yield pair
    for each in pair:
        each.extensions["referee"].store.dispose()


def wait_in_thread(client, path):
    """Start a GET in a thread; returns (thread, result dict with answer and time)."""
    result = {}

    def run():
        response = client.get(path)
        result.update(status=response.status_code, body=response.get_json(),
                      at=time.monotonic())
    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


def test_a_waiting_phone_hears_a_move_recorded_by_another_machine(machines):
    first, second = (m.test_client() for m in machines)
    table = first.post("/v1/tables", json=OPENING).get_json()
    thread, result = wait_in_thread(first, f"/v1/tables/{table['id']}/events?after=0&wait=10")
    time.sleep(0.5)  # the phone is waiting
    assert not result
    posted = time.monotonic()
    response = second.post(f"/v1/tables/{table['id']}/moves", json=PLAY,
                           headers=bearer(table["secret"]))
    assert response.status_code == 200
    thread.join(timeout=12)
    assert result["status"] == 200
    assert [event["seq"] for event in result["body"]["events"]] == [1]
    assert result["body"]["events"][0]["verdict"]["legal"] is True
    assert result["at"] - posted < 1.0, result["at"] - posted


def test_phones_woken_by_a_move_said_on_the_channel_answer_without_reading_the_table(machines, monkeypatch):
    # The waiting server records no move: every one reaches it on the channel, with
    # its seq. A read of the table per wake was a third of its time in the hall soak.
    # The phones then ask again after what they heard, and need no read either.
    monkeypatch.setattr(live, "ROW_SECONDS", 60)  # no sweep drops the table meanwhile
    first, second = (m.test_client() for m in machines)
    table = first.post("/v1/tables", json=OPENING).get_json()
    path = f"/v1/tables/{table['id']}/events?wait=10&after="
    store, reads = machines[0].extensions["referee"].store, []
    waiting = [wait_in_thread(first, path + "0") for _ in range(5)]
    time.sleep(0.5)  # the phones are waiting (the first of them read the table)
    read = store.get_table
    monkeypatch.setattr(store, "get_table", lambda *args: reads.append(args) or read(*args))
    for seq, move in enumerate([PLAY, DRAW], start=1):
        response = second.post(f"/v1/tables/{table['id']}/moves", json=move,
                               headers=bearer(table["secret"]))
        assert response.status_code == 200
        for thread, result in waiting:
            thread.join(timeout=12)
            assert [event["seq"] for event in result["body"]["events"]] == [seq]
            assert result["body"]["seq"] == seq
        waiting = [wait_in_thread(first, path + str(seq)) for _ in range(5)]
        time.sleep(0.5)
    assert reads == []
    second.post(f"/v1/tables/{table['id']}/moves", json=DRAW, headers=bearer(table["secret"]))
    for thread, result in waiting:
        thread.join(timeout=12)


def test_many_phones_on_several_tables_each_hear_their_own_table(machines):
    first, second = (m.test_client() for m in machines)
    tables = [first.post("/v1/tables", json=OPENING).get_json() for _ in range(3)]
    waiting = [(table, *wait_in_thread(first if n % 2 else second,
                                       f"/v1/tables/{table['id']}/events?after=0&wait=10"))
               for table in tables for n in range(4)]
    time.sleep(0.5)
    second.post(f"/v1/tables/{tables[1]['id']}/moves", json=PLAY,
                headers=bearer(tables[1]["secret"]))
    time.sleep(1.0)
    heard = {table["id"]: [] for table in tables}
    for table, _, result in waiting:
        if result:
            heard[table["id"]].append(result["body"]["events"])
    assert len(heard[tables[1]["id"]]) == 4  # every phone of that table
    assert heard[tables[0]["id"]] == heard[tables[2]["id"]] == []  # nobody else woke
    for table in (tables[0], tables[2]):
        first.post(f"/v1/tables/{table['id']}/moves", json=PLAY, headers=bearer(table["secret"]))
    for _, thread, result in waiting:
        thread.join(timeout=12)
        assert [event["seq"] for event in result["body"]["events"]] == [1]


def test_an_event_page_waiting_on_one_machine_hears_the_other_machines_moves_and_actions(machines):
    first, second = (m.test_client() for m in machines)
    token = machines[1].extensions["referee"].store.create_token(unique_id("org"))
    event = second.post("/v1/events", headers=bearer(token), json={
        "name": "Two machines", "ruleset": "classic", "players": ["Asha", "Bina", "Chirag", "Devika"],
        "format": {"type": "heats", "rounds": 1}}).get_json()
    second.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    table = second.post(f"/v1/events/{event['id']}/rounds/1/tables/1", headers=bearer(token),
                        json={"dealer": 0, "first_card": "red-7"}).get_json()
    pages = {}
    for page, path in (("organiser", f"/v1/events/{event['id']}"),
                       ("projector", f"/v1/events/{event['id']}/standings")):
        seen = first.get(path).get_json()["version"]
        pages[page] = (seen, *wait_in_thread(first, f"{path}?wait=10&version={seen}"))
    time.sleep(0.5)  # both pages wait on the first machine
    moved = time.monotonic()
    response = second.post(f"/v1/tables/{table['id']}/moves", headers=bearer(table["secret"]),
                           json={"move": {"type": "draw", "player": 1}})
    assert response.status_code == 200
    seen, thread, result = pages["organiser"]
    thread.join(timeout=12)
    assert result["at"] - moved < 1.0, result["at"] - moved
    assert result["body"]["version"] != seen and result["body"]["rounds"][0]["tables"][0]["seq"] == 1
    seen, thread, result = pages["projector"]
    assert not result, "a draw changes no standing"
    acted = time.monotonic()
    assert second.post(f"/v1/events/{event['id']}/captains", json={"name": "Captains"},
                       headers=bearer(token)).status_code == 201
    thread.join(timeout=12)
    assert result["at"] - acted < 1.0, result["at"] - acted
    assert result["body"]["version"] != seen and result["body"]["seq"] == 4


def test_a_wait_with_nothing_new_answers_empty_after_the_wait(client, table):
    started = time.monotonic()
    response = client.get(f"/v1/tables/{table['id']}/events?after=0&wait=0.4")
    took = time.monotonic() - started
    assert response.status_code == 200 and response.get_json()["events"] == []
    assert 0.4 <= took < 2.0


def test_a_wait_answers_at_once_when_the_events_exist(client, table):
    client.post(f"/v1/tables/{table['id']}/moves", json=PLAY)
    started = time.monotonic()
    body = client.get(f"/v1/tables/{table['id']}/events?after=0&wait=20").get_json()
    assert [event["seq"] for event in body["events"]] == [1]
    assert time.monotonic() - started < 1.0


@pytest.mark.parametrize("wait", ["-1", "26", "nan", "inf", "soon", "1e9", "\u0661"])
def test_a_bad_wait_is_400(client, table, wait):
    body = problem(client.get(f"/v1/tables/{table['id']}/events", query_string={"wait": wait}),
                   400)
    assert body["errors"][0]["path"] == "wait"


def test_when_every_waiting_slot_is_taken_the_answer_comes_at_once(database_url):
    from referee.store.testing import migrated

    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMITS": "off", "LONG_POLLS": 1})
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    thread, result = wait_in_thread(client, f"/v1/tables/{table['id']}/events?wait=3")
    time.sleep(0.3)
    started = time.monotonic()
    response = client.get(f"/v1/tables/{table['id']}/events?wait=3")
    assert time.monotonic() - started < 1.0
    assert response.status_code == 200 and response.headers["Retry-After"] == "1"
    thread.join(timeout=5)
    assert result["status"] == 200 and "Retry-After" not in result
    app.extensions["referee"].store.dispose()
