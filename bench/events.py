#!/usr/bin/env python3
"""What an event's standings cost as the evening grows, beside reading one table.

For each size, an event is built in a fresh SQLite file (or a fresh PostgreSQL schema
with --database): its players seated round by round by the service's own seating, and
every table of every round opened and brought to the end of its game with a log of
--moves entries (written straight into the tables, as the referee stores them: the
judge is not what is measured here). Then GET /v1/events/{id}/standings and GET
/v1/tables/{id} go through the Flask app in process (the test client: no network, no
server), interleaved so a busy machine slows both alike. Prints the median of each and
their ratio. Standings are computed on every read: two reads of the store per table
(its row, and the end of its log for the seq the result comes from).

Usage: .venv/bin/python bench/events.py [--full] [--reads N] [--database URL]
Default sizes (under a minute): 40, 100 and 400 players; --full adds 4,000 (1,000
tables) and 10,000 players (2,500 tables of 4).
"""
import argparse
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from referee.api import create_app  # noqa: E402
from referee.engine import compile_rules, open_table  # noqa: E402
from referee.rules import builtin_rulesets  # noqa: E402
from referee.service import seating  # noqa: E402
from referee.store import db  # noqa: E402
from referee.store.testing import migrated, scratch_database  # noqa: E402

DEFAULT_SIZES = [(40, 1), (100, 1), (400, 1)]   # (players, rounds)
FULL_SIZES = DEFAULT_SIZES + [(4000, 1), (10000, 1)]
RULES = compile_rules(builtin_rulesets()["classic"].data)


def finished_state(players, rng):
    """A table's state at the end of its game: scored, a winner, cards left."""
    state = open_table(RULES, players, 0, "red-7").state.to_json()
    winner = rng.randrange(len(players))
    state.update(phase="game-over", winner=winner, scored=False,
                 scores=[500 + rng.randrange(100) if seat == winner else rng.randrange(400)
                         for seat in range(len(players))],
                 hand_counts=[0 if seat == winner else rng.randrange(1, 8)
                              for seat in range(len(players))])
    return state


def build_event(app, players_count, rounds, moves, rng):
    store = app.extensions["referee"].store
    owner = f"bench-{secrets.token_hex(3)}"
    players = [f"Player {n}" for n in range(players_count)]
    document = {"name": "Bench", "ruleset": "classic", "ruleset_version": 1, "players": players,
                "seed": 1, "format": {"type": "heats", "rounds": rounds, "table_sizes": [4, 3],
                                      "forced_sizes": [5, 2]},
                "scoring": {"type": "placement", "points": {"2": [2, 0], "3": [4, 2, 1],
                                                            "4": [5, 3, 2, 1],
                                                            "5": [6, 4, 3, 2, 1]}},
                "tie_breaks": ["wins", "points", "cards-left"]}
    event_id = secrets.token_urlsafe(12)
    store.create_event(event_id=event_id, owner=owner, name="Bench", ruleset_id="classic",
                       ruleset_version=1, document=document, entry={"type": "created"})
    sizes = seating.table_sizes(players_count, [4, 3], [5, 2])
    seated_rounds, table_ids = [], []
    for number in range(1, rounds + 1):
        tables = seating.draw(players, sizes, 1, number, seating.met_pairs(seated_rounds))
        seated_rounds.append(tables)
        ids = [secrets.token_urlsafe(12) for _ in tables]
        write_tables(store, tables, ids, moves, rng)

        def act(actions, event, existing, tables=tables, ids=ids, number=number):
            actions.start_round(number, "heat", [(players_at, f"BNCH-{n:04d}")
                                                 for n, players_at in enumerate(tables)])
            for index, table_id in enumerate(ids, 1):
                actions.open_table(number, index, lambda conn, table_id=table_id: table_id)
            actions.mark_round(number, "closed_seq")
            return {"type": "seated", "round": number}, None
        store.act_on_event(event_id, act)
        table_ids += ids
    return event_id, table_ids


def write_tables(store, tables, ids, moves, rng):
    """Each table's row and a log of `moves` entries ending with its game's end."""
    now = db_now()
    rows, events = [], []
    for players, table_id in zip(tables, ids):
        state = finished_state(players, rng)
        rows.append({"id": table_id, "ruleset_id": "classic", "ruleset_version": 1,
                     "opening": {"players": players, "dealer": 0, "first_card": "red-7"},
                     "seq": moves, "state": state, "created_at": now, "name": None,
                     "owner": None, "join_code_sha256": None})
        for seq in range(1, moves + 1):
            last = seq == moves
            events.append({"table_id": table_id, "seq": seq,
                           "move": {"type": "score" if last else "draw", "player": 0},
                           "verdict": {"legal": True, "code": "game-won" if last else "drew",
                                       "state": state},
                           "idempotency_key": None, "request_sha256": None, "created_at": now})
    with store.engine.begin() as conn:
        conn.execute(insert(db.game_tables), rows)
        for start in range(0, len(events), 5000):
            conn.execute(insert(db.table_events), events[start:start + 5000])


def db_now():
    from datetime import datetime, timezone

    return datetime.now(timezone.utc)


def timed(client, path):
    start = time.perf_counter()
    response = client.get(path)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return elapsed


def measure(client, event_id, table_ids, reads, rng):
    standings, table = [], []
    for _ in range(reads):
        standings.append(timed(client, f"/v1/events/{event_id}/standings"))
        for _ in range(5):
            table.append(timed(client, f"/v1/tables/{rng.choice(table_ids)}"))
    return statistics.median(standings), statistics.median(table)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="add 4,000 and 10,000 players")
    parser.add_argument("--reads", type=int, default=5, help="standings reads per size")
    parser.add_argument("--moves", type=int, default=40, help="log entries per table")
    parser.add_argument("--database", default="sqlite", help="sqlite, or postgresql")
    args = parser.parse_args()
    rng = random.Random(7)
    print(f"{'players':>8} {'tables':>7} {'entries':>8} {'standings ms':>13} "
          f"{'table ms':>9} {'ratio':>7} {'per table us':>13}")
    # One directory for the whole run: a store's WAL checkpoint thread outlives dispose().
    workspace = tempfile.TemporaryDirectory()
    for players, rounds in (FULL_SIZES if args.full else DEFAULT_SIZES):
        directory = Path(workspace.name) / f"{players}-{rounds}"
        directory.mkdir()
        with scratch_database(args.database, directory) as url:
            app = create_app({"DATABASE_URL": migrated(url), "RATE_LIMITS": "off"})
            try:
                event_id, table_ids = build_event(app, players, rounds, args.moves, rng)
                client = app.test_client()
                timed(client, f"/v1/events/{event_id}/standings")  # warm the caches
                standings, table = measure(client, event_id, table_ids, args.reads, rng)
            finally:
                app.extensions["referee"].store.dispose()
        count = len(table_ids)
        print(f"{players:>8} {count:>7} {count * args.moves:>8} {standings * 1000:>13.1f} "
              f"{table * 1000:>9.2f} {standings / table:>7.0f} {standings / count * 1e6:>13.0f}",
              flush=True)


if __name__ == "__main__":
    main()
