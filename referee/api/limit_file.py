"""Rate-limit counters in one SQLite file that every worker of an instance shares.

Without Redis each worker counted in its own memory, so a limit of 120 let 240 moves
through two workers (issue 25). gunicorn's master names a file (gunicorn_conf.py,
RATE_LIMIT_FILE) before it forks, and every worker counts in it: one limit for the
whole instance. Several instances still need Redis (REDIS_URL) to share counters.

A `limits` storage, so the limiter's strategies and readers (get_window_stats) work on
it as on Redis. Each hit is one statement (an UPSERT with RETURNING) on one connection
per process, in WAL mode without fsync: the counters are worth nothing after a crash,
and a lost window only forgives a few requests. Keys of windows that are over are
swept at most once a minute.

The workers take turns through an flock on a file beside it, not through SQLite's own
busy handler: that one sleeps 1, 2, 5, 10... ms when it finds the file locked, which
held one count for a long time when two processes collided (bench/results.md entry 18).
Waiting for the flock is bounded too (LOCK_SECONDS): past it the request
is counted in memory (ClientLimits' fallback), never held.
"""
import contextlib
import fcntl
import os
import sqlite3
import threading
import time

from limits.storage import Storage

SWEEP_SECONDS = 60.0
# Another worker holds the lock for microseconds: one that holds it this long is stuck.
LOCK_SECONDS = 0.25
LOCK_POLL_SECONDS = 0.0001


class LockTimeout(sqlite3.OperationalError):
    """Another process held the counters' lock for LOCK_SECONDS."""

_SCHEMA = ("CREATE TABLE IF NOT EXISTS counters "
           "(key TEXT PRIMARY KEY, count INTEGER NOT NULL, expiry REAL NOT NULL) WITHOUT ROWID")
# A window that is over starts again at this hit; otherwise the hit is added to it.
_HIT = ("INSERT INTO counters (key, count, expiry) VALUES (:key, :amount, :expiry) "
        "ON CONFLICT (key) DO UPDATE SET "
        "count = CASE WHEN expiry <= :now THEN :amount ELSE count + :amount END, "
        "expiry = CASE WHEN expiry <= :now THEN :expiry ELSE expiry END "
        "RETURNING count")


class FileStorage(Storage):
    """limits' storage interface (fixed windows) over the SQLite file at `uri`'s path
    (`referee-file:///path/to/limits.db`)."""

    STORAGE_SCHEME = ["referee-file"]

    def __init__(self, uri, wrap_exceptions=False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = uri.split("://", 1)[1] if "://" in uri else uri
        self._lock = threading.Lock()
        self._connection = None
        self._pid = None  # a connection is never used across a fork
        self._swept = 0.0

    @property
    def base_exceptions(self):
        return sqlite3.Error

    def _connected(self):
        if self._pid != os.getpid():
            self._lock_file = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
            with self._turn():
                connection = sqlite3.connect(self.path, timeout=LOCK_SECONDS,
                                             isolation_level=None, check_same_thread=False)
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=OFF")
                connection.execute(_SCHEMA)
            self._connection, self._pid = connection, os.getpid()
        return self._connection

    @contextlib.contextmanager
    def _turn(self):
        """This process's turn at the file (the caller holds self._lock: one thread)."""
        deadline = None
        while True:
            try:
                fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                now = time.monotonic()
                deadline = deadline or now + LOCK_SECONDS
                if now >= deadline:
                    raise LockTimeout("the rate-limit counters' lock is held") from None
                time.sleep(LOCK_POLL_SECONDS)
        try:
            yield
        finally:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)

    def _execute(self, statement, values=()):
        """Every row of `statement` (fetched whole: the statement ends, and with it
        SQLite's own lock), in this process's turn."""
        with self._lock:
            connection = self._connected()
            with self._turn():
                return connection.execute(statement, values).fetchall()

    def incr(self, key, expiry, amount=1):
        now = time.time()
        with self._lock:
            connection = self._connected()
            with self._turn():
                # fetchall: the statement ends, and with it SQLite's write lock.
                (count,), = connection.execute(_HIT, {"key": key, "amount": amount,
                                                      "expiry": now + expiry,
                                                      "now": now}).fetchall()
                if now - self._swept >= SWEEP_SECONDS:
                    self._swept = now
                    connection.execute("DELETE FROM counters WHERE expiry <= ?", (now,))
        return count

    def _row(self, key):
        rows = self._execute("SELECT count, expiry FROM counters WHERE key = ?", (key,))
        if not rows or rows[0][1] <= time.time():
            return None
        return rows[0]

    def get(self, key):
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key):
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self):
        try:
            self._execute("SELECT 1")
            return True
        except sqlite3.Error:
            return False

    def reset(self):
        return len(self._execute("DELETE FROM counters RETURNING 1"))

    def clear(self, key):
        self._execute("DELETE FROM counters WHERE key = ?", (key,))
