"""Every move reachable from the keyboard (issue #32): at each game's table a person plays several moves
with Tab, Enter, Space and (the tower) the arrow keys alone, seeing where the focus is, and the server takes
them; after a move the focus stays on the board (the next move is a Tab or two away, not the whole page)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.harness import Server

from . import clicker
from .cafe_player import open_from_lobby, wait_drawn
from .keyboard import MOVED_ON, focus_is_visible, play_once, press_on, state_of, tab_to

CAFE_STEPS = [  # the first of these the page offers is played: marking is a space, an item, then confirm
    ".cafe button.confirm:not([disabled])",
    ".cafe button.item-choice.legal:not([disabled])",
    ".cafe button.space.legal",
    ".cafe button.die.legal",
    ".cafe button.cat-choice",
    ".cafe button.pass",
]


def _my_moves(page: Any, wanted: int, step: Any, seconds: float = 60.0) -> int:
    """Play ``wanted`` moves of mine by keys (``step`` makes one, False while it is not my turn)."""
    made = 0
    deadline = page.evaluate("() => Date.now()") + seconds * 1000
    while made < wanted and state_of(page).get("over") != "true":
        assert page.evaluate("() => Date.now()") < deadline, f"{made} of {wanted} moves by keys"
        if step():
            made += 1
        else:
            page.wait_for_timeout(50)
    return made


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_cat_cafe_by_keys(server: Server, context: Any) -> None:
    page = context.new_page()
    open_from_lobby(page, server.base, ["heuristic"])
    wait_drawn(page)
    rng = random.Random(1)

    def step() -> bool:
        for offered in CAFE_STEPS:
            if page.locator(offered).count():
                return play_once(page, rng, offered, tries=1) or offered in CAFE_STEPS[1:3]
        return False

    assert _my_moves(page, 8, step) == 8
    log = page.locator(".log").inner_text()
    assert "You took a" in log and "You drew a" in log, log  # a die taken, a mark drawn


def _board_game(server: Server, context: Any, game: str, moves: int) -> Any:
    page = context.new_page()
    clicker.open_from_lobby(page, server.base, game, ["heuristic"])
    page.locator(".board").first.wait_for()
    rng = random.Random(32)
    version = int(state_of(page)["version"])
    assert _my_moves(page, moves, lambda: play_once(page, rng, ".board .legal")) == moves
    assert int(state_of(page)["version"]) >= version + moves
    return page


def test_tokyo_washi_by_keys(server: Server, context: Any) -> None:
    page = _board_game(server, context, "washi", 4)
    # the focus stayed on the map: the next target is the first thing Tab reaches
    if state_of(page).get("legal", "0") != "0":
        page.locator(".washi-map .target").first.wait_for()
        assert page.evaluate("() => !!document.activeElement.closest('.board')")


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_cat_attack_by_keys(server: Server, context: Any) -> None:
    _board_game(server, context, "attack", 4)


def test_the_tower_by_keys(server: Server, context: Any) -> None:
    """A card side chosen with Enter, then its piece aimed with the arrow keys on the focused scene and
    placed with Enter; a pet or a skip by its button."""
    page = context.new_page()
    clicker.open_from_lobby(page, server.base, "tower", ["random"])
    page.wait_for_function("() => window.cattableTower && window.cattableTower.view()")
    rng = random.Random(7)
    placed: list[int] = []
    ready = (
        "() => { const d = document.getElementById('app').dataset;"
        " return d.over === 'true' || (d.legal !== '0' && d.busy === '0' && !window.cattableTower.scene.animating); }"
    )

    def step() -> bool:
        page.wait_for_function(ready, timeout=60_000)
        before = state_of(page)
        if before.get("over") == "true":
            return False
        if page.locator(".tower-aim").count():
            canvas = page.locator(".tower-scene canvas")
            tab_to(page, canvas)
            assert focus_is_visible(page)
            page.keyboard.press("ArrowRight")  # the ghost appears at a spot the rules offer
            assert page.evaluate("window.cattableTower.aim().aimed")
            spot = page.evaluate("[window.cattableTower.aim().x, window.cattableTower.aim().y]")
            there, back = ("ArrowDown", "ArrowUp") if spot[1] > 0 else ("ArrowUp", "ArrowDown")
            page.keyboard.press(there)  # it moves (towards the middle), and comes back
            assert page.evaluate("window.cattableTower.aim().y") != spot[1]
            page.keyboard.press(back)
            assert page.evaluate("[window.cattableTower.aim().x, window.cattableTower.aim().y]") == spot
            page.keyboard.press("q")
            page.keyboard.press("Enter")
            placed.append(int(before["version"]))
        else:
            offered = page.locator(".board button.choose, .board button.pet, .board button.legal")
            assert offered.count(), "nothing to play"
            press_on(page, offered.nth(rng.randrange(offered.count())), rng)
        page.wait_for_function(MOVED_ON, arg=[before.get("version")], timeout=20_000)
        return True

    assert _my_moves(page, 4, step, seconds=120) >= 1
    assert placed, "no piece placed by keys"
    assert int(state_of(page)["version"]) > placed[0]
