"""One WebSocket connection to a table, from its ``hello`` until it closes (docs/PROTOCOL.md).

The ``hello``'s token names the seat (deps.seat_at, as on HTTP); every later message is read by
messages.py, counted against its token's allowance, answered, and the answer queued to the connection's
outbox (outbox.py), which drops a client that does not read.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from fastapi import WebSocket, WebSocketDisconnect

from cattable.interfaces.web.deps import seat_at
from cattable.interfaces.web.frames import Unreadable, receive_frame
from cattable.interfaces.web.guard import address_of
from cattable.interfaces.web.messages import Act, Chat, Ping, Reclaim, Sync, Undo, read, read_hello
from cattable.interfaces.web.refusals import count
from cattable.server import protocol as wire
from cattable.server.encoding import frame
from cattable.server.hub import Hub
from cattable.server.limits import FLOODED, Limits, RateLimited
from cattable.server.outbox import Lagging, OutboxPolicy, OutboxWatcher
from cattable.server.social import Social, clean_chat
from cattable.server.table import Refusal, Viewer
from cattable.server.tokens import digest

log = logging.getLogger("cattable.web")


async def follow(
    hub: Hub, social: Social, table_id: str, websocket: WebSocket, guard: Limits, outbox: OutboxPolicy
) -> None:
    """One accepted connection, from its ``hello`` until it closes (or is dropped for not reading)."""
    try:
        watcher = await _greet(hub, table_id, websocket, outbox)
        said = await social.history(table_id)
        if said["lines"]:  # the chat so far, after the position (nothing when nobody has written)
            watcher.put(_json(said))
    except (WebSocketDisconnect, TimeoutError):
        return
    except Refusal as exc:
        count(hub, exc, "websocket")
        await websocket.send_json({"type": "error", "id": None, "error": exc.code, "reason": str(exc)})
        await websocket.close(code=1008)
        return
    bucket = f"conn:{id(watcher)}" if watcher.token is None else "token:" + digest(watcher.token)
    chat = _chat(social, guard, watcher)
    flood = guard.flood()
    counted = (hub.metrics.refusals.labels("rate_limited", "websocket"), hub.metrics.rate_limited.labels("messages"))
    dropped = asyncio.ensure_future(watcher.dropped.wait())
    try:
        while True:
            frame = asyncio.ensure_future(receive_frame(websocket))
            await asyncio.wait((frame, dropped), return_when=asyncio.FIRST_COMPLETED)
            if not frame.done():  # dropped for not reading: stop reading it too
                frame.cancel()
                return
            wait = guard.messages.take(bucket)
            if wait:  # the message is not read: answered once a second at most, closed if it floods
                verdict = flood.refused()
                for counter in counted:  # every refused message counts, answered or not
                    counter.inc()
                if verdict == "answer":
                    watcher.put(_too_many(wait))
                elif verdict == "close":
                    guard.bar(address_of(websocket.scope))
                    log.warning("socket closed for flooding (%d refused in %g s)", flood.cap, flood.seconds)
                    await websocket.close(code=FLOODED, reason="too many messages: wait before reconnecting")
                    return
                continue
            reply = await _answer(hub, table_id, watcher.viewer, frame.result(), chat)
            if hub.draining and reply["type"] == "error" and reply["error"] in ("unavailable", "elsewhere"):
                continue  # the drain closes this socket with 1012 next: the client resends it once reconnected
            watcher.put(_json(reply))
    except (WebSocketDisconnect, RuntimeError, Lagging):  # the client left, or the server closed the socket
        pass
    finally:
        dropped.cancel()
        hub.unwatch(table_id, watcher)
        await watcher.stop()


class _SocketWatcher(OutboxWatcher):
    """A WebSocket following a table: its sends queued (outbox.py), and the seat token it said hello with."""

    token: str | None = None


async def _greet(hub: Hub, table_id: str, websocket: WebSocket, outbox: OutboxPolicy) -> _SocketWatcher:
    """Read the ``hello``: the token names the seat (none: a spectator); the table then sends the position
    and the log since the version the client last saw. Tokens travel in messages, never in URLs (which
    servers and proxies log)."""
    hello = read_hello(await asyncio.wait_for(receive_frame(websocket), timeout=30))
    viewer = None if hello.token is None else await seat_at(hub, table_id, hello.token)

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    watcher = _SocketWatcher(
        viewer, hello.since, websocket.send_text, close, policy=outbox, on_drop=hub.metrics.lagging.inc
    )
    watcher.token = hello.token
    try:
        await hub.watch(table_id, watcher)
    except BaseException:
        await watcher.stop()
        raise
    return watcher


def _chat(social: Social, guard: Limits, watcher: _SocketWatcher) -> Poster:
    """How this connection posts a chat line: counted against its own chat limit, then stored and sent."""

    async def post(table_id: str, text: str, msg_id: str | None) -> wire.AckMessage:
        clean_chat(text)  # a line refused for its text does not count against the limit
        guard.chat_line(f"conn:{id(watcher)}")
        return await social.post(table_id, watcher.viewer, text, msg_id)

    return post


Poster = Callable[[str, str, str | None], Awaitable[wire.AckMessage]]


async def _answer(hub: Hub, table_id: str, viewer: Viewer, frame: str | None, chat: Poster) -> wire.ServerMessage:
    """The reply to one client message (None: a binary frame): an ack, the position, a pong, or a refusal."""
    msg_id: str | None = None
    try:
        msg = read(frame)
        msg_id = msg.id
        match msg:
            case Chat(text=text):
                return await chat(table_id, text, msg_id)
            case Ping():
                return {"type": "pong", "id": msg_id}
            case Sync(since=since):
                return await hub.message(table_id, viewer, since)
            case Undo():
                return await hub.undo(table_id, _seat(viewer), msg_id)
            case Reclaim():
                await hub.reclaim(table_id, _seat(viewer))
                return {"type": "ack", "id": msg_id, "reclaimed": True}
            case Act(id=move_id, action=action):
                return await hub.act(table_id, _seat(viewer), action, move_id)
    except Refusal as exc:
        count(hub, exc, "websocket")
        refused: wire.ErrorMessage = {
            "type": "error",
            "id": exc.id if isinstance(exc, Unreadable) else msg_id,
            "error": exc.code,
            "reason": str(exc),
        }
        if isinstance(exc, RateLimited):
            refused["retry_after"] = exc.retry_after
        return refused


def _seat(viewer: Viewer) -> int:
    """The connection's seat, for what only a seat may do."""
    if viewer is None:
        raise Refusal("spectator", "spectators cannot act")
    return viewer


def _json(message: wire.ServerMessage | wire.ErrorMessage) -> str:
    return frame(message)


_TOO_MANY: dict[int, str] = {}


def _too_many(wait: float) -> str:
    """The ``rate_limited`` answer to a message past its limit, encoded once per whole second of wait."""
    exc = RateLimited("messages", "messages", wait)
    frame = _TOO_MANY.get(exc.retry_after)
    if frame is None:
        refused: wire.ErrorMessage = {"type": "error", "id": None, "error": exc.code, "reason": str(exc)}
        frame = _TOO_MANY[exc.retry_after] = _json({**refused, "retry_after": exc.retry_after})
    return frame
