"""The first schema: tables, seats, seat tokens, the event log and choices queued ahead of a turn.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("spectators", sa.String(16), nullable=False),
        sa.Column("version_started", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("setup_chance", sa.JSON, nullable=False),
        sa.Column("setup_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("generation", sa.Integer, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("generation", sa.Integer, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("chance", sa.JSON, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("msg_id", sa.String(64), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seat", "msg_id", name="one_message_once"),
    )
    op.create_table(
        "queued",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("msg_id", sa.String(64), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("note", sa.Text, nullable=True),
    )


def downgrade() -> None:
    for name in ("queued", "events", "tokens", "seats", "tables"):
        op.drop_table(name)
