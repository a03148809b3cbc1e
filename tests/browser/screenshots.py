"""Remake the browser screenshots in docs/screenshots/ (a real server, Debian's chromium):
``python -m tests.browser.screenshots``. Cat Cafe at a desktop's and a phone's width, mid-game with a
mark picked (its footprint cost shown), the lobby, and the end of a game; the lobby and the Cafe in French
(``python -m tests.browser.screenshots --french`` makes only those)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.browser.cafe_player import open_from_lobby, over, play_one, play_until, state_of, wait_drawn
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE
from tests.server.harness import Server

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


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
        page = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
        page.goto(server.base + "/")
        page.get_by_role("heading", name="Ouvrir une table").wait_for()
        page.fill("input[name=players]", "4")
        page.dispatch_event("input[name=players]", "change")
        for i, kind in enumerate(["heuristic", "mcts:easy", "random"], start=1):
            page.select_option(f"select[name=kind{i}]", kind)
        page.get_by_role("button", name="Ouvrir la table").click()
        page.locator("#go-to-table").wait_for()
        made.append(out / "lobby-desktop-fr.png")
        page.screenshot(path=made[-1], full_page=True)
        page.locator("#go-to-table").click()
        wait_drawn(page)
        _mid_game(page)
        made.append(out / "cafe-desktop-fr.png")
        page.screenshot(path=made[-1], full_page=True)
    return made


def main(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    with _served() as (server, browser):
        ctx = browser.new_context(viewport=DESKTOP)
        page = ctx.new_page()
        open_from_lobby(page, server.base, ["heuristic", "mcts:easy", "random"])
        made.append(out / "lobby-desktop.png")
        page.screenshot(path=made[-1], full_page=True)
        page.locator("#go-to-table").click()
        wait_drawn(page)
        _mid_game(page)
        made.append(out / "cafe-desktop.png")
        page.screenshot(path=made[-1], full_page=True)
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        made.append(out / "cafe-phone.png")
        page.screenshot(path=made[-1], full_page=True)
        page.set_viewport_size(DESKTOP)
        page.locator("button.confirm").click()
        play_until([page], lambda: over(page), seconds=120)
        page.locator(".end").wait_for()
        made.append(out / "cafe-end-desktop.png")
        page.screenshot(path=made[-1], full_page=False)
    return made


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--french"]
    make = french if "--french" in sys.argv[1:] else main
    for path in make(Path(args[0]) if args else OUT):
        print(path)
