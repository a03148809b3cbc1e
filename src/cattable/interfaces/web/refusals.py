"""How a refusal leaves the web door: the HTTP status of each error code (docs/PROTOCOL.md), the house body
``{"error": code, "reason": text}`` for every refusal (FastAPI's own body checks included), and the
refusal counted in the metrics by code and door.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from cattable.interfaces.web.frames import Unreadable
from cattable.server.hub import Hub
from cattable.server.limits import RateLimited
from cattable.server.table import Refusal

STATUS = {
    "no_table": 404,
    "no_game": 404,
    "no_language": 404,
    "bad_token": 401,
    "bad_invite": 404,
    "not_over": 403,
    "no_spectators": 403,
    "bad_table": 400,
    "invalid": 400,
    "spectator": 403,
    "not_open": 403,
    "elsewhere": 503,
    "unavailable": 503,
    "rate_limited": 429,
    "too_deep": 400,
    "too_large": 413,
}
"""An error code's HTTP status; any other code is 409."""


def status_of(exc: Refusal) -> int:
    """A body that did not fit (``Unreadable`` ``invalid``) is 422, as FastAPI's own body checks answer."""
    if isinstance(exc, Unreadable) and exc.code == "invalid":
        return 422
    return STATUS.get(exc.code, 409)


def count(hub: Hub, exc: Refusal, door: str) -> None:
    hub.metrics.refusals.labels(exc.code, door).inc()
    if isinstance(exc, RateLimited):
        hub.metrics.rate_limited.labels(exc.kind).inc()


def count_in(app: FastAPI, exc: Refusal, door: str) -> None:
    """Count a refusal once the hub has started (a refusal before start-up is not counted)."""
    hub: Hub | None = getattr(app.state, "hub", None)
    if hub is not None:
        count(hub, exc, door)


def install(app: FastAPI) -> None:
    """Answer every refusal a route raises, and every body FastAPI finds unfit, with the house body."""

    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> JSONResponse:
        count_in(request.app, exc, "http")
        if isinstance(exc, RateLimited):
            return JSONResponse(
                {"error": exc.code, "reason": str(exc), "retry_after": exc.retry_after},
                status_code=429,
                headers={"Retry-After": str(exc.retry_after)},
            )
        return JSONResponse({"error": exc.code, "reason": str(exc)}, status_code=status_of(exc))

    @app.exception_handler(RequestValidationError)
    async def unfit(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A body that does not fit its model gets the house refusal (never the values sent back)."""
        count_in(request.app, Refusal("invalid", ""), "http")
        where = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in exc.errors()[:5])
        return JSONResponse({"error": "invalid", "reason": f"the request does not fit: {where}"}, status_code=422)
