"""Engine and schema: SQLite by default, PostgreSQL when DATABASE_URL says so.

Writes on SQLite start with BEGIN IMMEDIATE: in WAL mode a deferred transaction
that reads and then writes fails at once with "database is locked" when another
writer got in between (HOSTILE.md 17). PostgreSQL gets row locks instead
(SELECT ... FOR UPDATE, see repository.py).
"""
import contextlib
import fcntl
import json
import logging
import os
import threading
from pathlib import Path

import orjson
from sqlalchemy import (JSON, Column, DateTime, ForeignKey, ForeignKeyConstraint, Index,
                        Integer, MetaData, String, Table, Text, UniqueConstraint, create_engine, event)
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

DEFAULT_SQLITE_PATH = Path("var") / "referee.db"
# SQLite's WAL: checkpointed every CHECKPOINT_SECONDS by a thread of each process that
# writes (see Checkpointer); SQLite's own checkpoint (in a commit) is a safety net.
CHECKPOINT_SECONDS = 1.0
CHECKPOINT_WRITES = 200            # ... or after this many writes, whichever comes first
# Writes the thread may fall behind by before a writer checkpoints in its place.
CHECKPOINT_LAG_WRITES = 2 * CHECKPOINT_WRITES
SAFETY_NET_PAGES = 10_000          # about 40 MB of 4 KiB pages
WAL_SIZE_LIMIT = 4 * 1024 * 1024   # bytes the WAL file is cut back to after a checkpoint
# Each worker's connections, kept open: SQLAlchemy's default (5, and 10 more opened and
# closed on demand) closed and reopened connections all the time when a move woke a
# hundred waiting phones at once (a SQLite connection runs five PRAGMAs as it opens,
# a PostgreSQL one a TCP and auth handshake). Requests wait for one of these instead.
POOL_SIZE = 16
# A connection's execution option: this transaction will write (SQLite: BEGIN IMMEDIATE).
WRITE = "referee_write"

metadata = MetaData()

organisers = Table(
    "organisers", metadata,
    Column("name", String(200), primary_key=True),
    # Only the SHA-256 of a token is kept: a leaked database leaks no tokens.
    Column("token_sha256", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True)),
)

# The first organiser to publish an id owns it: the primary key makes that a constraint
# (two publishers racing for a new id cannot both insert), and every version's
# (id, owner) must match this row (HOSTILE.md 26).
ruleset_owners = Table(
    "ruleset_owners", metadata,
    Column("id", String(200), primary_key=True),
    Column("owner", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("id", "owner", name="uq_ruleset_owners_id_owner"),
)

ruleset_versions = Table(
    "ruleset_versions", metadata,
    Column("id", String(200), primary_key=True),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("owner", String(200), nullable=False),
    Column("title", Text, nullable=False),
    Column("extends", String(200)),
    Column("media_type", String(100), nullable=False),
    Column("text", Text, nullable=False),          # the text as sent
    Column("sha256", String(64), nullable=False),  # of the bytes as sent
    Column("document", JSON, nullable=False),      # the raw (unresolved) document
    Column("resolved", JSON, nullable=False),      # frozen at upload: parents may move on
    Column("created_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["id", "owner"], ["ruleset_owners.id", "ruleset_owners.owner"],
                         name="fk_ruleset_versions_owner"),
)

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(64), primary_key=True),
    Column("ruleset_id", String(200), nullable=False),
    Column("ruleset_version", Integer, nullable=False),
    Column("opening", JSON, nullable=False),  # players, dealer, first_card as opened
    # The counter that orders appends: the row is locked while a move is appended.
    Column("seq", Integer, nullable=False),
    Column("state", JSON, nullable=False),    # the state after event `seq`
    Column("created_at", DateTime(timezone=True), nullable=False),
    # What people call the table (organiser-written, shown as is), the organiser whose
    # token opened it (None: opened without one) and the SHA-256 of its join code.
    Column("name", String(100)),
    Column("owner", String(200)),
    Column("join_code_sha256", String(64)),
    UniqueConstraint("join_code_sha256", name="uq_game_tables_join_code"),
    Index("ix_game_tables_owner", "owner", "created_at"),
)

# Who may post moves to a table: the secret answered when it was opened, and the token
# of each phone that joined by code. Only SHA-256 digests are kept; a new secret
# revokes every token of the table (and its join code) at once. A phone that joined
# as one player's keeps that seat: it moves for that player only (NULL: the secret,
# and a shared table phone, move for anyone).
table_tokens = Table(
    "table_tokens", metadata,
    Column("token_sha256", String(64), primary_key=True),
    Column("table_id", String(64), ForeignKey("game_tables.id"), nullable=False),
    Column("kind", String(10), nullable=False),  # "secret" or "phone"
    Column("seat", Integer),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True)),
    Index("ix_table_tokens_table", "table_id"),
)

