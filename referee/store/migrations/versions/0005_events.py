"""Events: an evening of tables (docs/events.md). An event's document, its log of
actions, its rounds (one row per round number: two starts of the same round cannot
both insert it), the tables of each round and the referee table opened for each, and
the captains' tokens (SHA-256 only).

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "events",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset_id", sa.String(200), nullable=False),
        sa.Column("ruleset_version", sa.Integer, nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_events_owner", "events", ["owner", "created_at"])
    op.create_table(
        "event_log",
        sa.Column("event_id", sa.String(64), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "event_rounds",
        sa.Column("event_id", sa.String(64), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("started_seq", sa.Integer, nullable=False),
        sa.Column("time_called_seq", sa.Integer),
        sa.Column("closed_seq", sa.Integer),
    )
    op.create_table(
        "event_tables",
        sa.Column("event_id", sa.String(64), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("game_tables.id")),
        sa.Column("join_code", sa.String(20), nullable=False),
        sa.ForeignKeyConstraint(["event_id", "round"],
                                ["event_rounds.event_id", "event_rounds.number"],
                                name="fk_event_tables_round"),
        sa.UniqueConstraint("table_id", name="uq_event_tables_table"),
    )
    op.create_table(
        "event_captains",
        sa.Column("token_sha256", sa.String(64), primary_key=True),
        sa.Column("event_id", sa.String(64), sa.ForeignKey("events.id"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_event_captains_event", "event_captains", ["event_id"])


def downgrade():
    op.drop_index("ix_event_captains_event", table_name="event_captains")
    op.drop_table("event_captains")
    op.drop_table("event_tables")
    op.drop_table("event_rounds")
    op.drop_table("event_log")
    op.drop_index("ix_events_owner", table_name="events")
    op.drop_table("events")
