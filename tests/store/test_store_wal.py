"""SQLite's write-ahead log stays bounded however many moves are written (HOSTILE.md
23: with SQLite's checkpoints off and no checkpointer, ~20 KB per move: 2.4 GB after
100,000 moves, and a small disk full after 845)."""
import os
import secrets
import threading
import time

from referee.service.catalog import Catalog
from referee.engine import open_table
from referee.store import Store
from referee.store.testing import migrated

MOVES = 20_000
BOUND = 16 * 1024 * 1024  # bytes: a few seconds of moves at full speed, far below 400 MB
PLAYERS = ["Asha", "Bina", "Chirag", "Dev"]


class Tables:
    """Classic tables of four in `store`, each opened on a real state, and draws
    recorded on them in turn (~18 KB of WAL each)."""

    def __init__(self, store, count=1):
        catalog = Catalog(store)
        rules = catalog.rules(catalog.find("classic"))
        self.store = store
        self.verdict = open_table(rules, PLAYERS, 0, "red-7").to_json()
        self.ids = [secrets.token_hex(6) for _ in range(count)]
        for table_id in self.ids:
            store.create_table(table_id=table_id, ruleset_id="classic", ruleset_version=1,
                               opening={"players": PLAYERS}, state=self.verdict["state"])

    def move(self, n):
        self.store.append(self.ids[n % len(self.ids)], {"type": "draw", "player": n % 4},
                          lambda table: dict(self.verdict, state=dict(table.state, seq=table.seq + 1)))


def test_the_wal_stays_bounded_over_twenty_thousand_moves(tmp_path):
    store = Store(migrated(f"sqlite:///{tmp_path / 'referee.db'}"))
    tables = Tables(store, count=8)
    wal = tmp_path / "referee.db-wal"
    largest, started = 0, time.monotonic()
    for n in range(MOVES):
        tables.move(n)
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
    store = Store(migrated(f"sqlite:///{tmp_path / 'referee.db'}"))
    store.checkpointer._pid = os.getpid()  # as if started: the thread never runs
    tables = Tables(store)
    wal = tmp_path / "referee.db-wal"
    largest = 0
    for n in range(1500):  # 27 MB if nothing starts the WAL over
        tables.move(n)
        largest = max(largest, os.path.getsize(wal))
    store.dispose()
    assert largest <= BOUND, f"the WAL reached {largest / 2**20:.1f} MB"


def test_a_writer_starts_the_wal_over_even_while_another_workers_checkpoint_runs(tmp_path):
    """SQLite answers a checkpoint "busy" at once while another one runs: in CI's
    parallel suite a slow PASSIVE step of the thread made every writer's RESTART give up,
    and the WAL reached 20.5 MB. The writer now waits for that checkpoint to end."""
    url = migrated(f"sqlite:///{tmp_path / 'referee.db'}")
    writer, other_worker = Store(url), Store(url)
    for store in (writer, other_worker):
        store.checkpointer._pid = os.getpid()  # as if started: no thread runs
    writer.checkpointer.lag = 10**9              # let the WAL grow first
    tables = Tables(writer)
    for n in range(1500):   # ~27 MB of WAL: its PASSIVE checkpoint takes tens of ms
        tables.move(n)
    checkpointing = threading.Thread(target=other_worker.checkpointer.checkpoint)
    checkpointing.start()
    time.sleep(0.005)       # its PASSIVE step is running now
    writer.checkpointer.lag = 1
    tables.move(1500)       # overdue: this writer starts the WAL over
    checkpointing.join()
    assert writer.checkpointer.runs == 1, "the writer's RESTART gave up"
    writer.dispose()
    other_worker.dispose()
