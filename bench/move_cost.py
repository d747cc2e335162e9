"""What a recorded move costs in the app beside a health probe, in-process, and where
that goes: the same WSGI calls gunicorn makes (no sockets, no threads), bench/service.py's
move (a draw by player 1, spread over --tables tables; after the first, each is an
illegal draw, recorded as a disputed call like any other).

Two ways to count, same code (see bench/check_cost.py):
  .venv/bin/python bench/move_cost.py
      CPU time per request (best of 5 rounds): health and move through the app, then
      each stage of a move run alone on the same data, so the stages add up to about
      the whole and what is left is the request's own handling (Flask, the rate
      limit, the body's checks, the response object)
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
      --dump-before=_operator_call .venv/bin/python bench/move_cost.py --callgrind
      instructions per request: health in callgrind.out.<pid>.2, move in
      callgrind.out.<pid>, / --requests

The database is a fresh SQLite file, or a fresh schema in PostgreSQL when
DATABASE_URL names it (dropped afterwards).
"""
import argparse
import json
import tempfile
from pathlib import Path

from check_cost import BENCH_LIMIT, OPENING, best_us, requester, warm_and_count
from referee.api import create_app
from referee.api.context import answer_bytes, with_message
from referee.api.states import ParsedStates
from referee.api.tables import with_next
from referee.engine import judge, parse_move, parse_state
from referee.store import Store, token_digest
from referee.store.db import json_text
from referee.store.testing import postgres_url_from_env, scratch_database

MOVE = {"type": "draw", "player": 1}


def build_app(database_url):
    store = Store(database_url)
    store.migrate()
    store.dispose()
    return create_app({"DATABASE_URL": database_url, "RATE_LIMIT_DEFAULT": BENCH_LIMIT,
                       "RATE_LIMIT_WRITES": BENCH_LIMIT,
                       "RATE_LIMIT_ADDRESS_WRITES": BENCH_LIMIT, "RATE_LIMIT_RULESETS": BENCH_LIMIT})


def mover(app, opened):
    """One move per call, to each table in turn, with its secret."""
    body = json.dumps({"move": MOVE}).encode()
    calls = [requester(app, "POST", f"/v1/tables/{table['id']}/moves", body,
                       {"HTTP_AUTHORIZATION": "Bearer " + table["secret"]})
             for table in opened]
    turn = [0]

    def once():
        calls[turn[0] % len(calls)]()
        turn[0] += 1
    return once


def stages(app, opened):
    """{stage: call} for each part of a move, run alone on the table's data (inside a
    request context: the sentences are worded in the request's language), and
    {stage: call} of what a move no longer runs, beside them for comparison."""
    services = app.extensions["referee"]
    store, catalog = services.store, services.catalog
    table_id, secret = opened[0]["id"], opened[0]["secret"].encode()
    row = store.get_table(table_id)
    rules = catalog.rules_for(row.ruleset_id, row.ruleset_version)
    state = parse_state(rules, row.state)
    verdict = with_next(rules, judge(rules, state, parse_move(rules, MOVE, state.seats,
                                                              side=state.side)))
    digest = token_digest(secret)
    kept = ParsedStates()
    return {
        "token: digest + check (remembered)":
            lambda: store.table_token(table_id, token_digest(secret), True),
        "store.append (decide: the verdict ready)":
            lambda: store.append(table_id, MOVE, lambda table: verdict, token_sha256=digest),
        "the stored state, parsed (ParsedStates: kept)": lambda: kept.parsed(rules, row.state),
        "judge + next (with_next)":
            lambda: with_next(rules, judge(rules, state, parse_move(
                rules, MOVE, state.seats, side=state.side))),
        "answer: sentences + JSON": lambda: answer_bytes(
            with_message(verdict, row.state["players"], rules)),
    }, {
        "parse_state (each move parsed it before)": lambda: parse_state(rules, row.state),
        "a state as stored JSON (json_text; 2 a move)": lambda: json_text(verdict["state"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--callgrind", action="store_true",
                        help="one loop each inside operator.call, for valgrind (see above)")
    args = parser.parse_args()
    backend = "postgresql" if postgres_url_from_env() else "sqlite"
    with tempfile.TemporaryDirectory(prefix="referee-move-cost-") as directory, \
            scratch_database(backend, Path(directory)) as database_url:
        app = build_app(database_url)
        client = app.test_client()
        opened = [client.post("/v1/tables", json=OPENING).get_json() for _ in range(args.tables)]
        calls = {"health": requester(app, "GET", "/v1/health"), "move": mover(app, opened)}
        costs = warm_and_count(calls, args.requests, args.callgrind)
        if costs is None:
            return
        print(f"{backend}: health {costs['health']:.1f} us  move {costs['move']:.1f} us  "
              f"move/health {costs['move'] / costs['health']:.2f}x (CPU, best of 5)")
        with app.test_request_context("/"):
            parts, beside = ({name: best_us(call, args.requests) for name, call in group.items()}
                             for group in stages(app, opened))
        for name, cost in parts.items():
            print(f"  {name:<50} {cost:8.1f} us")
        print(f"  {'the rest: request handling around them':<50} "
              f"{costs['move'] - sum(parts.values()):8.1f} us")
        for name, cost in beside.items():
            print(f"  (beside: {name}) {cost:.1f} us")
        store = app.extensions["referee"].store
        store.dispose()


if __name__ == "__main__":
    main()
