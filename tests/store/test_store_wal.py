"""SQLite's write-ahead log stays bounded however many moves are written (HOSTILE.md
23: with SQLite's checkpoints off and no checkpointer, ~20 KB per move: 2.4 GB after
100,000 moves, and a small disk full after 845)."""
import os
import secrets
import time

from referee.service.catalog import Catalog
from referee.engine import open_table
from referee.store import Store
from referee.store.testing import migrated

MOVES = 20_000
BOUND = 16 * 1024 * 1024  # bytes: a few seconds of moves at full speed, far below 400 MB


def test_the_wal_stays_bounded_over_twenty_thousand_moves(tmp_path):
    url = migrated(f"sqlite:///{tmp_path / 'referee.db'}")
    store = Store(url)
    catalog = Catalog(store)
    rules = catalog.rules(catalog.find("classic"))
    players = ["Asha", "Bina", "Chirag", "Dev"]
    verdict = open_table(rules, players, 0, "red-7").to_json()  # a real state
    tables = [secrets.token_hex(6) for _ in range(8)]
    for table_id in tables:
        store.create_table(table_id=table_id, ruleset_id="classic", ruleset_version=1,
                           opening={"players": players}, state=verdict["state"])
    wal = tmp_path / "referee.db-wal"
    largest, started = 0, time.monotonic()
    for n in range(MOVES):
        store.append(tables[n % len(tables)], {"type": "draw", "player": n % 4},
                     lambda table: dict(verdict, state=dict(table.state, seq=table.seq + 1)))
        if n % 500 == 0:
            largest = max(largest, os.path.getsize(wal) if wal.exists() else 0)
    largest = max(largest, os.path.getsize(wal))
    elapsed = time.monotonic() - started
    store.dispose()
    assert largest <= BOUND, f"the WAL reached {largest / 2**20:.1f} MB"
    assert store.checkpointer.runs > 0
    print(f"{MOVES} moves in {elapsed:.1f} s; largest WAL {largest / 2**20:.1f} MB")


def test_the_wal_stays_bounded_when_the_checkpoint_thread_never_gets_to_run(tmp_path):
    """On a loaded machine the thread can wait seconds for a core; the writers, which
    hold the lock anyway, then start the WAL over themselves."""
    url = migrated(f"sqlite:///{tmp_path / 'referee.db'}")
    store = Store(url)
    store.checkpointer._pid = os.getpid()  # as if started: the thread never runs
    catalog = Catalog(store)
    rules = catalog.rules(catalog.find("classic"))
    players = ["Asha", "Bina", "Chirag", "Dev"]
    verdict = open_table(rules, players, 0, "red-7").to_json()
    table_id = secrets.token_hex(6)
    store.create_table(table_id=table_id, ruleset_id="classic", ruleset_version=1,
                       opening={"players": players}, state=verdict["state"])
    wal = tmp_path / "referee.db-wal"
    largest = 0
    for n in range(1500):  # ~18 KB of WAL each: 27 MB if nothing starts it over
        store.append(table_id, {"type": "draw", "player": n % 4},
                     lambda table: dict(verdict, state=dict(table.state, seq=table.seq + 1)))
        largest = max(largest, os.path.getsize(wal))
    store.dispose()
    assert largest <= BOUND, f"the WAL reached {largest / 2**20:.1f} MB"
