"""A guided first game (issue #32): "Learn by playing" in the lobby's "The games" opens a short game against
the heuristic bot, and on each of my turns the page points at one thing to click (``[data-guide=next]``,
an arrow over it and a sentence saying why). Each game is played to its end screen by clicking only what
the guide points at; every pointed element is a legal thing to click on the board. One screenshot of a
guided turn per game is taken (into docs/screenshots/guided-<game>.png with CATTABLE_SCREENSHOTS=1, as
tests/browser/clicker.py does); axe checks the guided page, and every game's end screen (the Washi, Attack
and tower games in the long tier)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.axe import assert_clean
from tests.server.harness import Server

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DATASET = "document.getElementById('app').dataset"
POINTED = "[data-guide=next]"
LEGAL_CLICK = """(el) => {
  const board = el.closest('.board');
  const enabled = !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const kind = el.classList.contains('legal') || el.matches('button.confirm, button.place, button.pet');
  return { onBoard: board !== null, enabled, kind, place: el.matches('button.place') };
}"""
"""What the pointed element is: on the board, enabled, a legal choice (or the button confirming one)."""


def picture(page: Any, out: Path, game: str) -> None:
    """The window as it stands: into ``out``, and into docs/screenshots when CATTABLE_SCREENSHOTS=1."""
    path = out / f"guided-{game}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    if os.environ.get("CATTABLE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"guided-{game}.png"))


def play_guided(page: Any, game: str, seconds: float, out: Path) -> tuple[int, int]:
    """Click what the guide points at until the game is over; return how many clicks it took, and how
    many of them were the tower's Place (with the aim the guide set)."""
    clicks = places = 0
    shot = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(f"() => {DATASET}.over") == "true":
            return clicks, places
        pointed = page.locator(POINTED)
        try:
            pointed.first.wait_for(state="visible", timeout=1000)
        except PlaywrightTimeout:
            continue  # the bot's turn, the hint on its way, or the end
        what = pointed.first.evaluate(LEGAL_CLICK)
        if not what["onBoard"]:
            continue  # drawn over as we looked: look again
        assert what["enabled"] and what["kind"], f"{game}: the guide points at {what}"
        assert page.locator(".guide-arrow").is_visible()
        if not shot and (game != "tower" or what["place"]):  # the tower's at a piece aimed by the guide
            assert page.locator(".guide .guide-says").inner_text().startswith("Suggested:")
            assert page.locator(".guide .guide-rule").inner_text().startswith('Rule: "'), game
            picture(page, out, game)
            shot = True
        try:
            pointed.first.click(timeout=2000)
        except PlaywrightTimeout:
            continue  # the page redrew under the pointer: point again
        clicks += 1
        places += what["place"]
    raise AssertionError(f"{game}: not over after {seconds} s and {clicks} clicks")


@pytest.mark.parametrize(
    "game",
    [
        "cafe",
        pytest.param("washi", marks=pytest.mark.long),
        pytest.param("attack", marks=pytest.mark.long),
        pytest.param("tower", marks=pytest.mark.long),
    ],
)
def test_a_guided_game_played_by_following_the_pointer(server: Server, context: Any, game: str, tmp_path: Path) -> None:
    page = context.new_page()
    page.goto(server.base + "/")
    page.locator(f".game-intro[data-game='{game}'] button.learn").click()
    page.wait_for_url("**/t/**guide")
    page.locator(".guide").wait_for()
    page.locator(POINTED).first.wait_for(state="visible", timeout=30_000)
    if game == "cafe":
        page.emulate_media(reduced_motion="reduce")  # the arrow bobs, and axe judges a page at rest
        assert_clean(page, "a guided Cat Cafe turn")
        page.emulate_media(reduced_motion="no-preference")
        # the guide speaks French too: the switch reloads the page, which asks the hint again
        page.get_by_role("button", name="Français").click()
        page.locator(".guide .guide-says", has_text="Suggestion :").wait_for()
        assert "Partie guidée" in page.locator(".guide").inner_text()
        page.get_by_role("button", name="English").click()
        page.locator(".guide .guide-says", has_text="Suggested:").wait_for()
    started = time.monotonic()
    clicks, places = play_guided(page, game, seconds=50, out=tmp_path)
    assert clicks > 0
    if game == "tower":
        assert places > 0, "the guide never aimed a piece for Place"
    if game == "cafe":  # this browser remembers the guided table: reached from "My tables" it still guides
        page.goto(page.url.split("?")[0])
        page.locator(".guide").wait_for()
    page.locator("section.end").wait_for(state="visible")
    assert page.locator(POINTED).count() == 0
    page.emulate_media(reduced_motion="reduce")  # judged at rest
    assert_clean(page, f"the end screen of a guided {game} game")
    print(f"{game}: {clicks} clicks in {time.monotonic() - started:.1f} s")
