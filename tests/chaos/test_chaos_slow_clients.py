"""50 clients trickling their header lines, one every half second, while others
write moves and probe the service: at least 99% of the probes are answered within
1 s, no acknowledged move is lost, and the log stays contiguous and replayable
(HOSTILE.md 21: two such clients froze both sync workers for 30 s)."""
import http.client
import socket
import threading
import time

import pytest

from chaos_support import Burst, Service, check_log, open_test_table, request

pytestmark = pytest.mark.chaos

SLOW_CLIENTS = 50
SECONDS = 8
PROBES = 120


def trickle(port, stop):
    """A client that never finishes its request's head."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            n = 0
            while not stop.wait(0.5):
                sock.sendall(b"X-Slow-%d: still typing\r\n" % n)
                n += 1
    except OSError:
        pass  # the server may give up on it: that is its right


def probe_times(port, table_id):
    """Seconds each probe took to be answered 200 (inf: it was not, or it was never
    sent because the time was up)."""
    times, deadline = [], time.monotonic() + 2 * SECONDS
    for n in range(PROBES):
        if time.monotonic() > deadline:
            break
        path = "/v1/health" if n % 2 else f"/v1/tables/{table_id}"
        start = time.monotonic()
        try:
            status = request(port, "GET", path, timeout=2)[0]
        except (OSError, http.client.HTTPException):
            status = 0
        times.append(time.monotonic() - start if status == 200 else float("inf"))
        time.sleep(SECONDS / PROBES)
    return times + [float("inf")] * (PROBES - len(times))


def test_fifty_slow_clients_leave_the_service_answering(database_url, tmp_path):
    service = Service(database_url, tmp_path / "gunicorn.log").start()
    stop = threading.Event()
    slow = [threading.Thread(target=trickle, args=(service.port, stop), daemon=True)
            for _ in range(SLOW_CLIENTS)]
    try:
        service.wait_until("/v1/ready")
        table_id = open_test_table(service.port)
        for thread in slow:
            thread.start()
        time.sleep(1.0)  # every slow client is connected and holding on
        with Burst(service.port, table_id, threads=2) as burst:
            times = probe_times(service.port, table_id)
        stop.set()
        quick = sum(1 for t in times if t <= 1.0)
        assert quick >= 0.99 * len(times), sorted(times)[-5:]
        assert burst.count(500) == 0, burst.statuses
        assert check_log(service.port, table_id, burst) >= len(burst.acknowledged) > 0
    finally:
        stop.set()
        service.stop()
