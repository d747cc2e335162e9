"""Throw-away databases for tests and benchmarks.

SQLite: a file in a temporary directory. PostgreSQL: a fresh schema in the database
DATABASE_URL names, selected through libpq's `options=-csearch_path=...`, dropped
afterwards, so parallel runs (pytest -n 2, CI) never see each other's rows.
"""
import secrets
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import create_engine, text

from referee.config import settings

from .db import database_url

POSTGRES_PREFIXES = ("postgres://", "postgresql://", "postgresql+psycopg://")


def postgres_url_from_env():
    """DATABASE_URL when it names PostgreSQL, else None (PostgreSQL tests are skipped)."""
    value = str(settings()["DATABASE_URL"])
    return value if value.startswith(POSTGRES_PREFIXES) else None


def backends():
    return ["sqlite"] + (["postgresql"] if postgres_url_from_env() else [])


@contextmanager
def scratch_database(backend: str, directory: Path):
    """Yields a DATABASE_URL for an empty database of `backend`."""
    if backend == "sqlite":
        yield f"sqlite:///{Path(directory) / 'referee.db'}"
        return
    base = database_url(postgres_url_from_env())
    schema = f"referee_test_{secrets.token_hex(6)}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def migrated(url: str) -> str:
    """`url`, after running the schema migrations on it (what `referee init-db` does)."""
    from .repository import Store

    store = Store(url)
    try:
        store.migrate()
    finally:
        store.dispose()
    return url
