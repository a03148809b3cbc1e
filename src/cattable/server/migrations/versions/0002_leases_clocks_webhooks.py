"""Leases (one serving process per table), clocks (per-seat time banks and absolute deadlines, autopilot)
and a "your turn" webhook per seat.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("on_timeout", sa.String(32), nullable=False, server_default="wait"))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("webhook", sa.String(500), nullable=True))
        batch.add_column(sa.Column("bank", sa.Float, nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("autopilot", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        for name in ("autopilot", "deadline", "bank", "webhook"):
            batch.drop_column(name)
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("on_timeout")
        batch.drop_column("clock")
    op.drop_table("leases")
