"""The store: organisers and their tokens, ruleset versions, tables and their logs.

Plain SQLAlchemy Core. The hot path, appending moves, records the moves waiting in a
process at one moment in one transaction (see group_commit.py): one locked read of
their tables' rows, the events' inserts and one update per table.
"""
import hashlib
import secrets
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from sqlalchemy import ARRAY, String, any_, bindparam, func, insert, null, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from . import db, group_commit, hotpath, live
from .events import EventStore
from .rows import TABLE_COLUMNS, TableRow, at_seq
from .errors import (IdempotencyKeyReused, NotOwner, OrganiserExists, StaleSeq,
                     TokenRevoked, UnknownOrganiser, UnknownTable)

TOKEN_BYTES = 32
# (table id, token digest) pairs a process saw active, kept to skip the read before a
# move (the move's own transaction checks the token again); forgotten all at once
# past this many.
REMEMBERED_TOKENS = 10_000
PUBLISH_ATTEMPTS = 5


def _now():
    return datetime.now(timezone.utc)


def _as_utc(moment):
    # SQLite keeps no time zone; every timestamp the store writes is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def token_digest(token: bytes) -> str:
    return hashlib.sha256(token).hexdigest()


@dataclass(frozen=True)
class StoredRuleset:
    id: str
    version: int
    owner: str
    title: str
    extends: str | None
    media_type: str
    text: str
    sha256: str
    document: dict
    resolved: dict
    created_at: datetime


@dataclass(frozen=True)
class RulesetSummary:
    id: str
    version: int
    title: str
    extends: str | None


@dataclass(frozen=True)
class TableSummary:
    """A table as an organiser's list shows it."""
    id: str
    name: str | None
    ruleset_id: str
    ruleset_version: int
    seq: int
    players: list
    created_at: datetime


@dataclass(frozen=True)
class Grant:
    """What a table token may do: move for `seat` only, or for any seat (None)."""
    seat: int | None


@dataclass(frozen=True)
class Event:
    seq: int
    move: dict
    verdict: dict
    created_at: datetime


@dataclass(frozen=True)
class Appended:
    """The outcome of an append: a new event, or the one an earlier try recorded."""
    seq: int
    verdict: dict
    replayed: bool
    ruleset_id: str
    ruleset_version: int


# The hot path's statements, compiled once per engine (see hotpath.py).
_T, _E = db.game_tables, db.table_events
_TABLE_ROW = select(*TABLE_COLUMNS).where(_T.c.id == bindparam("table_id"))
_TOKENS = db.table_tokens
_ACTIVE_TOKENS_OF_TABLE = (_TOKENS.c.table_id == _T.c.id) & _TOKENS.c.revoked_at.is_(None)


def _sqlite_tables_and_tokens(tables, digests):
    """SQLite: `tables` tables (ids bound as t0, t1 ...) in one statement, each with
    those of `digests` digests (d0, d1 ...) that are its active tokens, comma-separated.
    One statement, not one per table: each call into SQLite lets the other threads of
    the process take the interpreter, and the batch then waits to get it back while
    it holds the write lock."""
    ids = [bindparam(f"t{i}") for i in range(tables)]
    wanted = [bindparam(f"d{i}") for i in range(digests)]
    tokens = (select(func.group_concat(_TOKENS.c.token_sha256))
              .where(_ACTIVE_TOKENS_OF_TABLE, _TOKENS.c.token_sha256.in_(wanted))
              .scalar_subquery() if wanted else null())
    return select(*TABLE_COLUMNS, tokens).where(_T.c.id.in_(ids))


# PostgreSQL: the rows of a batch's tables in one statement, with those of the batch's
# tokens that are active, locked in the order of their ids, so two workers' batches
# cannot each hold a row the other waits for.
_LOCKED_TABLES_AND_TOKENS = (
    select(*TABLE_COLUMNS, select(func.array_agg(_TOKENS.c.token_sha256)).where(
        _ACTIVE_TOKENS_OF_TABLE,
        _TOKENS.c.token_sha256 == any_(bindparam("digests", type_=ARRAY(String))))
        .scalar_subquery())
    .where(_T.c.id == any_(bindparam("table_ids", type_=ARRAY(String))))
    .order_by(_T.c.id).with_for_update(of=_T))
_INSERT_EVENT = insert(_E)
_ADVANCE_TABLE = (update(_T).where(_T.c.id == bindparam("table_id"))
                  .values(seq=bindparam("seq"), state=bindparam("state")))
