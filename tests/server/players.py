"""Seat clients that play random legal moves over a table's WebSocket, as a browser would, surviving
server restarts: they reconnect with the last version they saw and resend an unacknowledged move with
the same message id (which the server applies at most once)."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException


@dataclass
class Played:
    """One acknowledged move: the version the table reached with it (queued: applied later)."""

    action: Any
    version: int
    queued: bool


@dataclass
class SeatPlayer:
    ws_base: str
    table: str
    token: str
    seat: int
    rng: random.Random
    acked: dict[str, Played] = field(default_factory=dict)
    refusals: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    final: dict[str, Any] | None = None
    seen: int = 0
    connections: int = 0
    delay: float = 0.0
    """Seconds to think before each move (the crash test wants games that outlast its kills)."""
    ssl: ssl.SSLContext | None = None
    """For ``wss://`` (through the balancer): the context that trusts its certificate."""
    outages: list[float] = field(default_factory=list)
    """Seconds from each lost connection until the table's position came back on a new one."""
    _lost_at: float | None = None
    _pending: tuple[str, Any] | None = None
    _acted_on: int = -1
    _made: int = 0
    """The version the last acknowledged move made: a position older than it does not show that move yet
    (another seat's move may come first), so the seat never plays from one."""
    _count: int = 0
    _last: dict[str, Any] | None = None
    """The newest position received: a move's answer may come after it (a resent move's ``repeat`` ack
    follows the position the reconnection was sent), and then the seat plays from it."""

    async def run(self, retry_for: float = 120.0) -> None:
        """Play until the game is over, reconnecting (for up to ``retry_for`` s of outage) when cut off."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + retry_for
        while self.result is None:
            try:
                url = f"{self.ws_base}/ws/tables/{self.table}"
                async with connect(url, open_timeout=10, max_size=2**24, ssl=self.ssl) as ws:
                    self.connections += 1
                    await ws.send(json.dumps({"type": "hello", "token": self.token, "since": self.seen}))
                    await self._send_pending(ws)
                    async for raw in ws:
                        give_up = loop.time() + retry_for
                        if await self._handle(ws, json.loads(raw)):
                            return
            except (TimeoutError, OSError, WebSocketException):
                if loop.time() > give_up:
                    raise
            if self._lost_at is None:
                self._lost_at = loop.time()
            await asyncio.sleep(0.05)

    async def _handle(self, ws: Any, msg: dict[str, Any]) -> bool:
        kind = msg["type"]
        if kind == "ack":
            if self._pending is not None and msg["id"] == self._pending[0]:
                self.acked[msg["id"]] = Played(self._pending[1], msg["version"], bool(msg.get("queued")))
                self._made = max(self._made, int(msg["version"]))
                self._pending = None
            await self._play(ws)
            return False
        if kind == "error" and msg.get("id") is None and msg.get("error") == "rate_limited":
            self.refusals.append(msg)  # the move was not read: sent again after the pause, with its id
            await asyncio.sleep(float(msg.get("retry_after") or 1))
            await self._send_pending(ws)
            return False
        if kind == "error":
            if self._pending is not None and msg.get("id") == self._pending[0]:
                self._pending = None
            self.refusals.append(msg)
            await self._play(ws)
            return False
        if kind != "state":
            return False
        self.seen = max(self.seen, msg["version"])
        if self._lost_at is not None:
            self.outages.append(asyncio.get_running_loop().time() - self._lost_at)
            self._lost_at = None
        if msg["over"]:
            self.result, self.final = msg["result"], msg
            return True
        self._last = msg
        await self._play(ws)
        return False

    async def _play(self, ws: Any) -> None:
        """A random legal move from the newest position, once per version and one move at a time."""
        msg = self._last
        fresh = msg is not None and msg["version"] > self._acted_on and msg["version"] >= self._made
        if msg is not None and fresh and msg["legal"] and self._pending is None:
            self._acted_on = msg["version"]
            self._count += 1
            if self.delay:
                await asyncio.sleep(self.delay)
            action = msg["legal"][self.rng.randrange(len(msg["legal"]))]
            self._pending = (f"s{self.seat}-{self._count}", action)
            await self._send_pending(ws)

    async def _send_pending(self, ws: Any) -> None:
        """The move not yet acknowledged, if any, with its id (applied at most once however often sent)."""
        if self._pending is not None:
            msg_id, action = self._pending
            await ws.send(json.dumps({"type": "act", "id": msg_id, "action": action}))
