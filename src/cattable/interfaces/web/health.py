"""What a balancer, an orchestrator and Prometheus ask one server process (docs/PROTOCOL.md).

``/healthz`` says only that the process answers (restart it if not); ``/readyz`` that it can serve tables
now: its hub has started and its database answers with the schema at the newest migration (send it no
players if not). ``/metrics`` is Prometheus's text form of the hub's own registry (server/metrics.py).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from cattable.server.hub import Hub

READY_SECONDS = 5.0
"""How long readiness waits for the database: a database slower than this is not ready."""

router = APIRouter()


def _hub(request: Request) -> Hub | None:
    hub: Hub | None = getattr(request.app.state, "hub", None)
    return hub


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is alive and its event loop answers."""
    return {"status": "alive"}


@router.get("/readyz", responses={503: {"description": '{"error": "unready", "reason": ...}'}})
async def readyz(request: Request) -> JSONResponse:
    """Ready to serve tables: the database answers and its schema is migrated; 503 (and why) if not."""
    hub = _hub(request)
    why: str | None = "the server is starting"
    if hub is not None:
        try:
            why = await asyncio.wait_for(asyncio.to_thread(hub.store.unready), READY_SECONDS)
        except TimeoutError:
            why = "the database did not answer in time"
    if why is not None:
        return JSONResponse({"error": "unready", "reason": why}, status_code=503)
    return JSONResponse({"status": "ready"})


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus metrics of this process: moves, refusals, commit latency, tables, sockets, bots, leases."""
    hub = _hub(request)
    if hub is None:
        return JSONResponse({"error": "unready", "reason": "the server is starting"}, status_code=503)
    return Response(generate_latest(hub.metrics.registry), media_type=CONTENT_TYPE_LATEST)
