"""Live updates: a phone waiting for a table's next move is woken when any worker, on
any machine, records one.

Each process has one `Hub` of waiting requests (a threading.Event per table waited
on) and one listener thread that hears about moves recorded elsewhere:

  Redis (REDIS_URL set)  pub/sub on the channel `referee:moves`, published after commit
  PostgreSQL             LISTEN/NOTIFY on `referee_moves`, sent inside the move's
                         transaction (so delivered exactly when it commits)
  SQLite                 nothing extra: one connection per process asks SQLite's
                         `PRAGMA data_version` ten times a second (it changes when another
                         connection commits) and, when it did, reads the seqs of the
                         tables waited on

A move recorded in this process wakes its waiters at once, whatever the backend. The
payload is only the table id: a woken request reads the events from the database, so
a lost or duplicated notification costs a read, never a wrong answer; waiters also
look again every RECHECK_SECONDS in case the channel itself is down.

A waiting request holds no database connection (only its thread, see
referee/api/gunicorn_conf.py).
"""
import logging
import os
import threading
import time

log = logging.getLogger(__name__)

CHANNEL_PG = "referee_moves"
CHANNEL_REDIS = "referee:moves"
SQLITE_POLL_SECONDS = 0.1
RECHECK_SECONDS = 5.0
RECONNECT_SECONDS = 1.0


class Hub:
    """The requests of this process waiting on tables."""

    def __init__(self):
        self._lock = threading.Lock()
        self._waiting = {}  # table id -> [threading.Event, number of waiters]

    def watch(self, table_id) -> threading.Event:
        """The event set at the table's next move; call `unwatch` when done."""
        with self._lock:
            entry = self._waiting.get(table_id)
            if entry is None:
                entry = self._waiting[table_id] = [threading.Event(), 0]
            entry[1] += 1
            return entry[0]

    def unwatch(self, table_id):
        with self._lock:
            entry = self._waiting.get(table_id)
            if entry is not None:
                entry[1] -= 1
                if entry[1] <= 0:
                    del self._waiting[table_id]

    def wake(self, table_id):
        """Wake every waiter of `table_id`; later waiters get a fresh event."""
        with self._lock:
            entry = self._waiting.get(table_id)
            if entry is None:
                return
            event = entry[0]
            entry[0] = threading.Event()
        event.set()

    def watched(self) -> list:
        with self._lock:
            return list(self._waiting)


class Live:
    """The hub of this process plus the channel between processes (one subclass each)."""

    def __init__(self):
        self.hub = Hub()
        self._pid = None
        self._start_lock = threading.Lock()

    # --- the writer's side ----------------------------------------------------------

    # Whether the writer notifies inside the move's transaction (PostgreSQL's NOTIFY):
    # the store then sends it in the same statement as the move.
    notifies_in_transaction = False

    def notify_in_transaction(self, conn, table_id):
        """Called inside the move's transaction (PostgreSQL sends NOTIFY here)."""

    def published(self, table_id):
        """Called after the move committed."""
        self.hub.wake(table_id)

    # --- the reader's side ----------------------------------------------------------

    def wait(self, table_id, has_news, timeout):
        """Wait up to `timeout` seconds until `has_news()` (a database read) is true.
        The event is taken before each read, so a move committed between the read and
        the wait still wakes it. True when there is news."""
        self._ensure_listening()
        deadline = time.monotonic() + timeout
        event = self.hub.watch(table_id)
        try:
            while True:
                if has_news():
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                event.wait(min(left, RECHECK_SECONDS))
                self.hub.unwatch(table_id)
                event = self.hub.watch(table_id)
        finally:
            self.hub.unwatch(table_id)

    def _ensure_listening(self):
        # A thread does not survive a fork: each gunicorn worker starts its own.
        if self._pid == os.getpid():
            return
        with self._start_lock:
            if self._pid == os.getpid():
                return
            self.hub = Hub()
            self._pid = os.getpid()
            threading.Thread(target=self._listen_forever, name=f"live-{self.kind}",
                             daemon=True).start()

    def _listen_forever(self):
        while True:
            try:
                self.listen()
            except Exception:  # the channel is down: waiters still recheck on their own
                log.warning("live updates (%s) interrupted", self.kind, exc_info=True)
            time.sleep(RECONNECT_SECONDS)

    kind = "local"

    def listen(self):
        raise NotImplementedError


class SQLiteLive(Live):
    kind = "sqlite"

    def __init__(self, engine, read_seqs):
        super().__init__()
        self.engine = engine
        self.read_seqs = read_seqs  # (conn, [table ids]) -> {table id: seq}

    def listen(self):
        known = {}
        with self.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            version = None
            while True:
                time.sleep(SQLITE_POLL_SECONDS)
                watched = self.hub.watched()
                now = raw.execute("PRAGMA data_version").fetchone()[0]
                if now == version or not watched:
                    version = now if watched else None
                    continue
                version = now
                seqs = self.read_seqs(conn, watched)
                for table_id, seq in seqs.items():
                    # A table first seen here is woken too: its waiter may have read
                    # the database just before this move.
                    if known.get(table_id) != seq:
                        self.hub.wake(table_id)
                known = seqs


class PostgresLive(Live):
    kind = "postgresql"
    notifies_in_transaction = True

    def __init__(self, engine):
        super().__init__()
        self.engine = engine

    def notify_in_transaction(self, conn, table_id):
        conn.connection.dbapi_connection.execute("SELECT pg_notify(%s, %s)",
                                                 (CHANNEL_PG, table_id))

    def listen(self):
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"LISTEN {CHANNEL_PG}")
            while True:
                for notice in conn.notifies(timeout=RECHECK_SECONDS):
                    self.hub.wake(notice.payload)


class RedisLive(Live):
    kind = "redis"

    def __init__(self, url):
        super().__init__()
        import redis

        self.url = url
        self.client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)

    def published(self, table_id):
        super().published(table_id)
        try:
            self.client.publish(CHANNEL_REDIS, table_id)
        except Exception:  # the move is recorded; other machines' waiters recheck
            log.warning("could not publish a move to Redis", exc_info=True)

    def listen(self):
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=2)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(CHANNEL_REDIS)
            while True:
                message = pubsub.get_message(timeout=RECHECK_SECONDS)
                if message and message.get("type") == "message":
                    self.hub.wake(message["data"].decode("utf-8", "replace"))
        finally:
            pubsub.close()
            client.close()


def for_engine(engine, read_seqs, redis_url=None) -> Live:
    """The live channel for this store: Redis when configured, else the database's."""
    if redis_url:
        return RedisLive(redis_url)
    if engine.dialect.name == "postgresql":
        return PostgresLive(engine)
    return SQLiteLive(engine, read_seqs)
