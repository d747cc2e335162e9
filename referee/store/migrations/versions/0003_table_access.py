"""Table access and names: a table's name, the organiser who opened it, its join code
(SHA-256) and the tokens allowed to post its moves (`table_tokens`, SHA-256 only).

Tables opened before this revision have no token: nobody can post moves to them any
more (their logs stay readable). Open a new table to go on playing.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("name", sa.String(100)))
        batch.add_column(sa.Column("owner", sa.String(200)))
        batch.add_column(sa.Column("join_code_sha256", sa.String(64)))
        batch.create_unique_constraint("uq_game_tables_join_code", ["join_code_sha256"])
    op.create_index("ix_game_tables_owner", "game_tables", ["owner", "created_at"])
    op.create_table(
        "table_tokens",
        sa.Column("token_sha256", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_table_tokens_table", "table_tokens", ["table_id"])


def downgrade():
    op.drop_index("ix_table_tokens_table", table_name="table_tokens")
    op.drop_table("table_tokens")
    op.drop_index("ix_game_tables_owner", table_name="game_tables")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_constraint("uq_game_tables_join_code", type_="unique")
        batch.drop_column("join_code_sha256")
        batch.drop_column("owner")
        batch.drop_column("name")
