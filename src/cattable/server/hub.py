"""The tables of one server process: one actor per table (actor.py) owns the table, its watchers, its lock,
its bot and its clock; the hub keeps them by id with what the whole process shares: the store and its writer
thread, the leases (taken, renewed, handed over, released on a drain), the bots' worker processes, the
metrics, the sweep that lets idle tables go, and the opening of tables and handing out of seats.

Its clock and randomness are injected (sources.py): a test builds a hub in-process, over a real store, with
a clock it moves by hand and a seeded source (tests/server/inprocess.py).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import weakref
from collections.abc import Coroutine
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from . import logs
from . import protocol as wire
from .actor import WAITING, TableActor, Watcher
from .bots import check_bot, worker_started
from .metrics import Metrics
from .opening import SeatSpec, cattable_version, check_opening, guided_seed, table_rows
from .sources import Clock, Randomness, SecretRandomness, SystemClock
from .store import Store, TableRow
from .table import Diverged, Refusal, Table, Viewer
from .tokens import digest
from .webhook_guard import WebhookRefused, check_webhook
from .webhooks import WebhookSender
from .writer import Writer

__all__ = ["WAITING", "Hub", "SeatSpec", "TableActor", "Watcher", "bot_pool", "cattable_version", "guided_seed"]

log = logging.getLogger("cattable.server.hub")


def bot_pool(workers: int) -> ProcessPoolExecutor:
    """The processes that compute the bots' moves (``bots.bot_move``): spawned fresh, each dying with the
    server. A function of its own so that benchmarks/bench_tower_bot_move.py times a bot's move in the very
    pool the server uses."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_started,
        initargs=(os.getpid(),),
    )


HANDOVER_POLL = 0.25
"""Seconds between a waiting process's tries at a lease another process holds (see ``_take_over``)."""

IDLE_SECONDS = 60.0
"""Seconds a table stays in memory with nobody watching it, no bot thinking and no clock running before the
hub lets it go (and its lease): the next visit rebuilds it from the store, as after a restart. Without it
every table a process ever served stays in its memory (10 MiB a minute under benchmarks/bench_soak.py)."""


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


