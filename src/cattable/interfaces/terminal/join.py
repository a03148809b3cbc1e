"""``cattable join LINK``: a seat at a server's table played from this terminal, beside browsers and bots.

The terminal is one more client: it trades the invite for a seat token, follows the table over its
WebSocket, draws each view with the game's terminal drawing, and sends moves typed in the game's text form
(or chosen by a local bot with ``--bot``). The server checks every move; its refusals are shown as said.
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
from typing import Any

from rich.markup import escape
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from cattable.agents.registry import make_agent
from cattable.core import Action, Game, InvalidAction
from cattable.core import game as get_game
from cattable.core.i18n import check_language, render
from cattable.core.registry import descriptor
from cattable.server import deltas

from .common import console, renderer

RESTARTING = 1012
"""The server is restarting (docs/PROTOCOL.md): reconnect at once and resume from the last version seen."""
FLOODED = 4029
"""The server closed the socket for sending far past its message limit (docs/PROTOCOL.md, "Limits"): its
address may open no socket for a few seconds, so the terminal waits ``FLOODED_PAUSE`` before coming back."""
FLOODED_PAUSE = 10.0
RECONNECT_FOR = 60.0
"""Seconds a restarting server has to come back before the terminal gives up."""
SLOWED = "rate_limited"
"""A message refused for coming too fast (docs/PROTOCOL.md, "Limits"): it was not read, so the terminal waits
the ``retry_after`` it is told and sends again what is unanswered (a move keeps its id: applied once)."""
FOR_NOW = ("elsewhere", "unavailable")
"""Refusals of the hello that pass: another process still serves the table, or the database is away."""
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
    console.print(f"Seat {seat + 1} at table {table_id}. The link brings you back to this seat: {link}")
    conn = _Link(ws_url, token)
    try:
        conn.open()
        return _play(conn, seat, bot, ask, check_language(lang))
    except (OSError, WebSocketException) as exc:
        raise ValueError(f"the connection to the table was lost: {exc}") from None
    finally:
        conn.close()


class _Link:
    """The table's WebSocket, reopened at once when the server closes it for a restart (1012): the ``hello``
    says the last version seen, and a move not yet answered is sent again with its id (applied once)."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token
        self.version = 0
        self.pending: dict[str, Any] | None = None
        self.ws: ClientConnection | None = None
        self.opened = 0
        """Connections opened: a move chosen on an older one may meet a table that moved on."""
        self.tries = 0
        """Refusals for now in a row (``FOR_NOW``), since the table last answered with its position."""
        self.held: tuple[int, Any] = (-1, None)
        """The version whose view this client holds, and that view: what a ``delta`` applies to."""
        self.syncing: dict[str, Any] | None = None
        """A ``sync`` sent and not yet answered with a whole position."""

    def open(self) -> None:
        self.opened += 1
        self.syncing = None  # the hello brings the whole position
        self.ws = connect(self.url, open_timeout=30, max_size=2**22).__enter__()  # closed by ``close``
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": self.version}))
        if self.pending is not None:
            self.ws.send(json.dumps(self.pending))

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            self.pending = message
        elif message["type"] == "sync":
            self.syncing = message
        assert self.ws is not None
        try:
            self.ws.send(json.dumps(message))
        except ConnectionClosed as exc:
            self._reopen(exc)  # sends the pending message again

    def recv(self) -> dict[str, Any]:
        while True:
            assert self.ws is not None
            try:
                msg: dict[str, Any] = json.loads(self.ws.recv())
            except ConnectionClosed as exc:
                self._reopen(exc)
                continue
            if msg["type"] == "error" and msg.get("id") is None and msg.get("error") in (*FOR_NOW, SLOWED):
                if msg["error"] == SLOWED:
                    self._slow_down(msg.get("retry_after"))
                else:
                    self._try_again(str(msg.get("reason", "")))
                continue
            if msg["type"] == "state":
                if "delta" not in msg:
                    self.syncing = None
                if not self._whole(msg):
                    continue
                self.version = max(self.version, msg["version"])
                self.tries = 0
            elif msg["type"] in ("ack", "error") and self.pending is not None and msg.get("id") == self.pending["id"]:
                self.pending = None
            return msg

    def _whole(self, msg: dict[str, Any]) -> bool:
        """Give a ``state`` its whole view: one with ``delta`` is applied to the view held when its ``base``
        is the version held. Otherwise (or if the patch does not fit) the message is dropped and the whole
        position asked for with ``sync``: a wrong board is never drawn. False when dropped."""
        if "delta" in msg:
            try:
                if msg.get("base") != self.held[0]:
                    raise deltas.PatchError("the delta is not from the version held")
                msg["view"] = deltas.apply(self.held[1], msg.pop("delta"))
            except deltas.PatchError:
                self.send({"type": "sync", "since": self.held[0]})
                return False
        if msg.get("reset") or msg["version"] >= self.held[0]:  # an older position crossing never replaces it
            self.held = (msg["version"], msg.get("view"))
        return True

    def _slow_down(self, retry_after: Any) -> None:
        """Past the server's message limit: wait as told, then send again the move and the ``sync`` still
        unanswered (the refused message is not known by its id, and a move resent is applied at most once)."""
        pause = float(retry_after) if isinstance(retry_after, int | float) and 0 < retry_after <= 60 else 1.0
        console.print(f"[yellow]the server asks for fewer messages: sending again in {pause:g} s[/]")
        time.sleep(pause)
        if self.pending is not None:
            self.send(self.pending)
        if self.syncing is not None:  # none after a reconnection: its hello brings the whole position
            self.send(self.syncing)

    def _try_again(self, reason: str) -> None:
        """Behind a balancer a process may not serve the table yet (docs/SCALING.md): wait a growing pause
        and come back, as the browser does; give up after ``RETRIES`` tries in a row."""
        self.tries += 1
        if self.tries > RETRIES:
            raise ValueError(f"the connection to the table was lost: {reason}")
        pause = 0.5 * 2 ** min(self.tries - 1, 4)
        console.print(f"[yellow]the table is away ({escape(reason)}): trying again in {pause:g} s[/]")
        self.close()
        time.sleep(pause)
        self.open()

    def _reopen(self, exc: ConnectionClosed) -> None:
        code = None if exc.rcvd is None else exc.rcvd.code
        if code not in (RESTARTING, FLOODED):
            raise exc
        pause = 0.05
        if code == FLOODED:  # never a loop of instant reconnects: the server bars the address meanwhile
            console.print(
                f"[yellow]The server closed the connection: too many messages. Back in {FLOODED_PAUSE:g} s...[/]"
            )
            time.sleep(FLOODED_PAUSE)
            pause = 1.0
        else:
            console.print("[yellow]The server is restarting: reconnecting...[/]")
        deadline = time.monotonic() + RECONNECT_FOR
        while True:
            try:
                self.open()
                return
            except (OSError, WebSocketException):
                if time.monotonic() > deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 1.0)


