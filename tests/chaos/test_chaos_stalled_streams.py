"""A phone that keeps its event stream open but stops reading (it froze, or it is an
attacker): once the buffers are full the stream's writes wait for it, and give up
after the write timeout, so its waiting slot comes back for the next phone (it used
to hold its thread and its slot forever, and with every slot held so, every later
phone was turned away with Retry-After). A stream that ends leaves its keep-alive
connection to serve the next request as before."""
import http.client
import socket
import time

import pytest

from chaos_support import Service, open_test_table, request, table_secret

pytestmark = pytest.mark.chaos

WRITE_TIMEOUT = 2  # seconds: the service's STREAM_WRITE_TIMEOUT in these tests
STREAM_SECONDS = 3  # a stream's length in the second test: longer than WRITE_TIMEOUT
BACKLOG = 250      # moves; their events (~0.9 KB each) overfill a stream's buffers
STREAM = {"Accept": "text/event-stream"}


def record_draws(port, table_id, count):
    for n in range(count):
        status, _, body = request(port, "POST", f"/v1/tables/{table_id}/moves",
                                  {"move": {"type": "draw", "player": n % 3}},
                                  table_secret(table_id))
        assert status == 200, body


def stalled_stream(port, table_id):
    """A client that asks for the stream from the first event, then never reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /v1/tables/{table_id}/events?after=0 HTTP/1.1\r\n"
                 "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    sock.settimeout(10)
    head = sock.recv(4096, socket.MSG_PEEK)  # the answer began (left unread)
    assert head.startswith(b"HTTP/1.1 200") and b"Retry-After" not in head, head
    return sock


def turned_away(port, table_id, after):
    """Whether a phone asking to wait for a move now is turned away (Retry-After: no
    waiting slot free). A long poll of 0.1 s: when served it gives its slot back."""
    status, headers, _ = request(port, "GET", f"/v1/tables/{table_id}/events"
                                 f"?after={after}&wait=0.1")
    assert status == 200
    return "Retry-After" in headers


def test_a_client_that_stops_reading_gives_its_waiting_slot_back(database_url, tmp_path):
    service = Service(database_url, tmp_path / "gunicorn.log", workers=1, LONG_POLLS="1",
                      REFEREE_STREAM_WRITE_TIMEOUT=str(WRITE_TIMEOUT)).start()
    stalled = None
    try:
        service.wait_until("/v1/ready")
        table_id = open_test_table(service.port)
        record_draws(service.port, table_id, BACKLOG)
        stalled = stalled_stream(service.port, table_id)
        opened = time.monotonic()
        assert turned_away(service.port, table_id, BACKLOG)  # it holds the only slot
        while turned_away(service.port, table_id, BACKLOG):
            assert time.monotonic() - opened < WRITE_TIMEOUT + 4, "the slot never came back"
            time.sleep(0.1)
    finally:
        if stalled is not None:
            stalled.close()
        service.stop()


def test_a_stream_ends_on_time_and_its_connection_serves_the_next_request(database_url,
                                                                          tmp_path):
    service = Service(database_url, tmp_path / "gunicorn.log", workers=1,
                      REFEREE_STREAM_SECONDS=str(STREAM_SECONDS),
                      REFEREE_STREAM_WRITE_TIMEOUT=str(WRITE_TIMEOUT)).start()
    try:
        service.wait_until("/v1/ready")
        table_id = open_test_table(service.port)
        connection = http.client.HTTPConnection("127.0.0.1", service.port, timeout=10)
        started = time.monotonic()
        connection.request("GET", f"/v1/tables/{table_id}/events", headers=STREAM)
        stream = connection.getresponse()
        assert stream.read().startswith(b"retry: ")
        # A phone that reads keeps its stream for its whole length (the write timeout
        # does not cut it), and no longer.
        assert STREAM_SECONDS - 0.1 < time.monotonic() - started < STREAM_SECONDS + WRITE_TIMEOUT
        # The same connection: a body that comes later than the write timeout is
        # still read (the stream's bound on the socket did not outlive it).
        connection.putrequest("POST", f"/v1/tables/{table_id}/moves")
        body = b'{"move": {"type": "draw", "player": 1}}'
        for name, value in {"Content-Type": "application/json",
                            "Content-Length": str(len(body)),
                            **table_secret(table_id)}.items():
            connection.putheader(name, value)
        connection.endheaders()
        time.sleep(WRITE_TIMEOUT + 0.5)
        connection.send(body)
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        connection.close()
    finally:
        service.stop()