_TABLE_EXISTS = select(_T.c.id).where(_T.c.id == bindparam("table_id"))
_EVENTS_AFTER = (select(_E.c.seq, _E.c.move, _E.c.verdict, _E.c.created_at)
                 .where(_E.c.table_id == bindparam("table_id"), _E.c.seq > bindparam("after"))
                 .order_by(_E.c.seq).limit(bindparam("limit")))
ALL_EVENTS = 2**31 - 1  # the limit of an unlimited read
_ACTIVE_TOKEN = select(_TOKENS.c.seat).where(
    _TOKENS.c.token_sha256 == bindparam("token_sha256"),
    _TOKENS.c.table_id == bindparam("table_id"), _TOKENS.c.revoked_at.is_(None))
_EARLIER_TRY = select(_E.c.seq, _E.c.verdict, _E.c.request_sha256).where(
    _E.c.table_id == bindparam("table_id"), _E.c.idempotency_key == bindparam("key"))


class Store(EventStore):
    def __init__(self, url=None, redis_url=None, pool_size=db.POOL_SIZE):
        self.engine = db.make_engine(url, pool_size)
        self._read_engine = (self.engine.execution_options(isolation_level="AUTOCOMMIT")
                             if self.engine.dialect.name == "postgresql" else self.engine)
        dialect = self.engine.dialect
        self._table_row = hotpath.Prepared(_TABLE_ROW, dialect)
        self._insert_event = hotpath.Prepared(_INSERT_EVENT, dialect)
        self._advance_table = hotpath.Prepared(_ADVANCE_TABLE, dialect)
        self._earlier = hotpath.Prepared(_EARLIER_TRY, dialect)
        self._active_token = hotpath.Prepared(_ACTIVE_TOKEN, dialect)
        self._table_exists = hotpath.Prepared(_TABLE_EXISTS, dialect)
        self._events_after = hotpath.Prepared(_EVENTS_AFTER, dialect)
        self._write_lock = db.write_lock(self.engine)
        self.checkpointer = db.checkpointer(self.engine, self._write_lock)
        # How waiting phones hear of moves recorded by other workers (see live.py).
        self.live = live.for_engine(self.engine, _table_seqs, redis_url)
        self._locked_tables_and_tokens = (
            hotpath.Prepared(_LOCKED_TABLES_AND_TOKENS, dialect)
            if dialect.name == "postgresql" else None)
        self._sqlite_tables_and_tokens = {}  # (tables, digests) -> its statement
        self._remembered_tokens = {}  # (table id, digest) -> Grant
        self._record_batch_sql = self._one_statement_batch(dialect)
        self._execute_batch = (_execute_batch(self._record_batch_sql)
                               if self._record_batch_sql else None)  # PostgreSQL only
        self._appends = group_commit.GroupCommit(self._record_batch)

    def _one_statement_batch(self, dialect):
        """PostgreSQL: a batch's event inserts, its tables' updates and the live
        notifications as one statement (data-modifying CTEs), sent with COMMIT: one
        round trip, and one statement for the server to plan, whatever the batch's
        size (a batch is two round trips: BEGIN with the locked read, then this; a
        COMMIT alone when the batch wrote nothing). The events and the tables go as two
        JSON documents, not as arrays: psycopg quotes each element of a text array
        in Python, which for JSON text full of quotes cost more than the whole rest
        of a batch (measured: 1.2 ms of client CPU for 8 moves). None elsewhere:
        SQLite runs in-process, where a statement costs no round trip."""
        if dialect.name != "postgresql":
            return None
        notify = ("SELECT pg_notify(%(channel)s, id || ' ' || seq) FROM advancing"
                  if self.live.notifies_in_transaction else "SELECT 1")
        return ("WITH advancing AS (SELECT * FROM json_to_recordset(%(tables)s::json) "
                "AS a(id varchar, seq int, state json)), "
                f"recorded AS (INSERT INTO {_E.name} (table_id, seq, move, verdict, "
                "idempotency_key, request_sha256, created_at) SELECT * FROM "
                "json_to_recordset(%(events)s::json) AS e(table_id varchar, seq int, "
                "move json, verdict json, idempotency_key varchar, request_sha256 varchar, "
                "created_at timestamptz)), "
                f"advanced AS (UPDATE {_T.name} AS t SET seq = a.seq, state = a.state "
                "FROM advancing AS a WHERE t.id = a.id) " + notify)

    @property
    def dialect(self):
        return self.engine.dialect.name

    def migrate(self):
        """Run the schema migrations (Alembic) up to the newest."""
        db.migrate(self.engine)


    def ready(self) -> bool:
        """Whether the database answers and its schema is the code's (readiness)."""
        return db.schema_revision(self.engine) == db.head_revision()

    def dispose(self):
        self.engine.dispose()

    @contextmanager
    def _writing(self):
        # The connection is checked out before queuing for the write lock, so the
        # lock is held only for the transaction itself.
        with self.engine.connect() as conn, self._write_lock:
            conn.execution_options(**{db.WRITE: True})
            with conn.begin():
                yield conn
            self._checkpoint_if_overdue(conn.connection.dbapi_connection)
        self._wrote()

    def _checkpoint_if_overdue(self, raw):
        """After a write, the write lock still held: should the checkpoint thread have
        fallen behind, this writer starts the WAL over in its place."""
        if self.checkpointer is not None and self.checkpointer.overdue():
            self.checkpointer.restart(raw)

    def _wrote(self):
        if self.checkpointer is not None:
            self.checkpointer.wrote()

    @contextmanager
    def _batch_transaction(self):
        """A batch of moves' transaction, on a pooled DBAPI connection held directly:
        what _writing does (the write lock, BEGIN IMMEDIATE on SQLite, the
        checkpointer's turn) without SQLAlchemy's Connection, its checkout, begin and
        commit events and reset (an empty transaction on SQLite: 42 us through
        _writing, 18 us on the DBAPI connection, check-out included, in-process).
        Yields the driver's connection."""
        pooled = self.engine.raw_connection()
        try:
            raw = pooled.dbapi_connection
            with self._write_lock:
                if self.dialect == "sqlite":
                    raw.execute("BEGIN IMMEDIATE")
                else:  # BEGIN goes with the locked read, COMMIT with the writes
                    raw.autocommit = True
                try:
                    yield raw
                    raw.commit()  # PostgreSQL: only when no move was written (else done)
                except BaseException as exc:
                    self._roll_back(pooled, exc)
                    raise
                self._checkpoint_if_overdue(raw)
        finally:
            self._give_back(pooled)
        self._wrote()

    def _give_back(self, pooled):
        """Return the batch's connection to the pool as the pool lent it."""
        raw = pooled.dbapi_connection  # None once invalidated
        try:
            if raw is not None and self.dialect == "postgresql":
                raw.autocommit = False
        except Exception as failed:  # noqa: BLE001 - a broken connection: not reused
            pooled.invalidate(failed)
        finally:
            pooled.close()

    def _roll_back(self, pooled, exc):
        """Roll back a failed batch; a connection the database dropped (or that cannot
        roll back) is invalidated, so the pool opens a new one, as SQLAlchemy's
        Connection does for its own."""
        raw = pooled.dbapi_connection
        try:
            raw.rollback()
        except Exception as failed:  # noqa: BLE001 - the original error is raised
            pooled.invalidate(failed)
            return
        if isinstance(exc, Exception) and self.engine.dialect.is_disconnect(exc, raw, None):
            pooled.invalidate(exc)

    @contextmanager
    def _reading(self):
        # Each read is one statement (or two that need no common snapshot): no
        # transaction around it. SQLite's reads open none already; on PostgreSQL
        # autocommit saves the BEGIN and the ROLLBACK round trips of every read,
        # the table-token check before each move among them.
        with self._read_engine.connect() as conn:
            yield conn

    # --- organisers ----------------------------------------------------------------

    def create_token(self, name: str) -> str:
        """A new bearer token for `name`, returned once; only its digest is kept."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        values = dict(token_sha256=token_digest(token.encode("ascii")),
                      created_at=_now(), revoked_at=None)
        t = db.organisers
        with self._writing() as conn:
            row = conn.execute(select(t.c.revoked_at).where(t.c.name == name)).first()
            if row is None:
                conn.execute(insert(t).values(name=name, **values))
            elif row.revoked_at is None:
                raise OrganiserExists(name)
            else:  # a revoked organiser comes back with a new token, and their rulesets
                conn.execute(update(t).where(t.c.name == name).values(**values))
        return token

    def revoke_token(self, name: str) -> None:
        t = db.organisers
        with self._writing() as conn:
            done = conn.execute(update(t).where(t.c.name == name, t.c.revoked_at.is_(None))
                                .values(revoked_at=_now()))
            if done.rowcount == 0:
                raise UnknownOrganiser(name)

    def organiser_for(self, token: bytes) -> str | None:
        """The organiser whose active token this is. Any bytes are welcome: only
        their digest is compared, so odd bytes simply match nobody."""
        t = db.organisers
        with self._reading() as conn:
            return conn.execute(select(t.c.name).where(
                t.c.token_sha256 == token_digest(token), t.c.revoked_at.is_(None))).scalar()

    # --- rulesets ------------------------------------------------------------------

    def get_ruleset(self, ruleset_id: str, version: int | None = None) -> StoredRuleset | None:
        t = db.ruleset_versions
        query = select(t).where(t.c.id == ruleset_id)
        if version is None:
            query = query.order_by(t.c.version.desc()).limit(1)
        else:
            query = query.where(t.c.version == version)
        with self._reading() as conn:
            row = conn.execute(query).first()
        return StoredRuleset(**row._mapping) if row else None

    def latest_versions(self, after: str | None = None,
                        limit: int | None = None) -> list[RulesetSummary]:
        """The latest version of each id, by id: those after `after`, at most `limit`."""
        t = db.ruleset_versions
        latest = select(t.c.id, func.max(t.c.version).label("version"))
        if after is not None:
            latest = latest.where(t.c.id > after)
        latest = latest.group_by(t.c.id).order_by(t.c.id)
        if limit is not None:
            latest = latest.limit(limit)
        latest = latest.subquery()
        query = (select(t.c.id, t.c.version, t.c.title, t.c.extends)
                 .join(latest, (t.c.id == latest.c.id) & (t.c.version == latest.c.version))
                 .order_by(t.c.id))
        with self._reading() as conn:
            return [RulesetSummary(**row._mapping) for row in conn.execute(query)]

    def publish_ruleset(self, *, ruleset_id, owner, title, extends, media_type, text,
                        sha256, document, resolved) -> int:
        """Store the next version of `ruleset_id`; the first publisher owns the id."""
        values = dict(id=ruleset_id, owner=owner, title=title, extends=extends,
                      media_type=media_type, text=text, sha256=sha256,
                      document=document, resolved=resolved)
        for attempt in range(PUBLISH_ATTEMPTS):
            try:
                return self._insert_next_version(values)
            except IntegrityError:
                # Two publishers raced for the same next version: the loser tries again.
                if attempt == PUBLISH_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    def _insert_next_version(self, values):
        t = db.ruleset_versions
        with self._writing() as conn:
            owner = self._claim(conn, values["id"], values["owner"])
            if owner != values["owner"]:
                raise NotOwner(values["id"], owner)
            latest = conn.execute(select(func.max(t.c.version))
                                  .where(t.c.id == values["id"])).scalar() or 0
            conn.execute(insert(t).values(version=latest + 1, created_at=_now(), **values))
            return latest + 1

    def _claim(self, conn, ruleset_id, owner):
        """The owner of `ruleset_id`, claimed for `owner` if it had none. The insert
        waits for (PostgreSQL) or is serialised with (SQLite) a concurrent claim of
        the same id, and does nothing when one exists; the row, read after, is locked
        until commit, so the versions of one id are also numbered one at a time."""
        o = db.ruleset_owners
        dialect = postgresql if self.dialect == "postgresql" else sqlite
        conn.execute(dialect.insert(o).values(id=ruleset_id, owner=owner, created_at=_now())
                     .on_conflict_do_nothing(index_elements=["id"]))
        return conn.execute(select(o.c.owner).where(o.c.id == ruleset_id)
                            .with_for_update()).scalar_one()

    # --- tables ----------------------------------------------------------------------

    def create_table(self, *, table_id, ruleset_id, ruleset_version, opening, state,
                     secret_sha256=None, join_code_sha256=None, name=None,
                     owner=None) -> None:
        """A new table at seq 0; without a secret's digest nobody may post its moves
        through the API (the store itself appends for whoever calls it)."""
        with self._writing() as conn:
            insert_table(conn, table_id=table_id, ruleset_id=ruleset_id,
                         ruleset_version=ruleset_version, opening=opening, state=state,
                         secret_sha256=secret_sha256, join_code_sha256=join_code_sha256,
                         name=name, owner=owner)

    # --- who may post moves ------------------------------------------------------------

    def table_token(self, table_id: str, token_sha256: str,
                    checked_at_write: bool = False) -> "Grant | None":
        """What this digest may do at the table: None unless it is an unrevoked secret
        or phone token of it; else its Grant (the seat it moves for, or any).

        checked_at_write: the caller appends with this token (append's
        `token_sha256`), whose transaction checks it again; then a token this process
        saw active before passes without a read (a move's commonest read, and a
        token revoked since is still refused, by the append). A token's seat never
        changes, so the one remembered is the one stored."""
        pair = (table_id, token_sha256)
        if checked_at_write:
            remembered = self._remembered_tokens.get(pair)
            if remembered is not None:
                return remembered
        with self._reading() as conn:
            row = hotpath.first(hotpath.dbapi(conn), self._active_token, {
                "token_sha256": token_sha256, "table_id": table_id})
        if row is None:
            return None
        grant = Grant(row[0])
        self._remember_token(pair, grant)
        return grant

    def _remember_token(self, pair, grant):
        if len(self._remembered_tokens) >= REMEMBERED_TOKENS:
            self._remembered_tokens = {}  # bounded; the next moves read again
        self._remembered_tokens[pair] = grant

    def join_table(self, join_code_sha256: str, token_sha256: str,
                   seat_of=lambda table: None) -> TableRow | None:
        """The table whose join code this is, with a new phone token recorded for it,
        bound to the seat `seat_of(table row)` answers (None: a table phone, which
        moves for anyone; it may raise, and then nothing is recorded); None when no
        table has this code (any more)."""
        with self._writing() as conn:
            row = conn.execute(select(*TABLE_COLUMNS).where(
                _T.c.join_code_sha256 == join_code_sha256)).first()
            if row is None:
                return None
            table = TableRow(*row)
            conn.execute(insert(db.table_tokens).values(
                token_sha256=token_sha256, table_id=table.id, kind="phone",
                seat=seat_of(table), created_at=_now()))
            return table

    def replace_secret(self, table_id: str, secret_sha256: str, join_code_sha256: str) -> None:
        """Revoke every token of the table and its join code; record the new ones."""
        t = db.table_tokens
        now = _now()
        with self._writing() as conn:
            found = conn.execute(update(_T).where(_T.c.id == table_id)
                                 .values(join_code_sha256=join_code_sha256))
            if found.rowcount == 0:
                raise UnknownTable(table_id)
            conn.execute(update(t).where(t.c.table_id == table_id, t.c.revoked_at.is_(None))
                         .values(revoked_at=now))
            conn.execute(insert(t).values(token_sha256=secret_sha256, table_id=table_id,
                                          kind="secret", created_at=now))

    def tables_of(self, owner: str, after: str | None = None,
                  limit: int = 100) -> list[TableSummary]:
        """The organiser's tables, newest first: those listed after the table `after`."""
        query = (select(_T.c.id, _T.c.name, _T.c.ruleset_id, _T.c.ruleset_version, _T.c.seq,
                        _T.c.opening, _T.c.created_at)
                 .where(_T.c.owner == owner)
                 .order_by(_T.c.created_at.desc(), _T.c.id.desc()).limit(limit))
        with self._reading() as conn:
            if after is not None:
                mark = conn.execute(select(_T.c.created_at, _T.c.id).where(
                    _T.c.id == after, _T.c.owner == owner)).first()
                if mark is None:
                    return []
                query = query.where(
                    (_T.c.created_at < mark.created_at)
                    | ((_T.c.created_at == mark.created_at) & (_T.c.id < mark.id)))
            return [TableSummary(id=row.id, name=row.name, ruleset_id=row.ruleset_id,
                                 ruleset_version=row.ruleset_version, seq=row.seq,
                                 players=list(row.opening["players"]),
                                 created_at=_as_utc(row.created_at))
                    for row in conn.execute(query)]

    def get_table(self, table_id: str) -> TableRow | None:
        with self._reading() as conn:
            row = hotpath.first(hotpath.dbapi(conn), self._table_row, {"table_id": table_id})
        return TableRow(*row) if row else None

    def current_table(self, table_id: str) -> TableRow | None:
        """The table as it is now, as get_table, but without a read when this process's
        live hub knows the newest row (a phone polling again just after a move)."""
        return self.live.current(table_id, self.get_table)

    def page_table(self, table_id: str) -> TableRow | None:
        """The table for a page of its events, which carries its id, ruleset, opening
        and seq and never its state: the row kept by the live hub, its seq raised to
        the seq heard on the channel since, its state left out, without a read when
        both are known (a phone polling again after each move it hears); else as
        current_table. A seq heard is a recorded one (a notice comes after its commit);
        a move not heard yet wakes the phone's wait when it is."""
        heard = self.live.heard_row(table_id)
        if heard is None:
            return self.current_table(table_id)
        return at_seq(*heard)

    def latest_table(self, table_id: str) -> TableRow | None:
        """The table read since the hub last heard of a move to it: the phones one move
        wakes share one read (see live.Hub)."""
        return self.live.latest(table_id, self.get_table)

    def events(self, table_id: str, after: int = 0, limit: int | None = None, *,
               table_read: bool = False) -> list[Event]:
        """The events after seq `after`, in order; at most `limit` of them.
        UnknownTable when there is no such table, unless the caller has just read it
        (`table_read`: a page for the phones a move woke, one statement instead of two)."""
        # Prepared statements: every phone woken by a move reads a page (see hotpath.py).
        with self._reading() as conn:
            raw = hotpath.dbapi(conn)
            if not table_read and hotpath.first(raw, self._table_exists, {"table_id": table_id}) is None:
                raise UnknownTable(table_id)
            found = hotpath.rows(raw, self._events_after, {
                "table_id": table_id, "after": after,
                "limit": ALL_EVENTS if limit is None else limit})
        return [Event(seq, move, verdict, _as_utc(created_at))
                for seq, move, verdict, created_at in found]

    def append(self, table_id, move, decide, *, expect_seq=None, idempotency_key=None,
               request_sha256=None, token_sha256=None) -> Appended:
        """Record one move, judged by `decide(table_row) -> verdict` (a dict whose
        "state" becomes the table's state), as the table's next seq.

        The move is recorded with the others waiting in this process at the moment
        (group_commit.py), in one transaction that locks their tables' rows (BEGIN
        IMMEDIATE on SQLite, FOR UPDATE on PostgreSQL), each judged in the order they
        came against the state the one before it left; so seqs are gap-free and in
        order; the unique (table_id, seq) and (table_id, idempotency_key) constraints
        back that up. A move its judge or its checks refuse fails alone.

        token_sha256: the digest of the token the move came with, refused with
        TokenRevoked unless it is still one of the table's active tokens then.
        """
        return self._appends.submit(_Move(table_id, move, decide, expect_seq,
                                          idempotency_key, request_sha256, token_sha256))

    def _record_batch(self, batch):
        """Record the moves of `batch` (group_commit.Pending) in one transaction; each
        gets its Appended once committed, or the exception that refused it."""
        with self._batch_transaction() as raw:
            judged = _Judged(*self._locked_tables(raw, [pending.work for pending in batch]))
            accepted = []
            for pending in batch:
                try:
                    accepted.append((pending, self._judge(raw, judged, pending.work)))
                except Exception as exc:  # the judge's or the store's refusal of this move
                    pending.error = exc
            if judged.events:
                self._write(raw, judged)
        for pending, appended in accepted:  # recorded: whatever happens next, say so
            pending.result = appended
        for table_id, table in judged.advanced.items():
            self.live.published(table_id, table.seq)

    def _locked_tables(self, raw, moves):
        """{table id: TableRow} of the moves' tables (those that exist), locked until
        commit, and {table id: digests of its active tokens among those the moves
        came with}."""
        table_ids = sorted({move.table_id for move in moves})
        digests = sorted({move.token_sha256 for move in moves if move.token_sha256})
        if self.dialect == "postgresql":
            found = self._begin_and_lock(raw, {"table_ids": table_ids, "digests": digests})
        else:  # SQLite: BEGIN IMMEDIATE locked the whole database already
            table_ids, digests = _padded(table_ids), _padded(digests)
            values = {f"t{i}": table_id for i, table_id in enumerate(table_ids)}
            values.update((f"d{i}", digest) for i, digest in enumerate(digests))
            found = hotpath.rows(raw, self._sqlite_statement(len(table_ids), len(digests)),
                                 values)
        tables, tokens = {}, {}
        for row in found:
            tables[row[0]] = TableRow(*row[:-1])
            active = row[-1] or ()
            tokens[row[0]] = set(active.split(",") if isinstance(active, str) else active)
        return tables, tokens

    def _begin_and_lock(self, raw, values):
        """PostgreSQL: BEGIN and the batch's locked read, in one round trip (the
        statements bound by the driver, as text: the server's extended protocol
        takes one statement at a time). A round trip cost the worker ~20 us of CPU
        on an idle machine and 50-100 us on a loaded one, where the thread that
        waits for the server wakes with cold caches.

        The batch's two statements are prepared on the connection (EXECUTE names
        them), so the server plans neither again: sent as plain text, they cost the
        postgres processes 860-880 us of CPU a move instead of 690 (bench/move_cost.py;
        bench/results.md). A connection has them from its first batch on, until psycopg
        deallocates every prepared statement (it does after a rollback): the
        EXECUTE then fails, and they are prepared again."""
        from psycopg import errors

        try:
            return self._execute_lock(raw, values)
        except errors.InvalidSqlStatementName:
            raw.rollback()  # the transaction BEGIN opened, aborted by the EXECUTE
        batch = self._record_batch_sql
        for name, sql, params in (
                (_LOCK_STATEMENT, self._locked_tables_and_tokens.sql, _LOCK_PARAMS),
                (_BATCH_STATEMENT, batch, _batch_params(batch))):
            raw.execute(f"PREPARE {name} AS {_numbered(sql, params)}")
        return self._execute_lock(raw, values)

    def _execute_lock(self, raw, values):
        from psycopg import ClientCursor

        prepared = self._locked_tables_and_tokens
        with ClientCursor(raw) as cursor:
            cursor.execute(_EXECUTE_LOCK, prepared.params(values))
            cursor.nextset()
            return [prepared.row(found) for found in cursor.fetchall()]

    def _sqlite_statement(self, tables, digests):
        """The statement for this many tables and digests, compiled once."""
        statement = self._sqlite_tables_and_tokens.get((tables, digests))
        if statement is None:
            statement = hotpath.Prepared(_sqlite_tables_and_tokens(tables, digests),
                                         self.engine.dialect)
            self._sqlite_tables_and_tokens[(tables, digests)] = statement
        return statement

    def _judge(self, raw, judged, move) -> Appended:
        """The outcome of one move against its table as the batch left it so far."""
        table = judged.tables.get(move.table_id)
        if table is None:
            raise UnknownTable(move.table_id)
        if move.token_sha256 is not None and move.token_sha256 not in judged.tokens[table.id]:
            self._remembered_tokens.pop((table.id, move.token_sha256), None)
            raise TokenRevoked(table.id)
        if move.idempotency_key is not None:
            earlier = (judged.keyed.get((move.table_id, move.idempotency_key))
                       or self._earlier_row(raw, move.table_id, move.idempotency_key))
            if earlier is not None:
                return Appended(*_replayed(earlier, move), replayed=True,
                                ruleset_id=table.ruleset_id,
                                ruleset_version=table.ruleset_version)
        if move.expect_seq is not None and move.expect_seq != table.seq:
            raise StaleSeq(move.expect_seq, table.seq)
        verdict = move.decide(table)
        seq = table.seq + 1
        judged.record(replace(table, seq=seq, state=verdict["state"]), move, verdict)
        return Appended(seq, verdict, replayed=False, ruleset_id=table.ruleset_id,
                        ruleset_version=table.ruleset_version)

    def _write(self, raw, judged):
        """The batch's events, and each table's last seq and state."""
        if self._record_batch_sql is not None:
            events = [dict(event, created_at=event["created_at"].isoformat())
                      for event in judged.events]
            tables = [{"id": t.id, "seq": t.seq, "state": t.state}
                      for t in judged.advanced.values()]
            values = {"events": db.json_text(events), "tables": db.json_text(tables),
                      "channel": live.CHANNEL_PG}
            from psycopg import ClientCursor

            with ClientCursor(raw) as cursor:  # two statements: bound as text, as above
                cursor.execute(self._execute_batch, values)
            return
        hotpath.execute_many(raw, self._insert_event, judged.events)
        hotpath.execute_many(raw, self._advance_table, [
            {"table_id": t.id, "seq": t.seq, "state": t.state} for t in judged.advanced.values()])
        for table_id, table in judged.advanced.items():
            self.live.notify_in_transaction(raw, table_id, table.seq)

    def _earlier_row(self, raw, table_id, key):
        """(seq, verdict, request_sha256) of the event recorded with this key, or None."""
        return hotpath.first(raw, self._earlier, {"table_id": table_id, "key": key})


