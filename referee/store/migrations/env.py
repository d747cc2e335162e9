"""Alembic's environment: migrations run on the connection `referee.store.migrate`
hands over (or, from the alembic command line, on DATABASE_URL)."""
from alembic import context
from sqlalchemy import create_engine

from referee.config import settings
from referee.store.db import database_url, metadata

config = context.config


def run_on(connection):
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=True)  # SQLite alters tables by copying them
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run_on(connection)
else:  # `alembic upgrade head` by hand
    engine = create_engine(database_url(config.get_main_option("sqlalchemy.url")
                                         or settings()["DATABASE_URL"]))
    with engine.connect() as conn:
        run_on(conn)
        conn.commit()
    engine.dispose()
