"""GET /metrics answers Prometheus text format summed over gunicorn's workers: the
requests by route and status, their latencies, the phones waiting now, the moves per
group-commit batch and the database's failures."""
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from prometheus_client.parser import text_string_to_metric_families

from apitest import OPENING
from liveserver import gunicorn, request

MOVES = 24
MOVES_ROUTE = "/v1/tables/<table_id:table_id>/moves"


@pytest.fixture
def port(tmp_path, monkeypatch):
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    with gunicorn(f"sqlite:///{tmp_path}/referee.db", 2, tmp_path / "log") as port:
        yield port


def scrape(port):
    """{(name, labels as a sorted tuple): value} of every sample /metrics answers."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/metrics")
    response = connection.getresponse()
    text = response.read().decode()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/plain")
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(samples, name, **labels):
    return sum(v for (n, found), v in samples.items()
               if n == name and all(dict(found).get(k) == w for k, w in labels.items()))


def test_metrics_count_the_moves_of_every_worker_and_the_phones_waiting(port):
    status, _, table = request(port, "POST", "/v1/tables", OPENING)
    assert status == 201
    path = f"/v1/tables/{table['id']}/moves"
    secret = {"Authorization": f"Bearer {table['secret']}"}
    with ThreadPoolExecutor(6) as pool:  # fresh connections: both workers answer some
        statuses = list(pool.map(
            lambda n: request(port, "POST", path, {"move": {"type": "draw", "player": n % 3}},
                              secret)[0], range(MOVES)))
    waiting = threading.Thread(target=request, args=(
        port, "GET", f"/v1/tables/{table['id']}/events?after=1000000&wait=3"))
    waiting.start()
    time.sleep(1.0)
    samples = scrape(port)
    waiting.join(10)
    answered = {str(code): statuses.count(code) for code in set(statuses)}
    for code, count in answered.items():
        assert value(samples, "referee_requests_total", route=MOVES_ROUTE, method="POST",
                     status=code) == count, (code, samples)
    assert value(samples, "referee_request_seconds_count", route=MOVES_ROUTE) == MOVES
    assert value(samples, "referee_request_seconds_bucket", route=MOVES_ROUTE, le="+Inf") == MOVES
    assert value(samples, "referee_waiting_phones") == 1
    # Every move that reached the store was in one batch or another.
    recorded = answered.get("200", 0) + answered.get("422", 0)
    assert 1 <= value(samples, "referee_batch_moves_count") <= recorded
    assert value(samples, "referee_batch_moves_sum") == recorded
    assert value(samples, "referee_database_errors_total", kind="unavailable") == 0
    assert ("referee_database_errors_total", (("kind", "full"),)) in samples
    assert value(scrape(port), "referee_waiting_phones") == 0  # the poll ended
