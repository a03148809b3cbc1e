"""The bundle is served at / by a real server and the lobby comes up in chromium."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server, open_table

from .clicker import hold_seats


def test_the_lobby_loads_and_lists_the_games(server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.get_by_role("heading", name="Open a table").wait_for()
    options = page.locator("select[name=game] option").all_inner_texts()
    assert "Cat Cafe" in options and "Tokyo Washi Game: Cat" in options
    assert errors == []


def test_the_plain_table_plays_from_its_list_of_moves(server: Server, context: Any) -> None:
    """`?view=moves` (and a game without a drawing of its own) gets the generic table: its legal moves as
    buttons, each of which plays."""
    made = open_table(server, "washi", [None, "heuristic"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    hold_seats(page, server.base, made["table"], "washi", {0: made["tokens"][0]})
    page.goto(f"{server.base}/t/{made['table']}?view=moves")
    page.locator("button.move.legal").first.wait_for()
    version = page.evaluate("() => document.getElementById('app').dataset.version")
    page.locator("button.move.legal").first.click()
    page.wait_for_function("(v) => document.getElementById('app').dataset.version !== v", arg=version)
    assert errors == []
