"""The web door's side of the limits (server/limits.py) and of the logs (server/logs.py): whose address a
request comes from, how a limit's refusal is worded on each door, and the ids every log line carries.

The address is the connection's peer, or, behind a proxy the operator trusts (``serve --trusted-proxy``),
the one it forwarded: uvicorn's proxy-headers middleware rewrites the peer before the app sees it, and it
reads ``X-Forwarded-For`` only from the trusted addresses, so a client cannot choose its own address.
"""

from __future__ import annotations

import re
import secrets

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cattable.server import logs

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
