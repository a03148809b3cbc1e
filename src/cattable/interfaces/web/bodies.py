"""The HTTP bodies the routes take, as Pydantic models: FastAPI checks them (a body that does not fit is
``invalid``, HTTP 422) and publishes them (OpenAPI, and ``protocol.json`` through schemas.py). A body that
carries a client message (an ``act``) is read by messages.py instead, the way the WebSocket reads it; its
model here only describes it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cattable.server.table import SPECTATORS


class SeatIn(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    bot: str | None = Field(default=None, max_length=32, description="an agent (random, heuristic, mcts:easy...)")


class TableIn(BaseModel):
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn]
    spectators: str = Field(default="public", description=f"one of {', '.join(SPECTATORS)}")
    clock: dict[str, Any] | None = Field(
        default=None,
        description='null, {"mode": "live", "bank": seconds, "increment": seconds} or {"mode": "async", "days": d}',
    )
    on_timeout: str = Field(default="wait", description="'wait', or 'autopilot:<bot>' until the person reclaims")
    open: bool = Field(default=False, description="listed for strangers: a free seat is taken without an invite")
    fill_after: float | None = Field(
        default=None, ge=0, le=3600, description="an open table's seats still free after this many seconds go to bots"
    )
    guided: bool = Field(
        default=False,
        description="a guided first game: dealt from the game's fixed seed; one person against bots, not open",
    )


class WebhookIn(BaseModel):
    url: str | None = Field(
        default=None,
        max_length=500,
        description="an https:// URL (http:// where the host allows it) POSTed when it becomes your move",
    )


class JoinIn(BaseModel):
    invite: str = Field(min_length=1, max_length=128)


class ActionIn(BaseModel):
    # The body of POST /api/tables/{id}/actions as published (OpenAPI, protocol.json): it is read as the
    # WebSocket's ``act`` is (messages.py), not by this model. (A comment: a docstring would enter the schema.)
    action: Any
    id: str = Field(min_length=1, max_length=64, description="the client's message id: required, applied once")


def described(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself (messages.py) rather than by a model."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": model.model_json_schema()}}}}


class TokensIn(BaseModel):
    tokens: list[str] = Field(max_length=200)


class TakeIn(BaseModel):
    name: str = Field(default="", max_length=64, description="your name at the table (empty: Player N)")


class QuickIn(BaseModel):
    game: str = Field(max_length=32)
    players: int | None = Field(default=None, ge=1, le=8, description="a table of this many seats (default: any)")
    name: str = Field(default="", max_length=64)
    fill_after: float | None = Field(
        default=60, ge=0, le=3600, description="if a table is opened: seconds until its free seats go to bots"
    )
