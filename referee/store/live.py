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
                         tables waited on or kept by the hub

A move recorded in this process wakes its waiters at once, whatever the backend. The
payload is only the table id: the requests a notification wakes read the table from
the database, once between them (Hub.latest), so a lost or duplicated notification
costs a read or a late answer, never a wrong one; waiters also look again every
RECHECK_SECONDS in case the channel itself is down.

A waiting request holds no database connection (only its thread, see
referee/api/gunicorn_conf.py).

An event's pages wait the same way, on several channels at once (`wait_any`): the
event's own (`event_channel`: "event:<id>", notified like a table by each event action,
and read by SQLite's listener as the event's seq) and each of its tables' (the
notifications their moves send already). So a move at an event's table costs nothing
more than it did: the pages waiting on the event follow the table like a phone.
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
ROW_SECONDS = 2.0  # how long a row kept by the hub is trusted without a read
READ_WAIT_SECONDS = 10.0  # then a request waiting for another's read reads itself
EVENT_CHANNEL = "event:"  # an event's channel id: the prefix and its id (no table id has ":")


def event_channel(event_id) -> str:
    """The channel an event's actions are notified on."""
    return EVENT_CHANNEL + event_id


class _Table:
    """One table as this process sees it: its waiters and the newest row read of it."""
    __slots__ = ("event", "waiters", "users", "woken", "woken_seq", "row", "row_read",
                 "row_at", "reading", "followers")

    def __init__(self, clock):
        self.event = threading.Event()
        self.followers = None   # the Followers of this table (a set), while there are any
        self.waiters = 0        # requests waiting on `event` or following the table
        self.users = 0          # requests inside `latest` (the entry is kept meanwhile)
        self.woken = clock      # the hub's clock at the table's last wake
        self.woken_seq = -1     # the highest seq its waiters were woken for, when said
        self.row = None         # the newest row read, whose read began at clock `row_read`
        self.row_read = -1
        self.row_at = 0.0       # and at time.monotonic() `row_at`
        self.reading = None     # (clock, threading.Event, [row]) while a read runs


class Follower:
    """One request waiting on several channels at once (an event's page: the event and
    each of its tables): `event` is set at the next wake of any of them, and `woken`
    says which (Hub.taken)."""
    __slots__ = ("ids", "event", "woken")

    def __init__(self, ids):
        self.ids = tuple(dict.fromkeys(ids))
        self.event = threading.Event()
        self.woken = set()


