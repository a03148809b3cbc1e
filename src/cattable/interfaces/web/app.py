"""The HTTP and WebSocket doors of the table server: thin routes over ``cattable.server.Hub``.

A seat is always taken from its token (``Authorization: Bearer`` on HTTP, the ``hello`` message on the WebSocket),
never from a message field; a browser's WebSocket must come from an allowed origin. Every refusal is a
JSON body ``{"error": code, "reason": text}``; nothing a person sends can produce a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from cattable.agents.registry import agent_kinds
from cattable.core import game as get_game
from cattable.core import game_names
from cattable.core.i18n import LANGUAGES, catalogue
from cattable.interfaces.web import health
from cattable.interfaces.web.frames import parse, receive_frame
from cattable.interfaces.web.guard import LimitGate, RequestContext, address_of
from cattable.interfaces.web.hints import hint_for
from cattable.interfaces.web.pages import STATIC, mount_client
from cattable.server import protocol as wire
from cattable.server.encoding import frame
from cattable.server.hub import Hub, SeatSpec, cattable_version
from cattable.server.limits import FLOODED, LimitPolicy, Limits, RateLimited
from cattable.server.outbox import Lagging, OutboxPolicy, OutboxWatcher
from cattable.server.social import Social, clean_chat
from cattable.server.store import Store
from cattable.server.table import SPECTATORS, Refusal, Viewer
from cattable.server.tokens import digest
from cattable.server.webhook_guard import WebhookPolicy
from cattable.server.webhooks import WebhookSender

log = logging.getLogger("cattable.web")


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
    action: Any
    id: str = Field(min_length=1, max_length=64, description="the client's message id: required, applied once")


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


def hub_of(request: Request) -> Hub:
    """The hub the app's start-up built (a dependency, so routes stay thin)."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


def social_of(request: Request) -> Social:
    social: Social = request.app.state.social
    return social


