"""A table's chat, tables open to strangers (and when their free seats go to bots), and the table a
finished one's seats went on to ("play again").

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite has it): a batch copy of ``tables`` would drop a table that seats, tokens and
    # events point at, which SQLite's foreign keys refuse
    op.add_column("tables", sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("fill_after", sa.Float, nullable=True))
    op.add_column("tables", sa.Column("next_table", sa.String(32), nullable=True))
    op.create_table(
        "chat",
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", table_name="chat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        for name in ("next_table", "fill_after", "open"):
            batch.drop_column(name)
