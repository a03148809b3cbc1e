"""The HTTP and WebSocket doors of the table server: thin routes over ``cattable.server.Hub``.

A route reads what it needs (bodies.py: its body; deps.py: the token's seat, checked once for both doors;
messages.py: a client message, read once for both doors), calls the hub, and leaves its refusals to
refusals.py. A seat is always taken from its token, never from a message field; a browser's WebSocket must
come from an allowed origin, and is then served by connection.py. Every refusal is a JSON body
``{"error": code, "reason": text}``; nothing a person sends can produce a traceback.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket

from cattable.agents.registry import agent_kinds
from cattable.core import game as get_game
from cattable.core import game_names
from cattable.core.i18n import LANGUAGES, catalogue
from cattable.interfaces.web import health, refusals
from cattable.interfaces.web.bodies import (
    ActionIn,
    JoinIn,
    QuickIn,
    SeatIn,
    TableIn,
    TakeIn,
    TokensIn,
    WebhookIn,
    described,
)
from cattable.interfaces.web.connection import follow
from cattable.interfaces.web.deps import ActBody, HostDep, HubDep, SeatDep, SocialDep, ViewerDep
from cattable.interfaces.web.guard import LimitGate, RequestContext, address_of
from cattable.interfaces.web.hints import hint_for
from cattable.interfaces.web.pages import STATIC, mount_client
from cattable.server import protocol as wire
from cattable.server.hub import Hub, SeatSpec, cattable_version
from cattable.server.limits import LimitPolicy, Limits
from cattable.server.outbox import OutboxPolicy
from cattable.server.social import Social
from cattable.server.store import Store
from cattable.server.table import Refusal
from cattable.server.webhook_guard import WebhookPolicy
from cattable.server.webhooks import WebhookSender


def create_app(
    db_url: str,
    *,
    origins: tuple[str, ...] = (),
    bot_workers: int = 1,
    crash: str | None = None,
    lease_seconds: float = 15.0,
    server_id: str | None = None,
    static: Path = STATIC,
    webhooks: WebhookPolicy | None = None,
    limits: LimitPolicy | None = None,
    outbox: OutboxPolicy | None = None,
) -> FastAPI:
    """The server's app over the database at ``db_url`` (migrated on start-up)."""
    guard = Limits(limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(partial(Store, db_url, background_checkpoints=True))
        hub = Hub(
            store,
            bot_workers=bot_workers,
            crash=crash,
            lease_seconds=lease_seconds,
            owner=server_id,
            webhooks=WebhookSender(webhooks),
        )
        await hub.start()
        app.state.hub = hub
        social = Social(hub)
        social.start()
        app.state.social = social
        yield
        social.close()
        await hub.close()
        store.close()

    app = FastAPI(title="cattable table server", version=cattable_version(), lifespan=lifespan)
    app.state.limits = guard
    app.state.outbox = outbox or OutboxPolicy()
    app.add_middleware(RequestContext)
    # outermost: before any routing
    app.add_middleware(LimitGate, limits=guard, on_refused=partial(refusals.count_in, app))
    refusals.install(app)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games, their player counts and options, and the bot levels a seat may take."""
        return [{**get_game(n).describe(), "bots": list(agent_kinds(get_game(n)))} for n in game_names()]

    @app.get("/api/i18n/{lang}")
    async def messages(lang: str) -> wire.Catalogue:
        """A language's catalogue (msgid to translation): the browser renders log lines with it."""
        if lang not in LANGUAGES:
            raise Refusal("no_language", f"unknown language {lang!r}; cattable speaks {', '.join(LANGUAGES)}")
        return {"lang": lang, "messages": catalogue(lang)}

    @app.get("/api/games/{name}/schema")
    async def schema(name: str) -> dict[str, Any]:
        """The JSON Schemas of a game's actions and views."""
        if name not in game_names():
            raise Refusal("no_game", f"unknown game {name!r}; games: {', '.join(game_names())}")
        return get_game(name).schemas()

    @app.post("/api/tables", status_code=201)
    async def open_table(body: TableIn, hub: HubDep) -> dict[str, Any]:
        """Open a table; returns the host token and an invite code per person's seat (shown once). The
        address's allowance was taken before routing (``LimitGate``)."""
        seats = [SeatSpec(name=s.name, bot=s.bot) for s in body.seats]
        return await hub.create(
            body.game,
            body.players,
            body.options,
            seats,
            body.spectators,
            body.clock,
            body.on_timeout,
            open=body.open,
            fill_after=body.fill_after,
            guided=body.guided,
        )

    @app.get("/api/open-tables")
    async def open_tables(social: SocialDep, game: str | None = None) -> list[wire.OpenTable]:
        """Running tables open to strangers with a seat free, oldest first (never an invite code)."""
        return await social.open_tables(game)

    @app.post("/api/open-tables/{table_id}/seats")
    async def take_seat(table_id: str, body: TakeIn, social: SocialDep, request: Request) -> wire.SeatTaken:
        """Take the first free seat of an open table: its seat token."""
        guard.take_seat(address_of(request.scope))
        return await social.take_seat(table_id, body.name)

    @app.post("/api/quick-play")
    async def quick_play(body: QuickIn, social: SocialDep, request: Request) -> wire.SeatTaken:
        """A seat at an open table of the game, or a new open table if none has a seat free."""
        address = address_of(request.scope)
        guard.take_seat(address)
        return await social.quick_play(
            body.game, body.players, body.name, body.fill_after, lambda: guard.open_table(address)
        )

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, seat: SeatDep, social: SocialDep) -> wire.SeatTaken:
        """Play again once the game is over: the same seats at a new table; your token for your own seat."""
        return await social.again(table_id, seat)

    @app.post("/api/join")
    async def join(body: JoinIn, hub: HubDep) -> wire.Joined:
        """Exchange a seat's invite code for a seat token."""
        return await hub.join(body.invite)

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, viewer: ViewerDep, hub: HubDep, since: int = 0) -> wire.StateMessage:
        """The position and log as the token's seat (or a spectator, without a token) sees them."""
        return await hub.message(table_id, viewer, since)

    @app.post("/api/tables/{table_id}/actions", openapi_extra=described(ActionIn))
    async def act(table_id: str, seat: SeatDep, move: ActBody, hub: HubDep) -> wire.AckMessage:
        """Play an action for the token's seat (the WebSocket's ``act``); the reply comes once the move is stored."""
        return await hub.act(table_id, seat, move.action, move.id)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, seat: SeatDep, hub: HubDep) -> wire.AckMessage:
        """Take back your own last move: only if it drew no chance, revealed nothing, and nobody acted since."""
        return await hub.undo(table_id, seat, None)

    @app.post("/api/tables/{table_id}/reclaim")
    async def reclaim(table_id: str, seat: SeatDep, hub: HubDep) -> dict[str, Any]:
        """Take your seat back from the autopilot that played it while your clock had run out."""
        await hub.reclaim(table_id, seat)
        return {"reclaimed": True}

    @app.post("/api/tables/{table_id}/hint")
    async def hint(table_id: str, seat: SeatDep, hub: HubDep) -> dict[str, Any]:
        """What the game's heuristic bot would play in your seat now (it sees only what your seat sees)."""
        return await hint_for(await hub.table(table_id), seat)

    @app.get("/api/tables/{table_id}/presence")
    async def presence(table_id: str, viewer: ViewerDep, hub: HubDep) -> wire.Presence:
        """Which seats have a live connection to this server now, and how many spectators watch (for a seat,
        or anyone where spectators are welcome)."""
        if not (await hub.table(table_id)).may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators")
        viewers = hub.viewers(table_id)
        return {"connected": sorted({v for v in viewers if v is not None}), "spectators": viewers.count(None)}

    @app.put("/api/tables/{table_id}/webhook")
    async def webhook(table_id: str, seat: SeatDep, body: WebhookIn, hub: HubDep) -> dict[str, Any]:
        """Where to POST your "your turn" signal (a URL, or null to stop)."""
        await hub.set_webhook(table_id, seat, body.url)
        return {"webhook": body.url}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, viewer: ViewerDep, hub: HubDep, at: int, seat: str = "me") -> dict[str, Any]:
        """The position at version ``at``: your seat's view while playing; once the game is over, any
        seat's (``seat=2``) or the spectator's (``seat=spectator``)."""
        as_seat: int | str | None = seat
        if seat == "spectator":
            as_seat = None
        elif seat != "me":
            if not seat.isdigit():
                raise Refusal("invalid", "seat must be 'me', 'spectator' or a seat number")
            as_seat = int(seat)
        return await hub.replay_view(table_id, viewer, at, as_seat)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, viewer: ViewerDep, hub: HubDep) -> dict[str, Any]:
        """The finished game's record (seed and chance outcomes): published only once the game is over."""
        table = await hub.table(table_id)
        if viewer is None and table.row.spectators == "off":
            raise Refusal("no_spectators", "this table does not admit spectators")
        return table.record()

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def reassign(table_id: str, seat: int, host: HostDep, body: SeatIn, hub: HubDep) -> dict[str, Any]:
        """The host gives a seat to someone else (a new invite) or to a bot; the seat's old tokens stop."""
        return await hub.reassign(table_id, host, seat, SeatSpec(name=body.name, bot=body.bot))

    @app.post("/api/my-tables")
    async def my_tables(body: TokensIn, hub: HubDep) -> list[wire.MyTable]:
        """The tables the given seat tokens sit at, and whether it is that seat's move."""
        out: list[wire.MyTable] = []
        for token in body.tokens:
            try:
                table_id, seat = await hub.seat_of(token)
            except Refusal:
                continue
            glanced = await hub.glance(table_id, seat)  # never moves a table served by another process
            if glanced is not None:
                out.append(glanced)
        return out

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        """A client's live connection; its first message is ``hello`` (its seat token, the version it saw)."""
        hub: Hub = websocket.app.state.hub
        origin = websocket.headers.get("origin")
        if origin is not None and not _origin_allowed(origin, websocket.headers.get("host", ""), origins):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        await websocket.accept()  # the address's sockets were counted before routing (``LimitGate``)
        hub.metrics.sockets.inc()
        try:
            await follow(hub, app.state.social, table_id, websocket, guard, app.state.outbox)
        finally:
            hub.metrics.sockets.dec()

    app.include_router(health.router)
    mount_client(app, static)
    return app


def _origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """Same origin as the page the server serves, or one named with ``--origin``."""
    bare = origin.split("://", 1)[-1].rstrip("/")
    return bare == host or origin.rstrip("/") in allowed
