"""``cattable join LINK``: a seat at a server's table played from this terminal, beside browsers and bots.

The terminal is one more client: it trades the invite for a seat token, follows the table over its
WebSocket, draws each view with the game's terminal drawing, and sends moves typed in the game's text form
(or chosen by a local bot with ``--bot``). The server checks every move; its refusals are shown as said.
A lost connection, or a server process that cannot serve the table yet (``elsewhere``, behind a balancer),
is tried again after a growing pause, resuming from the last version seen.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from cattable.agents.registry import make_agent
from cattable.core import Action, Game, InvalidAction
from cattable.core import game as get_game
from cattable.core.i18n import check_language, render
from cattable.core.registry import DRAWING_GROUP, companion

from .common import console, renderer

RETRIES = 8
"""Tries in a row without getting the table back (pauses of 0.5, 1, 2, 4, 8... s) before giving up."""

LINK = re.compile(r"^(?P<base>https?://[^/\s]+)/join/(?P<code>[A-Za-z0-9_-]+)/?$")


def read_link(link: str) -> tuple[str, str]:
    """The server's base URL and the invite code of a seat link, or a ValueError showing the form."""
    m = LINK.match(link.strip())
    if m is None:
        raise ValueError(f"{link!r} is not a seat link; it looks like http://HOST:PORT/join/CODE")
    return m["base"], m["code"]


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            out: dict[str, Any] = json.loads(resp.read())
            return out
    except urllib.error.HTTPError as exc:
        try:
            reason = json.loads(exc.read()).get("reason", exc.reason)
        except ValueError:
            reason = exc.reason
        raise ValueError(f"the server refused: {reason}") from None
    except urllib.error.URLError as exc:
        raise ValueError(f"cannot reach the server at {url}: {exc.reason}") from None


def join_table(
    link: str,
    *,
    name: str | None = None,
    bot: str | None = None,
    ask: Callable[[str], str] = input,
    lang: str = "en",
) -> int:
    """Play the seat behind ``link`` to the end (or until ``quit``); 0 when the session ends normally. The
    table's log lines and the drawing's sentences are told in ``lang`` (from each line's message)."""
    base, code = read_link(link)
    seat_info = _post(f"{base}/api/join", {"invite": code})
    table_id, seat, token = seat_info["table"], int(seat_info["seat"]), seat_info["token"]
    ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    console.print(f"Seat {seat} at table {table_id}. The link brings you back to this seat: {link}")
    here = _Seat(seat, bot, ask, check_language(lang))
    failed = 0
    while True:
        try:
            with connect(ws_url, open_timeout=30, max_size=2**22) as ws:
                ws.send(json.dumps({"type": "hello", "token": token, "since": here.seen}))
                return _play(ws, here)
        except (OSError, WebSocketException, _ForNow) as exc:
            failed = 0 if here.answered else failed + 1
            here.answered = False
            if failed >= RETRIES:
                raise ValueError(f"the connection to the table was lost: {exc}") from None
            pause = 0.5 * 2 ** min(failed, 4)
            console.print(
                f"[yellow]the table is away ({escape(str(exc) or 'connection lost')}): trying again in {pause:g} s[/]"
            )
            time.sleep(pause)


class _ForNow(Exception):
    """The server cannot serve the table just now (another process has it, or its database is away)."""


@dataclass
class _Seat:
    """What the terminal keeps across reconnections: the seat, its game and drawing, the last version."""

    seat: int
    bot: str | None
    ask: Callable[[str], str]
    lang: str = "en"
    game: Game | None = None
    drawing: Any = None
    draw: Callable[[dict[str, Any], int | None], Any] | None = None
    agent: Any = None
    seen: int = 0
    answered: bool = False
    """The table's position came on this connection (so the tries in a row start again)."""


def _play(ws: Any, here: _Seat) -> int:
    seat, bot, ask, lang = here.seat, here.bot, here.ask, here.lang
    inbox: deque[dict[str, Any]] = deque()
    while True:
        msg = inbox.popleft() if inbox else json.loads(ws.recv())
        if msg["type"] == "error":
            if msg.get("id") is None and msg.get("error") in ("elsewhere", "unavailable"):
                raise _ForNow(msg["reason"])
            console.print(f"[red]refused:[/] {escape(msg['reason'])}")
            if msg.get("id") is None:
                return 1
            continue
        if msg["type"] == "notice":
            console.print(f"[yellow]{escape(_told(msg, lang))}[/]")
            continue
        if msg["type"] != "state":
            continue
        here.answered, here.seen = True, max(here.seen, msg["version"])
        if here.game is None:
            here.game = get_game(msg["game"])
            here.drawing = companion(DRAWING_GROUP, here.game.name)
            here.draw = renderer(here.game, lang) if here.drawing is not None else None
            here.agent = make_agent(bot, here.game, seat, imports=True) if bot else None
        game, drawing, draw, agent = here.game, here.drawing, here.draw, here.agent
        for line in msg.get("log", []):
            console.print(f"  seat {line['seat']}: {escape(_told(line, lang))}")
        if msg["over"]:
            if drawing is not None and hasattr(drawing, "explain_result"):
                names = [s["name"] for s in msg["seats"]]
                console.print(drawing.explain_result(msg["result"], names, msg["view"]))
            else:
                console.print(f"Game over: {msg['result']}")
            return 0
        if not msg["legal"]:
            continue
        if draw is not None:
            console.print(draw(msg["view"], seat))
        legal = [game.action_from_json(a) for a in msg["legal"]]
        while True:
            chosen = agent.choose(msg["view"], legal) if agent is not None else _ask_move(game, legal, ask)
            if chosen is None:
                console.print("You left the table; the seat link brings you back.")
                return 0
            action: Action = chosen
            ws.send(json.dumps({"type": "act", "id": uuid.uuid4().hex, "action": action.to_json()}))
            reply = json.loads(ws.recv())
            while reply["type"] in ("state", "notice"):  # crossed our move: kept for after the reply
                inbox.append(reply)
                reply = json.loads(ws.recv())
            if reply["type"] == "ack":
                break
            console.print(f"[red]refused:[/] {escape(reply['reason'])}")
            if agent is not None:
                return 1


def _told(line: dict[str, Any], lang: str) -> str:
    """A log line in ``lang``: its message rendered from the catalogue, else the line's own text."""
    msg = line.get("msg")
    if (lang == "en" and "text" in line) or not isinstance(msg, dict) or not isinstance(msg.get("msgid"), str):
        return str(line.get("text", ""))
    return render(msg["msgid"], dict(msg.get("args") or {}), lang)


def _ask_move(game: Game, legal: list[Action], ask: Callable[[str], str]) -> Action | None:
    """A move typed in the game's text form; ``help`` lists the legal ones, ``quit`` leaves (None)."""
    while True:
        try:
            text = ask("your move (help, quit)> ").strip()
        except EOFError:
            return None
        if text in ("quit", "exit"):
            return None
        if text in ("help", "?", ""):
            console.print("Legal moves: " + ", ".join(escape(a.text()) for a in legal))
            continue
        try:
            return game.parse_action(text)
        except InvalidAction as exc:
            console.print(f"[red]not a move:[/] {escape(str(exc))}")
