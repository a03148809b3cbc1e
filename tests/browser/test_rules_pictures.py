"""The rules in short with pictures at every table (issue #32): each game's "Rules in short" panel holds a
few small drawings, each an image with its words for a screen reader (in French too), and with the panel
open the page still fits a phone's width and axe finds nothing serious. One picture of each panel goes
into tmp_path, and into docs/screenshots/rules-<game>.png with CATTABLE_SCREENSHOTS=1 (as clicker.py does)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server

from .axe import assert_clean
from .clicker import SCREENSHOTS, open_from_lobby
from .conftest import PHONE

PICTURES = """() => [...document.querySelectorAll('#rules .rules-picture')].map((el) => ({
  role: el.getAttribute('role'), label: el.getAttribute('aria-label') ?? '',
  width: el.getBoundingClientRect().width, right: el.getBoundingClientRect().right}))"""


def _open_rules(page: Any) -> list[dict[str, Any]]:
    page.locator("#rules .rules-picture").first.wait_for(state="attached", timeout=20_000)
    page.evaluate("document.getElementById('rules').open = true")
    page.locator("#rules .rules-picture").first.wait_for()
    pictures: list[dict[str, Any]] = page.evaluate(PICTURES)
    return pictures


@pytest.mark.parametrize("game", ["cafe", "washi", "attack", "tower"])
def test_every_tables_rules_have_named_pictures_that_fit_a_phone(
    server: Server, browser: Any, game: str, tmp_path: Path
) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        open_from_lobby(page, server.base, game, ["heuristic"])
        pictures = _open_rules(page)
        assert len(pictures) >= 1
        for p in pictures:
            assert p["role"] == "img" and len(p["label"]) > 10, p
            assert p["width"] > 0 and p["right"] <= PHONE["width"], p
        assert len({p["label"] for p in pictures}) == len(pictures)  # each says its own thing
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert_clean(page, f"{game}'s table with the rules in short open")
        rules = page.locator("#rules")
        rules.scroll_into_view_if_needed()
        path = tmp_path / f"rules-{game}.png"
        rules.screenshot(path=str(path))
        assert path.stat().st_size > 5_000
        if os.environ.get("CATTABLE_SCREENSHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            rules.screenshot(path=str(SCREENSHOTS / f"rules-{game}.png"))
    finally:
        ctx.close()


def test_the_rules_pictures_are_named_in_french(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        open_from_lobby(page, server.base, "washi", ["heuristic"])
        page.evaluate("localStorage.setItem('cattable.lang', 'fr')")  # as the page header's switch does
        page.reload()
        labels = [p["label"] for p in _open_rules(page)]
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert labels and all(label and not label.startswith(("A ", "The ")) for label in labels), labels
        assert any("chat" in label for label in labels), labels
    finally:
        ctx.close()
