"""The browser applies the server's view patches (issue #29): a Cat Cafe game played move by move against
bots, its board drawn from patches, is the same board a reload draws from the full view."""

from __future__ import annotations

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
