"""The bundle is served at / by a real server and the lobby comes up in chromium."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server


def test_the_lobby_loads_and_lists_the_games(server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.get_by_role("heading", name="Open a table").wait_for()
    options = page.locator("select[name=game] option").all_inner_texts()
    assert "Cat Cafe" in options and "Tokyo Washi Game: Cat" in options
    assert errors == []
