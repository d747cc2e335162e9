"""Engine and schema: SQLite by default, PostgreSQL when DATABASE_URL says so.

Writes on SQLite start with BEGIN IMMEDIATE: in WAL mode a deferred transaction
that reads and then writes fails at once with "database is locked" when another
writer got in between (HOSTILE.md 17). PostgreSQL gets row locks instead
(SELECT ... FOR UPDATE, see repository.py).
"""
import contextlib
import fcntl
import json
import os
import threading
from pathlib import Path

from sqlalchemy import (JSON, Column, DateTime, ForeignKey, Integer, MetaData, String,
                        Table, Text, UniqueConstraint, create_engine, event)
from sqlalchemy.engine import make_url

DEFAULT_SQLITE_PATH = Path("var") / "referee.db"
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


def database_url(value=None):
    """The SQLAlchemy URL for DATABASE_URL (or the default SQLite file)."""
    value = value if value is not None else os.environ.get("DATABASE_URL", "")
    if not value:
        DEFAULT_SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{DEFAULT_SQLITE_PATH}"
    for prefix in ("postgres://", "postgresql://"):
        if value.startswith(prefix):
            return "postgresql+psycopg://" + value[len(prefix):]
    return value


def _dumps(value):
    # allow_nan=False: NaN is rejected at the edge; this is the last guard (HOSTILE.md 19).
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def make_engine(url=None):
    url = make_url(database_url(url))
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    return create_engine(url, json_serializer=_dumps, pool_pre_ping=True)


def _sqlite_engine(url):
    if url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, json_serializer=_dumps,
                           connect_args={"timeout": 30, "check_same_thread": False})

    # The SQLAlchemy documentation's recipe: let SQLAlchemy, not pysqlite, emit BEGIN.
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # durable across crashes of the app in WAL
        # Checkpoints (and their fsync) run in a background thread, not inside a move.
        cursor.execute("PRAGMA wal_autocheckpoint=0")
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


class SQLiteWriteLock:
    """One writer at a time across the processes and threads sharing a SQLite file.

    SQLite makes a blocked writer poll (its busy handler sleeps 1, 2, 5 ... 100 ms
    between tries), so under contention writers mostly sleep. Queuing them on an
    OS file lock instead wakes the next one the moment the lock is free; BEGIN
    IMMEDIATE still guards against any writer that does not take this lock."""

    def __init__(self, database_path):
        self.path = f"{database_path}.write-lock"
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


def write_lock(engine):
    """The lock writers take before BEGIN: SQLite files only, PostgreSQL locks rows."""
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:":
        return SQLiteWriteLock(database)
    return contextlib.nullcontext()


def create_schema(engine):
    """Create missing tables. Safe to run from several processes at once."""
    try:
        metadata.create_all(engine)
    except Exception:
        # Another process created them between our check and our CREATE: check again,
        # and fail for real if that was not the reason.
        metadata.create_all(engine)
