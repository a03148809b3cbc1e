"""Reading one client message off a WebSocket, within the protocol's limits (docs/PROTOCOL.md).

A message is one JSON object in a UTF-8 text frame of at most ``MAX_MESSAGE`` bytes, nested at most
``MAX_DEPTH`` deep. Anything else is refused with an error code and the connection is kept: a binary frame
made Starlette raise ``KeyError: 'text'`` and JSON nested 1,000 deep made the parser recurse until it
failed, and either dropped the socket. The depth is measured before parsing, so no message can make the
parser (or a later ``json.dumps`` of the action) recurse deeper than ``MAX_DEPTH``. An HTTP body that
carries a message (messages.py) is held to the same limits.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from cattable.server.table import Refusal

MAX_MESSAGE = 64 * 1024
"""The largest message read, in UTF-8 bytes: no action of any game comes near it."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects in a message: every game's action is a few levels deep."""
MAX_FRAME = 1024 * 1024
"""The largest frame the WebSocket library reads at all (``ws_max_size``): above it the connection is
closed with code 1009 before the message is read. Between ``MAX_MESSAGE`` and this, ``too_large``."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


async def receive_frame(websocket: WebSocket) -> str | None:
    """The next message's text, or None for a binary frame (refused by ``parse``, the socket kept)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


class Unreadable(Refusal):
    """A message refused before anything acted on it: its frame or its fields. ``id`` is the message's own
    when it had a string one (the refusal answers it), else None; over HTTP the status is 422 for a body
    that does not fit (``too_large`` 413, ``too_deep`` 400)."""

    def __init__(self, code: str, reason: str, msg_id: str | None = None) -> None:
        super().__init__(code, reason)
        self.id = msg_id


def too_large() -> Unreadable:
    return Unreadable("too_large", f"a message is at most {MAX_MESSAGE} bytes")


def not_an_object() -> Unreadable:
    return Unreadable("invalid", "a message must be a JSON object")


def parse(frame: str | None) -> dict[str, Any]:
    """The message as a JSON object; an ``Unreadable`` (``binary``, ``too_large``, ``too_deep``,
    ``invalid``) says why not."""
    if frame is None:
        raise Unreadable("binary", "messages are JSON in text frames; a binary frame is not read")
    if len(frame) > MAX_MESSAGE or len(frame.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise too_large()
    if too_deep(frame):
        raise Unreadable("too_deep", f"a message nests arrays and objects at most {MAX_DEPTH} deep")
    try:
        msg = json.loads(frame)
    except ValueError:
        raise not_an_object() from None
    if not isinstance(msg, dict):
        raise not_an_object()
    return msg


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` in ``text`` (brackets inside strings do not
    count). Cheap for the usual message: only one with more opening brackets than ``limit`` is scanned."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return True
    return False
