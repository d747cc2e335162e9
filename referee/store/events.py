"""The store's events: an event's row and log, its rounds and their tables, captains.

Every event action is one write transaction that locks the event's row (BEGIN
IMMEDIATE on SQLite, SELECT ... FOR UPDATE on PostgreSQL), checks the event's rounds
as they are then, writes what the action changes and appends its log entry with the
event's next seq. So two organisers starting the same round at once are served one
after the other, and the second is refused (EventConflict); the primary key of
event_rounds (event, number) backs that up.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from . import db, live
from .errors import EventConflict
from .rows import TABLE_COLUMNS, TableRow

CHUNK = 500  # ids in one IN list
_EV, _LOG, _ROUNDS, _SEATS, _CAPTAINS = (db.events, db.event_log, db.event_rounds,
                                         db.event_tables, db.event_captains)


def _now():
    return datetime.now(timezone.utc)


def _as_utc(moment):
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class EventRow:
    id: str
    owner: str
    name: str
    ruleset_id: str
    ruleset_version: int
    document: dict
    seq: int
    created_at: datetime


@dataclass(frozen=True)
class EventTable:
    round: int
    number: int
    players: list
    table_id: str | None
    join_code: str


@dataclass(frozen=True)
class EventRound:
    number: int
    kind: str
    started_seq: int
    time_called_seq: int | None
    closed_seq: int | None
    tables: list  # EventTable, by number
    started_at: datetime  # when it was seated (its `seated` entry's time)


@dataclass(frozen=True)
class LogEntry:
    seq: int
    entry: dict
    created_at: datetime


class EventStore:
    """Mixed into Store: uses its _writing() and _reading()."""

    def create_event(self, *, event_id, owner, name, ruleset_id, ruleset_version, document,
                     entry) -> None:
        now = _now()
        with self._writing() as conn:
            conn.execute(insert(_EV).values(
                id=event_id, owner=owner, name=name, ruleset_id=ruleset_id,
                ruleset_version=ruleset_version, document=document, seq=1, created_at=now))
            conn.execute(insert(_LOG).values(event_id=event_id, seq=1, entry=entry,
                                             created_at=now))

    def get_event(self, event_id) -> EventRow | None:
        with self._reading() as conn:
            row = conn.execute(select(_EV).where(_EV.c.id == event_id)).first()
        return _event_row(row) if row else None

    def events_of(self, owner, limit=100) -> list[EventRow]:
        """The organiser's events, newest first."""
        query = (select(_EV).where(_EV.c.owner == owner)
                 .order_by(_EV.c.created_at.desc(), _EV.c.id.desc()).limit(limit))
        with self._reading() as conn:
            return [_event_row(row) for row in conn.execute(query)]

    def event_rounds(self, event_id) -> list[EventRound]:
        with self._reading() as conn:
            return _rounds(conn, event_id)

    def event_log(self, event_id, after=0, limit=500) -> list[LogEntry]:
        query = (select(_LOG.c.seq, _LOG.c.entry, _LOG.c.created_at)
                 .where(_LOG.c.event_id == event_id, _LOG.c.seq > after)
                 .order_by(_LOG.c.seq).limit(limit))
        with self._reading() as conn:
            return [LogEntry(row.seq, row.entry, _as_utc(row.created_at))
                    for row in conn.execute(query)]

    def event_of_table(self, table_id) -> EventTable | None:
        """The event table a referee table was opened for, with its event's id."""
        with self._reading() as conn:
            row = conn.execute(select(_SEATS).where(_SEATS.c.table_id == table_id)).first()
        return (row.event_id, _seat_row(row)) if row else None

    def tables_by_id(self, table_ids) -> dict:
        """{table id: TableRow} of these tables, read 500 at a time (standings read
        every table of an event: one statement per table was most of their cost,
        bench/results.md entry 16)."""

        found = {}
        with self._reading() as conn:
            for start in range(0, len(table_ids), CHUNK):
                chunk = table_ids[start:start + CHUNK]
                for row in conn.execute(select(*TABLE_COLUMNS).where(db.game_tables.c.id.in_(chunk))):
                    found[row.id] = TableRow(*row)
        return found

    def last_entries(self, table_ids, count) -> dict:
        """{table id: [(seq, verdict)...]} of the last `count` entries of each table's
        log, in order, 500 tables a statement."""
        t, e = db.game_tables, db.table_events
        found = {table_id: [] for table_id in table_ids}
        with self._reading() as conn:
            for start in range(0, len(table_ids), CHUNK):
                chunk = table_ids[start:start + CHUNK]
                query = (select(e.c.table_id, e.c.seq, e.c.verdict)
                         .join(t, t.c.id == e.c.table_id)
                         .where(t.c.id.in_(chunk), e.c.seq > t.c.seq - count)
                         .order_by(e.c.table_id, e.c.seq))
                for row in conn.execute(query):
                    found[row.table_id].append((row.seq, row.verdict))
        return found

    def captain_event(self, token_sha256) -> str | None:
        """The event whose captain token this digest is (None: no captain's)."""
        with self._reading() as conn:
            return conn.execute(select(_CAPTAINS.c.event_id).where(
                _CAPTAINS.c.token_sha256 == token_sha256)).scalar()

    def act_on_event(self, event_id, act):
        """One event action: `act(conn, event, rounds) -> (entry, result)` runs with
        the event's row locked and its rounds as they are now; it writes what the
        action changes (through `conn`) or raises EventConflict. Its entry is
        appended to the event's log with the next seq, and the event's live channel
        is notified. Returns (seq, result)."""
        with self._writing() as conn:
            query = select(_EV).where(_EV.c.id == event_id)
            if self.dialect == "postgresql":
                query = query.with_for_update()
            row = conn.execute(query).first()
            if row is None:
                raise EventConflict("unknown-event", event=event_id)
            event = _event_row(row)
            seq = event.seq + 1
            entry, result = act(_Actions(conn, event_id, seq), event, _rounds(conn, event_id))
            conn.execute(insert(_LOG).values(event_id=event_id, seq=seq, entry=entry,
                                             created_at=_now()))
            conn.execute(update(_EV).where(_EV.c.id == event_id).values(seq=seq))
            # The event's pages waiting elsewhere hear of it (live.py), as of a move.
            self.live.notify_in_transaction(conn.connection.dbapi_connection,
                                            live.event_channel(event_id), seq)
        self.live.published(live.event_channel(event_id), seq)
        return seq, result


