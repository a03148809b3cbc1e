"""A person at a Cat Cafe table in the browser, for the tests: opens tables from the lobby and plays by
clicking what the page highlights (a die, a space then an item then confirm, a cat, or pass)."""

from __future__ import annotations

import time
from typing import Any


def open_from_lobby(
    page: Any, base: str, kinds: list[str], options: dict[str, str] | None = None, clock: str = "none"
) -> str:
    """Open a Cat Cafe table in the lobby: seat 0 is me, then ``kinds`` ("person" or a bot level) for the
    other seats; ``clock`` is none, live or async (the lobby's defaults for its times). Returns the table
    id; the page goes straight to the table, which shows the invite links."""
    page.goto(base + "/")
    page.get_by_role("heading", name="Open a table").wait_for()
    page.select_option("select[name=game]", "cafe")
    page.fill("input[name=players]", str(len(kinds) + 1))
    page.dispatch_event("input[name=players]", "change")
    for i, kind in enumerate(kinds, start=1):
        page.select_option(f"select[name=kind{i}]", kind)
    if options:
        page.locator("details", has_text="Options").locator("summary").click()
        for name, value in options.items():
            page.fill(f"input[name=opt-{name}]", value)
    page.select_option("select[name=clock]", clock)
    page.get_by_role("button", name="Open the table").click()
    return table_of(page)


def table_of(page: Any) -> str:
    """Wait until the page is at a table (``/t/ID``) and return its id."""
    page.wait_for_url("**/t/**")
    path: str = page.evaluate("() => location.pathname")
    return path.split("/t/")[1]


def state_of(page: Any) -> dict[str, str]:
    """The table page's own summary of what it last drew (data attributes on the page's root)."""
    got: dict[str, str] = page.evaluate("() => ({...document.getElementById('app').dataset})")
    return got


def wait_drawn(page: Any, timeout: float = 20.0) -> None:
    page.wait_for_selector(".cafe", timeout=timeout * 1000)


def play_one(page: Any) -> bool:
    """Make one move if the page offers one; wait until the server has answered it (the page offers nothing
    while a move is unanswered) and the page has drawn what followed. False if there was nothing to do."""
    before = state_of(page)
    if before.get("over") == "true" or before.get("legal", "0") == "0":
        return False
    if page.locator("button.die.legal").count():
        page.locator("button.die.legal").first.click()
    elif page.locator("button.cat-choice").count():
        page.locator("button.cat-choice").first.click()
    elif page.locator("button.space.legal").count():
        page.locator("button.space.legal").first.click()
        page.locator("button.item-choice.legal").first.click()
        page.locator("button.confirm").click()
    elif page.locator("button.pass").count():
        page.locator("button.pass").click()
    else:
        return False
    page.wait_for_function(
        "([v, r]) => { const d = document.getElementById('app').dataset;"
        " return d.busy === '0' && (d.version !== v || d.legal === '0' || (d.refusals ?? '') !== r); }",
        arg=[before.get("version"), before.get("refusals", "")],
        timeout=20_000,
    )
    return True


def play_until(pages: list[Any], done: Any, seconds: float = 60.0) -> int:
    """Play on every page in turn until ``done()``; returns the moves made. Fails after ``seconds``."""
    moves = 0
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not done after {seconds} s ({moves} moves)"
        moved = False
        for page in pages:
            if play_one(page):
                moves += 1
                moved = True
        if not moved:
            time.sleep(0.05)
    return moves


def over(page: Any) -> bool:
    return state_of(page).get("over") == "true"