def _play(ws: _Link, seat: int, bot: str | None, ask: Callable[[str], str], lang: str = "en") -> int:
    game: Game | None = None
    drawing: Any = None
    draw: Callable[[dict[str, Any], int | None], Any] | None = None
    agent = None
    inbox: deque[dict[str, Any]] = deque()
    told = 0
    while True:
        msg = inbox.popleft() if inbox else ws.recv()
        if msg["type"] == "error":
            console.print(f"[red]refused:[/] {escape(msg['reason'])}")
            if msg.get("id") is None:
                return 1
            continue
        if msg["type"] == "notice":
            console.print(f"[yellow]{escape(_told(msg, lang))}[/]")
            continue
        if msg["type"] == "chat":  # what people typed at the table: shown as plain text
            for line in msg["lines"]:
                console.print(f"  [dim]{escape(line['name'] or 'spectator')}:[/] {escape(line['text'])}")
            continue
        if msg["type"] != "state":
            continue
        if game is None:
            game = get_game(msg["game"])
            drawing = descriptor(game.name).drawing.load()
            draw = renderer(game, lang) if drawing is not None else None
            agent = make_agent(bot, game, seat, imports=True) if bot else None
        for line in msg.get("log", []):
            if line["version"] > told:  # a reconnection's position may repeat lines already shown
                console.print(f"  seat {_seat(line['seat'])}: {escape(_told(line, lang))}")
                told = line["version"]
        if msg["over"]:
            if drawing is not None and hasattr(drawing, "explain_result"):
                names = [s["name"] for s in msg["seats"]]
                console.print(drawing.explain_result(msg["result"], names, msg["view"]))
            else:
                console.print(f"Game over: {msg['result']}")
            return 0
        if not msg["legal"] or msg["version"] < ws.version:  # a newer position follows: play from that one
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
            opened = ws.opened
            ws.send({"type": "act", "id": uuid.uuid4().hex, "action": action.to_json()})
            reply = ws.recv()
            while reply["type"] in ("state", "notice", "chat"):  # crossed our move: kept for after the reply
                inbox.append(reply)
                reply = ws.recv()
            if reply["type"] == "ack":
                break
            console.print(f"[red]refused:[/] {escape(reply['reason'])}")
            if inbox:  # the table moved on meanwhile: play from its newer position
                break
            if ws.opened != opened:  # reconnected meanwhile: ask where the table is now
                ws.send({"type": "sync", "since": ws.version})
                break
            if agent is not None:
                return 1


def _seat(seat: Any) -> str:
    """A seat as people count them, from 1 (the protocol counts from 0)."""
    return str(seat + 1) if isinstance(seat, int) else "-"


def _told(line: dict[str, Any], lang: str) -> str:
    """A log line in ``lang``: its message rendered from the catalogue (places in words, seats from 1),
    else the line's own text."""
    msg = line.get("msg")
    if not isinstance(msg, dict) or not isinstance(msg.get("msgid"), str):
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
