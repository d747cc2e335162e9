"""The waiting server (referee/api/gunicorn_wait_conf.py: the same app on gevent's event
loop) beside the WSGI instance on one database, as the reverse proxy splits them: a
phone waiting on it hears a move posted on the WSGI instance, with the answer the WSGI
instance gives for the same request, long polls and streams alike; and its waiting
phones hold no thread each."""
import http.client
import json
import os
import threading
import time

import pytest

from apitest import OPENING
from liveserver import WAIT_CONFIG, gunicorn, request

DRAW = {"move": {"type": "draw", "player": 1}}


@pytest.fixture(scope="module")
def ports(database_url, tmp_path_factory):
    """(the WSGI instance's port, the waiting server's port), one database."""
    logs = tmp_path_factory.mktemp("waiting")
    with gunicorn(database_url, 1, logs / "wsgi.log") as wsgi, \
            gunicorn(database_url, 1, logs / "wait.log", config=WAIT_CONFIG) as wait:
        yield wsgi, wait


def open_table(port):
    status, _, table = request(port, "POST", "/v1/tables", OPENING)
    assert status == 201, table
    return table


def draw(port, table):
    status, _, answer = request(port, "POST", f"/v1/tables/{table['id']}/moves", DRAW,
                                {"Authorization": f"Bearer {table['secret']}"})
    assert status == 200, answer
    return answer


def raw_get(port, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def in_background(function, *args):
    result = {}

    def target():
        result["at"] = None
        result["answer"] = function(*args)
        result["at"] = time.monotonic()
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, result


def test_a_long_poll_on_the_waiting_server_hears_a_move_posted_on_the_wsgi_instance(ports):
    wsgi, wait = ports
    table = open_table(wsgi)
    seq = request(wsgi, "GET", f"/v1/tables/{table['id']}/events?after=0")[2]["seq"]
    path = f"/v1/tables/{table['id']}/events?after={seq}&wait=20"
    thread, result = in_background(raw_get, wait, path)
    time.sleep(0.5)
    assert thread.is_alive()  # it waits: nothing happened yet
    posted = time.monotonic()
    answer = draw(wsgi, table)
    thread.join(10)
    status, headers, body = result["answer"]
    assert status == 200 and "Retry-After" not in headers
    assert result["at"] - posted < 2
    page = json.loads(body)
    assert [event["seq"] for event in page["events"]] == [answer["seq"]]
    # The same bytes the WSGI instance answers for that page now.
    assert body == raw_get(wsgi, f"/v1/tables/{table['id']}/events?after={seq}")[2]


def test_an_event_stream_on_the_waiting_server_carries_each_move(ports):
    wsgi, wait = ports
    table = open_table(wsgi)
    seq = request(wsgi, "GET", f"/v1/tables/{table['id']}/events?after=0")[2]["seq"]
    connection = http.client.HTTPConnection("127.0.0.1", wait, timeout=20)
    try:
        connection.request("GET", f"/v1/tables/{table['id']}/events?after={seq}",
                           headers={"Accept": "text/event-stream"})
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("Content-Type").startswith("text/event-stream")
        assert response.readline() == b"retry: 1000\n"
        seqs = [draw(wsgi, table)["seq"], draw(wsgi, table)["seq"]]
        heard = []
        while len(heard) < 2:
            line = response.readline()
            assert line, "the stream ended"
            if line.startswith(b"id: "):
                heard.append(int(line[4:]))
        assert heard == seqs
    finally:
        connection.close()


@pytest.mark.parametrize("query", ["wait=abc", "wait=26", "after=-1&wait=1"])
def test_a_bad_wait_is_answered_the_same_by_both(ports, query):
    wsgi, wait = ports
    table = open_table(wsgi)
    path = f"/v1/tables/{table['id']}/events?{query}"
    on_wsgi, on_wait = raw_get(wsgi, path), raw_get(wait, path)
    assert on_wsgi[0] == on_wait[0] == 400
    assert on_wsgi[1]["Content-Type"] == on_wait[1]["Content-Type"] == "application/problem+json"
    assert json.loads(on_wsgi[2]) == json.loads(on_wait[2])


def waiting_server_threads():
    """The thread counts of the waiting server's processes (its master and worker)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                if b"gunicorn_wait_conf" not in cmdline.read():
                    continue
            with open(f"/proc/{entry}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:
            continue
        yield int(fields["Threads"])


def test_three_hundred_phones_wait_on_a_handful_of_threads_and_all_hear_the_move(ports):
    wsgi, wait = ports
    table = open_table(wsgi)
    seq = request(wsgi, "GET", f"/v1/tables/{table['id']}/events?after=0")[2]["seq"]
    path = f"/v1/tables/{table['id']}/events?after={seq}&wait=20"
    phones = [in_background(raw_get, wait, path) for _ in range(300)]
    time.sleep(2)
    assert all(thread.is_alive() for thread, _ in phones)
    # 300 waits, and no thread each (a gthread worker holds one per wait).
    assert max(waiting_server_threads()) < 20
    answer = draw(wsgi, table)
    for thread, _ in phones:
        thread.join(15)
    answers = [result["answer"] for _, result in phones]
    assert all(status == 200 and "Retry-After" not in headers for status, headers, _ in answers)
    assert all([e["seq"] for e in json.loads(body)["events"]] == [answer["seq"]]
               for _, _, body in answers)
