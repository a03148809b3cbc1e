"""The web door's side of the limits (server/limits.py) and of the logs (server/logs.py): whose address a
request comes from, how a limit's refusal is worded on each door, and the ids every log line carries.

The address is the connection's peer, or, behind a proxy the operator trusts (``serve --trusted-proxy``),
the one it forwarded: uvicorn's proxy-headers middleware rewrites the peer before the app sees it, and it
reads ``X-Forwarded-For`` only from the trusted addresses, so a client cannot choose its own address.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cattable.server import logs
from cattable.server.limits import Limits, RateLimited

log = logging.getLogger("cattable.web")

LOG_EVERY = 10.0
"""Seconds between two log lines about sockets refused at the handshake (a flood of them logs a count)."""

_TABLE = re.compile(r"^/(?:api|ws)/tables/([0-9a-f]{1,32})(?:/|$)")


def address_of(scope: Scope) -> str:
    """The client's address as the server may believe it ("unknown" for a test client without one)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RequestContext:
    """Give every HTTP request and WebSocket connection a request id (its log lines carry it, and an HTTP
    reply's ``X-Request-ID`` header names it) and the table its path names."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = secrets.token_hex(6)
        table = _TABLE.match(scope.get("path", ""))
        request_token = logs.request_id.set(rid)
        table_token = logs.table_id.set(table.group(1) if table else None)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            logs.request_id.reset(request_token)
            logs.table_id.reset(table_token)


class LimitGate:
    """The limits an address meets before any routing, so that a flood of refusals costs little: a table
    opened (``POST /api/tables``) past the address's allowance, and a WebSocket from an address that has as
    many open as allowed or is barred after a message flood, are answered a prepared HTTP 429 with
    ``Retry-After`` without reading the body, validating it or reaching a route. The sockets an address
    holds are counted here too, from the handshake until the connection's handler ends."""

    def __init__(self, app: ASGIApp, limits: Limits, on_refused: Callable[[RateLimited, str], None]) -> None:
        self.app, self.limits, self.on_refused = app, limits, on_refused
        self._prepared: dict[tuple[str, int], tuple[list[tuple[bytes, bytes]], bytes]] = {}
        self._logged_at, self._unlogged = -LOG_EVERY, 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http" and scope["method"] == "POST" and scope["path"] == "/api/tables":
            wait = self.limits.tables.take(address_of(scope))
            if wait:
                await self._refuse(send, RateLimited("tables", "tables opened from your address", wait), "http")
                return
        elif kind == "websocket":
            await self._socket(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = address_of(scope)
        barred = self.limits.barred_for(address)
        if barred:
            exc = RateLimited("flood", "messages on your address's last connection", barred)
        elif not self.limits.socket_opened(address):
            cap = self.limits.policy.sockets_per_address
            exc = RateLimited("sockets", f"open connections from your address (at most {cap})", 5)
        else:
            try:
                await self.app(scope, receive, send)
            finally:
                self.limits.socket_closed(address)
            return
        self._log(address, exc)
        if "websocket.http.response" in scope.get("extensions", {}):
            await self._refuse(send, exc, "websocket", denial=True)
        else:  # a server without denial responses: the handshake is refused (HTTP 403)
            self.on_refused(exc, "websocket")
            await send({"type": "websocket.close", "code": 1008})

    async def _refuse(self, send: Send, exc: RateLimited, door: str, denial: bool = False) -> None:
        """The prepared 429 of this limit and wait (built once per limit and whole second)."""
        self.on_refused(exc, door)
        key = (str(exc), exc.retry_after)
        prepared = self._prepared.get(key)
        if prepared is None:
            body = json.dumps({"error": exc.code, "reason": str(exc), "retry_after": exc.retry_after}).encode()
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(exc.retry_after).encode()),
            ]
            prepared = self._prepared[key] = (headers, body)
        headers, body = prepared
        prefix = "websocket.http.response" if denial else "http.response"
        await send({"type": f"{prefix}.start", "status": 429, "headers": headers})
        await send({"type": f"{prefix}.body", "body": body})

    def _log(self, address: str, exc: RateLimited) -> None:
        """One line, then at most one every ``LOG_EVERY`` seconds with the count since (a log line per
        refusal cost as much as the refusal)."""
        self._unlogged += 1
        now = time.monotonic()
        if now - self._logged_at >= LOG_EVERY:
            log.warning("%d socket(s) refused, the last from %s: %s", self._unlogged, address, exc)
            self._logged_at, self._unlogged = now, 0
