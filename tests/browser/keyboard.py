"""A person at a browser table who plays with the keyboard alone: Tab (and Shift+Tab) moves the focus to a
thing the page offers, Enter or Space plays it, the arrow keys aim a tower piece. The page is never clicked;
the tests only read it to decide which key to press next."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

MOVED_ON = (
    "([v]) => { const d = document.getElementById('app').dataset;"
    " return d.busy === '0' && (d.version !== v || d.legal === '0'); }"
)
FOCUSED_IS = "(el) => document.activeElement === el"


def state_of(page: Any) -> dict[str, str]:
    got: dict[str, str] = page.evaluate("() => ({...document.getElementById('app').dataset})")
    return got


def tab_to(page: Any, target: Any, limit: int = 400) -> None:
    """Press Tab until ``target`` (a locator) has the focus; fails after ``limit`` presses."""
    handle = target.element_handle()
    for _ in range(limit):
        if page.evaluate(FOCUSED_IS, handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {handle.evaluate('(e) => e.outerHTML.slice(0, 200)')}")


def focus_is_visible(page: Any) -> bool:
    """The focused element shows it: an outline, or (an SVG target) its highlight drawn in the focus colour."""
    shown: bool = page.evaluate(
        """() => { const el = document.activeElement; if (!el || el === document.body) return false;
        const s = getComputedStyle(el);
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return true;
        const hl = el.querySelector && el.querySelector('.hl');
        return !!hl && parseFloat(getComputedStyle(hl).strokeWidth) >= 4; }"""
    )
    return shown


def press_on(page: Any, target: Any, rng: random.Random) -> None:
    """Tab to ``target`` and play it with Enter or Space (chosen at random: both must work)."""
    tab_to(page, target)
    assert focus_is_visible(page), "the focused element does not show its focus"
    page.keyboard.press(rng.choice(["Enter", "Space"]))


def play_once(page: Any, rng: random.Random, offered: str, tries: int = 8) -> bool:
    """One move by keys: Tab to one of the ``offered`` elements at random and press it, again while it was
    only a selection (the page then offers its targets); True once the table has moved on."""
    before = state_of(page)
    if before.get("over") == "true" or before.get("legal", "0") == "0" or before.get("busy", "0") != "0":
        return False
    for _ in range(tries):
        options = page.locator(offered)
        if not options.count():
            return False
        press_on(page, options.nth(rng.randrange(options.count())), rng)
        try:
            page.wait_for_function(MOVED_ON, arg=[before.get("version")], timeout=1500)
            return True
        except PlaywrightTimeout:
            continue
    return False
