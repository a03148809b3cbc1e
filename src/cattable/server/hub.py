"""The tables of one server process: each behind its own lock, events made durable before anything is
acknowledged or shown, bots computed in worker processes, and every watcher sent its own view.

The order of one move is the rule of the house: check by the rules, apply, store the event (one writer
thread), then acknowledge the sender and send each watcher its view. A crash anywhere before the commit
loses only a move nobody was told about; after it, the restart replays the move.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import signal
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any, ParamSpec, Protocol, TypeVar

from cattable.core import OptionError
from cattable.core import game as get_game

from .bots import bot_move, check_bot
from .store import DuplicateEvent, QueuedRow, SeatRow, Store, TableRow
from .table import SPECTATORS, Diverged, Refusal, Table, Viewer, state_hash
from .tokens import digest, new_secret

P = ParamSpec("P")
T = TypeVar("T")


def cattable_version() -> str:
    try:
        return version("cattable")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without metadata
        return "0+unknown"


class Watcher(Protocol):
    """A connection that follows a table: a seat's client or a spectator's."""

    viewer: Viewer
    seen: int
    """The last version this watcher has been sent."""

    async def send(self, message: dict[str, Any]) -> None: ...

    async def close(self, reason: str) -> None:
        """End the connection (its seat was given to someone else)."""


@dataclass(frozen=True)
class SeatSpec:
    name: str
    bot: str | None = None


class CrashPoints:
    """Named places where a test may have the server kill itself (``CATTABLE_CRASH=after_apply:3`` kills it
    the third time a move has been applied but not yet committed)."""

    def __init__(self, spec: str | None) -> None:
        self.point, self.count = None, 0
        if spec:
            name, _, n = spec.partition(":")
            self.point, self.count = name, int(n or 1)

    def reached(self, point: str) -> None:
        if point != self.point:
            return
        self.count -= 1
        if self.count <= 0:
            os.kill(os.getpid(), signal.SIGKILL)


class Hub:
    """Every table this process serves."""

    def __init__(self, store: Store, *, bot_workers: int = 1, crash: str | None = None) -> None:
        self.store = store
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="cattable-store")
        self._bot_workers = bot_workers
        self._pool: Executor | None = None
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.crash = CrashPoints(crash)

    # -- life ----------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every running table from its events (each checked against its stored hashes)."""
        for table_id in await asyncio.to_thread(self.store.table_ids, "running"):
            await self._load(table_id)
        for table in list(self.tables.values()):
            await self._continue(table)

    async def close(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self.writer.shutdown(wait=True)

    @property
    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._bot_workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def _write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writer, lambda: fn(*args, **kwargs))

    async def _load(self, table_id: str) -> Table | None:
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            return None
        seats, events, queued = await asyncio.gather(
            asyncio.to_thread(self.store.seats, table_id),
            asyncio.to_thread(self.store.events, table_id),
            asyncio.to_thread(self.store.queued, table_id),
        )
        try:
            table = await asyncio.to_thread(Table.rebuild, row, seats, events, queued)
        except Diverged as exc:
            self.broken[table_id] = (
                f"this table was started under cattable {row.version_started} and cannot continue under "
                f"{cattable_version()}: {exc}. Its events are kept unchanged."
            )
            return None
        self.tables[table_id] = table
        return table

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the store if this process has not served it yet."""
        if table_id in self.broken:
            raise Refusal("broken", self.broken[table_id])
        table = self.tables.get(table_id)
        if table is None:
            async with self.locks[table_id]:
                table = self.tables.get(table_id) or await self._load(table_id)
            if table is None:
                if table_id in self.broken:
                    raise Refusal("broken", self.broken[table_id])
                raise Refusal("no_table", "there is no such table")
        return table

    # -- opening tables and taking seats -------------------------------------------------------------
    async def create(
        self, game_name: str, players: int, options: dict[str, Any], seats: list[SeatSpec], spectators: str
    ) -> dict[str, Any]:
        """Open a table; the host's token and one invite code per person's seat are returned once."""
        try:
            game = get_game(game_name)
            if isinstance(players, bool) or not isinstance(players, int):
                raise OptionError("players must be a whole number")
            if not game.min_players <= players <= game.max_players:
                raise OptionError(f"{game_name} is played by {game.min_players} to {game.max_players} players")
            opts = game.validated_options(players, options)
        except (OptionError, ValueError) as exc:
            raise Refusal("bad_table", str(exc)) from None
        if spectators not in SPECTATORS:
            raise Refusal("bad_table", f"spectators must be one of {', '.join(SPECTATORS)}")
        if len(seats) != players:
            raise Refusal("bad_table", f"give {players} seats (a name, and a bot level for a bot), not {len(seats)}")
        for s in seats:
            if s.bot is not None:
                try:
                    check_bot(s.bot, game_name)
                except ValueError as exc:
                    raise Refusal("bad_table", str(exc)) from None
        host = new_secret()
        seed = secrets.randbits(63)
        state = await asyncio.to_thread(game.new, players, seed, **opts)
        row = TableRow(
            id=secrets.token_hex(8),
            game=game_name,
            players=players,
            seed=seed,
            options=opts,
            spectators=spectators,
            version_started=cattable_version(),
            status="running",
            host_hash=digest(host),
            setup_chance=list(state.chance.log),
            setup_hash=state_hash(state),
        )
        seat_rows = [SeatRow(seat=i, name=s.name[:64], bot=s.bot, generation=0) for i, s in enumerate(seats)]
        invites = {i: new_secret() for i, s in enumerate(seats) if s.bot is None}
        await self._write(self.store.create_table, row, seat_rows, {i: digest(c) for i, c in invites.items()})
        table = Table(row=row, seats=seat_rows, state=state)
        self.tables[row.id] = table
        await self._continue(table)
        return {"table": row.id, "host": host, "invites": {str(i): c for i, c in invites.items()}}

    async def join(self, invite: str) -> dict[str, Any]:
        """Exchange an invite code for a seat token (each device that opens the link gets its own)."""
        token = new_secret()
        found = await self._write(self.store.exchange_invite, digest(invite), digest(token))
        if found is None:
            raise Refusal("bad_invite", "this invite link is not valid (the seat may have been given to someone else)")
        table_id, seat = found
        return {"table": table_id, "seat": seat, "token": token}

    async def reassign(self, table_id: str, host: str, seat: int, spec: SeatSpec) -> dict[str, Any]:
        """Give ``seat`` to a new person (a new invite is returned) or a bot; its old tokens stop working."""
        table = await self.table(table_id)
        if digest(host) != table.row.host_hash:
            raise Refusal("bad_token", "only the table's host can reassign seats")
        if not 0 <= seat < table.row.players:
            raise Refusal("bad_table", f"seats are numbered 0 to {table.row.players - 1}")
        if spec.bot is not None:
            try:
                check_bot(spec.bot, table.row.game)
            except ValueError as exc:
                raise Refusal("bad_table", str(exc)) from None
        invite = None if spec.bot is not None else new_secret()
        async with self.locks[table_id]:
            gen = await self._write(
                self.store.reassign,
                table_id,
                seat,
                spec.name[:64],
                spec.bot,
                None if invite is None else digest(invite),
            )
            table.seats[seat] = SeatRow(seat=seat, name=spec.name[:64], bot=spec.bot, generation=gen)
            for watcher in [w for w in self.watchers[table_id] if w.viewer == seat]:
                self.watchers[table_id].discard(watcher)
                await watcher.close("this seat was given to someone else")
        await self._after_move(table)
        return {"table": table_id, "seat": seat, "invite": invite}

    async def seat_of(self, token: str) -> tuple[str, int]:
        found = await asyncio.to_thread(self.store.token_seat, digest(token))
        if found is None:
            raise Refusal("bad_token", "this seat token is not valid (the seat may have been given to someone else)")
        return found

    # -- watching --------------------------------------------------------------------------------------
    async def watch(self, table_id: str, watcher: Watcher) -> None:
        table = await self.table(table_id)
        if not table.may_watch(watcher.viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.locks[table_id]:
            self.watchers[table_id].add(watcher)
            await self._send_update(table, watcher)

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        self.watchers[table_id].discard(watcher)

    async def message(self, table_id: str, viewer: Viewer, since: int = 0) -> dict[str, Any]:
        """The position and the log since ``since`` as ``viewer`` sees them (for HTTP readers)."""
        table = await self.table(table_id)
        if not table.may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.locks[table_id]:
            return {**table.seat_message(viewer), "log": table.log_lines(viewer, since)}

    async def _send_update(self, table: Table, watcher: Watcher) -> None:
        msg = {**table.seat_message(watcher.viewer), "log": table.log_lines(watcher.viewer, watcher.seen)}
        watcher.seen = table.version
        try:
            await watcher.send(msg)
        except Exception:  # a connection that went away is dropped; it resumes from its version
            self.watchers[table.row.id].discard(watcher)

    async def _fan_out(self, table: Table) -> None:
        for watcher in list(self.watchers[table.row.id]):
            await self._send_update(table, watcher)

    # -- acting ----------------------------------------------------------------------------------------
    async def act(self, table_id: str, seat: int, data: Any, msg_id: str | None) -> dict[str, Any]:
        """Play ``data`` for ``seat`` (taken from its token, never from the message). The reply is sent
        only once the move is durable; a refusal changes nothing."""
        if msg_id is not None and (not isinstance(msg_id, str) or not 0 < len(msg_id) <= 64):
            raise Refusal("invalid", "a message id must be a string of 1 to 64 characters")
        table = await self.table(table_id)
        async with self.locks[table_id]:
            if msg_id is not None:
                done = table.acked.get((seat, msg_id))
                if done is not None:
                    return {"type": "ack", "id": msg_id, "version": done, "repeat": True}
                queued = table.queued.get(seat)
                if queued is not None and queued[1] == msg_id:
                    return {"type": "ack", "id": msg_id, "version": table.version, "queued": True, "repeat": True}
            action = table.parse(data)
            how = table.check(seat, action)
            if how == "early":
                await self._write(self.store.queue, table_id, QueuedRow(seat, action.to_json(), msg_id))
                table.queued[seat] = (action, msg_id)
                self.crash.reached("after_commit")
                reply = {"type": "ack", "id": msg_id, "version": table.version, "queued": True}
            else:
                await self._commit(table, seat, action, msg_id)
                reply = {"type": "ack", "id": msg_id, "version": table.version}
        asyncio.get_running_loop().create_task(self._after_move(table))
        return reply

    async def _commit(self, table: Table, seat: int, action: Any, msg_id: str | None) -> None:
        """Apply (off the event loop: the tower's physics may run), then store; undo by reloading if the
        store fails, so memory never runs ahead of the database."""
        dequeue = seat in table.queued
        event = await asyncio.to_thread(table.apply, seat, action, msg_id)
        self.crash.reached("after_apply")
        try:
            await self._write(self.store.append, table.row.id, event, over=table.over, dequeue=dequeue)
        except Exception as exc:
            del self.tables[table.row.id]
            await self._load(table.row.id)
            if isinstance(exc, DuplicateEvent):
                raise Refusal("conflict", "the table moved on meanwhile; your view is being refreshed") from None
            raise Refusal("unavailable", "the move could not be saved, so it was not played; try again") from None
        self.crash.reached("after_commit")

    async def _after_move(self, table: Table) -> None:
        await self._continue(table)
        async with self.locks[table.row.id]:
            await self._fan_out(table)

    async def _continue(self, table: Table) -> None:
        """Play what is due without a person: queued choices whose turn has come, then a bot's turn."""
        table_id = table.row.id
        while True:
            async with self.locks[table_id]:
                if self.tables.get(table_id) is not table:
                    return
                due = table.next_queued()
                if due is None:
                    break
                seat, action, msg_id = due
                try:
                    table.check(seat, action)
                except Refusal:
                    del table.queued[seat]  # cannot happen with the rules as they are; never loop on it
                    continue
                await self._commit(table, seat, action, msg_id)
        seat_to_play = table.state.current_player
        if seat_to_play is None or table.seats[seat_to_play].bot is None:
            return
        running = self.bot_tasks.get(table_id)
        if running is None or running.done():
            self.bot_tasks[table_id] = asyncio.get_running_loop().create_task(self._bot_turn(table))

    async def _bot_turn(self, table: Table) -> None:
        while not table.over:
            seat = table.state.current_player
            if seat is None or table.seats[seat].bot is None or self.tables.get(table.row.id) is not table:
                return
            spec = table.seats[seat].bot
            assert spec is not None
            async with self.locks[table.row.id]:
                version, record = table.version, table.state.record()
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(
                self.pool, bot_move, table.row.game, record, seat, spec, table.row.seed ^ version
            )
            try:
                await self.act(table.row.id, seat, move, f"bot-{version}")
            except Refusal:
                if table.version == version:  # the bot's own move was refused: never spin on it
                    return
            await asyncio.sleep(0)
