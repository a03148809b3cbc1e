"""Accessibility checked by a tool (issue #32): axe-core finds nothing serious or critical in the lobby
(English and French, options open) nor at any game's table in its states: its start, a move under way (a
selection made), later in the game, and for Cat Cafe its end and its replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.harness import Server

from . import clicker
from .axe import assert_clean, axe_script
from .cafe_player import open_from_lobby, over, play_until, wait_drawn
from .conftest import PHONE
from .screenshots import _mid_game


@pytest.fixture(autouse=True)
def _axe() -> None:
    axe_script()  # skips every test here when axe-core is not installed


def test_lobby_in_english_and_french(server: Server, browser: Any) -> None:
    for locale, heading in (("en-GB", "Open a table"), ("fr-FR", "Ouvrir une table")):
        ctx = browser.new_context(locale=locale)
        try:
            page = ctx.new_page()
            page.goto(server.base + "/")
            page.get_by_role("heading", name=heading).wait_for()
            assert_clean(page, f"the lobby ({locale})")
            for game in ("cafe", "washi", "attack", "tower"):
                page.select_option("select[name=game]", game)
                page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
                assert_clean(page, f"the lobby with {game}'s options ({locale})")
        finally:
            ctx.close()


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_at_a_phones_width(server: Server, browser: Any) -> None:
    """The lobby and a table laid out for a phone (one column, the header on two rows)."""
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.locator(".game-intro").first.wait_for()
        assert_clean(page, "the lobby at a phone's width")
        open_from_lobby(page, server.base, ["heuristic"])
        wait_drawn(page)
        assert_clean(page, "Cat Cafe at a phone's width")
    finally:
        ctx.close()


@pytest.mark.long  # a Cafe table played to its end
def test_cat_cafe_table_marking_end_and_replay(server: Server, context: Any) -> None:
    page = context.new_page()
    open_from_lobby(page, server.base, ["heuristic", "heuristic"], options={"max_rounds": "6"})
    wait_drawn(page)
    assert_clean(page, "Cat Cafe at the start")
    _mid_game(page)  # a space and an item picked: the confirm step
    assert_clean(page, "Cat Cafe while marking")
    page.get_by_role("button", name="Hint").click()
    assert_clean(page, "Cat Cafe with a hint")
    play_until([page], lambda: over(page), seconds=90)
    page.locator(".end").wait_for()
    assert_clean(page, "Cat Cafe at its end")
    page.get_by_role("link", name="Replay this game").click()
    page.locator(".replay .sheet").first.wait_for()
    assert_clean(page, "Cat Cafe's replay")


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
@pytest.mark.parametrize("game", ["washi", "attack", "tower"])
def test_table_start_selection_later_and_replay(server: Server, context: Any, game: str) -> None:
    page = context.new_page()
    table = clicker.open_from_lobby(page, server.base, game, ["random"])
    page.wait_for_function("() => document.getElementById('app').dataset.version !== undefined")
    page.locator(".board").first.wait_for()
    page.wait_for_timeout(500)
    assert_clean(page, f"{game} at the start")
    rng = random.Random(32)
    for _ in range(3):
        clicker.click_once(page, rng)
    assert_clean(page, f"{game} after some moves")
    if clicker.select_one(page):
        page.wait_for_timeout(300)
        assert_clean(page, f"{game} with a selection made")
    if game == "tower" and page.locator(".tower-aim").count():  # a piece aimed from the keyboard
        page.locator(".tower-scene canvas").focus()
        page.keyboard.press("ArrowRight")
        assert_clean(page, "the tower with a piece aimed")
    page.goto(f"{server.base}/replay/{table}")
    page.locator(".replay .board, .replay").first.wait_for()
    page.wait_for_timeout(500)
    assert_clean(page, f"{game}'s replay")
