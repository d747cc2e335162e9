"""The store: organisers and their tokens, ruleset versions, tables and their logs.

Plain SQLAlchemy Core: the hot path (one move) is one locked read of the table row,
one insert and one update in a single transaction.
"""
import hashlib
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from . import db, hotpath, live
from .errors import (IdempotencyKeyReused, NotOwner, OrganiserExists, StaleSeq,
                     UnknownOrganiser, UnknownTable)

TOKEN_BYTES = 32
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
class TableRow:
    id: str
    ruleset_id: str
    ruleset_version: int
    opening: dict
    seq: int
    state: dict
    name: str | None = None
    owner: str | None = None


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
_TABLE_COLUMNS = (_T.c.id, _T.c.ruleset_id, _T.c.ruleset_version, _T.c.opening, _T.c.seq,
                  _T.c.state, _T.c.name, _T.c.owner)  # in TableRow's order
_TABLE_ROW = select(*_TABLE_COLUMNS).where(_T.c.id == bindparam("table_id"))
_LOCKED_TABLE_ROW = _TABLE_ROW.with_for_update()  # SQLite: BEGIN IMMEDIATE already locks
_INSERT_EVENT = insert(_E)
_ADVANCE_TABLE = (update(_T).where(_T.c.id == bindparam("table_id"))
                  .values(seq=bindparam("seq"), state=bindparam("state")))
_TABLE_EXISTS = select(_T.c.id).where(_T.c.id == bindparam("table_id"))
_EVENTS_AFTER = (select(_E.c.seq, _E.c.move, _E.c.verdict, _E.c.created_at)
                 .where(_E.c.table_id == bindparam("table_id"), _E.c.seq > bindparam("after"))
                 .order_by(_E.c.seq).limit(bindparam("limit")))
ALL_EVENTS = 2**31 - 1  # the limit of an unlimited read
_TOKENS = db.table_tokens
_ACTIVE_TOKEN = select(_TOKENS.c.table_id).where(
    _TOKENS.c.token_sha256 == bindparam("token_sha256"),
    _TOKENS.c.table_id == bindparam("table_id"), _TOKENS.c.revoked_at.is_(None))
_EARLIER_TRY = select(_E.c.seq, _E.c.verdict, _E.c.request_sha256).where(
    _E.c.table_id == bindparam("table_id"), _E.c.idempotency_key == bindparam("key"))


