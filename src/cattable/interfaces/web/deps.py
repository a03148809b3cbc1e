"""What the routes take from a request before they act: the hub, and whose seat the request speaks for.

A seat always comes from its token, checked here once for every door: ``Authorization: Bearer`` on HTTP
(``ViewerDep``, ``SeatDep``), the ``hello`` message on the WebSocket (``seat_at``). A token that names no
seat, or a seat at another table, is ``bad_token`` (HTTP 401) wherever it is sent.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from cattable.interfaces.web.messages import Act, body_text, read_act
from cattable.server.hub import Hub
from cattable.server.limits import Limits
from cattable.server.social import Social
from cattable.server.table import Refusal, Viewer
from cattable.server.tokens import digest


def hub_of(request: Request) -> Hub:
    """The hub the app's start-up built."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


def social_of(request: Request) -> Social:
    social: Social = request.app.state.social
    return social


SocialDep = Annotated[Social, Depends(social_of)]


def bearer(authorization: str | None, whose: str = "seat") -> str | None:
    """The token of an ``Authorization: Bearer`` header (None without the header); any other scheme, or
    the scheme without a token, is ``bad_token``."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Refusal("bad_token", f"send the {whose} token as 'Authorization: Bearer <token>'")
    return token.strip()


async def seat_at(hub: Hub, table_id: str, token: str) -> int:
    """The seat ``token`` names at ``table_id``: the one check of a seat token, for both doors."""
    found_table, seat = await hub.seat_of(token)
    if found_table != table_id:
        raise Refusal("bad_token", "this seat token is for another table")
    return seat


async def viewer_of(
    request: Request, table_id: str, hub: HubDep, authorization: Annotated[str | None, Header()] = None
) -> Viewer:
    """The token's seat at the path's table, or None (a spectator) without a token. A token's HTTP
    requests are counted in the same bucket as its WebSocket messages (``server/limits.py``)."""
    token = bearer(authorization)
    if token is None:
        return None
    limits: Limits = request.app.state.limits
    limits.message("token:" + digest(token))
    return await seat_at(hub, table_id, token)


ViewerDep = Annotated[Viewer, Depends(viewer_of)]
"""A seat or a spectator: for what a spectator may also read."""


async def seat_of(viewer: ViewerDep) -> int:
    """The token's seat; a request without one is ``bad_token`` (a spectator has no seat)."""
    if viewer is None:
        raise Refusal("bad_token", "only a seat can do this: send its token as 'Authorization: Bearer <token>'")
    return viewer


SeatDep = Annotated[int, Depends(seat_of)]
"""A seat, for what only a seat may do."""


def host_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The host token of a request that only the host may make (the hub checks it names the table's host)."""
    token = bearer(authorization, "host")
    if token is None:
        raise Refusal("bad_token", "only the host can do this: send the host token as 'Authorization: Bearer <token>'")
    return token


HostDep = Annotated[str, Depends(host_token)]


async def act_body(request: Request) -> Act:
    """The ``act`` an HTTP body carries, read as the WebSocket reads one (messages.py)."""
    return read_act(await body_text(request))


ActBody = Annotated[Act, Depends(act_body)]
