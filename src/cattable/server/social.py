"""What brings players back (issue #32): a chat per table, "play again" with the same seats, and tables open
to strangers (quick play, and bots in the seats still free after a wait the host chose).

Beside the hub, never inside a game: chat is what people type, so it is no secret of the game, but it is
kept apart from the events (its own table, ``social_store.py``) and never enters a record, a state hash or
a bot's input (bots are computed from the record, and are never watchers). Every write goes through the
hub's writer thread, as a move's does, and is acknowledged once stored.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from dataclasses import replace
from functools import partial
from typing import Any

from prometheus_client import Counter

from cattable.core import game as get_game
from cattable.core import game_names

from . import protocol as wire
from . import social_store as db
from .hub import Hub, SeatSpec
from .table import Refusal, Table, Viewer
from .tokens import digest

log = logging.getLogger("cattable.server.social")

CHAT_CHARS = 500
"""The longest chat line, in characters."""
CHAT_HISTORY = 100
"""Lines sent after a ``hello``."""
FILL_BOT = "heuristic"
"""The bot given a seat still free when an open table's wait is over."""
FILL_EVERY = 0.5
"""Seconds between two looks for open tables whose wait is over."""


class SocialMetrics:
    """The counters of this module, in the hub's own registry (metrics.py)."""

    def __init__(self, hub: Hub) -> None:
        registry = hub.metrics.registry
        self.chat = Counter("cattable_chat_lines", "Chat lines stored and sent.", registry=registry)
        self.seats = Counter(
            "cattable_open_seats_taken",
            "Seats taken at open tables, by how (take: a listed table; quick: quick play).",
            ["how"],
            registry=registry,
        )
        self.quick_opened = Counter(
            "cattable_quick_play_tables", "Tables quick play opened (no open table had a seat free).", registry=registry
        )
        self.fills = Counter(
            "cattable_bot_fills", "Seats of open tables given to a bot when their wait was over.", registry=registry
        )
        self.again = Counter("cattable_play_again_tables", "Tables opened by 'play again'.", registry=registry)


def clean_chat(text: Any) -> str:
    """A chat line as stored: text only, control characters (but new lines) removed, trimmed; refused if
    empty or longer than ``CHAT_CHARS``."""
    if not isinstance(text, str):
        raise Refusal("invalid", "a chat message needs its 'text', a string")
    kept = "".join(c for c in text if c in "\n\t" or unicodedata.category(c)[0] != "C").strip()
    if not kept:
        raise Refusal("invalid", "a chat message needs some text")
    if len(kept) > CHAT_CHARS:
        raise Refusal("too_long", f"a chat message holds at most {CHAT_CHARS} characters")
    return kept