class TableLocks:
    """One ``asyncio.Lock`` per table id, kept only while someone holds it or waits for it, or its table's
    actor is served (a weak value): a table let go leaves no lock behind, a lock being waited for is never
    replaced by a second one, and an actor that replaces another on a reload shares its lock."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)


class Hub:
    """Every table this process serves (those whose lease it holds), one actor each."""

    def __init__(
        self,
        store: Store,
        *,
        bot_workers: int = 1,
        crash: str | None = None,
        lease_seconds: float = 15.0,
        owner: str | None = None,
        webhooks: WebhookSender | None = None,
        idle_seconds: float = IDLE_SECONDS,
        clock: Clock | None = None,
        randomness: Randomness | None = None,
    ) -> None:
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.random: Randomness = randomness or SecretRandomness()
        self.idle_seconds = idle_seconds
        self.webhooks = webhooks or WebhookSender()
        self.webhooks.report = self._webhook_outcome
        self.owner = (owner or self.random.owner())[:32]
        """Who holds this process's leases: a server restarted under the same name takes its tables back
        at once; another name waits for the leases to expire."""
        self.lease_seconds = lease_seconds
        self.writer = Writer(store, self.owner, lease_seconds)
        self._bot_workers = bot_workers
        self._pool: Executor | None = None
        self.actors: dict[str, TableActor] = {}
        self.broken: dict[str, str] = {}
        """Why each table that cannot be served here cannot (its events no longer replay)."""
        self.locks = TableLocks()
        self.crash = CrashPoints(crash)
        self._renewer: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self.draining = False
        """Set by ``drain`` (SIGTERM): no table is taken or served any more."""
        self.metrics = Metrics()
        self.metrics.read_from(
            live_tables=lambda: sum(1 for a in self.actors.values() if not a.table.over),
            leases=lambda: len(self.actors),
            bots_running=lambda: sum(1 for a in self.actors.values() if a.thinking()),
        )

    # -- life ----------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Serve every running table whose lease is free, rebuilt from its events (checked against the
        stored hashes), with clocks re-armed and bots resumed."""
        for table_id in await asyncio.to_thread(self.store.table_ids, "running"):
            if await self.writer.call(partial(self.store.take_lease, table_id, self.owner, self.lease_seconds)):
                await self.load(table_id)
        for actor in list(self.actors.values()):
            await actor.play_due()
        self._renewer = asyncio.get_running_loop().create_task(self._renew_leases())
        self.spawn(self._sweep_idle())

    async def drain(self, timeout: float = 10.0) -> None:
        """Stop for a restart: take no new table, let every move being committed finish, then release every
        lease, so that another process (or this one restarted) serves the tables at once. Connections are
        closed afterwards by the web door (close code 1012); their clients reconnect and resume."""
        self.draining = True
        self.metrics.draining.set(1)
        for actor in self.actors.values():
            actor.halt()
        if self._renewer is not None:
            self._renewer.cancel()
        for task in self._background:
            task.cancel()
        held: list[asyncio.Lock] = []
        try:
            async with asyncio.timeout(timeout):
                for table_id in sorted(self.actors):  # one order, so two drains could never deadlock
                    lock = self.actors[table_id].lock
                    await lock.acquire()
                    held.append(lock)
        except TimeoutError:
            log.warning(
                "drain: %d tables still busy after %.0f s; releasing the leases all the same",
                len(self.actors) - len(held),
                timeout,
            )
        try:
            served = len(self.actors)
            self.actors.clear()
            await self.writer.call(lambda: self.store.release_leases(self.owner))
            log.info("drained: released the leases of %d tables", served)
        finally:
            for lock in held:
                lock.release()

    async def close(self) -> None:
        for actor in self.actors.values():
            actor.halt()
        for task in self._background:
            task.cancel()
        if self._renewer is not None:
            self._renewer.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        await self.webhooks.close()
        await self.writer.call(lambda: self.store.release_leases(self.owner))
        self.writer.close()

    @property
    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = bot_pool(self._bot_workers)
        return self._pool

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` in the background, cancelled when the hub stops."""
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _renew_leases(self) -> None:
        """Keep this process's leases: the writer thread renews them (``Writer.keep_leases``), so a busy
        event loop cannot delay them past the lease; here, drop the tables whose lease was lost (another
        process took over) and hand over those another process asked for."""
        renewed = self.writer.keep_leases(lambda: list(self.actors), self.lease_seconds / 3)
        while True:
            ids, held = await renewed.get()
            for table_id in set(ids) - held:
                await self.drop(table_id, "another server process serves this table now; reconnect")
            for table_id in await self.writer.call(partial(self.store.wanted_from, self.owner)):
                await self._hand_over(table_id)

    async def _sweep_idle(self) -> None:
        while True:
            await self.clock.sleep(max(1.0, self.idle_seconds / 4))
            await self.let_go_idle()

    async def let_go_idle(self, now: float | None = None) -> list[str]:
        """Let go of every idle table (``TableActor.idle``): out of memory, its lease released. Its events are
        all stored, so the next request for it rebuilds it (``actor``) as a restart would. The ids let go."""
        now = self.clock.monotonic() if now is None else now
        gone: list[str] = []
        for table_id, actor in list(self.actors.items()):
            if actor.lock.locked() or not actor.idle(now):
                continue
            async with actor.lock:
                if not actor.serving or not actor.idle(now):
                    continue
                del self.actors[table_id]
                await self.writer.call(partial(self.store.release_lease, table_id, self.owner))
            gone.append(table_id)
        if gone:
            self.metrics.idle_let_go.inc(len(gone))
        return gone

    async def _hand_over(self, table_id: str) -> None:
        """Another process was sent this table (the balancer's choice changed): give it up between two
        moves, so nothing in flight is refused, and let the clients reconnect through the balancer."""
        async with self.locks[table_id]:
            await self.drop(table_id, "this table moved to another server process; reconnect")
            await self.writer.call(partial(self.store.release_lease, table_id, self.owner))
            self.metrics.handovers.inc()

    async def _take_over(self, table_id: str) -> bool:
        """Take the table's lease. If another process holds it, ask for it (again at every try, as a holder
        restarting under its name clears the ask) and wait: a live holder hands it over at its next renewal
        (a third of the lease time), a dead one's lease runs out (the lease time). It waits two lease times:
        while the balancer is still noticing a dead process it may send a table's seats to two others, and
        the table then passes between them once before it settles. Only a holder that neither hands over
        nor dies leaves the caller to refuse with ``elsewhere``."""
        take = partial(self.store.take_lease, table_id, self.owner, self.lease_seconds, want=True)
        if await self.writer.call(take):
            return True
        started = self.clock.monotonic()
        while self.clock.monotonic() - started < 2 * self.lease_seconds + 1:
            await self.clock.sleep(HANDOVER_POLL)
            if await self.writer.call(take):
                self.metrics.takeover_seconds.observe(self.clock.monotonic() - started)
                return True
        return False

    # -- serving tables ------------------------------------------------------------------------------
    async def drop(self, table_id: str, reason: str) -> None:
        """Stop serving the table here (its lease lost or handed over, or it is to be reloaded): its bot and
        clock stop, its connections are closed for their clients to reconnect."""
        actor = self.actors.pop(table_id, None)
        if actor is not None:
            await actor.close(reason)

    async def _rebuilt(self, table_id: str) -> tuple[TableRow, Table | Diverged] | None:
        """The table rebuilt from its stored rows beside its row (the ``Diverged`` if its events no longer
        replay), or None if there is no such table. Takes no lease and serves nothing."""
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            return None
        seats, events, queued = await asyncio.gather(
            asyncio.to_thread(self.store.seats, table_id),
            asyncio.to_thread(self.store.events, table_id),
            asyncio.to_thread(self.store.queued, table_id),
        )
        try:
            return row, await asyncio.to_thread(Table.rebuild, row, seats, events, queued)
        except Diverged as exc:
            return row, exc

    async def load(self, table_id: str) -> TableActor | None:
        """Serve the table (its lease already held) from its stored events, its clock armed; None if it
        cannot be (``broken`` says why) or there is no such table."""
        found = await self._rebuilt(table_id)
        if found is None:
            return None
        row, table = found
        if isinstance(table, Diverged):
            self.broken[table_id] = (
                f"this table was started under cattable {row.version_started} and cannot continue under "
                f"{cattable_version()}: {table}. Its events are kept unchanged."
                if row.version_started != cattable_version()
                else f"this table cannot continue: {table}. Its events are kept unchanged."
            )
            return None
        return self._serve(table)

    def _serve(self, table: Table) -> TableActor:
        table.wall = self.clock.time
        actor = self.actors[table.row.id] = TableActor(self, table, self.locks[table.row.id])
        actor.arm()
        return actor

    async def reload(self, old: TableActor) -> TableActor | None:
        """Rebuild ``old``'s table from the store (an event was taken back), under its lock: a new actor
        sharing the old one's set of watchers (a watcher the old one is adding meanwhile is the new one's
        too); the old one's bot and clock stop."""
        self.actors.pop(old.id, None)
        old.halt()
        fresh = await self.load(old.id)
        if fresh is not None:
            fresh.watchers = old.watchers
        return fresh

    async def actor(self, table_id: str) -> TableActor:
        """The table's actor, loading the table from the store (taking its lease) if this process has not
        served it yet; what is due without a person is played first."""
        if self.draining:
            raise Refusal("unavailable", "this server is restarting: reconnect in a moment")
        if table_id in self.broken:
            raise Refusal("broken", self.broken[table_id])
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.touch()
            return actor
        async with self.locks[table_id]:
            actor = self.actors.get(table_id)
            if actor is None:
                exists = await asyncio.to_thread(self.store.table, table_id)
                if exists is None:
                    raise Refusal("no_table", "there is no such table")
                if not await self._take_over(table_id):
                    raise Refusal("elsewhere", "another server process serves this table; try again shortly")
                actor = await self.load(table_id)
            if actor is None:
                raise Refusal("broken", self.broken.get(table_id, "this table cannot be loaded"))
        await actor.play_due()
        return actor

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the store (taking its lease) if this process has not served it yet."""
        return (await self.actor(table_id)).table

    async def peek(self, table_id: str) -> Table | None:
        """The table as stored, for a glance (the lobby's list) from any process: the one served here, or
        rebuilt from the store without taking its lease (so a glance never moves a table)."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor.table
        found = await self._rebuilt(table_id)
        return found[1] if found is not None and isinstance(found[1], Table) else None

    async def glance(self, table_id: str, seat: int) -> wire.MyTable | None:
        """What the lobby lists for a seat (``/api/my-tables``). A finished table not in memory is told from
        its stored row and events, without replaying it: a player's old tables (a tower game's physics
        among them) cost the lobby a query each, not a game's replay."""
        if table_id not in self.actors:
            row = await asyncio.to_thread(self.store.table, table_id)
            if row is None:
                return None
            if row.status == "over":
                version = await asyncio.to_thread(self.store.event_count, table_id)
                return {
                    "table": table_id,
                    "game": row.game,
                    "seat": seat,
                    "version": version,
                    "over": True,
                    "your_move": False,
                }
        table = await self.peek(table_id)
        if table is None:
            return None
        return {
            "table": table_id,
            "game": table.row.game,
            "seat": seat,
            "version": table.version,
            "over": table.over,
            "your_move": bool(table.choices(seat)),
        }

    # -- opening tables and taking seats -------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        spectators: str,
        clock: Any = None,
        on_timeout: Any = "wait",
        *,
        open: bool = False,
        fill_after: Any = None,
        host_hash: str | None = None,
        guided: bool = False,
    ) -> dict[str, Any]:
        """Open a table; the host's token and one invite code per person's seat are returned once. An
        ``open`` table lists its free seats for strangers, and gives those still free after ``fill_after``
        seconds to bots (social.py); ``host_hash`` keeps a host's token for a table played again. A ``guided``
        table is dealt from its game's fixed seed (``guided_seed``)."""
        if self.draining:
            raise Refusal("unavailable", "this server is restarting: try again in a moment")
        opening = check_opening(
            game_name,
            players,
            options,
            seats,
            spectators,
            clock,
            on_timeout,
            open=open,
            fill_after=fill_after,
            guided=guided,
        )
        host = self.random.secret()
        seed = guided_seed(game_name) if guided else self.random.seed()
        state = await asyncio.to_thread(opening.game.new, players, seed, **opening.options)
        row, seat_rows = table_rows(
            opening,
            state,
            table_id=self.random.table_id(),
            seed=seed,
            host_hash=host_hash or digest(host),
            now=self.clock.time(),
        )
        invites = {i: self.random.secret() for i, s in enumerate(seats) if s.bot is None}
        hashes = {i: digest(c) for i, c in invites.items()}

        def write() -> None:
            self.store.create_table(row, seat_rows, hashes)
            self.store.take_lease(row.id, self.owner, self.lease_seconds)

        await self.writer.call(write)
        actor = self._serve(Table(row=row, seats=seat_rows, state=state))
        await actor.play_due()
        actor.notify(set())
        logs.table_id.set(row.id)
        log.info("table opened: %s for %d", game_name, players)
        return {"table": row.id, "host": host, "invites": {str(i): c for i, c in invites.items()}}

    async def join(self, invite: str) -> wire.Joined:
        """Exchange an invite code for a seat token (each device that opens the link gets its own)."""
        token = self.random.secret()
        found = await self.writer.call(lambda: self.store.exchange_invite(digest(invite), digest(token)))
        if found is None:
            raise Refusal("bad_invite", "this invite link is not valid (the seat may have been given to someone else)")
        table_id, seat = found
        return {"table": table_id, "seat": seat, "token": token}

    async def reassign(self, table_id: str, host: str, seat: int, spec: SeatSpec) -> dict[str, Any]:
        """Give ``seat`` to a new person (a new invite is returned) or a bot; its old tokens stop working."""
        actor = await self.actor(table_id)
        row = actor.table.row
        if digest(host) != row.host_hash:
            raise Refusal("bad_token", "only the table's host can reassign seats")
        if not 0 <= seat < row.players:
            raise Refusal("bad_table", f"seats are numbered 0 to {row.players - 1}")
        if spec.bot is not None:
            try:
                check_bot(spec.bot, row.game)
            except ValueError as exc:
                raise Refusal("bad_table", str(exc)) from None
        invite = None if spec.bot is not None else self.random.secret()
        invite_hash = None if invite is None else digest(invite)
        name = spec.name[:64]
        async with actor.lock:
            gen = await self.writer.call(lambda: self.store.reassign(table_id, seat, name, spec.bot, invite_hash))
            await actor.seat_changed(seat, name=name, bot=spec.bot, generation=gen)
        await actor.refresh()
        return {"table": table_id, "seat": seat, "invite": invite}

    async def seat_of(self, token: str) -> tuple[str, int]:
        found = await asyncio.to_thread(self.store.token_seat, digest(token))
        if found is None:
            raise Refusal("bad_token", "this seat token is not valid (the seat may have been given to someone else)")
        return found

    async def set_webhook(self, table_id: str, seat: int, url: Any) -> None:
        """Where to send this seat's "your turn" signal (None: nowhere); told at once if it is the seat's
        move already. The address is checked now (``webhook_guard``) and again before every call."""
        hooks = self.webhooks
        try:
            checked = await asyncio.to_thread(check_webhook, url, hooks.policy, hooks.resolver)
        except WebhookRefused as exc:
            raise Refusal("invalid", str(exc)) from None
        await (await self.actor(table_id)).set_webhook(seat, checked)

    async def _webhook_outcome(self, table_id: str, seat: int, url: str, error: str | None) -> None:
        actor = self.actors.get(table_id)
        if actor is not None:
            await actor.webhook_outcome(seat, url, error)

    # -- what the door asks of a table (each handled by its actor) -------------------------------------------
    async def act(self, table_id: str, seat: int, data: Any, msg_id: Any, *, by_bot: bool = False) -> wire.AckMessage:
        """Play ``data`` for ``seat`` (taken from its token, never from the message): ``TableActor.act``.

        Every move needs its message id: it is what makes a resend after a lost connection safe (applied
        at most once), so a move without one is refused rather than played unprotected."""
        if not isinstance(msg_id, str) or not 0 < len(msg_id) <= 64:
            raise Refusal("invalid", "a move needs an 'id', a string of 1 to 64 characters (a resend reuses it)")
        return await (await self.actor(table_id)).act(seat, data, msg_id, by_bot=by_bot)

    async def reclaim(self, table_id: str, seat: int) -> None:
        await (await self.actor(table_id)).reclaim(seat)

    async def undo(self, table_id: str, seat: int, msg_id: str | None) -> wire.AckMessage:
        return await (await self.actor(table_id)).undo(seat, msg_id)

    async def replay_view(self, table_id: str, viewer: Viewer, at: int, as_seat: Viewer | str) -> dict[str, Any]:
        return await (await self.actor(table_id)).replay_view(viewer, at, as_seat)

    async def watch(self, table_id: str, watcher: Watcher) -> None:
        await (await self.actor(table_id)).watch(watcher)

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.unwatch(watcher)

    def viewers(self, table_id: str) -> list[Viewer]:
        """Who follows the table here now: each connection's seat (None for a spectator)."""
        actor = self.actors.get(table_id)
        return [] if actor is None else [w.viewer for w in actor.watchers]

    async def message(self, table_id: str, viewer: Viewer, since: int = 0) -> wire.StateMessage:
        return await (await self.actor(table_id)).message(viewer, since)