def insert_table(conn, *, table_id, ruleset_id, ruleset_version, opening, state,
                 secret_sha256=None, join_code_sha256=None, name=None, owner=None):
    """A new table at seq 0, written through `conn` (a write transaction's)."""
    now = _now()
    conn.execute(insert(db.game_tables).values(
        id=table_id, ruleset_id=ruleset_id, ruleset_version=ruleset_version,
        opening=opening, seq=0, state=state, created_at=now, name=name,
        owner=owner, join_code_sha256=join_code_sha256))
    if secret_sha256 is not None:
        conn.execute(insert(db.table_tokens).values(
            token_sha256=secret_sha256, table_id=table_id, kind="secret", created_at=now))


@dataclass(frozen=True)
class _Move:
    """One append waiting for its batch."""
    table_id: str
    move: dict
    decide: object
    expect_seq: int | None
    idempotency_key: str | None
    request_sha256: str | None
    token_sha256: str | None


class _Judged:
    """What a batch has judged so far: each table as its last accepted move left it,
    the events to insert, and the idempotency keys they carry."""

    def __init__(self, tables, tokens):
        self.tables = tables
        self.tokens = tokens  # table id -> digests of its active tokens
        self.advanced = {}  # table id -> TableRow after the batch's moves on it
        self.events = []
        self.keyed = {}  # (table id, key) -> (seq, verdict, request_sha256)

    def record(self, table, move, verdict):
        self.tables[table.id] = self.advanced[table.id] = table
        self.events.append({
            "table_id": table.id, "seq": table.seq, "move": move.move, "verdict": verdict,
            "idempotency_key": move.idempotency_key, "request_sha256": move.request_sha256,
            "created_at": _now()})
        if move.idempotency_key is not None:
            self.keyed[(table.id, move.idempotency_key)] = (
                table.seq, verdict, move.request_sha256)


