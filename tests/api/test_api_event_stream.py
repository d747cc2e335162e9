"""Events as a stream (Accept: text/event-stream): a phone keeps one connection and
hears every move as it is recorded, whichever machine recorded it, resumes where it
left off when it reconnects, and gets an answer at once when the server has no room.
And the long polls a move wakes share one read of the table per process."""
import json
import threading
import time

import pytest

from apitest import OPENING, bearer, problem
from referee.api import create_app
from referee.api.tables import STREAM_SPREAD
from referee.store import live
from referee.store.testing import migrated

STREAM = {"Accept": "text/event-stream"}
DRAW = {"move": {"type": "draw", "player": 1}}


def new_app(url, **config):
    return create_app({"DATABASE_URL": url, "TESTING": True, "RATE_LIMITS": "off", **config})


@pytest.fixture
def machines(app):
    """(machine A, machine B): two apps on one database (the channel links them)."""
    pair = [new_app(app.config["DATABASE_URL"]) for _ in range(2)]
    yield pair
    for each in pair:
        each.extensions["referee"].store.dispose()


def draws(client, table, count):
    for _ in range(count):
        assert client.post(f"/v1/tables/{table['id']}/moves", json=DRAW,
                           headers=bearer(table["secret"])).status_code == 200


def sse_events(chunks):
    """[(id, data as JSON)] of the events in the stream's text so far."""
    events = []
    for block in "".join(chunks).split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines()
                      if ": " in line and not line.startswith(":"))
        if "data" in fields:
            events.append((int(fields["id"]), json.loads(fields["data"])))
    return events


class Listener(threading.Thread):
    """A phone on a stream (opened and read in its own thread, as a server does),
    noting when each chunk came, until `stop` is set and the next chunk arrives."""

    def __init__(self, client, path):
        super().__init__(daemon=True)
        self.client, self.path = client, path
        self.chunks, self.times, self.stop = [], [], threading.Event()
        self.status = self.mimetype = None

    def run(self):
        response = self.client.get(self.path, headers=STREAM, buffered=False)
        self.status, self.mimetype = response.status_code, response.mimetype
        for chunk in response.response:
            self.chunks.append(chunk.decode())
            self.times.append(time.monotonic())
            if self.stop.is_set():
                break
        response.close()

    def heard(self):
        return sse_events(self.chunks)


def test_a_stream_carries_the_events_there_are_then_each_move_recorded_elsewhere(machines):
    first, second = (m.test_client() for m in machines)
    table = first.post("/v1/tables", json=OPENING).get_json()
    draws(first, table, 1)
    listener = Listener(first, f"/v1/tables/{table['id']}/events")
    listener.start()
    time.sleep(0.5)
    assert listener.status == 200 and listener.mimetype == "text/event-stream"
    assert [seq for seq, _ in listener.heard()] == [1]
    draws(second, table, 1)
    posted = time.monotonic()
    deadline = posted + 3
    while len(listener.heard()) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    listener.stop.set()
    draws(second, table, 1)  # the stream sees it must stop
    listener.join(5)
    assert [seq for seq, _ in listener.heard()][:2] == [1, 2]
    assert listener.times[2] - posted < 1.0  # [0] retry, [1] the event there was
    page = first.get(f"/v1/tables/{table['id']}/events").get_json()
    heard = [data for _, data in listener.heard()]
    assert heard == page["events"][:len(heard)]


def test_a_stream_resumes_after_the_last_event_id_its_browser_sends(client, table):
    draws(client, table, 3)
    response = client.get(f"/v1/tables/{table['id']}/events?after=0", buffered=False,
                          headers={**STREAM, "Last-Event-ID": "2"})
    chunks = iter(response.response)
    assert next(chunks) == b"retry: 1000\n\n"  # EventSource reconnects a second later
    assert [seq for seq, _ in sse_events([next(chunks).decode()])] == [3]
    response.close()


@pytest.mark.parametrize("last", ["x", "-1", "2147483648", "\u0663"])
def test_a_bad_last_event_id_is_400(client, table, last):
    response = client.get(f"/v1/tables/{table['id']}/events",
                          headers={**STREAM, "Last-Event-ID": last})
    assert problem(response, 400)["errors"][0]["path"] == "Last-Event-ID"