class Hub:
    """The requests of this process waiting on tables, and the newest row of each.

    A move wakes every waiter of its table at once and each needs the table as it is
    now: they share one read (`latest`) instead of one each (200 phones on one table
    were 200 reads per move, in every worker). The hub's clock ticks at every wake; a
    row whose read began at or after the table's last wake is new enough for anyone
    woken by it. While the channel is up, such a row is also the table as it is now
    (`fresh`): a move recorded after the read wakes the table again, and with it
    anyone who trusted the row. Rows are trusted for ROW_SECONDS at most and not at
    all while the channel is down, so a lost notification makes an answer late (by
    RECHECK_SECONDS at most), never wrong."""

    def __init__(self):
        self._lock = threading.Lock()
        self._tables = {}  # table id -> _Table
        self._clock = 0
        self._listening = False
        self._swept = time.monotonic()

    def _entry(self, table_id):
        entry = self._tables.get(table_id)
        if entry is None:
            entry = self._tables[table_id] = _Table(self._clock)
        return entry

    def watch(self, table_id) -> threading.Event:
        """The event set at the table's next move; call `unwatch` when done."""
        with self._lock:
            entry = self._entry(table_id)
            entry.waiters += 1
            return entry.event

    def unwatch(self, table_id):
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is not None:
                entry.waiters -= 1
            self._sweep()

    def follow(self, ids) -> Follower:
        """A Follower set at the next wake of any of `ids`; call `unfollow` when done."""
        follower = Follower(ids)
        with self._lock:
            for table_id in follower.ids:
                entry = self._entry(table_id)
                entry.waiters += 1
                if entry.followers is None:
                    entry.followers = set()
                entry.followers.add(follower)
        return follower

    def unfollow(self, follower):
        with self._lock:
            for table_id in follower.ids:
                entry = self._tables.get(table_id)
                if entry is not None:
                    entry.waiters -= 1
                    entry.followers.discard(follower)
                    if not entry.followers:
                        entry.followers = None
            self._sweep()

    def taken(self, follower) -> set:
        """The ids woken since the follower last looked; its event is cleared."""
        with self._lock:
            woken, follower.woken = follower.woken, set()
            follower.event.clear()
        return woken

    def wake(self, table_id, seq=None):
        """Wake every waiter of `table_id` (for its move reaching `seq`, when said);
        later waiters get a fresh event."""
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is None:
                return
            self._clock += 1
            entry.woken = self._clock
            if seq is None:
                entry.woken_seq = -1  # a move of unknown seq: the next look reads
            elif seq > entry.woken_seq:
                entry.woken_seq = seq
            event, entry.event = entry.event, threading.Event()
            followers = tuple(entry.followers or ())
            for follower in followers:
                follower.woken.add(table_id)
        event.set()
        for follower in followers:
            follower.event.set()

    def heard(self, table_id, seq=None):
        """The channel says the table reached `seq` (None: not said): wake its
        waiters, unless they were woken for that seq already (the echo of a move
        this process recorded and woke them for itself). A row read since, by
        another request, is no reason to skip it: the phones waiting since before
        that move have not seen it (they waited until RECHECK_SECONDS: a phone
        hearing a move 5 s late, measured with the waiting server, where every move
        is recorded by another process)."""
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is None:
                return
            if seq is not None and entry.woken_seq >= seq:
                return
        self.wake(table_id, seq)

    def heard_seq(self, table_id):
        """The highest seq the table was woken for since the channel came up, or None
        (not said, a wake that did not say it since, the table not followed, or the
        channel down). A wake comes once its move committed, so a seq heard is
        recorded: a waiter woken for a seq past its own needs no read to know it has
        news."""
        with self._lock:
            entry = self._heard_entry(table_id)
            return None if entry is None else entry.woken_seq

    def heard_row(self, table_id):
        """(the row kept of the table, the seq heard since) when the channel is up and
        both are known, else None. The row may be older than the seq: it is what
        never changes of the table that is wanted of it (see Store.page_table)."""
        with self._lock:
            entry = self._heard_entry(table_id)
            return None if entry is None or entry.row is None else (entry.row, entry.woken_seq)

    def _heard_entry(self, table_id):
        """The table's entry when a seq heard for it is trusted (under the lock)."""
        entry = self._tables.get(table_id)
        if entry is None or not self._listening or entry.woken_seq < 0:
            return None
        return entry

    def stale(self, table_id):
        """The row kept of the table is not trusted: the next look reads it again."""
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is not None:
                self._clock += 1
                entry.woken = self._clock

    def listening(self, up):
        """The channel came up or went down: no row read before is trusted, nor any
        seq heard before (notices may have been lost meanwhile)."""
        with self._lock:
            self._listening = up
            self._clock += 1
            for entry in self._tables.values():
                entry.woken = self._clock
                entry.woken_seq = -1

    def watched(self) -> list:
        """The tables waited on or with a row kept (SQLite's listener looks at both)."""
        with self._lock:
            self._sweep()
            return list(self._tables)

    def fresh(self, table_id):
        """The table's row when the hub knows it is the newest, without a read; or None."""
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is None or not self._listening or not self._current(entry):
                return None
            return entry.row

    def latest(self, table_id, read):
        """The table's row, read since its last wake: one `read(table_id)` for all
        the requests that ask at the same time (None: no such table)."""
        with self._lock:
            entry = self._entry(table_id)
            if self._current(entry):
                return entry.row
            running = entry.reading
            mine = running is None or running[0] < entry.woken
            if mine:
                running = entry.reading = (self._clock, threading.Event(), [])
            entry.users += 1
        try:
            if mine:
                return self._read(entry, running, table_id, read)
            running[1].wait(READ_WAIT_SECONDS)
            return running[2][0] if running[2] else read(table_id)  # the reader failed
        finally:
            with self._lock:
                entry.users -= 1

    def _read(self, entry, running, table_id, read):
        started = time.monotonic()
        try:
            row = read(table_id)
            running[2].append(row)
            with self._lock:
                if row is not None and running[0] >= entry.row_read:
                    entry.row, entry.row_read, entry.row_at = row, running[0], started
            return row
        finally:
            with self._lock:
                if entry.reading is running:
                    entry.reading = None
            running[1].set()

    @staticmethod
    def _current(entry):
        return (entry.row is not None and entry.row_read >= entry.woken
                and time.monotonic() - entry.row_at <= ROW_SECONDS)

    def _sweep(self):
        """Drop tables nobody waits on whose row is too old to trust (under the lock)."""
        now = time.monotonic()
        if now - self._swept < ROW_SECONDS:
            return
        self._swept = now
        for table_id in [table_id for table_id, entry in self._tables.items()
                         if not entry.waiters and not entry.users and entry.reading is None
                         and now - entry.row_at > ROW_SECONDS]:
            del self._tables[table_id]


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

    def notify_in_transaction(self, raw, table_id, seq):
        """Called inside the move's transaction, with the driver's connection
        (PostgreSQL sends NOTIFY here)."""

    def published(self, table_id, seq):
        """Called after the move committed."""
        self.hub.wake(table_id, seq)

    # --- the reader's side ----------------------------------------------------------

    def wait(self, table_id, has_news, timeout):
        """Wait up to `timeout` seconds until `has_news(heard)` is true. `heard` is
        the seq the channel last said the table reached (Hub.heard_seq), or None when
        the table must be read: nothing heard yet, the channel down, or a recheck
        after RECHECK_SECONDS without a word (a notice may have been lost). The event
        is taken before each look, so a move committed between a look and the wait
        still wakes it. True when there is news."""
        self._ensure_listening()
        deadline = time.monotonic() + timeout
        event = self.hub.watch(table_id)
        rechecking = False
        try:
            while True:
                if has_news(None if rechecking else self.hub.heard_seq(table_id)):
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                rechecking = not event.wait(min(left, RECHECK_SECONDS))
                if rechecking:
                    self.hub.stale(table_id)  # the recheck reads, whatever the hub kept
                self.hub.unwatch(table_id)
                event = self.hub.watch(table_id)
        finally:
            self.hub.unwatch(table_id)

    def wait_any(self, ids, has_news, timeout):
        """Wait up to `timeout` seconds until `has_news(woken)` (database reads) is true:
        `woken` is the set of `ids` woken since the last look, or None to look at them
        all (the first look, taken after following them, and a look every
        RECHECK_SECONDS in case the channel is down). True when there is news."""
        self._ensure_listening()
        deadline = time.monotonic() + timeout
        follower = self.hub.follow(ids)
        try:
            woken = None
            while True:
                if has_news(woken):
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                # A recheck (nothing heard for RECHECK_SECONDS) looks at everything.
                heard = follower.event.wait(min(left, RECHECK_SECONDS))
                woken = self.hub.taken(follower) if heard else None
        finally:
            self.hub.unfollow(follower)

    def latest(self, table_id, read):
        """The table's row read since its last wake, one read shared (Hub.latest)."""
        self._ensure_listening()
        return self.hub.latest(table_id, read)

    def heard_row(self, table_id):
        """Hub.heard_row, the channel started first."""
        self._ensure_listening()
        return self.hub.heard_row(table_id)

    def current(self, table_id, read):
        """The table's row as it is now: the hub's when it knows it is the newest,
        else read (None: no such table)."""
        self._ensure_listening()
        row = self.hub.fresh(table_id)
        if row is None:
            self.hub.stale(table_id)
            row = self.hub.latest(table_id, read)
        return row

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
            self.hub.listening(False)
            time.sleep(RECONNECT_SECONDS)

    kind = "local"

    def listen(self):
        raise NotImplementedError


