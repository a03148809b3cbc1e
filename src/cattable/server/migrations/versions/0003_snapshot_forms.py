"""The snapshot form each stored digest was made in, so a table outlives a change of the game's snapshot
that is not a change of its rules (rows stored before: form 1, every game's first form).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("setup_form", sa.Integer, nullable=False, server_default="1"))
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("snapshot_form", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("snapshot_form")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("setup_form")