def test_a_stream_of_an_unknown_table_is_404(client):
    problem(client.get("/v1/tables/AAAAAAAAAAAAAAAA/events", headers=STREAM), 404)


def test_when_every_waiting_slot_is_taken_a_stream_ends_at_once_with_retry_after(database_url):
    app = new_app(migrated(database_url), LONG_POLLS=1)
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    draws(client, table, 1)
    held = client.get(f"/v1/tables/{table['id']}/events", headers=STREAM, buffered=False)
    started = time.monotonic()
    refused = client.get(f"/v1/tables/{table['id']}/events", headers=STREAM)
    assert time.monotonic() - started < 1.0
    assert refused.status_code == 200 and refused.headers["Retry-After"] == "1"
    assert [seq for seq, _ in sse_events([refused.get_data(as_text=True)])] == [1]
    held.close()  # the phone went away: its slot is free again
    again = client.get(f"/v1/tables/{table['id']}/events", headers=STREAM, buffered=False)
    assert "Retry-After" not in again.headers
    again.close()
    app.extensions["referee"].store.dispose()


def test_the_phones_one_move_wakes_share_one_read_of_the_table(database_url):
    app = new_app(migrated(database_url))
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    store = app.extensions["referee"].store
    reads, read = [], store.get_table

    def counted(table_id):
        reads.append(table_id)
        return read(table_id)
    store.get_table = counted
    answers = []

    def phone():
        response = app.test_client().get(f"/v1/tables/{table['id']}/events?after=0&wait=10")
        answers.append(response.get_json()["events"])
    phones = [threading.Thread(target=phone) for _ in range(20)]
    for thread in phones:
        thread.start()
    time.sleep(1.0)  # every phone waits
    reads.clear()
    draws(client, table, 1)
    for thread in phones:
        thread.join(12)
    assert [[event["seq"] for event in events] for events in answers] == [[1]] * 20
    # One read for the wake; SQLite's listener may wake them once more before it.
    assert len(reads) <= 2, len(reads)
    store.dispose()


def test_a_stream_opened_again_after_the_moves_it_heard_needs_no_read_of_the_table(machines, monkeypatch):
    # Every stream ends and reconnects (STREAM_SECONDS): a hall's reconnects were a read each.
    monkeypatch.setattr(live, "ROW_SECONDS", 60)  # no sweep drops the table meanwhile
    first, second = (m.test_client() for m in machines)
    table = first.post("/v1/tables", json=OPENING).get_json()
    listener = Listener(first, f"/v1/tables/{table['id']}/events")
    listener.start()
    time.sleep(0.5)  # it listens (its start read the table)
    store, reads = machines[0].extensions["referee"].store, []
    read = store.get_table
    monkeypatch.setattr(store, "get_table", lambda *args: reads.append(args) or read(*args))
    draws(second, table, 2)
    deadline = time.monotonic() + 3
    while len(listener.heard()) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    again = first.get(f"/v1/tables/{table['id']}/events", buffered=False,
                      headers={**STREAM, "Last-Event-ID": "1"})
    chunks = iter(again.response)
    assert next(chunks) == b"retry: 1000\n\n"
    assert [seq for seq, _ in sse_events([next(chunks).decode()])] == [2]
    again.close()
    listener.stop.set()
    draws(second, table, 1)
    listener.join(5)
    assert [seq for seq, _ in listener.heard()][:2] == [1, 2]
    assert reads == []


def test_streams_opened_together_end_at_different_times_within_their_spread(database_url):
    app = new_app(migrated(database_url), STREAM_SECONDS=0.5)
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    lengths = []

    def phone():
        started = time.monotonic()
        app.test_client().get(f"/v1/tables/{table['id']}/events", headers=STREAM).get_data()
        lengths.append(time.monotonic() - started)
    phones = [threading.Thread(target=phone) for _ in range(12)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(10)
    assert len(lengths) == 12
    assert all(0.5 <= length < 0.5 * (1 + STREAM_SPREAD) + 0.3 for length in lengths), lengths
    assert max(lengths) - min(lengths) > 0.02, lengths  # not one moment for all
    app.extensions["referee"].store.dispose()
