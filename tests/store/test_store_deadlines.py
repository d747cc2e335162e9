"""A PostgreSQL that stops answering is an outage with a deadline, never a hang or a
500: a connect that times out is unavailability (503), and every connection carries
a statement timeout, TCP keepalives and a TCP user timeout."""
import pytest
from sqlalchemy import text

from referee.store import db
from referee.store.errors import DatabaseUnavailable, outage


def test_a_connect_that_times_out_is_the_database_unavailable():
    psycopg = pytest.importorskip("psycopg")
    found = outage(psycopg.errors.ConnectionTimeout("connection timeout expired"))
    assert isinstance(found, DatabaseUnavailable)
    assert outage(ValueError("a bug")) is None


def test_every_postgresql_connection_has_its_deadlines(store):
    if store.dialect != "postgresql":
        pytest.skip("deadlines of PostgreSQL connections")
    with store.engine.connect() as conn:
        timeout = conn.execute(text("SHOW statement_timeout")).scalar()
        raw = conn.connection.dbapi_connection
        settings = raw.info.get_parameters()
    assert timeout == f"{db.STATEMENT_TIMEOUT_MS // 1000}s"
    assert settings.get("keepalives") == "1" and settings.get("tcp_user_timeout") == "5000"
