"""A connection's messages on their way out, held in a bounded queue so a client that stops reading
cannot grow the server's memory or hold up a table.

The hub sends each watcher its view while it holds the table's lock; if that send waited on a client that
reads nothing, the whole table would wait with it (a WebSocket's send blocks once the socket's buffers
fill). So a send only puts the message in the connection's queue, and a task of the connection's own
writes the queue out. A queue that fills (``max_messages`` or ``max_bytes``), or a write that waits longer
than ``stall_seconds``, drops the connection with ``LAGGING_CLOSE``: the client resumes from its version
when it reconnects, as after any lost connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from . import protocol as wire
from .encoding import frame
from .table import Viewer

LAGGING_CLOSE = 4008
"""The close code of a connection dropped for not reading its messages (docs/PROTOCOL.md)."""
REASSIGNED_CLOSE = 4001
"""The close code of a connection whose seat was given to someone else."""
MOVED_CLOSE = 1012
"""Service Restart: the table moved to another process or reloads; the client reconnects at once."""


@dataclass(frozen=True)
class OutboxPolicy:
    max_messages: int = 64
    """Messages waiting for one connection before it is dropped."""
    max_bytes: int = 4 * 1024 * 1024
    """Bytes waiting for one connection before it is dropped."""
    stall_seconds: float = 30.0
    """How long one write may wait on the client before the connection is dropped."""


class Lagging(Exception):
    """The connection was dropped (or is closing): nothing more is sent on it."""


class OutboxWatcher:
    """A watcher (``actor.Watcher``) whose sends are queued and written out by its own task, in order."""

    def __init__(
        self,
        viewer: Viewer,
        seen: int,
        write: Callable[[str], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        *,
        policy: OutboxPolicy | None = None,
        on_drop: Callable[[], None] = lambda: None,
    ) -> None:
        self.viewer = viewer
        self.seen = seen
        self.policy = policy or OutboxPolicy()
        self.dropped = asyncio.Event()
        """Set when the connection is dropped or closed: its reader stops too."""
        self._write, self._close, self._on_drop = write, close, on_drop
        self._queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._bytes = 0
        self._closer: asyncio.Task[None] | None = None
        self._pump = asyncio.get_running_loop().create_task(self._run())

    @property
    def waiting(self) -> int:
        return self._queue.qsize()

    async def send(self, message: wire.ServerMessage, text: str | None = None) -> None:
        self.put(frame(message) if text is None else text)

    def put(self, text: str) -> None:
        """Queue ``text``, or drop the connection if too much is waiting already (``Lagging``)."""
        if self.dropped.is_set():
            raise Lagging("the connection is closed")
        p = self.policy
        if self._queue.qsize() >= p.max_messages or self._bytes + len(text) > p.max_bytes:
            self._drop()
            raise Lagging("the client is not reading its messages")
        self._bytes += len(text)
        self._queue.put_nowait(text)

    async def close(self, reason: str, *, final: bool = True) -> None:
        """The seat was given to someone else: say so, then close with ``REASSIGNED_CLOSE`` (the client
        stops). Not ``final``: the table moved to another process or reloads, so close with ``MOVED_CLOSE``
        after what is queued, and the client reconnects at once (through the balancer)."""
        self.viewer = None  # whatever the socket sends from now on, it acts for no seat
        if self.dropped.is_set():
            return
        if not final:
            self._queue.put_nowait((MOVED_CLOSE, reason[:120]))
            return
        error = {"type": "error", "id": None, "error": "reassigned", "reason": reason}
        self._queue.put_nowait(frame(error))
        self._queue.put_nowait((REASSIGNED_CLOSE, "seat reassigned"))

    async def stop(self) -> None:
        """The connection ended: stop writing."""
        self.dropped.set()
        self._pump.cancel()

    def _drop(self) -> None:
        if self.dropped.is_set():
            return
        self.dropped.set()
        self._pump.cancel()
        self._on_drop()
        self._closer = asyncio.get_running_loop().create_task(self._quietly_close(LAGGING_CLOSE, "not reading"))

    async def _quietly_close(self, code: int, reason: str) -> None:
        """Send the close frame if the client takes it within a second; a client reading nothing never will."""
        try:
            async with asyncio.timeout(1.0):
                await self._close(code, reason)
        except Exception:  # gone, or not reading: the connection ends with its handler either way
            pass

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if isinstance(item, tuple):
                self.dropped.set()
                await self._quietly_close(*item)
                return
            self._bytes -= len(item)
            try:
                async with asyncio.timeout(self.policy.stall_seconds):
                    await self._write(item)
            except TimeoutError:
                self._drop()
                return
            except Exception:  # the client left: its reader sees the disconnect
                self.dropped.set()
                return
