"""The client's messages (docs/PROTOCOL.md, "Client to server"), read in one place for both doors.

A WebSocket frame and an HTTP body that carries the same message (``POST /api/tables/{id}/actions`` is an
``act``) are read here: first the frame's limits (frames.py: size, JSON depth, one object), then the fields
of its type. So the same malformed ``act`` gets the same error code on either door, and the code that acts
on a message gets a typed one it need not check again. A message never names a seat: the seat comes from
the token (deps.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from cattable.interfaces.web.frames import MAX_MESSAGE, Unreadable, not_an_object, parse, too_large

MAX_ID = 64
"""The longest message id: ids are the client's own, and a move's is kept to make a resend safe."""


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None
    """None (or empty in the frame): a spectator."""
    since: int


@dataclass(frozen=True, slots=True)
class Act:
    id: str
    action: Any
    """The game's action JSON, checked by the table (``Table.parse``): any JSON here."""


@dataclass(frozen=True, slots=True)
class Undo:
    id: str | None


@dataclass(frozen=True, slots=True)
class Reclaim:
    id: str | None


@dataclass(frozen=True, slots=True)
class Sync:
    id: str | None
    """Not in the protocol's ``sync``, but answered in its refusal when a client sends one (as every type)."""
    since: int


@dataclass(frozen=True, slots=True)
class Ping:
    id: str | None


@dataclass(frozen=True, slots=True)
class Chat:
    id: str | None
    text: str
    """Still to be cleaned and measured (``social.clean_chat``): what is refused there is not counted."""


Message = Act | Undo | Reclaim | Sync | Ping | Chat
"""What a connection may send after its ``hello``."""

_SINCE = "'since' must be a whole number (the last version you saw)"


def _act(msg: dict[str, Any], msg_id: str | None) -> Act:
    if "action" not in msg:
        raise Unreadable("invalid", "an 'act' message needs an 'action'", msg_id)
    if msg_id is None or not 0 < len(msg_id) <= MAX_ID:
        why = f"a move needs an 'id', a string of 1 to {MAX_ID} characters (a resend reuses it)"
        raise Unreadable("invalid", why, msg_id)
    return Act(msg_id, msg["action"])


def _sync(msg: dict[str, Any], msg_id: str | None) -> Sync:
    since = msg.get("since", 0)
    if type(since) is not int:
        raise Unreadable("invalid", _SINCE, msg_id)
    return Sync(msg_id, since)


def _chat(msg: dict[str, Any], msg_id: str | None) -> Chat:
    text = msg.get("text")
    if not isinstance(text, str):
        raise Unreadable("invalid", "a chat message needs its 'text', a string", msg_id)
    return Chat(msg_id, text)


_READERS: dict[str, Callable[[dict[str, Any], str | None], Message]] = {
    "act": _act,
    "undo": lambda _msg, msg_id: Undo(msg_id),
    "reclaim": lambda _msg, msg_id: Reclaim(msg_id),
    "sync": _sync,
    "ping": lambda _msg, msg_id: Ping(msg_id),
    "chat": _chat,
}


def read(frame: str | None) -> Message:
    """A connection's message after its ``hello``; an ``Unreadable`` says why not (with the message's id
    when it had one)."""
    msg = parse(frame)
    raw_id = msg.get("id")
    msg_id = raw_id if isinstance(raw_id, str) else None
    kind = msg.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise Unreadable(
            "invalid", "the message type must be 'act', 'undo', 'reclaim', 'sync', 'ping' or 'chat'", msg_id
        )
    return reader(msg, msg_id)


def read_hello(frame: str | None) -> Hello:
    """A connection's first message: its seat token (none for a spectator) and the last version it saw."""
    msg = parse(frame)
    if msg.get("type") != "hello":
        raise Unreadable("invalid", 'the first message must be {"type": "hello", "token": ..., "since": ...}')
    token, since = msg.get("token"), msg.get("since", 0)
    if token is not None and not isinstance(token, str):
        raise Unreadable("bad_token", "the token must be a string")
    if type(since) is not int or since < 0:
        raise Unreadable("invalid", _SINCE)
    return Hello(token or None, since)


def read_act(body: str | None) -> Act:
    """The body of ``POST /api/tables/{id}/actions``: an ``act`` whose type the route says."""
    msg = parse(body)
    raw_id = msg.get("id")
    return _act(msg, raw_id if isinstance(raw_id, str) else None)


async def body_text(request: Request) -> str:
    """An HTTP body that carries a message, as the WebSocket would get it: JSON (as FastAPI reads a body:
    no content type, or ``application/json`` or ``+json``), UTF-8, at most ``MAX_MESSAGE`` bytes. A
    larger body is refused without being read to its end."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media and media != "application/json" and not (media.startswith("application/") and media.endswith("+json")):
        raise Unreadable("invalid", "the body must be JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_MESSAGE:
        raise too_large()
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_MESSAGE:
            raise too_large()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_an_object() from None
