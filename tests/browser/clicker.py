"""A person at a browser table who plays by clicking what the page highlights (``.legal`` inside the
board: a space, a card, a choice), at random with a seeded RNG, for the Tokyo Washi and Cat Attack tests.
The page's root element says what it last drew (``data-version``, ``data-legal``, ``data-over``)."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.harness import get

DATASET = "document.getElementById('app').dataset"
MOVED_ON = f"([v]) => {{ const d = {DATASET}; return d.version !== v || d.legal === '0'; }}"
"""The page has drawn a new position (or has nothing more to do)."""
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def state_of(page: Any) -> dict[str, str]:
    got: dict[str, str] = page.evaluate("() => ({...document.getElementById('app').dataset})")
    return got


def over(page: Any) -> bool:
    return state_of(page).get("over") == "true"


def open_from_lobby(page: Any, base: str, game: str, bots: list[str], options: dict[str, str] | None = None) -> str:
    """Open a table in the lobby with me in seat 0 and ``bots`` in the others (the page goes straight to it);
    return its id."""
    page.goto(base + "/")
    page.get_by_role("heading", name="Open a table").wait_for()
    page.select_option("select[name=game]", game)
    page.fill("input[name=players]", str(len(bots) + 1))
    page.dispatch_event("input[name=players]", "change")
    for i, kind in enumerate(bots, start=1):
        page.select_option(f"select[name=kind{i}]", kind)
    if options:
        page.locator("details", has_text="Options").locator("summary").click()
        for name, value in options.items():
            page.fill(f"input[name=opt-{name}]", value)
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/t/**")
    path: str = page.evaluate("() => location.pathname")
    return path.split("/t/")[1]


def hold_seats(page: Any, base: str, table: str, game: str, tokens: dict[int, str]) -> None:
    """Give this browser the seats of ``tokens`` at ``table`` (kept in localStorage, as the lobby keeps the
    seats it opens or joins), from the lobby's page, so that the table's page plays them."""
    page.goto(base + "/")
    held = [{"table": table, "seat": s, "token": t, "game": game, "name": f"seat{s}"} for s, t in tokens.items()]
    page.evaluate("(seats) => localStorage.setItem('cattable.seats', seats)", json.dumps(held))


def my_token(page: Any, table: str) -> str:
    """The seat token this browser holds for ``table`` (kept in localStorage by the lobby)."""
    seats = json.loads(page.evaluate("() => localStorage.getItem('cattable.seats') || '[]'"))
    token: str = next(s["token"] for s in seats if s["table"] == table)
    return token


def server_state(base: str, table: str, token: str | None) -> dict[str, Any]:
    state: dict[str, Any] = get(f"{base}/api/tables/{table}", token)
    return state


def click_once(page: Any, rng: random.Random, tries: int = 8) -> bool:
    """Click highlighted things at random until the table moves on (a card or a space with several plays
    first opens a choice, which is clicked in turn). False if the page offers nothing now."""
    before = state_of(page)
    if before.get("over") == "true" or before.get("legal", "0") == "0":
        return False
    for _ in range(tries):
        options = page.locator(".board .legal").all()
        if not options:
            return False
        try:  # the n-th highlight may be gone by now: a selection or a bot's move redrew the board
            rng.choice(options).click(timeout=2000)
            page.wait_for_function(MOVED_ON, arg=[before.get("version")], timeout=1500)
            return True
        except PlaywrightTimeout:
            continue  # it was a selection: the page now highlights its targets or a choice
    return False


def select_one(page: Any) -> bool:
    """Click the first highlighted thing once it is the person's turn; False if the table ended or moved on
    first (a bot's move redraws the board, and a tower that fell ends the game)."""
    page.wait_for_function(f"() => {{ const d = {DATASET}; return d.over === 'true' || d.legal !== '0'; }}")
    if over(page):
        return False
    try:
        page.locator(".board .legal").first.click(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def play_until(page: Any, rng: random.Random, done: Any, seconds: float) -> int:
    """Play on ``page`` until ``done()``; the moves made. Fails after ``seconds``."""
    moves = 0
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not done after {seconds} s ({moves} moves)"
        if click_once(page, rng):
            moves += 1
        else:
            time.sleep(0.05)
    return moves


def screenshot(page: Any, out: Path, name: str) -> Path:
    """A full-page picture: into ``out``, and into docs/screenshots when CATTABLE_SCREENSHOTS=1."""
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("CATTABLE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    return path
