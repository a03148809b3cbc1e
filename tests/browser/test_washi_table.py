"""Tokyo Washi in a real browser against a real server: a person plays a bot to the end by clicking
highlighted spaces (reloading the page midway), a map file loaded from disk is drawn from the view and
played the same way, and the table is pictured at desktop and phone widths."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server, post

from .clicker import my_token, open_from_lobby, over, play_until, screenshot, server_state, state_of

MAPS = Path(__file__).resolve().parents[2] / "src" / "cattable" / "games" / "washi" / "maps"


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def highlighted(page: Any) -> set[str]:
    return set(page.locator(".washi-map .target").evaluate_all("els => els.map(e => e.dataset.cell)"))


def placed_cells(legal: list[dict[str, Any]]) -> set[str]:
    """Where the fish, cat and move actions go (jumps and pops land where the page works it out)."""
    return {str(a.get("at") or a.get("to")) for a in legal if a["kind"] in ("fish", "cat", "move")}


def check_end(page: Any, base: str, table: str) -> None:
    end = page.locator(".end")
    end.wait_for()
    result = server_state(base, table, my_token(page, table))["result"]
    names = [s.strip() for s in page.locator(".seat strong").all_inner_texts()]
    verdict = end.locator(".winners").inner_text()
    if result["winners"]:
        assert all(names[w] in verdict for w in result["winners"]), verdict
        assert "trapped" in verdict or "both cats home" in verdict, verdict
    else:  # every player still in trapped by the same move: about one game in 2,500 here
        assert verdict == "Nobody won this time.", verdict
    totals = page.locator("table.breakdown tr.total td").all_inner_texts()
    assert [float(t) for t in totals] == [float(s) for s in result["scores"]]


@pytest.mark.long  # a table played to the end
def test_a_person_plays_a_bot_to_the_end_by_clicking_and_reloads_midway(server: Server, context: Any) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table = open_from_lobby(page, server.base, "washi", ["heuristic"])
    page.locator(".washi-map").wait_for()
    page.wait_for_function("() => document.getElementById('app').dataset.legal !== '0'")
    # "Two fish must be in the row closest to them": the highlighted spaces are exactly where the server
    # lets this seat draw a fish
    token = my_token(page, table)
    legal = server_state(server.base, table, token)["legal"]
    assert legal and all(a["kind"] == "fish" for a in legal)
    assert highlighted(page) == placed_cells(legal)
    assert "draw a fish" in page.locator(".status").inner_text()
    # a hint highlights one space; the keyboard reaches the map's spaces with Tab and Enter draws there
    page.get_by_role("button", name="Hint").click()
    page.locator(".washi-map .target.hinted").wait_for()
    assert page.locator(".notice").inner_text().startswith("Hint: draw a fish at")
    version = state_of(page)["version"]
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('target')"):
            break
    cell = page.evaluate("() => document.activeElement.dataset.cell")
    assert cell in placed_cells(legal)
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => document.getElementById('app').dataset.version !== v", arg=version)
    page.locator(".log li", has_text=f"You place a fish at {cell}.").first.wait_for()  # mine, told to me

    rng = random.Random(21)
    play_until(page, rng, lambda: int(state_of(page)["version"]) >= 16 or over(page), seconds=40)
    pens = page.locator(".washi-map .pen").count()
    lines = page.locator(".log li").count()
    assert page.locator(".washi-map .cat-piece").count() == 4  # both players' two cats are drawn
    assert lines >= 12 and "places a fish at" in page.locator(".log").inner_text()
    page.reload()
    page.locator(".washi-map").wait_for()
    page.wait_for_function("(n) => document.querySelectorAll('.log li').length >= n", arg=lines)
    assert page.locator(".washi-map .pen").count() >= pens
    if not over(page):
        page.wait_for_function("() => document.getElementById('app').dataset.legal !== '0'")
        legal = server_state(server.base, table, token)["legal"]
        assert placed_cells(legal) <= highlighted(page)

    play_until(page, rng, lambda: over(page), seconds=60)
    check_end(page, server.base, table)
    assert errors == []


def test_a_map_file_from_disk_is_drawn_from_the_view_and_played_the_same_way(
    server: Server, context: Any, tmp_path: Path
) -> None:
    # the standard map with a hole torn in its tape and a forest: a file the client has never seen
    text = (MAPS / "standard.txt").read_text(encoding="utf-8")
    text = text.replace("name: standard", "name: riverside").replace(
        "title: Standard two-player map", "title: Riverside (a map from disk)"
    )
    head, grid = text.split("map:\n")
    rows = grid.splitlines()
    rows[5] = "..  " + rows[5][4:]
    rows[10] = "....%%%%" + rows[10][8:]
    path = tmp_path / "riverside.txt"
    path.write_text(head + "map:\n" + "\n".join(rows) + "\n", encoding="utf-8")

    made = post(
        server.base + "/api/tables",
        {
            "game": "washi",
            "players": 2,
            "options": {"map": str(path)},
            "seats": [{"name": "Mimi"}, {"name": "Bot", "bot": "heuristic"}],
        },
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/join/" + made["invites"]["0"])
    board = page.locator(".washi-map")
    board.wait_for()
    assert "Riverside (a map from disk)" in board.get_attribute("aria-label")
    cells = sum(1 for row in rows for ch in row if ch != " ")
    assert page.locator(".washi-map rect.cell").count() == cells
    assert page.locator(".washi-map rect.cell.forest").count() == 4
    play_until(page, random.Random(7), lambda: over(page), seconds=60)
    check_end(page, server.base, made["table"])
    assert errors == []


@pytest.mark.long  # moves played, then pictured at two widths
def test_the_table_fits_desktop_and_phone_widths(server: Server, browser: Any, tmp_path: Path) -> None:
    """The pictures in docs/screenshots (CATTABLE_SCREENSHOTS=1 rewrites them): mid-game, the person's
    turn, at 1280 and 390 pixels wide; the page never scrolls sideways (the map's own box may)."""
    from .conftest import DESKTOP, PHONE

    made = post(
        server.base + "/api/tables",
        {"game": "washi", "players": 2, "seats": [{"name": "Mimi"}, {"name": "Bot", "bot": "heuristic"}]},
    )
    ctx = browser.new_context(viewport=DESKTOP)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/join/" + made["invites"]["0"])
        page.locator(".washi-map").wait_for()

        def my_turn_mid_game() -> bool:
            """My turn from move 20 on (about one game in 350 ends at move 21; none of 15,000 ended sooner)."""
            drawn = state_of(page)
            return drawn.get("over") == "true" or (int(drawn["version"]) >= 20 and drawn.get("legal", "0") != "0")

        play_until(page, random.Random(3), my_turn_mid_game, seconds=40)
        assert not over(page), "the game ended before move 20"
        link = page.url
        for size, name in ((DESKTOP, "washi-desktop"), (PHONE, "washi-phone")):
            page.set_viewport_size(size)
            page.goto(link)
            page.locator(".washi-map .target").first.wait_for()
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= size["width"], f"{name}: the page is {wide} px wide"
            assert screenshot(page, tmp_path, name).stat().st_size > 10_000
    finally:
        ctx.close()
