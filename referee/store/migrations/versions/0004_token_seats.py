"""Seats bound to phones: a phone that joins a table as one player's keeps that seat
(`table_tokens.seat`), and the service refuses its moves for another seat. NULL is a
token that moves for anyone: the table's secret, a shared table phone, and every
phone token made before this revision.

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("table_tokens") as batch:
        batch.add_column(sa.Column("seat", sa.Integer))


def downgrade():
    with op.batch_alter_table("table_tokens") as batch:
        batch.drop_column("seat")