class Store:
    def __init__(self, url=None, redis_url=None, pool_size=db.POOL_SIZE):
        self.engine = db.make_engine(url, pool_size)
        self._read_engine = (self.engine.execution_options(isolation_level="AUTOCOMMIT")
                             if self.engine.dialect.name == "postgresql" else self.engine)
        dialect = self.engine.dialect
        self._table_row = hotpath.Prepared(_TABLE_ROW, dialect)
        self._locked_table_row = hotpath.Prepared(_LOCKED_TABLE_ROW, dialect)
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
        self._record_move = self._one_statement_move(dialect)

    def _one_statement_move(self, dialect):
        """PostgreSQL: the event's insert, the table's update and the live notification
        as one statement (data-modifying CTEs), one round trip instead of three (a
        move is BEGIN, the locked read, this, COMMIT). None elsewhere: SQLite runs
        in-process, a round trip costs nothing there."""
        if dialect.name != "postgresql":
            return None
        insert, advance = self._insert_event, self._advance_table
        notify = ("pg_notify(%(channel)s, %(notice)s)" if self.live.notifies_in_transaction
                  else "1")
        return hotpath.as_one(f"WITH recorded AS ({insert.sql}), advanced AS ({advance.sql}) "
                              f"SELECT {notify}", insert, advance,
                              extra_names=("channel", "notice"))

    @property
    def dialect(self):
        return self.engine.dialect.name

    def migrate(self):
        """Run the schema migrations (Alembic) up to the newest."""
        db.migrate(self.engine)

    create_schema = migrate  # the name callers used before migrations

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
        if self.checkpointer is not None:
            self.checkpointer.wrote()

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
        now = _now()
        with self._writing() as conn:
            conn.execute(insert(db.game_tables).values(
                id=table_id, ruleset_id=ruleset_id, ruleset_version=ruleset_version,
                opening=opening, seq=0, state=state, created_at=now, name=name,
                owner=owner, join_code_sha256=join_code_sha256))
            if secret_sha256 is not None:
                conn.execute(insert(db.table_tokens).values(
                    token_sha256=secret_sha256, table_id=table_id, kind="secret",
                    created_at=now))

    # --- who may post moves ------------------------------------------------------------

    def table_token_active(self, table_id: str, token_sha256: str) -> bool:
        """Whether this digest is an unrevoked secret or phone token of the table."""
        with self._reading() as conn:  # asked before every move: the hot path's way
            return hotpath.first(conn, self._active_token, {
                "token_sha256": token_sha256, "table_id": table_id}) is not None

    def join_table(self, join_code_sha256: str, token_sha256: str) -> TableRow | None:
        """The table whose join code this is, with a new phone token recorded for it;
        None when no table has this code (any more)."""
        with self._writing() as conn:
            row = conn.execute(select(*_TABLE_COLUMNS).where(
                _T.c.join_code_sha256 == join_code_sha256)).first()
            if row is None:
                return None
            conn.execute(insert(db.table_tokens).values(
                token_sha256=token_sha256, table_id=row.id, kind="phone", created_at=_now()))
            return TableRow(*row)

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

    def table_seq(self, table_id: str) -> int | None:
        with self._reading() as conn:
            return conn.execute(select(_T.c.seq).where(_T.c.id == table_id)).scalar()

    def get_table(self, table_id: str) -> TableRow | None:
        with self._reading() as conn:
            row = hotpath.first(conn, self._table_row, {"table_id": table_id})
        return TableRow(*row) if row else None

    def current_table(self, table_id: str) -> TableRow | None:
        """The table as it is now, as get_table, but without a read when this process's
        live hub knows the newest row (a phone polling again just after a move)."""
        return self.live.current(table_id, self.get_table)

    def latest_table(self, table_id: str) -> TableRow | None:
        """The table read since the hub last heard of a move to it: the phones one move
        wakes share one read (see live.Hub)."""
        return self.live.latest(table_id, self.get_table)

    def events(self, table_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        """The events after seq `after`, in order; at most `limit` of them."""
        # Prepared statements: every phone woken by a move reads a page (see hotpath.py).
        with self._reading() as conn:
            if hotpath.first(conn, self._table_exists, {"table_id": table_id}) is None:
                raise UnknownTable(table_id)
            found = hotpath.rows(conn, self._events_after, {
                "table_id": table_id, "after": after,
                "limit": ALL_EVENTS if limit is None else limit})
        return [Event(seq, move, verdict, _as_utc(created_at))
                for seq, move, verdict, created_at in found]

    def append(self, table_id, move, decide, *, expect_seq=None, idempotency_key=None,
               request_sha256=None) -> Appended:
        """Record one move, judged by `decide(table_row) -> verdict` (a dict whose
        "state" becomes the table's state), as the table's next seq.

        The table row is locked for the whole transaction (BEGIN IMMEDIATE on SQLite,
        FOR UPDATE on PostgreSQL), so seqs are gap-free and in order; the unique
        (table_id, seq) and (table_id, idempotency_key) constraints back that up.
        """
        with self._writing() as conn:
            row = hotpath.first(conn, self._locked_table_row, {"table_id": table_id})
            if row is None:
                raise UnknownTable(table_id)
            table = TableRow(*row)
            if idempotency_key is not None:
                earlier = self._earlier_try(conn, table_id, idempotency_key, request_sha256)
                if earlier is not None:
                    return Appended(*earlier, replayed=True, ruleset_id=table.ruleset_id,
                                    ruleset_version=table.ruleset_version)
            if expect_seq is not None and expect_seq != table.seq:
                raise StaleSeq(expect_seq, table.seq)
            verdict = decide(table)
            seq = table.seq + 1
            values = {"table_id": table_id, "seq": seq, "move": move, "verdict": verdict,
                      "idempotency_key": idempotency_key, "request_sha256": request_sha256,
                      "created_at": _now(), "state": verdict["state"],
                      "channel": live.CHANNEL_PG, "notice": live.notice(table_id, seq)}
            if self._record_move is not None:
                hotpath.execute(conn, self._record_move, values)
            else:
                hotpath.execute(conn, self._insert_event, values)
                hotpath.execute(conn, self._advance_table, values)
                self.live.notify_in_transaction(conn, table_id, seq)
        self.live.published(table_id, seq)
        return Appended(seq, verdict, replayed=False, ruleset_id=table.ruleset_id,
                        ruleset_version=table.ruleset_version)

    def _earlier_try(self, conn, table_id, key, request_sha256):
        """(seq, verdict) recorded by an earlier try with this key, or None."""
        row = hotpath.first(conn, self._earlier, {"table_id": table_id, "key": key})
        if row is None:
            return None
        seq, verdict, earlier_sha256 = row
        if earlier_sha256 != request_sha256:
            raise IdempotencyKeyReused(key, seq)
        return seq, verdict


def _table_seqs(conn, table_ids) -> dict:
    """{table id: seq} of these tables (SQLite's live updates read this)."""
    seqs = {}
    for start in range(0, len(table_ids), 500):
        chunk = table_ids[start:start + 500]
        seqs.update(conn.execute(select(_T.c.id, _T.c.seq).where(_T.c.id.in_(chunk))).all())
    return seqs