class SQLiteLive(Live):
    kind = "sqlite"

    def __init__(self, engine, read_seqs):
        super().__init__()
        self.engine = engine
        self.read_seqs = read_seqs  # (conn, [channel ids]) -> {channel id: seq}

    def listen(self):
        known = {}
        with self.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            version = None
            self.hub.listening(True)
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
                        self.hub.heard(table_id, seq)
                known = seqs


class PostgresLive(Live):
    kind = "postgresql"
    notifies_in_transaction = True

    def __init__(self, engine):
        super().__init__()
        self.engine = engine

    def notify_in_transaction(self, raw, table_id, seq):
        raw.execute("SELECT pg_notify(%s, %s)",
                                                 (CHANNEL_PG, notice(table_id, seq)))

    def listen(self):
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"LISTEN {CHANNEL_PG}")
            self.hub.listening(True)
            while True:
                for notified in conn.notifies(timeout=RECHECK_SECONDS):
                    self.hub.heard(*read_notice(notified.payload))


class RedisLive(Live):
    """Moves published on Redis after commit, by a thread of their own: a Redis that
    stops answering (a black hole) must not hold the batch that recorded the move,
    nor the moves waiting behind it. A publish that fails opens a breaker: notices are
    dropped for BREAKER_SECONDS (other machines' waiters look again every
    RECHECK_SECONDS meanwhile), then Redis is tried again."""
    kind = "redis"
    PUBLISH_TIMEOUT = 0.5    # seconds: Redis beside the service answers in under a ms
    BREAKER_SECONDS = 2.0
    QUEUED = 10_000          # notices waiting at most; more are dropped (a recheck finds them)

    def __init__(self, url):
        super().__init__()
        import queue

        import redis

        self.url = url
        self.client = redis.Redis.from_url(url, socket_timeout=self.PUBLISH_TIMEOUT,
                                           socket_connect_timeout=self.PUBLISH_TIMEOUT)
        self._notices = queue.Queue(self.QUEUED)
        self._broken_until = 0.0
        self._publisher = None
        self._publisher_lock = threading.Lock()

    def published(self, table_id, seq):
        super().published(table_id, seq)
        self._ensure_publishing()
        try:
            self._notices.put_nowait(notice(table_id, seq))
        except Exception:  # noqa: BLE001 - full: Redis is away; waiters recheck
            pass

    def _ensure_publishing(self):
        if self._publisher is not None and self._publisher.is_alive():
            return
        with self._publisher_lock:
            if self._publisher is None or not self._publisher.is_alive():
                self._publisher = threading.Thread(target=self._publish_forever,
                                                   name="referee-redis-publish", daemon=True)
                self._publisher.start()

    def _publish_forever(self):
        while True:
            payload = self._notices.get()
            if time.monotonic() < self._broken_until:
                continue  # the breaker is open: dropped, waiters recheck
            try:
                self.client.publish(CHANNEL_REDIS, payload)
            except Exception:  # noqa: BLE001 - the move is recorded; waiters recheck
                if not self._broken_until or time.monotonic() >= self._broken_until:
                    log.warning("could not publish a move to Redis: notices dropped for %g s",
                                self.BREAKER_SECONDS, exc_info=True)
                self._broken_until = time.monotonic() + self.BREAKER_SECONDS

    def listen(self):
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=2)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(CHANNEL_REDIS)
            self.hub.listening(True)
            while True:
                message = pubsub.get_message(timeout=RECHECK_SECONDS)
                if message and message.get("type") == "message":
                    self.hub.heard(*read_notice(message["data"].decode("utf-8", "replace")))
        finally:
            pubsub.close()
            client.close()


def notice(table_id, seq) -> str:
    """A notification's payload: the table and the seq its move reached."""
    return f"{table_id} {seq}"


def read_notice(payload):
    """(table id, seq or None) of a notification (a bare table id is understood too)."""
    table_id, _, seq = payload.partition(" ")
    return table_id, (int(seq) if seq.isascii() and seq.isdigit() else None)


def for_engine(engine, read_seqs, redis_url=None) -> Live:
    """The live channel for this store: Redis when configured, else the database's."""
    if redis_url:
        return RedisLive(redis_url)
    if engine.dialect.name == "postgresql":
        return PostgresLive(engine)
    return SQLiteLive(engine, read_seqs)