def _line(row: db.ChatRow) -> wire.ChatLine:
    return {"n": row.n, "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}


class Social:
    """Chat, play again and open tables over one hub."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.metrics = SocialMetrics(hub)
        self._filler: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._filler = asyncio.get_running_loop().create_task(self._fill_loop())

    def close(self) -> None:
        if self._filler is not None:
            self._filler.cancel()

    # -- chat ------------------------------------------------------------------------------------------------
    async def post(self, table_id: str, viewer: Viewer, text: Any, msg_id: Any) -> wire.AckMessage:
        """Store a chat line from a watcher of the table (a seat, or a spectator the table admits), then send
        it to every watcher. The caller has counted it against the connection's chat limit."""
        line = clean_chat(text)
        actor = await self.hub.actor(table_id)
        if not actor.table.may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        name = "" if viewer is None else actor.table.seats[viewer].name
        row = await self.hub.writer.call(lambda: db.add_chat(self.hub.store, table_id, viewer, name, line))
        self.metrics.chat.inc()
        message: wire.ChatMessage = {"type": "chat", "table": table_id, "lines": [_line(row)]}
        await actor.broadcast(message)  # a connection that went away gets the history on its next hello
        return {"type": "ack", "id": msg_id if isinstance(msg_id, str) else None}

    async def history(self, table_id: str) -> wire.ChatMessage:
        rows = await asyncio.to_thread(db.chat_lines, self.hub.store, table_id, CHAT_HISTORY)
        return {"type": "chat", "table": table_id, "lines": [_line(r) for r in rows]}

    # -- play again ------------------------------------------------------------------------------------------
    async def again(self, table_id: str, seat: int) -> wire.SeatTaken:
        """A seat of a finished table asks to play again: the first asks opens the next table (the same game,
        options, seats and clock, bots where bots were, a new deal, the host's token still the host's);
        each seat gets a token of its own seat there, and only of its own."""
        actor = await self.hub.actor(table_id)
        table = actor.table
        if not table.over:
            raise Refusal("not_over", "the game is not over yet")
        opened = False
        async with actor.lock:
            nxt = table.row.next_table
            if nxt is None:
                nxt = await self._next_table(table)
                opened = True
        if opened:
            await actor.refresh()  # every watcher's state now says "next"
        token = self.hub.random.secret()
        await self.hub.writer.call(lambda: db.issue_token(self.hub.store, nxt, seat, digest(token)))
        return {"table": nxt, "seat": seat, "token": token, "opened": opened}

    async def _next_table(self, table: Table) -> str:
        row = table.row
        specs = [SeatSpec(name=s.name, bot=s.bot) for s in table.seats]
        made = await self.hub.create(
            row.game,
            row.players,
            dict(row.options),
            specs,
            row.spectators,
            row.clock,
            row.on_timeout,
            open=row.open,
            fill_after=row.fill_after,
            host_hash=row.host_hash,
        )  # its invites are dropped here: each seat gets its token by showing its token of this table
        nxt: str = made["table"]
        await self.hub.writer.call(lambda: db.set_next(self.hub.store, row.id, nxt))
        table.row = replace(row, next_table=nxt)
        self.metrics.again.inc()
        log.info("played again: the next table is open")
        return nxt

    # -- open tables -----------------------------------------------------------------------------------------
    async def open_tables(self, game: str | None = None) -> list[wire.OpenTable]:
        rows = await asyncio.to_thread(db.open_tables, self.hub.store, game)
        return [
            {
                "table": r.table,
                "game": r.game,
                "players": r.players,
                "created": r.created,
                "fill_after": r.fill_after,
                "seats": [{"seat": s, "name": n, "bot": b, "free": f} for s, n, b, f in r.seats],
            }
            for r in rows
        ]

    async def take_seat(self, table_id: str, name: str, how: str = "take") -> wire.SeatTaken:
        """A stranger takes the first free seat of an open table, under ``name``."""
        actor = await self.hub.actor(table_id)
        table = actor.table
        if not table.row.open:
            raise Refusal("not_open", "this table is not open to strangers: ask its host for an invite")
        if table.over:
            raise Refusal("over", "the game is over")
        token = self.hub.random.secret()
        name = name.strip()[:64]
        async with actor.lock:
            taken = await self.hub.writer.call(lambda: db.take_free_seat(self.hub.store, table_id, digest(token), name))
            if taken is None:
                raise Refusal("full", "every seat at this table is taken")
            seat, name = taken
            await actor.seat_changed(seat, name=name)
        self.metrics.seats.labels(how).inc()
        await actor.refresh()
        return {"table": table_id, "seat": seat, "token": token, "opened": False}

    async def quick_play(
        self, game: str, players: int | None, name: str, fill_after: float | None, on_open: Any
    ) -> wire.SeatTaken:
        """A seat at the oldest open table of ``game`` (of ``players``, if given) with one free; else a new
        open table with this person in seat 0, its other seats free for strangers (and for bots once
        ``fill_after`` seconds have passed). ``on_open()`` is called before a table is opened (its limit)."""
        if game not in game_names():
            raise Refusal("no_game", f"unknown game {game!r}; games: {', '.join(game_names())}")
        for r in await asyncio.to_thread(db.open_tables, self.hub.store, game, players):
            try:
                return await self.take_seat(r.table, name, "quick")
            except Refusal:  # taken meanwhile, or served by another process: the next one
                continue
        info = get_game(game)
        count = players if players is not None else max(2, info.min_players)
        on_open()
        specs = [SeatSpec(name=f"Player {i + 1}") for i in range(count)]
        made = await self.hub.create(game, count, {}, specs, "public", open=True, fill_after=fill_after)
        self.metrics.quick_opened.inc()
        taken = await self.take_seat(made["table"], name, "quick")
        return {**taken, "opened": True}

    async def _fill_loop(self) -> None:
        while True:
            await asyncio.sleep(FILL_EVERY)
            try:
                await self.fill_due()
            except Exception:  # never let the loop die: the next look tries again
                log.exception("filling open tables' free seats failed")

    async def fill_due(self) -> None:
        """Give bots the seats still free at the open tables this process serves whose wait is over."""
        due = await asyncio.to_thread(db.due_fills, self.hub.store, self.hub.clock.time())
        for table_id, free in due.items():
            actor = self.hub.actors.get(table_id)
            if actor is None or actor.table.over:
                continue
            changed = False
            async with actor.lock:
                for seat in free:
                    name = f"Bot {seat + 1}"
                    fill = partial(db.fill_free_seat, self.hub.store, table_id, seat, name, FILL_BOT)
                    gen = await self.hub.writer.call(fill)
                    if gen is not None:
                        await actor.seat_changed(seat, name=name, bot=FILL_BOT, generation=gen)
                        self.metrics.fills.inc()
                        changed = True
            if changed:
                await actor.refresh()
