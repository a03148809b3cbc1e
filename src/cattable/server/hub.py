"""The tables of one server process: each behind its own lock, events made durable before anything is
acknowledged or shown, bots computed in worker processes, and every watcher sent its own view.

The order of one move is the rule of the house: check by the rules, apply, store the event (the writer
thread, under the table's lease), then acknowledge the sender and send each watcher its view. A crash
before the commit loses only a move nobody was told about; after it, the restart replays the move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import secrets
import signal
import time
import uuid
import weakref
import zlib
from collections import defaultdict
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Protocol, cast

from cattable.core import IllegalAction, OptionError
from cattable.core import game as get_game
from cattable.core.i18n import N_

from . import clocks, encoding, logs
from . import protocol as wire
from .bots import bot_move, check_bot, worker_started
from .metrics import Metrics
from .settle import apply_recording, rests_between
from .store import Append, DuplicateEvent, LeaseLost, QueuedRow, SeatRow, Store, TableRow
from .table import SPECTATORS, Diverged, Refusal, Table, Viewer, state_hash
from .tokens import digest, new_secret
from .undo import undo_refusal
from .webhook_guard import WebhookRefused, check_webhook
from .webhooks import WebhookSender
from .writer import Writer

log = logging.getLogger("cattable.server.hub")


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

    async def send(self, message: wire.ServerMessage, text: str | None = None) -> None:
        """Send ``message``; ``text``, when given, is its JSON already encoded (``encoding.frame``), shared
        by every watcher sent the same message."""

    async def close(self, reason: str, *, final: bool = True) -> None:
        """End the connection: ``final`` when its seat was given to someone else (the client stops); not
        final when the table moved to another process or is reloaded (the client reconnects)."""


@dataclass(frozen=True)
class SeatSpec:
    name: str
    bot: str | None = None


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


def guided_seed(game_name: str) -> int:
    """The fixed deal of a guided table (``guided: true``, the browser's "Learn by playing"): the CRC-32 of
    ``"guided <game>"``, so every guided game of a game starts from the same position and the server names
    no game. Only a table of one person against bots, not open to strangers, may be guided: its deal is
    public knowledge, so a person could otherwise know another's hidden cards. Any other table's seed is
    secret and random, and no creator ever chooses it."""
    return zlib.crc32(f"guided {game_name}".encode())


WAITING = N_("{name}'s time has run out: the table waits for their move")

HANDOVER_POLL = 0.25
"""Seconds between a waiting process's tries at a lease another process holds (see ``_take_over``)."""

IDLE_SECONDS = 60.0
"""Seconds a table stays in memory with nobody watching it, no bot thinking and no clock running before the
hub lets it go (and its lease): the next visit rebuilds it from the store, as after a restart. Without it
every table a process ever served stays in its memory (10 MiB a minute under benchmarks/bench_soak.py)."""

SLOW_MOVE = 0.002
"""Seconds of CPU a move may take on the event loop; a table whose last move took longer plays the next in
a thread (the tower's physics), so the loop keeps answering every other table. CPU, not elapsed time: a
move played in a thread waits for the interpreter's lock, and timed by the clock on the wall a busy server
judged every Tokyo Washi move (0.3 ms of CPU) slow and paid a thread's hand-over on each."""


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
    """One ``asyncio.Lock`` per table id, kept only while someone holds it or waits for it (a weak value): a
    table let go leaves no lock behind, and a lock being waited for is never replaced by a second one."""

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
    """Every table this process serves (those whose lease it holds)."""

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
    ) -> None:
        self.store = store
        self.idle_seconds = idle_seconds
        self.webhooks = webhooks or WebhookSender()
        self.webhooks.report = self._webhook_outcome
        self.owner = (owner or uuid.uuid4().hex)[:32]
        """Who holds this process's leases: a server restarted under the same name takes its tables back
        at once; another name waits for the leases to expire."""
        self.lease_seconds = lease_seconds
        self.writer = Writer(store, self.owner, lease_seconds)
        self._bot_workers = bot_workers
        self._pool: Executor | None = None
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self.locks = TableLocks()
        self.watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.crash = CrashPoints(crash)
        self._renewer: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self.draining = False
        """Set by ``drain`` (SIGTERM): no table is taken or served any more."""
        self.metrics = Metrics()
        self.metrics.read_from(
            live_tables=lambda: sum(1 for t in self.tables.values() if not t.over),
            leases=lambda: len(self.tables),
            bots_running=lambda: sum(1 for t in self.bot_tasks.values() if not t.done()),
        )

    # -- life ----------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Serve every running table whose lease is free, rebuilt from its events (checked against the
        stored hashes), with clocks re-armed and bots resumed."""
        for table_id in await asyncio.to_thread(self.store.table_ids, "running"):
            if await self.writer.call(partial(self.store.take_lease, table_id, self.owner, self.lease_seconds)):
                await self._load(table_id)
        for table in list(self.tables.values()):
            await self._continue(table)
        self._renewer = asyncio.get_running_loop().create_task(self._renew_leases())
        self._background.add(asyncio.get_running_loop().create_task(self._sweep_idle()))

    async def drain(self, timeout: float = 10.0) -> None:
        """Stop for a restart: take no new table, let every move being committed finish, then release every
        lease, so that another process (or this one restarted) serves the tables at once. Connections are
        closed afterwards by the web door (close code 1012); their clients reconnect and resume."""
        self.draining = True
        self.metrics.draining.set(1)
        for task in self.bot_tasks.values():
            task.cancel()
        if self._renewer is not None:
            self._renewer.cancel()
        for task in self._background:
            task.cancel()
        for handle in self.timers.values():
            handle.cancel()
        held: list[asyncio.Lock] = []
        try:
            async with asyncio.timeout(timeout):
                for table_id in sorted(self.tables):  # one order, so two drains could never deadlock
                    lock = self.locks[table_id]
                    await lock.acquire()
                    held.append(lock)
        except TimeoutError:
            log.warning(
                "drain: %d tables still busy after %.0f s; releasing the leases all the same",
                len(self.tables) - len(held),
                timeout,
            )
        try:
            served = len(self.tables)
            self.tables.clear()
            await self.writer.call(lambda: self.store.release_leases(self.owner))
            log.info("drained: released the leases of %d tables", served)
        finally:
            for lock in held:
                lock.release()

    async def close(self) -> None:
        for task in [*self.bot_tasks.values(), *self._background]:
            task.cancel()
        if self._renewer is not None:
            self._renewer.cancel()
        for handle in self.timers.values():
            handle.cancel()
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

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _renew_leases(self) -> None:
        """Keep this process's leases: the writer thread renews them (``Writer.keep_leases``), so a busy
        event loop cannot delay them past the lease; here, drop the tables whose lease was lost (another
        process took over) and hand over those another process asked for."""
        renewed = self.writer.keep_leases(lambda: list(self.tables), self.lease_seconds / 3)
        while True:
            ids, held = await renewed.get()
            for table_id in set(ids) - held:
                await self._drop(table_id, "another server process serves this table now; reconnect")
            for table_id in await self.writer.call(partial(self.store.wanted_from, self.owner)):
                await self._hand_over(table_id)

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(max(1.0, self.idle_seconds / 4))
            await self.let_go_idle()

    def _idle(self, table_id: str, table: Table, now: float) -> bool:
        """Nobody watches the table, no bot of it is thinking, no clock of it runs, and nobody asked for it
        for ``idle_seconds``."""
        if self.watchers.get(table_id):
            return False
        task = self.bot_tasks.get(table_id)
        if task is not None and not task.done():
            return False
        timer = self.timers.get(table_id)
        if timer is not None and not timer.cancelled() and timer.when() > asyncio.get_running_loop().time():
            return False
        return now - table.touched >= self.idle_seconds

    async def let_go_idle(self, now: float | None = None) -> list[str]:
        """Let go of every idle table (``_idle``): out of memory, its lease released. Its events are all
        stored, so the next request for it rebuilds it (``table``) as a restart would. The ids let go."""
        now = time.monotonic() if now is None else now
        gone: list[str] = []
        for table_id, table in list(self.tables.items()):
            lock = self.locks[table_id]
            if lock.locked() or not self._idle(table_id, table, now):
                continue
            async with lock:
                if self.tables.get(table_id) is not table or not self._idle(table_id, table, now):
                    continue
                del self.tables[table_id]
                self.watchers.pop(table_id, None)
                self.bot_tasks.pop(table_id, None)
                self.timers.pop(table_id, None)
                await self.writer.call(partial(self.store.release_lease, table_id, self.owner))
            gone.append(table_id)
        if gone:
            self.metrics.idle_let_go.inc(len(gone))
        return gone

    async def _hand_over(self, table_id: str) -> None:
        """Another process was sent this table (the balancer's choice changed): give it up between two
        moves, so nothing in flight is refused, and let the clients reconnect through the balancer."""
        async with self.locks[table_id]:
            await self._drop(table_id, "this table moved to another server process; reconnect")
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
        started = time.monotonic()
        while time.monotonic() - started < 2 * self.lease_seconds + 1:
            await asyncio.sleep(HANDOVER_POLL)
            if await self.writer.call(take):
                self.metrics.takeover_seconds.observe(time.monotonic() - started)
                return True
        return False

    async def _drop(self, table_id: str, reason: str) -> None:
        self.tables.pop(table_id, None)
        task = self.bot_tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        handle = self.timers.pop(table_id, None)
        if handle is not None:
            handle.cancel()
        for watcher in list(self.watchers.pop(table_id, set())):
            await watcher.close(reason, final=False)

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

    async def _load(self, table_id: str) -> Table | None:
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
        table.touched = time.monotonic()
        self.tables[table_id] = table
        self._arm(table)
        return table

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the store (taking its lease) if this process has not served it yet."""
        if self.draining:
            raise Refusal("unavailable", "this server is restarting: reconnect in a moment")
        if table_id in self.broken:
            raise Refusal("broken", self.broken[table_id])
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        async with self.locks[table_id]:
            table = self.tables.get(table_id)
            if table is None:
                exists = await asyncio.to_thread(self.store.table, table_id)
                if exists is None:
                    raise Refusal("no_table", "there is no such table")
                if not await self._take_over(table_id):
                    raise Refusal("elsewhere", "another server process serves this table; try again shortly")
                table = await self._load(table_id)
            if table is None:
                raise Refusal("broken", self.broken.get(table_id, "this table cannot be loaded"))
        await self._continue(table)
        return table

    async def peek(self, table_id: str) -> Table | None:
        """The table as stored, for a glance (the lobby's list) from any process: the one served here, or
        rebuilt from the store without taking its lease (so a glance never moves a table)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        found = await self._rebuilt(table_id)
        return found[1] if found is not None and isinstance(found[1], Table) else None

    async def glance(self, table_id: str, seat: int) -> wire.MyTable | None:
        """What the lobby lists for a seat (``/api/my-tables``). A finished table not in memory is told from
        its stored row and events, without replaying it: a player's old tables (a tower game's physics
        among them) cost the lobby a query each, not a game's replay."""
        if table_id not in self.tables:
            row = await asyncio.to_thread(self.store.table, table_id)
            if row is None:
                return None
            if row.status == "over":
                events = await asyncio.to_thread(self.store.events, table_id)
                return {
                    "table": table_id,
                    "game": row.game,
                    "seat": seat,
                    "version": len(events),
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
        try:
            game = get_game(game_name)
            if isinstance(players, bool) or not isinstance(players, int):
                raise OptionError("players must be a whole number")
            if not game.min_players <= players <= game.max_players:
                raise OptionError(f"{game_name} is played by {game.min_players} to {game.max_players} players")
            opts = game.validated_options(players, options)
            if spectators not in SPECTATORS:
                raise ValueError(f"spectators must be one of {', '.join(SPECTATORS)}")
            if len(seats) != players:
                raise ValueError(f"give {players} seats (a name, and a bot level for a bot), not {len(seats)}")
            for bot in [s.bot for s in seats if s.bot is not None] + _autopilot_level(on_timeout):
                check_bot(bot, game_name)
            clock = clocks.check_clock(clock)
            on_timeout = clocks.check_on_timeout(on_timeout)
            if fill_after is not None and (
                isinstance(fill_after, bool) or not isinstance(fill_after, int | float) or not 0 <= fill_after <= 3600
            ):
                raise ValueError("fill_after must be a number of seconds from 0 to 3600, or null (never)")
            if fill_after is not None and not open:
                raise ValueError("fill_after is for open tables (open: true)")
            if guided and (open or sum(s.bot is None for s in seats) != 1):
                raise ValueError("a guided table is one person against bots, not open to strangers")
        except (OptionError, ValueError) as exc:
            raise Refusal("bad_table", str(exc)) from None
        host = new_secret()
        seed = guided_seed(game_name) if guided else secrets.randbits(63)
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
            host_hash=host_hash or digest(host),
            setup_chance=list(state.chance.log),
            setup_hash=state_hash(state),
            setup_form=game.snapshot_form,
            clock=clock,
            on_timeout=on_timeout,
            open=bool(open),
            fill_after=None if fill_after is None else float(fill_after),
            created=time.time(),
        )
        now = time.time()
        bank = clocks.start_bank(clock)
        first = state.current_player
        seat_rows = [
            SeatRow(
                seat=i,
                name=s.name[:64],
                bot=s.bot,
                generation=0,
                bank=bank,
                deadline=clocks.deadline_for(clock, bank, now) if i == first and s.bot is None else None,
            )
            for i, s in enumerate(seats)
        ]
        invites = {i: new_secret() for i, s in enumerate(seats) if s.bot is None}
        hashes = {i: digest(c) for i, c in invites.items()}

        def write() -> None:
            self.store.create_table(row, seat_rows, hashes)
            self.store.take_lease(row.id, self.owner, self.lease_seconds)

        await self.writer.call(write)
        table = Table(row=row, seats=seat_rows, state=state)
        self.tables[row.id] = table
        self._arm(table)
        await self._continue(table)
        self._notify(table, set())
        logs.table_id.set(row.id)
        log.info("table opened: %s for %d", game_name, players)
        return {"table": row.id, "host": host, "invites": {str(i): c for i, c in invites.items()}}

    async def join(self, invite: str) -> wire.Joined:
        """Exchange an invite code for a seat token (each device that opens the link gets its own)."""
        token = new_secret()
        found = await self.writer.call(lambda: self.store.exchange_invite(digest(invite), digest(token)))
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
        invite_hash = None if invite is None else digest(invite)
        name = spec.name[:64]
        async with self.locks[table_id]:
            gen = await self.writer.call(lambda: self.store.reassign(table_id, seat, name, spec.bot, invite_hash))
            await self.seat_changed(table, seat, name=name, bot=spec.bot, generation=gen)
        await self.refresh(table)
        return {"table": table_id, "seat": seat, "invite": invite}

    async def seat_changed(self, table: Table, seat: int, **change: Any) -> None:
        """A seat's row changed in the store (under the table's lock): memory follows, and when its
        generation rose, the seat's connections are closed (their tokens stopped)."""
        table.seats[seat] = replace(table.seats[seat], **change, autopilot=False)
        if "generation" in change:
            for watcher in [w for w in self.watchers[table.row.id] if w.viewer == seat]:
                self.watchers[table.row.id].discard(watcher)
                await watcher.close("this seat was given to someone else")

    async def refresh(self, table: Table) -> None:
        """Play what is now due (a seat given to a bot) and send every watcher the table as it is."""
        await self._after_move(table, set())

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
        table = await self.table(table_id)
        async with self.locks[table_id]:
            await self.writer.call(lambda: self.store.set_webhook(table_id, seat, checked))
            table.seats[seat] = replace(table.seats[seat], webhook=checked, webhook_error=None)
        if seat in _choosers(table):
            self._notify(table, set(), only=seat)

    async def _webhook_outcome(self, table_id: str, seat: int, url: str, error: str | None) -> None:
        """Keep how the seat's last signal went, where the seat sees it (its own state's ``webhook``)."""
        table = self.tables.get(table_id)
        if table is None or table.seats[seat].webhook != url or table.seats[seat].webhook_error == error:
            return
        async with self.locks[table_id]:
            await self.writer.call(lambda: self.store.set_webhook_error(table_id, seat, url, error))
            table.seats[seat] = replace(table.seats[seat], webhook_error=error)
            for watcher in [w for w in self.watchers[table_id] if w.viewer == seat]:
                await self._send_update(table, watcher, settle=False)

    # -- watching --------------------------------------------------------------------------------------
    async def watch(self, table_id: str, watcher: Watcher) -> None:
        table = await self.table(table_id)
        if not table.may_watch(watcher.viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.locks[table_id]:
            self.watchers[table_id].add(watcher)
            await self._send_update(table, watcher)

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        watchers = self.watchers.get(table_id)
        if watchers is not None:
            watchers.discard(watcher)
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()  # idle from the last watcher's leaving

    async def message(self, table_id: str, viewer: Viewer, since: int = 0) -> wire.StateMessage:
        """The position and the log since ``since`` as ``viewer`` sees them (for HTTP readers)."""
        table = await self.table(table_id)
        if not table.may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.locks[table_id]:
            return {
                **table.seat_message(viewer),
                "log": table.log_lines(viewer, since),
                "reset": False,
                "now": time.time(),
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
        shared = _Shared(time.time()) if shared is None else shared
        key = (watcher.viewer, 0 if reset else since, reset, patch)  # deltas (#29): patch in the key
        built = shared.built.get(key)
        if built is None:
            msg = table.state_message(watcher.viewer, since, shared.now, patch=patch)  # deltas (#29)
            built = shared.built[key] = (msg, encoding.frame(msg))
        watcher.seen = table.version
        try:
            await watcher.send(*built)
            self.metrics.state_frames.labels("delta" if "delta" in built[0] else "full").inc()  # deltas (#29)
        except Exception:  # a connection that went away is dropped; it resumes from its version
            self.watchers[table.row.id].discard(watcher)

    async def _send_settle(self, table: Table, watcher: Watcher) -> None:
        """The last move's settle (settle.py), to a watcher who saw the version before it, ahead of the state."""
        settle = table.settle
        if settle is None or settle["version"] != table.version or not 0 < watcher.seen < table.version:
            return
        try:
            await watcher.send(cast(wire.SettleMessage, settle))  # settle.py builds it, by wire.SettleMessage
        except Exception:
            self.watchers[table.row.id].discard(watcher)

    async def _fan_out(self, table: Table) -> None:
        watchers = list(self.watchers[table.row.id])
        for watcher in watchers:  # every settle first: it plays while the states are being built
            await self._send_settle(table, watcher)
        shared = _Shared(time.time())
        for watcher in watchers:
            await self._send_update(table, watcher, settle=False, shared=shared, patch=True)  # deltas (#29)

    # -- acting ----------------------------------------------------------------------------------------
    async def act(self, table_id: str, seat: int, data: Any, msg_id: Any, *, by_bot: bool = False) -> wire.AckMessage:
        """Play ``data`` for ``seat`` (taken from its token, never from the message). The reply is sent
        only once the move is durable; a refusal changes nothing. A person's move ends their autopilot.

        Every move needs its message id: it is what makes a resend after a lost connection safe (applied
        at most once), so a move without one is refused rather than played unprotected."""
        if not isinstance(msg_id, str) or not 0 < len(msg_id) <= 64:
            raise Refusal("invalid", "a move needs an 'id', a string of 1 to 64 characters (a resend reuses it)")
        table = await self.table(table_id)
        async with self.locks[table_id]:
            if self.tables.get(table_id) is not table:
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
            choosers = _choosers(table)
            if not by_bot and table.seats[seat].autopilot:
                await self._take_back(table, seat)
            if how == "early":
                await self.writer.call(lambda: self.store.queue(table_id, QueuedRow(seat, action.to_json(), msg_id)))
                table.queued[seat] = (action, msg_id)
                self.crash.reached("after_commit")
                reply: wire.AckMessage = {"type": "ack", "id": msg_id, "version": table.version, "queued": True}
            else:
                await self._commit(table, seat, action, msg_id)
                reply = {"type": "ack", "id": msg_id, "version": table.version}
        self._spawn(self._after_move(table, choosers))
        return reply

    async def reclaim(self, table_id: str, seat: int) -> None:
        """The person takes their seat back from the autopilot."""
        table = await self.table(table_id)
        async with self.locks[table_id]:
            if table.seats[seat].autopilot:
                await self._take_back(table, seat)
        await self._after_move(table, set())

    async def _take_back(self, table: Table, seat: int) -> None:
        """End the autopilot of ``seat``, its clock given at least the grace period (clocks.after_reclaim)."""
        table_id, row = table.row.id, table.seats[seat]
        on_turn = table.state.current_player == seat
        bank, deadline = clocks.after_reclaim(table.row.clock, row.bank, row.deadline, on_turn=on_turn, now=time.time())

        def write() -> None:
            self.store.set_seat_clock(table_id, seat, bank=bank, deadline=deadline)
            self.store.set_autopilot(table_id, seat, False)

        await self.writer.call(write)
        table.seats[seat] = replace(row, autopilot=False, bank=bank, deadline=deadline)
        self._arm(table)

    async def _set_autopilot(self, table: Table, seat: int, on: bool) -> None:
        table_id = table.row.id
        await self.writer.call(lambda: self.store.set_autopilot(table_id, seat, on))
        table.seats[seat] = replace(table.seats[seat], autopilot=on)
        self._arm(table)

    async def _commit(self, table: Table, seat: int, action: Any, msg_id: str | None) -> None:
        """Apply (off the event loop: the tower's physics may run), then store; if the store fails, the
        table is rebuilt from the store, so memory never runs ahead of the database."""
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
                await self._drop(table.row.id, "the table is being reloaded")
                await self._load(table.row.id)
            raise Refusal("illegal", str(exc)) from None
        table.slow_moves = took > SLOW_MOVE
        self.crash.reached("after_apply")
        changes = self._clock_changes(table, before)
        job = Append(table.row.id, event, over=table.over, dequeue=dequeue, clocks=tuple(changes))
        handed = time.perf_counter()
        try:
            await self.writer.append(job)
        except Exception as exc:
            await self._drop(table.row.id, "the table is being reloaded")
            if isinstance(exc, LeaseLost):
                raise Refusal("elsewhere", "another server process serves this table now; reconnect") from None
            await self._load(table.row.id)
            if isinstance(exc, DuplicateEvent):
                raise Refusal("conflict", "the table moved on meanwhile; your view is being refreshed") from None
            raise Refusal("unavailable", "the move could not be saved, so it was not played; try again") from None
        self.metrics.commit_seconds.observe(time.perf_counter() - handed)
        self.metrics.moves.labels(table.row.game).inc()
        log.debug("move stored: version %d by seat %d", table.version, seat)  # never the move: it may be secret
        for s, bank, deadline in changes:
            table.seats[s] = replace(table.seats[s], bank=bank, deadline=deadline)
        self.crash.reached("after_commit")
        self._arm(table)

    def _clock_changes(self, table: Table, mover: int | None) -> list[tuple[int, float | None, float | None]]:
        """The mover's clock stops (a live bank keeps the unused time plus the increment); the next seat's
        starts."""
        clock = table.row.clock
        if clock is None:
            return []
        now = time.time()
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

    async def _after_move(self, table: Table, choosers: set[int]) -> None:
        await self._continue(table)
        async with self.locks[table.row.id]:
            await self._fan_out(table)
        self._notify(table, choosers)

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
                entry = table.queued.pop(seat)
                try:
                    table.check(seat, action)
                except Refusal:  # cannot happen with the rules as they are; never loop on it
                    continue
                table.queued[seat] = entry  # the commit takes it off the store's queue with the move
                await self._commit(table, seat, action, msg_id)
        seat_to_play = table.state.current_player
        if seat_to_play is None or table.player_of(seat_to_play) is None:
            return
        running = self.bot_tasks.get(table_id)
        if running is None or running.done():
            self.bot_tasks[table_id] = asyncio.get_running_loop().create_task(self._bot_turn(table))

    async def _bot_turn(self, table: Table) -> None:
        logs.table_id.set(table.row.id)
        while not table.over and self.tables.get(table.row.id) is table:
            seat = table.state.current_player
            spec = None if seat is None else table.player_of(seat)
            if seat is None or spec is None:
                return
            async with self.locks[table.row.id]:
                version, record = table.version, table.state.record()
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(
                self.pool, bot_move, table.row.game, record, seat, spec, table.row.seed ^ version
            )
            try:
                await self.act(table.row.id, seat, move, f"bot-{version}", by_bot=True)
            except Refusal:
                if table.version == version:  # the bot's own move was refused: never spin on it
                    return
            await asyncio.sleep(0)

    # -- clocks and signals --------------------------------------------------------------------------------
    def _arm(self, table: Table) -> None:
        """Set the timer of the seat to play (a person's, not on autopilot) at its stored deadline."""
        table_id = table.row.id
        old = self.timers.pop(table_id, None)
        if old is not None:
            old.cancel()
        seat = table.state.current_player
        if seat is None or table.player_of(seat) is not None:
            return
        deadline = table.seats[seat].deadline
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        version = table.version
        self.timers[table_id] = loop.call_later(
            max(0.0, deadline - time.time()), lambda: self._spawn(self._time_out(table, seat, version))
        )

    async def _time_out(self, table: Table, seat: int, version: int) -> None:
        """A clock ran out: the table's choice of an autopilot bot (until the person reclaims) or waiting,
        when every watcher is told whose time ran out (the ``overdue`` seat and a ``notice``)."""
        async with self.locks[table.row.id]:
            if self.tables.get(table.row.id) is not table or table.version != version or table.over:
                return
            if table.row.on_timeout == "wait":
                notice: wire.NoticeMessage = {
                    "type": "notice",
                    "table": table.row.id,
                    "seat": seat,
                    "msg": {"msgid": WAITING, "args": {"name": table.seats[seat].name}},
                }
                for watcher in list(self.watchers[table.row.id]):
                    try:
                        await watcher.send(notice)
                    except Exception:  # a connection that went away is dropped; it resumes from its version
                        self.watchers[table.row.id].discard(watcher)
                await self._fan_out(table)
                return
            if table.seats[seat].autopilot:
                return
            await self._set_autopilot(table, seat, True)
        await self._after_move(table, set())

    def _notify(self, table: Table, before: set[int], only: int | None = None) -> None:
        """Post "your turn" to the webhooks of the seats that now have a move to make and had none."""
        for seat in _choosers(table) - before:
            row = table.seats[seat]
            if row.webhook and table.player_of(seat) is None and only in (None, seat):
                body = {"table": table.row.id, "game": table.row.game, "seat": seat, "version": table.version}
                self.webhooks.signal(table.row.id, seat, row.webhook, {**body, "your_move": True})

    # -- undo and replays --------------------------------------------------------------------------------
    async def undo(self, table_id: str, seat: int, msg_id: str | None) -> wire.AckMessage:
        """Take back ``seat``'s own last move if the fair rules allow it (``undo.py``)."""
        table = await self.table(table_id)
        async with self.locks[table_id]:
            if not table.movers:
                raise Refusal("no_undo", "there is no move to take back")
            record = table.state.record()
            events = await asyncio.to_thread(self.store.events, table_id)
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
            await self.writer.call(
                lambda: self.store.delete_last_event(table_id, last.seq, self.owner, self.lease_seconds)
            )
            self.tables.pop(table_id, None)
            fresh = await self._load(table_id)
            if fresh is None:
                raise Refusal("broken", self.broken.get(table_id, "the table could not be reloaded"))
            # deltas (#29): every watcher is told of the undo (a full view, reset) before anything moves on, so
            # none is left holding a version the taken-back line made, which a later delta would be based on
            await self._fan_out(fresh)
        await self._after_move(fresh, set())
        return {"type": "ack", "id": msg_id, "version": fresh.version, "undone": True}

    async def replay_view(self, table_id: str, viewer: Viewer, at: int, as_seat: Viewer | str) -> dict[str, Any]:
        """A past position: ``viewer``'s own view while playing; any seat's (or the spectator's) once over."""
        table = await self.table(table_id)
        if not 0 <= at <= table.version:
            raise Refusal("invalid", f"'at' must be a version from 0 to {table.version}")
        target: Viewer = viewer
        if as_seat != "me":
            if not table.over:
                raise Refusal("not_over", "other seats' points of view are revealed when the game ends")
            target = as_seat if isinstance(as_seat, int) else None
        elif viewer is None and not table.may_watch(None):
            raise Refusal("no_spectators", "this table does not admit spectators now")
        async with self.locks[table_id]:
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
    # deltas (#29): the key's last field is whether a patch may replace the view
    built: dict[tuple[Viewer, int, bool, bool], tuple[wire.StateMessage, str]] = field(default_factory=dict)


def _timed_apply(table: Table, seat: int, action: Any, msg_id: str | None) -> tuple[Any, dict[str, Any] | None, float]:
    """``apply_recording`` and the CPU seconds it took in the thread that ran it."""
    started = time.thread_time()
    event, settle = apply_recording(table, seat, action, msg_id)
    return event, settle, time.thread_time() - started


def _choosers(table: Table) -> set[int]:
    return {s for s in range(table.row.players) if table.choices(s)}


def _autopilot_level(on_timeout: Any) -> list[str]:
    if isinstance(on_timeout, str) and on_timeout.startswith("autopilot:"):
        return [on_timeout.split(":", 1)[1]]
    return []