SocialDep = Annotated[Social, Depends(social_of)]


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

    def gate_refused(exc: RateLimited, door: str) -> None:
        hub: Hub | None = getattr(app.state, "hub", None)
        if hub is not None:
            _count(hub, exc, door)

    app.add_middleware(LimitGate, limits=guard, on_refused=gate_refused)  # outermost: before any routing

    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> JSONResponse:
        status = {
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
        }
        _count_refusal(request, exc, "http")
        if isinstance(exc, RateLimited):
            return JSONResponse(
                {"error": exc.code, "reason": str(exc), "retry_after": exc.retry_after},
                status_code=429,
                headers={"Retry-After": str(exc.retry_after)},
            )
        return JSONResponse({"error": exc.code, "reason": str(exc)}, status_code=status.get(exc.code, 409))

    @app.exception_handler(RequestValidationError)
    async def unreadable(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A body that does not fit its model gets the house refusal (never the values sent back)."""
        _count_refusal(request, Refusal("invalid", ""), "http")
        where = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in exc.errors()[:5])
        return JSONResponse({"error": "invalid", "reason": f"the request does not fit: {where}"}, status_code=422)

    async def viewer_for(hub: Hub, table_id: str, authorization: str | None) -> Viewer:
        if not authorization:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise Refusal("bad_token", "send the seat token as 'Authorization: Bearer <token>'")
        guard.message("token:" + digest(token.strip()))  # a token's HTTP requests and messages share a bucket
        found_table, seat = await hub.seat_of(token.strip())
        if found_table != table_id:
            raise Refusal("bad_token", "this seat token is for another table")
        return seat

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
    async def again(
        table_id: str, social: SocialDep, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> wire.SeatTaken:
        """Play again once the game is over: the same seats at a new table; your token for your own seat."""
        return await social.again(table_id, await seat_for(hub, table_id, authorization))

    @app.post("/api/join")
    async def join(body: JoinIn, hub: HubDep) -> wire.Joined:
        """Exchange a seat's invite code for a seat token."""
        return await hub.join(body.invite)

    @app.get("/api/tables/{table_id}")
    async def table_state(
        table_id: str, hub: HubDep, since: int = 0, authorization: Annotated[str | None, Header()] = None
    ) -> wire.StateMessage:
        """The position and log as the token's seat (or a spectator, without a token) sees them."""
        viewer = await viewer_for(hub, table_id, authorization)
        return await hub.message(table_id, viewer, since)

    @app.post("/api/tables/{table_id}/actions")
    async def act(
        table_id: str, body: ActionIn, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> wire.AckMessage:
        """Play an action for the token's seat; the reply comes once the move is stored."""
        viewer = await viewer_for(hub, table_id, authorization)
        if viewer is None:
            raise Refusal("bad_token", "only a seat can act: send its token as 'Authorization: Bearer <token>'")
        return await hub.act(table_id, viewer, body.action, body.id)

    async def seat_for(hub: Hub, table_id: str, authorization: str | None) -> int:
        viewer = await viewer_for(hub, table_id, authorization)
        if viewer is None:
            raise Refusal("bad_token", "only a seat can do this: send its token as 'Authorization: Bearer <token>'")
        return viewer

    @app.post("/api/tables/{table_id}/undo")
    async def undo(
        table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> wire.AckMessage:
        """Take back your own last move: only if it drew no chance, revealed nothing, and nobody acted since."""
        return await hub.undo(table_id, await seat_for(hub, table_id, authorization), None)

    @app.post("/api/tables/{table_id}/reclaim")
    async def reclaim(
        table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Take your seat back from the autopilot that played it while your clock had run out."""
        await hub.reclaim(table_id, await seat_for(hub, table_id, authorization))
        return {"reclaimed": True}

    @app.post("/api/tables/{table_id}/hint")
    async def hint(table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """What the game's heuristic bot would play in your seat now (it sees only what your seat sees)."""
        seat = await seat_for(hub, table_id, authorization)
        return await hint_for(await hub.table(table_id), seat)

    @app.get("/api/tables/{table_id}/presence")
    async def presence(
        table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> wire.Presence:
        """Which seats have a live connection to this server now, and how many spectators watch (for a seat,
        or anyone where spectators are welcome)."""
        viewer = await viewer_for(hub, table_id, authorization)
        if not (await hub.table(table_id)).may_watch(viewer):
            raise Refusal("no_spectators", "this table does not admit spectators")
        viewers = hub.viewers(table_id)
        return {"connected": sorted({v for v in viewers if v is not None}), "spectators": viewers.count(None)}

    @app.put("/api/tables/{table_id}/webhook")
    async def webhook(
        table_id: str, body: WebhookIn, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Where to POST your "your turn" signal (a URL, or null to stop)."""
        await hub.set_webhook(table_id, await seat_for(hub, table_id, authorization), body.url)
        return {"webhook": body.url}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str,
        hub: HubDep,
        at: int,
        seat: str = "me",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The position at version ``at``: your seat's view while playing; once the game is over, any
        seat's (``seat=2``) or the spectator's (``seat=spectator``)."""
        viewer = await viewer_for(hub, table_id, authorization)
        as_seat: int | str | None = seat
        if seat == "spectator":
            as_seat = None
        elif seat != "me":
            if not seat.isdigit():
                raise Refusal("invalid", "seat must be 'me', 'spectator' or a seat number")
            as_seat = int(seat)
        return await hub.replay_view(table_id, viewer, at, as_seat)

    @app.get("/api/tables/{table_id}/record")
    async def record(
        table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The finished game's record (seed and chance outcomes): published only once the game is over."""
        viewer = await viewer_for(hub, table_id, authorization)
        table = await hub.table(table_id)
        if viewer is None and table.row.spectators == "off":
            raise Refusal("no_spectators", "this table does not admit spectators")
        return table.record()

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def reassign(
        table_id: str, seat: int, body: SeatIn, hub: HubDep, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The host gives a seat to someone else (a new invite) or to a bot; the seat's old tokens stop."""
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise Refusal("bad_token", "only the host can reassign seats: send the host token as a Bearer token")
        return await hub.reassign(table_id, token.strip(), seat, SeatSpec(name=body.name, bot=body.bot))

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
            await _follow(hub, app.state.social, table_id, websocket, guard, app.state.outbox)
        finally:
            hub.metrics.sockets.dec()

    app.include_router(health.router)
    mount_client(app, static)
    return app


async def _follow(
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
        _count(hub, exc, "websocket")
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
    hello = parse(await asyncio.wait_for(receive_frame(websocket), timeout=30))
    if hello.get("type") != "hello":
        raise Refusal("invalid", 'the first message must be {"type": "hello", "token": ..., "since": ...}')
    token, since = hello.get("token"), hello.get("since", 0)
    if token is not None and not isinstance(token, str):
        raise Refusal("bad_token", "the token must be a string")
    if type(since) is not int or since < 0:
        raise Refusal("invalid", "'since' must be a whole number (the last version you saw)")
    viewer: Viewer = None
    if token:
        found_table, seat = await hub.seat_of(token)
        if found_table != table_id:
            raise Refusal("bad_token", "this seat token is for another table")
        viewer = seat

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    watcher = _SocketWatcher(viewer, since, websocket.send_text, close, policy=outbox, on_drop=hub.metrics.lagging.inc)
    watcher.token = token or None
    try:
        await hub.watch(table_id, watcher)
    except BaseException:
        await watcher.stop()
        raise
    return watcher


def _chat(social: Social, guard: Limits, watcher: _SocketWatcher) -> Chat:
    """How this connection posts a chat line: counted against its own chat limit, then stored and sent."""

    async def post(table_id: str, text: Any, msg_id: Any) -> wire.AckMessage:
        clean_chat(text)  # a line refused for its text does not count against the limit
        guard.chat_line(f"conn:{id(watcher)}")
        return await social.post(table_id, watcher.viewer, text, msg_id)

    return post


Chat = Callable[[str, Any, Any], Awaitable[wire.AckMessage]]


async def _answer(
    hub: Hub, table_id: str, viewer: Viewer, frame: str | None, chat: Chat | None = None
) -> wire.ServerMessage:
    """The reply to one client message (None: a binary frame): an ack, the position, a pong, or a refusal."""
    msg_id: Any = None
    try:
        msg = parse(frame)
        msg_id = msg.get("id")
        kind = msg.get("type")
        if kind == "chat" and chat is not None:
            return await chat(table_id, msg.get("text"), msg_id)
        if kind == "ping":
            return {"type": "pong", "id": msg_id if isinstance(msg_id, str) else None}
        if kind == "sync":
            since = msg.get("since", 0)
            if type(since) is not int:
                raise Refusal("invalid", "'since' must be a whole number (the last version you saw)")
            return await hub.message(table_id, viewer, since)
        if kind in ("undo", "reclaim") and viewer is None:
            raise Refusal("spectator", "spectators cannot act")
        if kind == "undo":
            return await hub.undo(table_id, viewer, msg_id if isinstance(msg_id, str) else None)  # type: ignore[arg-type]
        if kind == "reclaim":
            await hub.reclaim(table_id, viewer)  # type: ignore[arg-type]
            return {"type": "ack", "id": msg_id if isinstance(msg_id, str) else None, "reclaimed": True}
        if kind == "act":
            if viewer is None:
                raise Refusal("spectator", "spectators cannot act")
            if "action" not in msg:
                raise Refusal("invalid", "an 'act' message needs an 'action'")
            return await hub.act(table_id, viewer, msg["action"], msg_id)
        raise Refusal("invalid", "the message type must be 'act', 'undo', 'reclaim', 'sync', 'ping' or 'chat'")
    except Refusal as exc:
        _count(hub, exc, "websocket")
        refused: wire.ErrorMessage = {
            "type": "error",
            "id": msg_id if isinstance(msg_id, str) else None,
            "error": exc.code,
            "reason": str(exc),
        }
        if isinstance(exc, RateLimited):
            refused["retry_after"] = exc.retry_after
        return refused


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


def _count(hub: Hub, exc: Refusal, door: str) -> None:
    hub.metrics.refusals.labels(exc.code, door).inc()
    if isinstance(exc, RateLimited):
        hub.metrics.rate_limited.labels(exc.kind).inc()


def _count_refusal(request: Request, exc: Refusal, door: str) -> None:
    hub: Hub | None = getattr(request.app.state, "hub", None)
    if hub is not None:
        _count(hub, exc, door)


def _origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """Same origin as the page the server serves, or one named with ``--origin``."""
    bare = origin.split("://", 1)[-1].rstrip("/")
    return bare == host or origin.rstrip("/") in allowed
