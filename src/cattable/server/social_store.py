"""The store's part for what brings players back (issue #32): a table's chat, open tables' free seats, and
a finished table's link to the next one. The same database as ``store.py`` (through its engine), kept in a
module of its own; every write goes through the hub's writer thread as the store's own do.

A seat is **free** when a person's seat (not a bot's) has no seat token of its current generation: nobody
has taken it yet, by its invite or as a stranger at an open table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import and_, bindparam, exists, insert, select, update
from sqlalchemy.sql.dml import Update

from .schema import chat, seats, tables, tokens
from .store import Store


@dataclass(frozen=True)
class ChatRow:
    n: int
    seat: int | None
    name: str
    text: str
    at: float


def _free(table_id: object) -> list[object]:
    """Conditions on ``seats`` that make a seat free (``table_id`` a value or a column)."""
    held = exists().where(
        tokens.c.table_id == seats.c.table_id,
        tokens.c.seat == seats.c.seat,
        tokens.c.generation == seats.c.generation,
    )
    return [seats.c.table_id == table_id, seats.c.bot.is_(None), ~held]


# -- chat ----------------------------------------------------------------------------------------------------
def add_chat(store: Store, table_id: str, seat: int | None, name: str, text: str) -> ChatRow:
    at = time.time()
    with store.engine.begin() as conn:
        made = conn.execute(insert(chat).values(table_id=table_id, seat=seat, name=name, text=text, at=at))
        n = made.inserted_primary_key[0] if made.inserted_primary_key else 0
    return ChatRow(n=int(n), seat=seat, name=name, text=text, at=at)


def chat_lines(store: Store, table_id: str, last: int = 100) -> list[ChatRow]:
    """The table's last ``last`` lines, oldest first."""
    query = select(chat).where(chat.c.table_id == table_id).order_by(chat.c.n.desc()).limit(last)
    with store.engine.connect() as conn:
        rows = [
            ChatRow(n=r["n"], seat=r["seat"], name=r["name"], text=r["text"], at=r["at"])
            for r in conn.execute(query).mappings()
        ]
    return rows[::-1]


# -- open tables -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OpenRow:
    table: str
    game: str
    players: int
    created: float
    fill_after: float | None
    seats: list[tuple[int, str, str | None, bool]]
    """(seat, name, bot, free) for every seat."""


def open_tables(store: Store, game: str | None = None, players: int | None = None, last: int = 50) -> list[OpenRow]:
    """Running open tables with a free seat, oldest first (at most ``last``)."""
    query = select(tables.c.id, tables.c.game, tables.c.players, tables.c.created, tables.c.fill_after).where(
        tables.c.open.is_(True),
        tables.c.status == "running",
        exists().where(*_free(tables.c.id)),  # type: ignore[arg-type]
    )
    if game is not None:
        query = query.where(tables.c.game == game)
    if players is not None:
        query = query.where(tables.c.players == players)
    out: list[OpenRow] = []
    with store.engine.connect() as conn:
        for r in conn.execute(query.order_by(tables.c.created).limit(last)).mappings():
            free = {int(s) for s in conn.execute(select(seats.c.seat).where(*_free(r["id"]))).scalars()}  # type: ignore[arg-type]
            query_seats = select(seats.c.seat, seats.c.name, seats.c.bot).where(seats.c.table_id == r["id"])
            every = conn.execute(query_seats.order_by(seats.c.seat)).all()
            out.append(
                OpenRow(
                    table=r["id"],
                    game=r["game"],
                    players=r["players"],
                    created=r["created"],
                    fill_after=r["fill_after"],
                    seats=[(int(s), str(name), bot, int(s) in free) for s, name, bot in every],
                )
            )
    return out


def take_free_seat(store: Store, table_id: str, token_hash: str, name: str) -> tuple[int, str] | None:
    """Give the first free seat of ``table_id`` to a stranger called ``name`` ("Player N" without one): a
    token for it, and its invite (which the host holds) no longer opens it. The seat and its name; None
    when no seat is free."""
    with store.engine.begin() as conn:
        row = conn.execute(
            select(seats.c.seat, seats.c.generation).where(*_free(table_id)).order_by(seats.c.seat).limit(1)  # type: ignore[arg-type]
        ).first()
        if row is None:
            return None
        seat, generation = int(row[0]), int(row[1])
        name = name or f"Player {seat + 1}"
        conn.execute(_seat(table_id, seat).values(name=name, invite_hash=None))
        conn.execute(insert(tokens).values(token_hash=token_hash, table_id=table_id, seat=seat, generation=generation))
    return seat, name


def fill_free_seat(store: Store, table_id: str, seat: int, name: str, bot: str) -> int | None:
    """Give ``seat`` to a bot if it is still free (a stranger may have just taken it): its new generation,
    or None."""
    with store.engine.begin() as conn:
        row = conn.execute(select(seats.c.generation).where(*_free(table_id), seats.c.seat == seat)).first()  # type: ignore[arg-type]
        if row is None:
            return None
        generation = int(row[0]) + 1
        conn.execute(_seat(table_id, seat).values(name=name, bot=bot, invite_hash=None, generation=generation))
    return generation


_DUE_FILLS = (
    select(seats.c.table_id, seats.c.seat)
    .join(tables, tables.c.id == seats.c.table_id)
    .where(
        tables.c.open.is_(True),
        tables.c.status == "running",
        tables.c.fill_after.is_not(None),
        tables.c.created + tables.c.fill_after <= bindparam("now"),
        *_free(seats.c.table_id),  # type: ignore[arg-type]
    )
    .order_by(seats.c.table_id, seats.c.seat)
)
"""Built once: the lobby asks twice a second, and building the query cost more than running it."""


def due_fills(store: Store, now: float) -> dict[str, list[int]]:
    """Running open tables whose wait is over, and their free seats."""
    out: dict[str, list[int]] = {}
    with store.engine.connect() as conn:
        for table_id, seat in conn.execute(_DUE_FILLS, {"now": now}).all():
            out.setdefault(str(table_id), []).append(int(seat))
    return out


# -- play again --------------------------------------------------------------------------------------------
def set_next(store: Store, table_id: str, next_table: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == table_id).values(next_table=next_table))


def issue_token(store: Store, table_id: str, seat: int, token_hash: str) -> None:
    """A token for ``seat`` (a person's) at ``table_id``, of the seat's current generation."""
    with store.engine.begin() as conn:
        generation = conn.execute(
            select(seats.c.generation).where(and_(seats.c.table_id == table_id, seats.c.seat == seat))
        ).scalar_one()
        conn.execute(insert(tokens).values(token_hash=token_hash, table_id=table_id, seat=seat, generation=generation))


def _seat(table_id: str, seat: int) -> Update:
    return update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
