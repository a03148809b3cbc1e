"""A table server's hub built in the test's own process over a real SQLite file: for tests whose point is
the hub's decisions (webhooks, clocks), not the sockets, so no server process is started."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from cattable.server import protocol as wire
from cattable.server.hub import Hub, SeatSpec
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


@asynccontextmanager
async def running_hub(tmp_path: Path, webhooks: WebhookSender | None = None) -> AsyncIterator[Hub]:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    hub = Hub(store, webhooks=webhooks)
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
