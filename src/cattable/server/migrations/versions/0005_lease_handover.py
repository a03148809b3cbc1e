"""Who else wants a table: a process asked for a table whose lease another live process holds writes its
name here, and the holder hands the table over between two moves (hub.py), instead of the client being
told ``elsewhere`` until the balancer and the leases agree.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN: a batch copy of the table would be needless on SQLite (the column is nullable)
    op.add_column("leases", sa.Column("wanted_by", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("leases") as batch:
        batch.drop_column("wanted_by")