class _Actions:
    """What an event action may write, inside its transaction."""

    def __init__(self, conn, event_id, seq):
        self.conn, self.event_id, self.seq = conn, event_id, seq

    def start_round(self, number, kind, tables):
        """Round `number` with `tables` ([(players, join_code)]), seated now."""
        try:
            with self.conn.begin_nested():
                self.conn.execute(insert(_ROUNDS).values(
                    event_id=self.event_id, number=number, kind=kind, started_seq=self.seq))
        except IntegrityError:
            raise EventConflict("round-already-started", round=number) from None
        for index, (players, code) in enumerate(tables, 1):
            self.conn.execute(insert(_SEATS).values(
                event_id=self.event_id, round=number, number=index, players=players,
                join_code=code))

    def mark_round(self, number, column):
        """Record this action's seq as the round's `time_called_seq` or `closed_seq`."""
        self.conn.execute(update(_ROUNDS).where(
            _ROUNDS.c.event_id == self.event_id, _ROUNDS.c.number == number)
            .values({column: self.seq}))

    def seat_players(self, number, table_number, players):
        self.conn.execute(update(_SEATS).where(
            _SEATS.c.event_id == self.event_id, _SEATS.c.round == number,
            _SEATS.c.number == table_number).values(players=players))

    def rename_players_at_table(self, table_id, players, number):
        """A table opened but without a move yet: its players are the swapped ones."""
        t = db.game_tables
        row = self.conn.execute(select(t.c.seq, t.c.opening, t.c.state)
                                .where(t.c.id == table_id)).first()
        if row.seq != 0:
            raise EventConflict("table-has-moves", table=number)
        self.conn.execute(update(t).where(t.c.id == table_id, t.c.seq == 0).values(
            opening=dict(row.opening, players=players), state=dict(row.state, players=players)))

    def open_table(self, round_number, table_number, create):
        """Link the referee table `create(conn)` makes (its id) to the event's table."""
        table_id = create(self.conn)
        done = self.conn.execute(update(_SEATS).where(
            _SEATS.c.event_id == self.event_id, _SEATS.c.round == round_number,
            _SEATS.c.number == table_number, _SEATS.c.table_id.is_(None))
            .values(table_id=table_id))
        if done.rowcount == 0:
            raise EventConflict("table-already-opened", round=round_number, table=table_number)
        return table_id

    def add_captain(self, name, token_sha256):
        self.conn.execute(insert(_CAPTAINS).values(
            token_sha256=token_sha256, event_id=self.event_id, name=name, created_at=_now()))


def _event_row(row):
    values = dict(row._mapping)
    values["created_at"] = _as_utc(values["created_at"])
    return EventRow(**values)


def _seat_row(row):
    return EventTable(row.round, row.number, list(row.players), row.table_id, row.join_code)


def _rounds(conn, event_id) -> list[EventRound]:
    seats = {}
    for row in conn.execute(select(_SEATS).where(_SEATS.c.event_id == event_id)
                            .order_by(_SEATS.c.round, _SEATS.c.number)):
        seats.setdefault(row.round, []).append(_seat_row(row))
    seated = _LOG.alias("seated")
    query = (select(_ROUNDS, seated.c.created_at.label("started_at"))
             .join(seated, (seated.c.event_id == _ROUNDS.c.event_id)
                   & (seated.c.seq == _ROUNDS.c.started_seq))
             .where(_ROUNDS.c.event_id == event_id).order_by(_ROUNDS.c.number))
    return [EventRound(row.number, row.kind, row.started_seq, row.time_called_seq,
                       row.closed_seq, seats.get(row.number, []), _as_utc(row.started_at))
            for row in conn.execute(query)]