# PostgreSQL: the batch's statements as prepared on each connection (see
# Store._begin_and_lock), their parameters in order, and how a batch runs them.
_LOCK_STATEMENT, _LOCK_PARAMS = "referee_lock_tables", ("table_ids", "digests")
_BATCH_STATEMENT = "referee_record_batch"
_EXECUTE_LOCK = f"BEGIN; EXECUTE {_LOCK_STATEMENT}(%(table_ids)s, %(digests)s)"


def _batch_params(sql):
    """The batch statement's parameters, in order (no channel when it notifies none)."""
    return tuple(name for name in ("tables", "events", "channel") if f"%({name})s" in sql)


def _execute_batch(sql):
    names = ", ".join(f"%({name})s" for name in _batch_params(sql))
    return f"EXECUTE {_BATCH_STATEMENT}({names}); COMMIT"


def _numbered(sql, params):
    """`sql` with its %(name)s placeholders as PREPARE's $1, $2 ... in `params`' order."""
    for number, name in enumerate(params, 1):
        sql = sql.replace(f"%({name})s", f"${number}")
    return sql


def _padded(values: list) -> list:
    """`values` with its last one repeated up to a power of two (none stays none): a
    value twice in an IN list changes nothing, and the statements compiled for a
    batch's sizes stay a handful."""
    size = 1
    while size < len(values):
        size *= 2
    return values + values[-1:] * (size - len(values)) if values else values


def _replayed(earlier, move):
    """(seq, verdict) of the earlier try with the move's key, if it sent the same body."""
    seq, verdict, earlier_sha256 = earlier
    if earlier_sha256 != move.request_sha256:
        raise IdempotencyKeyReused(move.idempotency_key, seq)
    return seq, verdict


def _table_seqs(conn, channel_ids) -> dict:
    """{channel id: seq} of these tables and events (an event's channel is
    live.event_channel(id)): SQLite's live updates read this."""
    seqs = {}
    prefix = live.EVENT_CHANNEL
    table_ids = [c for c in channel_ids if not c.startswith(prefix)]
    event_ids = [c[len(prefix):] for c in channel_ids if c.startswith(prefix)]
    for ids, table, named in ((table_ids, _T, ""), (event_ids, db.events, prefix)):
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            seqs.update((named + row_id, seq) for row_id, seq in conn.execute(
                select(table.c.id, table.c.seq).where(table.c.id.in_(chunk))))
    return seqs
