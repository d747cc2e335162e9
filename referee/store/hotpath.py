"""The hot path's statements: compiled by SQLAlchemy once per engine, for its dialect,
then run on a DBAPI cursor: of a SQLAlchemy-managed connection and transaction (reads),
or of the pooled DBAPI connection a batch of moves holds itself (repository.py).

A batch of moves (see group_commit.py) runs a few statements, and phones woken by a
move read pages of events. Through `Connection.execute` each costs SQLAlchemy's
per-execution work (events, cache-key lookups, result set-up) which on this hardware
was ~10x the cost of the SQLite statement itself (a 0.9 ms append). The SQL text, the
parameter order and the type conversions (JSON, DateTime) still come from SQLAlchemy:
only the per-call bookkeeping is skipped.
"""
from sqlalchemy.engine import Connection


class Prepared:
    """One statement compiled for a dialect, with its bind and result processors."""

    def __init__(self, statement, dialect):
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.positional = dialect.positional
        binds = compiled.positiontup if dialect.positional else list(compiled.binds)
        self.names = list(binds)
        # Values the statement carries itself (SQLite's OFFSET 0 beside a bound LIMIT).
        self.defaults = {name: compiled.binds[name].value for name in self.names}
        self.bind_processors = {
            name: compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in self.names}
        columns = getattr(statement, "selected_columns", ())
        self.result_processors = [
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in columns]

    def params(self, values: dict):
        processed = {}
        for name in self.names:
            value = values[name] if name in values else self.defaults.get(name)
            processor = self.bind_processors[name]
            processed[name] = processor(value) if processor and value is not None else value
        if self.positional:
            return [processed[name] for name in self.names]
        return processed

    def row(self, raw):
        if raw is None:
            return None
        return tuple(processor(value) if processor else value
                     for processor, value in zip(self.result_processors, raw))


def dbapi(conn: Connection):
    """The driver's connection under a SQLAlchemy-managed one (inside its transaction)."""
    return conn.connection.dbapi_connection


def run(raw, prepared: Prepared, values: dict):
    """Execute on a cursor of the driver's connection `raw`; the cursor."""
    cursor = raw.cursor()
    cursor.execute(prepared.sql, prepared.params(values))
    return cursor


def first(raw, prepared: Prepared, values: dict):
    cursor = run(raw, prepared, values)
    try:
        return prepared.row(cursor.fetchone())
    finally:
        cursor.close()


def rows(raw, prepared: Prepared, values: dict) -> list:
    cursor = run(raw, prepared, values)
    try:
        return [prepared.row(row) for row in cursor.fetchall()]
    finally:
        cursor.close()


def execute_many(raw, prepared: Prepared, many: list):
    """One statement for each of `many` values, in one driver call."""
    cursor = raw.cursor()
    try:
        cursor.executemany(prepared.sql, [prepared.params(values) for values in many])
    finally:
        cursor.close()
