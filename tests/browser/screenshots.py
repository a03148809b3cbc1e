"""Remake the browser screenshots in docs/screenshots/ (a real server, Debian's chromium):
``python -m tests.browser.screenshots``. Every game's table against bots, mid-game, as a 1280x800 window
shows it and at a phone's width (390 px, the whole page): Cat Cafe with a mark picked (its footprint cost
shown), Tokyo Washi, Cat Attack at my card, the tower; the lobby, and the end of a Cafe game; the lobby and
the Cafe in French (``python -m tests.browser.screenshots --french`` makes only those); ``--motion`` makes
only a move's animation in frames per game (tests/browser/motion_frames.py)."""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright

from tests.browser import clicker
from tests.browser.cafe_player import open_from_lobby, over, play_one, play_until, state_of, wait_drawn
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.server.harness import Server

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WINDOW: ViewportSize = {"width": 1280, "height": 800}
"""A laptop's window: the desktop pictures show what it shows (not the whole page)."""


def _mid_game(page: Any) -> None:
    """Play into round 6, then stop at my marking with a space and an item picked."""
    play_until([page], lambda: int(state_of(page)["version"]) >= 15, seconds=60)
    while not page.locator("button.space.legal").count():
        if not play_one(page):
            page.wait_for_timeout(50)
    page.locator("button.space.legal").nth(2).click()
    page.locator("button.item-choice.legal").first.click()


@contextmanager
def _served() -> Iterator[tuple[Server, Any]]:
    """A real server on a fresh database, and Debian's chromium to look at it."""
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(db=f"sqlite:///{tmp}/tables.db")
        server.start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield server, browser
        finally:
            browser.close()
            server.stop()


def french(out: Path = OUT) -> list[Path]:
    """The lobby and a Cat Cafe table (me and three bots) as a French browser shows them."""
    out.mkdir(parents=True, exist_ok=True)
    made = []
    with _served() as (server, browser):
        page = browser.new_context(viewport=WINDOW, locale="fr-FR").new_page()
        page.goto(server.base + "/")
        page.get_by_role("heading", name="Ouvrir une table").wait_for()
        page.fill("input[name=players]", "4")
        page.dispatch_event("input[name=players]", "change")
        for i, kind in enumerate(["heuristic", "mcts:easy", "random"], start=1):
            page.select_option(f"select[name=kind{i}]", kind)
        made.append(out / "lobby-desktop-fr.png")
        page.screenshot(path=made[-1], full_page=True)
        page.get_by_role("button", name="Ouvrir la table").click()
        wait_drawn(page)  # straight to the table
        _mid_game(page)
        page.evaluate("window.scrollTo(0, 0)")  # picking scrolled to the items: the page from its top
        made.append(out / "cafe-desktop-fr.png")
        page.screenshot(path=made[-1])
    return made


def _both(page: Any, out: Path, name: str) -> list[Path]:
    """The table as the window shows it, then at a phone's width (the whole page)."""
    page.set_viewport_size(WINDOW)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(500)
    desktop, phone = out / f"{name}-desktop.png", out / f"{name}-phone.png"
    page.screenshot(path=desktop)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(800)
    page.screenshot(path=phone, full_page=True)
    page.set_viewport_size(WINDOW)
    return [desktop, phone]


def _until_my_turn(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('app').dataset.legal !== '0'", timeout=30_000)


def other_tables(out: Path = OUT) -> list[Path]:
    """Tokyo Washi after the set-up, Cat Attack at my card, the tower at its first Action card: each against
    a heuristic bot."""
    made = []
    with _served() as (server, browser):
        page = browser.new_context(viewport=WINDOW).new_page()
        rng = random.Random(7)
        clicker.open_from_lobby(page, server.base, "washi", ["heuristic"])
        clicker.play_until(page, rng, lambda: int(clicker.state_of(page).get("version", "0")) >= 14, seconds=60)
        _until_my_turn(page)
        made += _both(page, out, "washi")
        clicker.open_from_lobby(page, server.base, "attack", ["heuristic"], options={"time_limit": "8"})
        clicker.play_until(page, rng, lambda: int(clicker.state_of(page).get("version", "0")) >= 4, seconds=60)
        mine = "() => document.querySelector('.status').innerText.includes('in your hand')"
        page.wait_for_function(mine, timeout=30_000)
        made += _both(page, out, "attack")
        clicker.open_from_lobby(page, server.base, "tower", ["heuristic"])
        _until_my_turn(page)
        page.wait_for_timeout(2500)  # the scene's first frames
        made += _both(page, out, "tower")
    return made


def main(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    with _served() as (server, browser):
        ctx = browser.new_context(viewport=WINDOW)
        page = ctx.new_page()
        open_from_lobby(page, server.base, ["heuristic", "mcts:easy", "random"])
        wait_drawn(page)  # straight to the table; the lobby then lists it among mine
        page.goto(server.base + "/")
        page.locator(".my-table").wait_for()
        made.append(out / "lobby-desktop.png")
        page.screenshot(path=made[-1], full_page=True)
        page.locator(".my-table a.button").first.click()
        wait_drawn(page)
        _mid_game(page)
        made += _both(page, out, "cafe")
        page.locator("button.confirm").click()
        play_until([page], lambda: over(page), seconds=120)
        page.locator(".end").wait_for()
        made.append(out / "cafe-end-desktop.png")
        page.screenshot(path=made[-1], full_page=False)
    return made


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    where = Path(args[0]) if args else OUT
    if "--french" in sys.argv[1:]:
        done = french(where)
    elif "--motion" in sys.argv[1:]:
        from tests.browser import motion_frames  # it imports this module: not at the top

        done = motion_frames.main(where)
    elif "--others" in sys.argv[1:]:
        done = other_tables(where)
    else:
        done = [*main(where), *other_tables(where), *french(where)]
    for path in done:
        print(path)
