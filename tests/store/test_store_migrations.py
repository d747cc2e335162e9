"""The schema comes from migrations: a fresh database gets every table, a database
made before migrations existed (by create_all, without alembic_version) is taken
as revision 0001 and upgraded with its rows, and the app factory creates nothing."""
from datetime import datetime, timezone

from sqlalchemy import create_engine, inspect, select, text

from referee.api import create_app
from referee.store import db
from referee.store.testing import scratch_database

TABLES = {"organisers", "ruleset_owners", "ruleset_versions", "game_tables", "table_events"}


def test_a_fresh_database_gets_every_table(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    db.migrate(engine)
    assert TABLES <= set(inspect(engine).get_table_names())
    assert db.schema_revision(engine) == db.head_revision()
    db.migrate(engine)  # again: nothing to do


def test_a_database_from_before_migrations_keeps_its_rows_and_owners(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    db.migrate(engine, "0001")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))  # as create_all left it
        conn.execute(db.ruleset_versions.insert().values(
            id="house", version=1, owner="asha", title="H", extends="classic",
            media_type="application/yaml", text="id: house", sha256="0" * 64,
            document={}, resolved={}, created_at=now))
    db.migrate(engine)
    with engine.connect() as conn:
        owners = conn.execute(select(db.ruleset_owners.c.id, db.ruleset_owners.c.owner)).all()
    assert owners == [("house", "asha")]
    assert db.schema_revision(engine) == db.head_revision()


def test_the_app_factory_creates_no_table(tmp_path):
    with scratch_database("sqlite", tmp_path) as url:
        app = create_app({"DATABASE_URL": url, "RATE_LIMITS": "off"})
        engine = app.extensions["referee"].store.engine
        assert inspect(engine).get_table_names() == []
