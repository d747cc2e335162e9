"""A rate limit means what it says on one instance without Redis: the workers of a
gunicorn share one count (a limit of 120 let 240 moves through two workers, each
counting on its own: issue 25)."""
import http.client
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from apitest import OPENING
from liveserver import gunicorn, request

LIMIT = 30
SENT = 90


@pytest.fixture
def limited(tmp_path, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("RATE_LIMIT_FILE", raising=False)
    with gunicorn(f"sqlite:///{tmp_path}/referee.db", 2, tmp_path / "log", RATE_LIMITS="on",
                  RATE_LIMIT_WRITES=f"{LIMIT} per minute") as port:
        yield port


def _move(port, path, secret, player):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:  # a fresh connection each time: the workers take turns accepting them
        connection.request("POST", path, body=json.dumps({"move": {"type": "draw", "player": player}}),
                           headers={"Content-Type": "application/json",
                                    "Authorization": f"Bearer {secret}"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_two_workers_let_through_exactly_the_limit_of_one_phone(limited):
    status, _, table = request(limited, "POST", "/v1/tables", OPENING)
    assert status == 201, table
    path = f"/v1/tables/{table['id']}/moves"
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda n: _move(limited, path, table["secret"], n % 3),
                                 range(SENT)))
    # A draw is always a move the judge takes or refuses with 200/422; never both 2xx
    # past the limit: every answer past the first LIMIT is a 429.
    assert statuses.count(429) == SENT - LIMIT, {s: statuses.count(s) for s in set(statuses)}
    assert len([s for s in statuses if s != 429]) == LIMIT
