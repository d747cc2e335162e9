"""Bounds under bench/service.py's moves: the referee itself, served by the same gunicorn
configuration, with part of what a batch of moves does (Store._record_batch in
referee/store/repository.py) taken away. BOUND names what is left of the batch:

  no-database        each move is judged on its table's row, read once per worker, and
                     answered; nothing is locked, read or written
  empty-transaction  the batch's transaction as the referee runs it (the write lock and
                     BEGIN IMMEDIATE on SQLite; the two round trips on PostgreSQL, BEGIN
                     with a read, then a write with COMMIT), holding one small insert
                     instead of the reads and writes of the moves; the moves are judged
                     as no-database judges them, before the connection is given back
                     (on SQLite inside the transaction, holding the lock, as the
                     referee judges them; on PostgreSQL after the COMMIT)

Everything else is the referee's: gunicorn, Flask, the rate limit, the token and the
body, the group commit that gathers a worker's waiting moves into one batch, the
answer. So what these reach is what moves could reach if the batch's reads and writes
cost nothing (empty-transaction), or its transaction too (no-database). Each move is
judged against its table's row as this worker first read it: the referee's own runs
come first in each round of bench/service.py, so every table has had its draw by then
and these are the same illegal second draws, answered as the referee answers them but
for a `seq` that does not advance. `bench/service.py --bounds` starts them; not for
anything else.
"""
import os

from referee.api import create_app
from referee.store import repository

BOUND = os.environ["BOUND"]
PROBE_TABLE = "bench_bound_probe"
_rows = {}  # table id -> its row as first read in this worker


def _judge_on_kept_rows(store, batch):
    for pending in batch:
        move = pending.work
        row = _rows.get(move.table_id)
        if row is None:
            row = _rows.setdefault(move.table_id, store.get_table(move.table_id))
        try:
            pending.result = repository.Appended(
                row.seq + 1, move.decide(row), replayed=False, ruleset_id=row.ruleset_id,
                ruleset_version=row.ruleset_version)
        except Exception as exc:  # the judge's refusal, as the real batch fails it alone
            pending.error = exc


def _empty_transaction(store, batch):
    with store._batch_transaction() as raw:
        if store.dialect == "sqlite":
            raw.execute(f"INSERT INTO {PROBE_TABLE} (moves) VALUES (?)", (len(batch),))
        else:
            from psycopg import ClientCursor

            with ClientCursor(raw) as cursor:
                cursor.execute("BEGIN; SELECT 1")
                cursor.execute(f"INSERT INTO {PROBE_TABLE} (moves) VALUES (%s); COMMIT",
                               (len(batch),))
        _judge_on_kept_rows(store, batch)


RECORD_BATCH = {"no-database": _judge_on_kept_rows, "empty-transaction": _empty_transaction}

# Before the app is made: each Store hands its own _record_batch to its group commit.
repository.Store._record_batch = RECORD_BATCH[BOUND]
app = create_app()
with app.extensions["referee"].store.engine.begin() as connection:
    connection.exec_driver_sql(f"CREATE TABLE IF NOT EXISTS {PROBE_TABLE} (moves integer)")
