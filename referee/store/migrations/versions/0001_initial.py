"""The schema as it stood before migrations: organisers, ruleset versions, tables and
their event logs (what `create_all` used to make at every worker's start).

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "organisers",
        sa.Column("name", sa.String(200), primary_key=True),
        sa.Column("token_sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True)),
    )
    op.create_table(
        "ruleset_versions",
        sa.Column("id", sa.String(200), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("extends", sa.String(200)),
        sa.Column("media_type", sa.String(100), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("resolved", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("ruleset_id", sa.String(200), nullable=False),
        sa.Column("ruleset_version", sa.Integer, nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_events",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("game_tables.id"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("move", sa.JSON, nullable=False),
        sa.Column("verdict", sa.JSON, nullable=False),
        sa.Column("idempotency_key", sa.String(200)),
        sa.Column("request_sha256", sa.String(64)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "idempotency_key", name="uq_table_events_idempotency"),
    )


def downgrade():
    for table in ("table_events", "game_tables", "ruleset_versions", "organisers"):
        op.drop_table(table)
