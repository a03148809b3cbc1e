"""One table served by this process, and all that lives only while it is served here: its watchers, its
lock, its bot's task, its clock's timer and when it was last used. The hub (hub.py) keeps one actor per
table and what the whole process shares (the store, the writer thread, the leases, the bots' workers).

The order of one move is the rule of the house: check by the rules, apply, store the event (the writer
thread, under the table's lease), then acknowledge the sender and send each watcher its view. A crash
before the commit loses only a move nobody was told about; after it, the restart replays the move.

A table reloaded from the store (a failed commit, an undo) gets a new actor sharing the same lock (and, on
an undo, the same set of watchers): work begun by the old one sees it is no longer ``serving`` and stops,
and a watcher it adds or closes meanwhile is the new one's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, cast

from cattable.core import IllegalAction
from cattable.core.i18n import N_

from . import clocks, encoding, logs
from . import protocol as wire
from .bots import bot_move
from .settle import apply_recording, rests_between
from .sources import Timer
from .store import Append, DuplicateEvent, LeaseLost, QueuedRow
from .table import Refusal, Table, Viewer
from .undo import undo_refusal

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("cattable.server.hub")

WAITING = N_("{name}'s time has run out: the table waits for their move")

SLOW_MOVE = 0.002
"""Seconds of CPU a move may take on the event loop; a table whose last move took longer plays the next in
a thread (the tower's physics), so the loop keeps answering every other table. CPU, not elapsed time: a
move played in a thread waits for the interpreter's lock, and timed by the clock on the wall a busy server
judged every Tokyo Washi move (0.3 ms of CPU) slow and paid a thread's hand-over on each."""


class Watcher(Protocol):
    """A connection that follows a table: a seat's client or a spectator's."""

    viewer: Viewer
    seen: int
    """The last version this watcher has been sent."""

    async def send(self, message: wire.ServerMessage, text: str | None = None) -> None:
        """Send ``message``; ``text``, when given, is its JSON already encoded (``encoding.frame``), shared
        by every watcher sent the same message."""

    async def close(self, reason: str, *, final: bool = True) -> None:
        """End the connection: ``final`` when its seat was given to someone else (the client stops); not
        final when the table moved to another process or is reloaded (the client reconnects)."""


class TableActor:
    """One table this process serves (holds the lease of), and the only one to change it."""

    def __init__(self, hub: Hub, table: Table, lock: asyncio.Lock) -> None:
        self.hub = hub
        self.table = table
        self.lock = lock
        """The table id's lock (``hub.TableLocks``): shared with the actor that replaces this one on a reload,
        and with a request that waits to load the table."""
        self.watchers: set[Watcher] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: Timer | None = None
        """The running clock's timer, until it fires or is called off."""
        self.touched = hub.clock.monotonic()
        """When (``Clock.monotonic``) the table was last asked for or left by its last watcher."""

    @property
    def id(self) -> str:
        return self.table.row.id

    @property
    def serving(self) -> bool:
        """Still the hub's actor of this table: not let go, dropped or replaced by a reload."""
        return self.hub.actors.get(self.id) is self

    def touch(self) -> None:
        self.touched = self.hub.clock.monotonic()

    def thinking(self) -> bool:
        return self.bot_task is not None and not self.bot_task.done()

    def idle(self, now: float) -> bool:
        """Nobody watches the table, no bot of it is thinking, no clock of it runs, and nobody asked for it
        for ``hub.idle_seconds``."""
        if self.watchers or self.thinking() or self.timer is not None:
            return False
        return now - self.touched >= self.hub.idle_seconds

    def halt(self) -> None:
        """Stop the bot and the clock (the server stops, or the table is dropped or reloaded)."""
        if self.bot_task is not None and self.bot_task is not asyncio.current_task():
            self.bot_task.cancel()
        self.bot_task = None
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    async def close(self, reason: str) -> None:
        """Stop, and close every connection (not final: the clients reconnect)."""
        self.halt()
        watchers = list(self.watchers)
        self.watchers.clear()
        for watcher in watchers:
            await watcher.close(reason, final=False)

    # -- acting ----------------------------------------------------------------------------------------
    async def act(self, seat: int, data: Any, msg_id: str, *, by_bot: bool = False) -> wire.AckMessage:
        """Play ``data`` for ``seat`` (``Hub.act`` has checked the message id). The reply is sent only once
        the move is durable; a refusal changes nothing. A person's move ends their autopilot."""
        table = self.table
        async with self.lock:
            if not self.serving:
                raise Refusal("elsewhere", "this table moved; reconnect")
            done = table.acked.get((seat, msg_id))
            if done is not None:
                return {"type": "ack", "id": msg_id, "version": done, "repeat": True}
            queued = table.queued.get(seat)
            if queued is not None and queued[1] == msg_id:
                return {"type": "ack", "id": msg_id, "version": table.version, "queued": True, "repeat": True}
            if by_bot and table.player_of(seat) is None:
                raise Refusal("reclaimed", "the person took the seat back")
            action = table.parse(data)
            how = table.check(seat, action)
            before = choosers(table)
            if not by_bot and table.seats[seat].autopilot:
                await self._take_back(seat)
            if how == "early":
                await self.hub.writer.call(
                    lambda: self.hub.store.queue(self.id, QueuedRow(seat, action.to_json(), msg_id))
                )
                table.queued[seat] = (action, msg_id)
                self.hub.crash.reached("after_commit")
                reply: wire.AckMessage = {"type": "ack", "id": msg_id, "version": table.version, "queued": True}
            else:
                await self._commit(seat, action, msg_id)
                reply = {"type": "ack", "id": msg_id, "version": table.version}
        self.hub.spawn(self._after_move(before))
        return reply

    async def reclaim(self, seat: int) -> None:
        """The person takes their seat back from the autopilot."""
        async with self.lock:
            if self.table.seats[seat].autopilot:
                await self._take_back(seat)
        await self._after_move(set())

    async def _take_back(self, seat: int) -> None:
        """End the autopilot of ``seat``, its clock given at least the grace period (clocks.after_reclaim)."""
        table, row = self.table, self.table.seats[seat]
        on_turn = table.state.current_player == seat
        now = self.hub.clock.time()
        bank, deadline = clocks.after_reclaim(table.row.clock, row.bank, row.deadline, on_turn=on_turn, now=now)

        def write() -> None:
            self.hub.store.set_seat_clock(self.id, seat, bank=bank, deadline=deadline)
            self.hub.store.set_autopilot(self.id, seat, False)

        await self.hub.writer.call(write)
        table.seats[seat] = replace(row, autopilot=False, bank=bank, deadline=deadline)
        self.arm()

    async def _set_autopilot(self, seat: int, on: bool) -> None:
        await self.hub.writer.call(lambda: self.hub.store.set_autopilot(self.id, seat, on))
        self.table.seats[seat] = replace(self.table.seats[seat], autopilot=on)
        self.arm()

    async def _commit(self, seat: int, action: Any, msg_id: str | None) -> None:
        """Apply (off the event loop: the tower's physics may run), then store; if the store fails, the
        table is rebuilt from the store, so memory never runs ahead of the database."""
        table, hub = self.table, self.hub
        dequeue = seat in table.queued
        before = table.state.current_player
        drawn, played = len(table.state.chance.log), len(table.state.history)
        try:
            if table.slow_moves:  # physics: off the event loop, which keeps answering everyone else
                event, table.settle, took = await asyncio.to_thread(_timed_apply, table, seat, action, msg_id)
            else:
                event, table.settle, took = _timed_apply(table, seat, action, msg_id)
        except IllegalAction as exc:
            # refused while being carried out (the tower refuses a piece aimed inside another only on its live
            # world): nothing is stored; if the attempt drew chance or played anything, memory is rebuilt
            if (len(table.state.chance.log), len(table.state.history)) != (drawn, played):
                await hub.drop(self.id, "the table is being reloaded")
                await hub.load(self.id)
            raise Refusal("illegal", str(exc)) from None
        table.slow_moves = took > SLOW_MOVE
        hub.crash.reached("after_apply")
        changes = self._clock_changes(before)
        job = Append(self.id, event, over=table.over, dequeue=dequeue, clocks=tuple(changes))
        handed = time.perf_counter()
        try:
            await hub.writer.append(job)
        except Exception as exc:
            await hub.drop(self.id, "the table is being reloaded")
            if isinstance(exc, LeaseLost):
                raise Refusal("elsewhere", "another server process serves this table now; reconnect") from None
            await hub.load(self.id)
            if isinstance(exc, DuplicateEvent):
                raise Refusal("conflict", "the table moved on meanwhile; your view is being refreshed") from None
            raise Refusal("unavailable", "the move could not be saved, so it was not played; try again") from None
        hub.metrics.commit_seconds.observe(time.perf_counter() - handed)
        hub.metrics.moves.labels(table.row.game).inc()
        log.debug("move stored: version %d by seat %d", table.version, seat)  # never the move: it may be secret
        for s, bank, deadline in changes:
            table.seats[s] = replace(table.seats[s], bank=bank, deadline=deadline)
        hub.crash.reached("after_commit")
        self.arm()

    def _clock_changes(self, mover: int | None) -> list[tuple[int, float | None, float | None]]:
        """The mover's clock stops (a live bank keeps the unused time plus the increment); the next seat's
        starts."""
        table = self.table
        clock = table.row.clock
        if clock is None:
            return []
        now = self.hub.clock.time()
        out: list[tuple[int, float | None, float | None]] = []
        if mover is not None:
            row = table.seats[mover]
            out.append((mover, clocks.bank_after_move(clock, row.bank, row.deadline, now), None))
        nxt = table.state.current_player
        if nxt is not None:
            bank = out[0][1] if out and out[0][0] == nxt else table.seats[nxt].bank
            out = [c for c in out if c[0] != nxt]
            out.append((nxt, bank, clocks.deadline_for(clock, bank, now)))
        return out

    async def _after_move(self, before: set[int]) -> None:
        await self.play_due()
        async with self.lock:
            await self._fan_out(self.table)
        self.notify(before)

    async def play_due(self) -> None:
        """Play what is due without a person: queued choices whose turn has come, then a bot's turn."""
        table = self.table
        while True:
            async with self.lock:
                if not self.serving:
                    return
                due = table.next_queued()
                if due is None:
                    break
                seat, action, msg_id = due
                entry = table.queued.pop(seat)
                try:
                    table.check(seat, action)
                except Refusal:  # cannot happen with the rules as they are; never loop on it
                    continue
                table.queued[seat] = entry  # the commit takes it off the store's queue with the move
                await self._commit(seat, action, msg_id)
        seat_to_play = table.state.current_player
        if seat_to_play is None or table.player_of(seat_to_play) is None:
            return
        if not self.thinking():
            self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn())

    async def _bot_turn(self) -> None:
        table = self.table
        logs.table_id.set(self.id)
        while not table.over and self.serving:
            seat = table.state.current_player
            spec = None if seat is None else table.player_of(seat)
            if seat is None or spec is None:
                return
            async with self.lock:
                version, record = table.version, table.state.record()
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(
                self.hub.pool, bot_move, table.row.game, record, seat, spec, table.row.seed ^ version
            )
            try:
                await self.hub.act(self.id, seat, move, f"bot-{version}", by_bot=True)
            except Refusal:
                if table.version == version:  # the bot's own move was refused: never spin on it
                    return
            await asyncio.sleep(0)

    # -- clocks and signals --------------------------------------------------------------------------------
    def arm(self) -> None:
        """Set the timer of the seat to play (a person's, not on autopilot) at its stored deadline."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        table = self.table
        seat = table.state.current_player
        if seat is None or table.player_of(seat) is not None:
            return
        deadline = table.seats[seat].deadline
        if deadline is None:
            return
        version = table.version

        def ring() -> None:
            self.timer = None
            self.hub.spawn(self._time_out(seat, version))

        self.timer = self.hub.clock.call_later(max(0.0, deadline - self.hub.clock.time()), ring)

    async def _time_out(self, seat: int, version: int) -> None:
        """A clock ran out: the table's choice of an autopilot bot (until the person reclaims) or waiting,
        when every watcher is told whose time ran out (the ``overdue`` seat and a ``notice``)."""
        table = self.table
        async with self.lock:
            if not self.serving or table.version != version or table.over:
                return
            if table.row.on_timeout == "wait":
                notice: wire.NoticeMessage = {
                    "type": "notice",
                    "table": self.id,
                    "seat": seat,
                    "msg": {"msgid": WAITING, "args": {"name": table.seats[seat].name}},
                }
                await self.broadcast(notice)
                await self._fan_out(table)
                return
            if table.seats[seat].autopilot:
                return
            await self._set_autopilot(seat, True)
        await self._after_move(set())

    def notify(self, before: set[int], only: int | None = None) -> None:
        """Post "your turn" to the webhooks of the seats that now have a move to make and had none."""
        table = self.table
        for seat in choosers(table) - before:
            row = table.seats[seat]
            if row.webhook and table.player_of(seat) is None and only in (None, seat):
                body = {"table": self.id, "game": table.row.game, "seat": seat, "version": table.version}
                self.hub.webhooks.signal(self.id, seat, row.webhook, {**body, "your_move": True})

    # -- seats ---------------------------------------------------------------------------------------------
    async def seat_changed(self, seat: int, **change: Any) -> None:
        """A seat's row changed in the store (under the table's lock): memory follows, and when its
        generation rose, the seat's connections are closed (their tokens stopped)."""
        self.table.seats[seat] = replace(self.table.seats[seat], **change, autopilot=False)
        if "generation" in change:
            for watcher in [w for w in self.watchers if w.viewer == seat]:
                self.watchers.discard(watcher)
                await watcher.close("this seat was given to someone else")

    async def refresh(self) -> None:
        """Play what is now due (a seat given to a bot) and send every watcher the table as it is."""
        await self._after_move(set())

    async def set_webhook(self, seat: int, url: str | None) -> None:
        """Keep the seat's checked webhook address (``Hub.set_webhook``); told at once if it is its move."""
        async with self.lock:
            await self.hub.writer.call(lambda: self.hub.store.set_webhook(self.id, seat, url))
            self.table.seats[seat] = replace(self.table.seats[seat], webhook=url, webhook_error=None)
        if seat in choosers(self.table):
            self.notify(set(), only=seat)

    async def webhook_outcome(self, seat: int, url: str, error: str | None) -> None:
        """Keep how the seat's last signal went, where the seat sees it (its own state's ``webhook``)."""
        row = self.table.seats[seat]
        if row.webhook != url or row.webhook_error == error:
            return
        async with self.lock:
            await self.hub.writer.call(lambda: self.hub.store.set_webhook_error(self.id, seat, url, error))
            self.table.seats[seat] = replace(self.table.seats[seat], webhook_error=error)
            for watcher in [w for w in self.watchers if w.viewer == seat]:
                await self._send_update(self.table, watcher, settle=False)

    # -- watching --------------------------------------------------------------------------------------
    async def watch(self, watcher: Watcher) -> None:
        if not self.table.may_watch(watcher.viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.lock:
            self.watchers.add(watcher)
            await self._send_update(self.table, watcher)

    def unwatch(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)
        self.touch()  # idle from the last watcher's leaving

    async def broadcast(self, message: wire.ServerMessage) -> None:
        """Send every watcher the same message (a notice, a chat line)."""
        for watcher in list(self.watchers):
            try:
                await watcher.send(message)
            except Exception:  # a connection that went away is dropped; it resumes from its version
                self.watchers.discard(watcher)

    async def message(self, viewer: Viewer, since: int = 0) -> wire.StateMessage:
        """The position and the log since ``since`` as ``viewer`` sees them (for HTTP readers)."""
        table = self.table
        if not table.may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.lock:
            return {
                **table.seat_message(viewer),
                "log": table.log_lines(viewer, since),
                "reset": False,
                "now": self.hub.clock.time(),
            }

    async def _send_update(
        self, table: Table, watcher: Watcher, settle: bool = True, shared: _Shared | None = None, patch: bool = False
    ) -> None:
        """Send ``watcher`` the position as its seat sees it and the log since the version it saw; with
        ``patch`` (a fan-out, never a hello), its view as a delta when it saw this version or the one before
        (``Table.state_message``). Within one fan-out (``shared``), watchers of the same seat (or spectators)
        that saw the same version are sent the same message, built and encoded once."""
        since = watcher.seen
        reset = since > table.version  # a move was taken back: the client redraws from the start
        if settle:
            await self._send_settle(table, watcher)
        shared = _Shared(self.hub.clock.time()) if shared is None else shared
        key = (watcher.viewer, 0 if reset else since, reset, patch)
        built = shared.built.get(key)
        if built is None:
            msg = table.state_message(watcher.viewer, since, shared.now, patch=patch)
            built = shared.built[key] = (msg, encoding.frame(msg))
        watcher.seen = table.version
        try:
            await watcher.send(*built)
            self.hub.metrics.state_frames.labels("delta" if "delta" in built[0] else "full").inc()
        except Exception:  # a connection that went away is dropped; it resumes from its version
            self.watchers.discard(watcher)

    async def _send_settle(self, table: Table, watcher: Watcher) -> None:
        """The last move's settle (settle.py), to a watcher who saw the version before it, ahead of the state."""
        settle = table.settle
        if settle is None or settle["version"] != table.version or not 0 < watcher.seen < table.version:
            return
        try:
            await watcher.send(cast(wire.SettleMessage, settle))  # settle.py builds it, by wire.SettleMessage
        except Exception:
            self.watchers.discard(watcher)

    async def _fan_out(self, table: Table) -> None:
        watchers = list(self.watchers)
        for watcher in watchers:  # every settle first: it plays while the states are being built
            await self._send_settle(table, watcher)
        shared = _Shared(self.hub.clock.time())
        for watcher in watchers:
            await self._send_update(table, watcher, settle=False, shared=shared, patch=True)

    # -- undo and replays --------------------------------------------------------------------------------
    async def undo(self, seat: int, msg_id: str | None) -> wire.AckMessage:
        """Take back ``seat``'s own last move if the fair rules allow it (``undo.py``)."""
        table, hub = self.table, self.hub
        async with self.lock:
            if not table.movers:
                raise Refusal("no_undo", "there is no move to take back")
            record = table.state.record()
            events = await asyncio.to_thread(hub.store.events, self.id)
            last = events[-1]
            game = table.game
            before = await asyncio.to_thread(game.replay, record, table.version - 1)
            why = await asyncio.to_thread(
                undo_refusal,
                before,
                table.state.history[-1],
                table.state,
                seat=seat,
                mover=table.movers[-1],
                drew=bool(last.chance),
                queued=set(table.queued),
            )
            if why is not None:
                raise Refusal("no_undo", why)
            await hub.writer.call(lambda: hub.store.delete_last_event(self.id, last.seq, hub.owner, hub.lease_seconds))
            fresh = await hub.reload(self)
            if fresh is None:
                raise Refusal("broken", hub.broken.get(self.id, "the table could not be reloaded"))
            # every watcher is told of the undo (a full view, reset) before anything moves on, so none is
            # left holding a version the taken-back line made, which a later delta would be based on
            await fresh._fan_out(fresh.table)
        await fresh._after_move(set())
        return {"type": "ack", "id": msg_id, "version": fresh.table.version, "undone": True}

    async def replay_view(self, viewer: Viewer, at: int, as_seat: Viewer | str) -> dict[str, Any]:
        """A past position: ``viewer``'s own view while playing; any seat's (or the spectator's) once over."""
        table = self.table
        if not 0 <= at <= table.version:
            raise Refusal("invalid", f"'at' must be a version from 0 to {table.version}")
        target: Viewer = viewer
        if as_seat != "me":
            if not table.over:
                raise Refusal("not_over", "other seats' points of view are revealed when the game ends")
            target = as_seat if isinstance(as_seat, int) else None
        elif viewer is None and not table.may_watch(None):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.lock:
            record = table.state.record()
            drawn = table.drawn_by(at) if at > 0 else (0, 0)
        past = await asyncio.to_thread(table.game.replay, record, at)
        rests = rests_between(table.row.game, record, *drawn)
        # the move whose rests these are (a placement everyone saw): where its piece was let go
        move = record["actions"][at - 1] if rests and at > 0 else None
        return {"version": at, "seat": target, "view": past.view(target), "rests": rests, "move": move}


@dataclass
class _Shared:
    """The messages of one fan-out, by (viewer, version the log starts after, reset, patch), with their JSON: N
    spectators cost one message and one encoding. Kept for one fan-out only, so it never outlives a change."""

    now: float
    built: dict[tuple[Viewer, int, bool, bool], tuple[wire.StateMessage, str]] = field(default_factory=dict)


def _timed_apply(table: Table, seat: int, action: Any, msg_id: str | None) -> tuple[Any, dict[str, Any] | None, float]:
    """``apply_recording`` and the CPU seconds it took in the thread that ran it."""
    started = time.thread_time()
    event, settle = apply_recording(table, seat, action, msg_id)
    return event, settle, time.thread_time() - started


def choosers(table: Table) -> set[int]:
    """The seats that have a move to make now."""
    return {s for s in range(table.row.players) if table.choices(s)}
