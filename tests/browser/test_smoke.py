"""The bundle is served at / by a real server and the lobby comes up in chromium."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server, open_table


def test_the_lobby_loads_and_lists_the_games(server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.get_by_role("heading", name="Open a table").wait_for()
    options = page.locator("select[name=game] option").all_inner_texts()
    assert "Cat Cafe" in options and "Tokyo Washi Game: Cat" in options
    assert errors == []


def test_a_game_without_its_own_drawing_is_played_from_its_list_of_moves(server: Server, context: Any) -> None:
    """Tokyo Washi (its table is still to come) gets the generic table: its legal moves as buttons."""
    made = open_table(server, "washi", [None, "heuristic"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.evaluate(
        "(s) => localStorage.setItem('cattable.seats', JSON.stringify([s]))",
        {"table": made["table"], "seat": 0, "token": made["tokens"][0], "game": "washi", "name": "seat0"},
    )
    page.goto(f"{server.base}/t/{made['table']}")
    page.locator("button.move.legal").first.wait_for()
    version = page.evaluate("() => document.getElementById('app').dataset.version")
    page.locator("button.move.legal").first.click()
    page.wait_for_function("(v) => document.getElementById('app').dataset.version !== v", arg=version)
    assert errors == []
