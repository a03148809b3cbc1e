"""The browser applies the server's view patches (issue #29): a Cat Cafe game played move by move against
bots, its board drawn from patches, is the same board a reload draws from the full view."""

from __future__ import annotations

import json
from typing import Any

from tests.server.harness import Server

from .cafe_player import open_from_lobby, play_one, state_of, wait_drawn

BOARD = "() => [...document.querySelectorAll('.cafe .sheet')].map((s) => s.outerHTML).join('\\n')"
"""The players' sheets as drawn: what a patch must get right (the dice, the log and the notices aside)."""


def _my_turn(page: Any) -> None:
    page.wait_for_function(
        "() => { const d = document.getElementById('app').dataset; return d.legal !== '0' || d.over === 'true'; }"
    )


def test_a_board_drawn_from_patches_is_the_board_a_reload_draws(server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    frames: list[str] = []
    sent: list[str] = []

    def watch(ws: Any) -> None:
        ws.on("framereceived", lambda f: frames.append(str(f)))
        ws.on("framesent", lambda f: sent.append(str(f)))

    page.on("websocket", watch)
    open_from_lobby(page, server.base, ["heuristic", "heuristic"])
    wait_drawn(page)
    for _ in range(4):  # my move, then the bots'
        _my_turn(page)
        if not play_one(page):
            break
    _my_turn(page)
    patched = [f for f in frames if '"type":"state"' in f and '"delta":' in f]
    assert patched, "the page was sent no patch"
    assert not [f for f in sent if '"sync"' in f], "a patch did not fit the view the page held"
    version, board = state_of(page)["version"], page.evaluate(BOARD)
    assert int(version) >= 4 and board
    page.reload()
    wait_drawn(page)
    page.wait_for_function("(v) => document.getElementById('app').dataset.version === v", arg=version)
    assert page.evaluate(BOARD) == board
    assert errors == []


def test_a_patch_from_a_version_the_page_does_not_hold_is_not_drawn_and_the_page_asks_for_the_whole(
    server: Server, context: Any
) -> None:
    """A patch whose base is not the version the page holds (tampered with here, between the server and the
    page) is never applied: the page sends ``sync`` and draws the whole position it is answered with."""
    page = context.new_page()
    sent: list[str] = []
    tampered: list[int] = []

    def route(ws: Any) -> None:
        server_side = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "state" and "delta" in msg and not tampered:
                msg["base"] -= 1
                tampered.append(msg["version"])
            ws.send(json.dumps(msg))

        def up(message: str | bytes) -> None:
            sent.append(str(message))
            server_side.send(message)

        server_side.on_message(down)
        ws.on_message(up)

    page.route_web_socket("**/ws/tables/**", route)
    open_from_lobby(page, server.base, ["heuristic", "heuristic"])
    wait_drawn(page)
    for _ in range(2):
        _my_turn(page)
        if not play_one(page):
            break
    _my_turn(page)
    assert tampered, "no patch came to tamper with"
    assert any('"sync"' in s for s in sent), "the page did not ask for the whole position"
    version, board = state_of(page)["version"], page.evaluate(BOARD)
    page.unroute_all()
    page.reload()
    wait_drawn(page)
    page.wait_for_function("(v) => document.getElementById('app').dataset.version === v", arg=version)
    assert page.evaluate(BOARD) == board
