"""Ruleset ownership as a constraint: one `ruleset_owners` row per id (its primary key),
and every version's (id, owner) must be that row's (a composite foreign key), so two
organisers publishing the same new id at once cannot both own it (HOSTILE.md 26).

Existing ids take the owner of their first version. A database where the old race
already gave one id versions by two owners stops this migration at the foreign key:
an operator decides whose versions those are.

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "ruleset_owners",
        sa.Column("id", sa.String(200), primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("id", "owner", name="uq_ruleset_owners_id_owner"),
    )
    op.execute("INSERT INTO ruleset_owners (id, owner, created_at) "
               "SELECT id, owner, created_at FROM ruleset_versions WHERE version = 1")
    with op.batch_alter_table("ruleset_versions") as batch:
        batch.create_foreign_key("fk_ruleset_versions_owner", "ruleset_owners",
                                 ["id", "owner"], ["id", "owner"])


def downgrade():
    with op.batch_alter_table("ruleset_versions") as batch:
        batch.drop_constraint("fk_ruleset_versions_owner", type_="foreignkey")
    op.drop_table("ruleset_owners")
