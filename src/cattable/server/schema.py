"""The database tables, declared once with SQLAlchemy Core; Alembic migrations create and upgrade them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("spectators", String(16), nullable=False),
    Column("version_started", String(32), nullable=False, doc="the cattable version that started the table"),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False, doc="running, over, or broken (its events no longer replay)"),
    Column("host_hash", String(64), nullable=False),
    Column("setup_chance", JSON, nullable=False, doc="the chance outcomes the set-up drew (a deal, say)"),
    Column("setup_hash", String(64), nullable=False, doc="the digest of the position before any move"),
    Column("setup_form", Integer, nullable=False, doc="the game's snapshot_form that setup_hash was made in"),
    Column(
        "clock", JSON, nullable=True, doc='{"mode": "live", "bank": s, "increment": s} or {"mode": "async", "days": d}'
    ),
    Column("on_timeout", String(32), nullable=False, doc='"wait", or "autopilot:<bot>" until the person reclaims'),
    Column("open", Boolean, nullable=False, doc="listed for strangers: a free seat may be taken without an invite"),
    Column("fill_after", Float, nullable=True, doc="seconds after opening when free seats are given to bots"),
    Column("next_table", String(32), nullable=True, doc='the table its seats went on to ("play again")'),
    Index("ix_tables_open_status", "open", "status"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("bot", String(32), nullable=True, doc="the agent playing the seat, or null for a person"),
    Column("invite_hash", String(64), nullable=True),
    Column("generation", Integer, nullable=False, doc="raised when the seat is reassigned: old tokens stop"),
    Column("webhook", String(500), nullable=True, doc="a URL told when it becomes this seat's move"),
    Column("webhook_error", String(300), nullable=True, doc="why the last signal failed every try (null: working)"),
    Column("bank", Float, nullable=True, doc="seconds left on a live clock"),
    Column("deadline", Float, nullable=True, doc="when the seat's pending move times out (seconds since the epoch)"),
    Column("autopilot", Boolean, nullable=False, doc="a bot plays the seat until the person reclaims it"),
)

tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("generation", Integer, nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, doc="1 for the first action: the table's version after it"),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("chance", JSON, nullable=False, doc="the chance outcomes this action drew, in order"),
    Column("state_hash", String(64), nullable=False),
    Column("snapshot_form", Integer, nullable=False, doc="the game's snapshot_form that state_hash was made in"),
    Column("msg_id", String(64), nullable=True),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "seat", "msg_id", name="one_message_once"),
)

queued = Table(
    "queued",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("action", JSON, nullable=False),
    Column("msg_id", String(64), nullable=True),
    Column("at", Float, nullable=False),
    Column("note", Text, nullable=True),
)
"""Choices made ahead of one's turn in a simultaneous phase (Cat Cafe's marking): durable once
acknowledged, applied when the seat's turn comes."""

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("owner", String(32), nullable=False, doc="the server process serving the table"),
    Column("expires", Float, nullable=False),
    Column("wanted_by", String(32), nullable=True, doc="a process the balancer sends this table to now"),
)
"""One serving process per table: a process writes a table's events only while it holds the lease, and
hands it over when another process asks for it (``wanted_by``)."""

chat = Table(
    "chat",
    metadata,
    Column("n", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True, doc="the seat that wrote it, null for a spectator"),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""What people typed at a table: kept apart from its events, never part of the game's record."""