table_events = Table(
    "table_events", metadata,
    Column("table_id", String(64), ForeignKey("game_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("move", JSON, nullable=False),
    Column("verdict", JSON, nullable=False),  # includes the state after the move
    Column("idempotency_key", String(200)),
    Column("request_sha256", String(64)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "idempotency_key", name="uq_table_events_idempotency"),
)


# Events (docs/events.md): an evening of tables. The document is the validated event
# as created (ruleset version pinned, seed kept); `seq` counts its log entries and the
# row is locked while one is appended, as a table's is for a move.
events = Table(
    "events", metadata,
    Column("id", String(64), primary_key=True),
    Column("owner", String(200), nullable=False),
    Column("name", String(200), nullable=False),
    Column("ruleset_id", String(200), nullable=False),
    Column("ruleset_version", Integer, nullable=False),
    Column("document", JSON, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_events_owner", "owner", "created_at"),
)

# Every event action (created, seated, swapped, time called, round closed...), in
# order, like a table's moves: the event is replayed and audited from these.
event_log = Table(
    "event_log", metadata,
    Column("event_id", String(64), ForeignKey("events.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("entry", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A round of an event: the primary key makes "one round n per event" a constraint, so
# two organisers starting the same round at once get one round.
event_rounds = Table(
    "event_rounds", metadata,
    Column("event_id", String(64), ForeignKey("events.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(20), nullable=False),  # "heat" or "final"
    Column("started_seq", Integer, nullable=False),
    Column("time_called_seq", Integer),
    Column("closed_seq", Integer),
)

# A table of a round: the players in seat order and the referee table opened for it.
# The join code is kept as typed (the organiser's page shows it) beside its digest,
# which the table carries once it is opened.
event_tables = Table(
    "event_tables", metadata,
    Column("event_id", String(64), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("players", JSON, nullable=False),
    Column("table_id", String(64), ForeignKey("game_tables.id")),
    Column("join_code", String(20), nullable=False),
    UniqueConstraint("table_id", name="uq_event_tables_table"),
    ForeignKeyConstraint(["event_id", "round"], ["event_rounds.event_id", "event_rounds.number"],
                         name="fk_event_tables_round"),
)

# Table captains: a token that opens, plays and scores one event's tables, nothing
# else. Only its SHA-256 is kept.
event_captains = Table(
    "event_captains", metadata,
    Column("token_sha256", String(64), primary_key=True),
    Column("event_id", String(64), ForeignKey("events.id"), nullable=False),
    Column("name", String(100), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_event_captains_event", "event_id"),
)


def database_url(value=None):
    """The SQLAlchemy URL for a DATABASE_URL setting (empty: the default SQLite file)."""
    if not value:
        DEFAULT_SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{DEFAULT_SQLITE_PATH}"
    for prefix in ("postgres://", "postgresql://"):
        if value.startswith(prefix):
            return "postgresql+psycopg://" + value[len(prefix):]
    return value


# allow_nan=False: NaN is rejected at the edge; this is the last guard (HOSTILE.md 19).
# Built once: json.dumps with options builds a new encoder on every call.
_STORED_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
# What orjson would write that the standard encoder refuses is left to it (datetimes,
# dataclasses; subclasses of str, int and dict too): here and for answers (api/context.py).
ORJSON_PASSTHROUGH = (orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
                     | orjson.OPT_PASSTHROUGH_SUBCLASS)


def json_text(value):
    """JSON as the store writes it: compact, UTF-8 as is, never NaN or an infinity.

    A move writes three documents (its move, its verdict, the table's state; on
    PostgreSQL the batch's events and tables): the standard encoder cost 147k
    instructions a move (callgrind, bench/move_cost.py), a seventh of what a move
    costs above a health probe. orjson writes the same text (a float may be spelt
    otherwise: 1e-7, not 1e-07), but NaN and the infinities as null; so its text is
    kept only when it reads back as the value itself (NaN equals nothing, null is
    None). That check costs three times orjson's writing, and still less than the
    standard encoder. Anything else (NaN, integers past 64 bits, non-string keys,
    tuples, lone surrogates) goes to the standard encoder, which writes it as before
    or refuses it (ValueError for NaN)."""
    try:
        text = orjson.dumps(value, option=ORJSON_PASSTHROUGH)
    except TypeError:  # orjson.JSONEncodeError
        return _STORED_JSON.encode(value)
    if orjson.loads(text) != value:
        return _STORED_JSON.encode(value)
    return text.decode("utf-8")


# orjson reads an integer past 64 bits as a float where json.loads keeps it an integer:
# a text with 19 digits in a row is left to json.loads. (service/body.py meets the same
# problem in request bodies and tests what orjson writes back instead, since it writes
# a body back anyway to find keys sent twice; a stored document has none to find.)
_ZERO_FOR_DIGIT = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_LONG_DIGITS = b"0" * 19


def json_value(text):
    """A stored JSON document (str; bytes from psycopg) read as json.loads reads it,
    by orjson (a table's state and opening are read for every batch of moves) unless
    json.loads could read it differently: a long run of digits, or whatever orjson
    refuses (1e400, a lone surrogate's escape)."""
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    if _LONG_DIGITS not in raw.translate(_ZERO_FOR_DIGIT):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    return json.loads(raw)


STATEMENT_TIMEOUT_MS = 10_000
POSTGRESQL_DEADLINES = {
    "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
    "tcp_user_timeout": 5_000,  # ms
}


def make_engine(url=None, pool_size=POOL_SIZE):
    url = make_url(database_url(url))
    pool = {"pool_size": int(pool_size), "max_overflow": 0}
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url, pool)
    # A database that does not answer fails a request within seconds (503), instead of
    # holding a worker thread for the kernel's TCP connect timeout.
    connect_args = {} if "connect_timeout" in url.query else {"connect_timeout": 3}
    # A server that stops answering (a black hole: packets dropped, nothing refused)
    # must not hold a connection for the kernel's ~15 minutes: unacknowledged data
    # fails the connection after TCP_USER_TIMEOUT, an idle one is probed by
    # keepalives, and no statement waits longer than STATEMENT_TIMEOUT.
    for key, value in POSTGRESQL_DEADLINES.items():
        if key not in url.query:
            connect_args[key] = value
    options = url.query.get("options", "")
    if "statement_timeout" not in options:  # keep the URL's own options (a search_path)
        connect_args["options"] = f"{options} -c statement_timeout={STATEMENT_TIMEOUT_MS}".strip()
    # No pre-ping: it was one more round trip on every request. A connection that
    # died with the server fails its request (503), and SQLAlchemy then drops every
    # pooled connection of that age, so the next requests connect afresh.
    return create_engine(url, json_serializer=json_text, json_deserializer=json_value,
                         connect_args=connect_args, **pool)


def _sqlite_engine(url, pool):
    if url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, json_serializer=json_text, json_deserializer=json_value,
                           connect_args={"timeout": 30, "check_same_thread": False}, **pool)

    # The SQLAlchemy documentation's recipe: let SQLAlchemy, not pysqlite, emit BEGIN.
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # durable across crashes of the app in WAL
        # Checkpoints (and their fsync) run in a background thread (Checkpointer), not
        # inside a move. SQLite's own, in a commit, stays as a safety net only far
        # beyond the thread's pace; after a checkpoint the WAL file is cut back to
        # WAL_SIZE_LIMIT, so the log stays bounded (HOSTILE.md 23).
        cursor.execute(f"PRAGMA wal_autocheckpoint={SAFETY_NET_PAGES}")
        cursor.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        # Writers take the write lock up front. Readers open no transaction: each of
        # their statements reads one consistent WAL snapshot, and nothing waits on them.
        if connection.get_execution_options().get(WRITE, False):
            # Straight to the driver: nothing to compile, and it is on every write.
            connection.connection.dbapi_connection.execute("BEGIN IMMEDIATE")

    return engine


class FileLock:
    """A lock across the processes and threads sharing a file: flock on `path`, plus a
    thread lock (flock belongs to the open file, so the threads of one process would
    all hold it at once)."""

    def __init__(self, path):
        self.path = path
        self._thread_lock = threading.Lock()
        self._file = None
        self._pid = None

    def __enter__(self):
        self._thread_lock.acquire()
        try:
            if self._pid != os.getpid():
                # Opened once per process: a forked child must not share its parent's
                # open file (flock locks belong to it, so both would hold the lock).
                self._file = open(self.path, "a+b")  # noqa: SIM115
                self._pid = os.getpid()
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX)
        except BaseException:
            self._thread_lock.release()
            raise
        return self

    def __exit__(self, *exc):
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
        finally:
            self._thread_lock.release()


class SQLiteWriteLock(FileLock):
    """One writer at a time across the processes and threads sharing a SQLite file.

    SQLite makes a blocked writer poll (its busy handler sleeps 1, 2, 5 ... 100 ms
    between tries), so under contention writers mostly sleep. Queuing them on an
    OS file lock instead wakes the next one the moment the lock is free; BEGIN
    IMMEDIATE still guards against any writer that does not take this lock."""

    def __init__(self, database_path):
        super().__init__(f"{database_path}.write-lock")


def write_lock(engine):
    """The lock writers take before BEGIN: SQLite files only, PostgreSQL locks rows."""
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:":
        return SQLiteWriteLock(database)
    return contextlib.nullcontext()


class Checkpointer:
    """A daemon thread that checkpoints a SQLite WAL and starts it over (RESTART) every
    `interval` seconds while there were writes, or at once after `every` writes.

    It holds the writers' lock while it finishes a checkpoint: under a steady stream of writes
    a checkpoint that runs beside them never catches up with the last frame, so
    SQLite never starts the WAL over and the file only grows (measured: 10 MB a
    second, a 16 MB disk full in under two). Copying the few hundred pages of the
    last moves back takes milliseconds. RESTART, not TRUNCATE: the next writes reuse
    the file from its start instead of growing it again from nothing (appends were
    a fifth faster: 170 us instead of 220), and the writer that starts it over cuts
    it back to journal_size_limit, so it stays as bounded. Started by the first
    write of each process (a thread does not survive a fork), with a connection of
    its own. Should the thread fall `lag` writes behind, the next writer, which holds
    the lock already, starts the WAL over itself (see `overdue`).

    Every checkpoint, PASSIVE or RESTART, of every process takes `checkpoint_lock`
    first. SQLite lets one checkpoint run at a time and answers another "busy" at
    once, without waiting; so a writer's RESTART that met a thread's PASSIVE did
    nothing, and while a loaded disk made that PASSIVE slow, the writers went on
    appending: 20.5 MB of WAL in CI's parallel suite. Queued on the lock, the writer
    waits for the PASSIVE to finish and then starts the WAL over. Lock order: the
    writers' lock, then this one; the PASSIVE step takes this one alone."""

    def __init__(self, engine, lock, interval=CHECKPOINT_SECONDS, every=CHECKPOINT_WRITES,
                 lag=CHECKPOINT_LAG_WRITES):
        self.engine = engine
        self.lock = lock
        self.checkpoint_lock = FileLock(f"{engine.url.database}.checkpoint-lock")
        self.interval = interval
        self.every = every
        self.lag = lag
        self.writes = 0
        self.checkpointed_at = 0  # self.writes when the last checkpoint started
        self.runs = 0
        self._due = threading.Event()
        self._pid = None
        self._start_lock = threading.Lock()

    def wrote(self):
        self.writes += 1  # a lost increment under a race only delays a checkpoint
        if self.writes % self.every == 0:
            self._due.set()
        if self._pid != os.getpid():
            self._start()

    def _start(self):
        with self._start_lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._due = threading.Event()  # a forked child's own
            threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True).start()

    def _run(self):
        seen = 0
        while True:
            self._due.wait(self.interval)
            self._due.clear()
            if self.writes == seen:
                continue
            seen = self.writes
            try:
                self.checkpoint()
            except Exception:  # a full disk, a closed engine: try again next time
                log.warning("WAL checkpoint failed", exc_info=True)

    def checkpoint(self):
        with self.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            # Most pages are copied back beside the writers (PASSIVE waits for nobody);
            # only the frames written meanwhile are left for the locked RESTART, so
            # writers wait 3-10 ms instead of 10-45 (measured over 200 appends each).
            with self.checkpoint_lock:
                raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            with self.lock:
                self.restart(raw)

    def overdue(self) -> bool:
        """Whether the thread has fallen `lag` writes behind: on a loaded machine it
        can wait seconds for a core (or for the interpreter, while a writer in the
        same process runs Python between its statements), and the WAL grows ~18 KB
        a move meanwhile (HOSTILE.md 23: 20 MB once in a test of 20,000 moves)."""
        return self.writes - self.checkpointed_at >= self.lag

    def restart(self, raw_connection):
        """Checkpoint and start the WAL over; the caller holds the writers' lock. Busy
        (a reader still on an old snapshot after the busy timeout) or failed (a full
        disk, logged): the next write tries again."""
        writes = self.writes
        try:
            with self.checkpoint_lock:
                busy = raw_connection.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0]
        except Exception:
            log.warning("WAL checkpoint failed", exc_info=True)
            return
        if not busy:
            self.checkpointed_at = writes
            self.runs += 1


def checkpointer(engine, lock):
    """The WAL checkpointer of a SQLite file; None for PostgreSQL (and :memory:)."""
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:":
        return Checkpointer(engine, lock)
    return None


MIGRATIONS = Path(__file__).with_name("migrations")
HEAD = "head"


def alembic_config(connection=None):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def migrate(engine, revision=HEAD):
    """Bring the schema up to `revision` with Alembic (the one place schema changes
    happen: `referee init-db`, `make run` and the Docker image run it before serving).
    A database made by create_all before migrations existed is stamped as 0001 first."""
    from alembic import command
    from sqlalchemy import inspect

    with engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        config = alembic_config(conn)
        if "organisers" in tables and "alembic_version" not in tables:
            command.stamp(config, "0001")
        command.upgrade(config, revision)


def schema_revision(engine):
    """The revision the database is at (None before any migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision():
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()
