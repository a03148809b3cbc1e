"""An index for the lobby's open tables: the fill loop asks twice a second for running open tables with a
free seat, which without it scanned every table ever opened.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_open_status", "tables", ["open", "status"])


def downgrade() -> None:
    op.drop_index("ix_tables_open_status", table_name="tables")
