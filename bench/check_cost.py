"""What a stateless check costs in the app beside a health probe, in-process: the same
WSGI calls gunicorn makes (no sockets, no threads), bench/service.py's check body.

Two ways to count, same code:
  .venv/bin/python bench/check_cost.py
      CPU time per request (best of 5 rounds), health and check in the same run
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
      --dump-before=_operator_call .venv/bin/python bench/check_cost.py --callgrind
      instructions per request, which other programs on the machine leave alone:
      each loop runs inside operator.call and gets a dump of its own: "totals" in
      callgrind.out.<pid>.2 (health) and callgrind.out.<pid> (check), / --requests

The database is a fresh SQLite file; a check never touches it.
"""
import argparse
import io
import json
import operator
import sys
import tempfile
import time
from pathlib import Path

from referee.api import create_app
from referee.store import Store

OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
BENCH_LIMIT = "100000000 per minute"  # raised as bench/service.py raises them: counted


def build_app(directory):
    url = f"sqlite:///{Path(directory) / 'referee.db'}"
    store = Store(url)
    store.migrate()
    store.dispose()
    return create_app({"DATABASE_URL": url, "RATE_LIMIT_DEFAULT": BENCH_LIMIT,
                       "RATE_LIMIT_WRITES": BENCH_LIMIT,
                       "RATE_LIMIT_ADDRESS_WRITES": BENCH_LIMIT, "RATE_LIMIT_RULESETS": BENCH_LIMIT})


def environ(method, path, body=b""):
    env = {"REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
           "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
           "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000", "wsgi.url_scheme": "http",
           "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.multithread": True,
           "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0)}
    if body:
        env.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(body)))
    return env


def requester(app, method, path, body=b"", headers=None):
    """One request per call; `headers` as the environ names them (HTTP_AUTHORIZATION)."""
    def start_response(status, headers, exc_info=None):
        assert status.startswith("200"), status

    def once():
        answer = app(dict(environ(method, path, body), **(headers or {})), start_response)
        b"".join(answer)
        answer.close()
    return once


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--callgrind", action="store_true",
                        help="one loop each inside operator.call, for valgrind (see above)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-check-cost-") as directory:
        app = build_app(directory)
        state = app.test_client().post("/v1/tables", json=OPENING).get_json()["state"]
        body = json.dumps({"state": state, "move": {"type": "play", "player": 1,
                                                    "cards": ["red-3"]}}).encode()
        calls = {"health": requester(app, "GET", "/v1/health"),
                 "check": requester(app, "POST", "/v1/rulesets/classic/check", body)}
        costs = warm_and_count(calls, args.requests, args.callgrind)
        if costs is None:
            return
        print(f"health {costs['health']:.1f} us  check {costs['check']:.1f} us  "
              f"check above health {costs['check'] - costs['health']:.1f} us (CPU, best of 5)")


def warm_and_count(calls, requests, callgrind):
    """Each call warmed (caches filled, code paths taken once), then counted: one loop
    of each inside operator.call for callgrind (None), else {name: CPU us per call}."""
    for call in calls.values():
        for _ in range(100):
            call()
    if callgrind:
        for call in calls.values():
            operator.call(lambda call=call: [call() for _ in range(requests)])
        print(f"{requests} requests per loop: {', then '.join(calls)}")
        return None
    return {name: best_us(call, requests) for name, call in calls.items()}


def best_us(call, requests):
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(requests):
            call()
        best = min(best, (time.process_time() - start) / requests * 1e6)
    return best


if __name__ == "__main__":
    main()
