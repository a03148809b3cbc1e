"""A table server's hub built in the test's own process over a real SQLite file: for tests whose point is
the hub's decisions (webhooks, clocks), not the sockets, so no server process is started. Given a
``ManualClock`` and a ``SeededRandomness`` (sources.py), it deals the same tables every run and its clocks
run out when the test says, not after real seconds."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cattable.server import protocol as wire
from cattable.server.hub import Hub, SeatSpec
from cattable.server.sources import Clock, Randomness
from cattable.server.store import Store
from cattable.server.table import Viewer
from cattable.server.webhooks import WebhookSender


class Inbox:
    """A watcher that keeps every message it is sent (a seat's client or a spectator, without a socket)."""

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.seen = 0
        self.messages: list[wire.ServerMessage] = []

    async def send(self, message: wire.ServerMessage, text: str | None = None) -> None:
        self.messages.append(message)

    async def close(self, reason: str, *, final: bool = True) -> None:
        self.messages.append({"type": "error", "id": None, "error": "closed", "reason": reason})

    def of_type(self, kind: str) -> list[Any]:
        return [m for m in self.messages if m["type"] == kind]


@dataclass(order=True)
class _Planned:
    when: float
    order: int
    callback: Callable[[], object] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A ``sources.Clock`` that moves only when told (``advance``), calling what falls due on the way, in
    order. Its times are far from the machine's (the wall in 2033, the monotonic clock at a billion), so a
    reading of the real clock mixed with one of this shows."""

    WALL = 2_000_000_000.0
    MONOTONIC = 1_000_000_000.0

    def __init__(self) -> None:
        self.elapsed = 0.0
        self._planned: list[_Planned] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.WALL + self.elapsed

    def monotonic(self) -> float:
        return self.MONOTONIC + self.elapsed

    def call_later(self, delay: float, callback: Callable[[], object]) -> _Planned:
        planned = _Planned(self.elapsed + max(0.0, delay), next(self._order), callback)
        heapq.heappush(self._planned, planned)
        return planned

    async def sleep(self, seconds: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        planned = self.call_later(seconds, wake)
        try:
            await woken
        finally:
            planned.cancel()

    def planned(self) -> list[float]:
        """When (in seconds from the start) each call not called off is due."""
        return sorted(p.when for p in self._planned if not p.cancelled)

    def advance(self, seconds: float) -> None:
        """Move on ``seconds``, calling each call due by then at its own time."""
        until = self.elapsed + seconds
        while self._planned and self._planned[0].when <= until:
            planned = heapq.heappop(self._planned)
            if not planned.cancelled:
                self.elapsed = max(self.elapsed, planned.when)
                planned.callback()
        self.elapsed = until


@asynccontextmanager
async def running_hub(
    tmp_path: Path,
    webhooks: WebhookSender | None = None,
    *,
    clock: Clock | None = None,
    randomness: Randomness | None = None,
    db: str = "tables.db",
) -> AsyncIterator[Hub]:
    store = Store(f"sqlite:///{tmp_path / db}")
    hub = Hub(store, webhooks=webhooks, clock=clock, randomness=randomness)
    await hub.start()
    try:
        yield hub
    finally:
        await hub.close()
        store.close()


async def open_table(hub: Hub, game: str, bots: list[str | None], **table: Any) -> str:
    """A table of ``game`` with a person (None) or a bot in each seat; its id."""
    seats = [SeatSpec(name=f"P{i}" if b is None else f"Bot{i}", bot=b) for i, b in enumerate(bots)]
    made = await hub.create(game, len(bots), {}, seats, "public", **table)
    return str(made["table"])
