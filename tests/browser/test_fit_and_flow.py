"""Every table as good as the best sites' (issue #32): each game's table fits a phone's width with its whole
board in view (no sideways scroll, anywhere); at a desktop what the prompt points at is on the screen; the
lobby's "Open the table" goes straight to the table; undo is offered only when the server would take the
move back; Cat Cafe shows each die of the pool once, and each drafted die once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.harness import Server, get, open_table, post

from .cafe_player import open_from_lobby as open_cafe
from .cafe_player import play_one, wait_drawn
from .clicker import hold_seats, open_from_lobby
from .conftest import PHONE

BOARDS = {
    "cafe": ".cafe .sheet.mine .towers",
    "washi": "svg.washi-map",
    "attack": "svg.attack-board",
    "tower": ".tower-scene",
}

OUTSIDE = """(width) => [...document.querySelectorAll('#main *')]
    .filter((el) => { const r = el.getBoundingClientRect();
                      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5); })
    .map((el) => el.tagName + '.' + el.getAttribute('class'))"""
"""Everything on the page that reaches past either edge of the window (clipped in a box or not)."""

SCROLLERS = """() => [...document.querySelectorAll('#main *')]
    .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName + '.' + el.getAttribute('class'))"""
"""Boxes that scroll sideways."""


def _drawn(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('app').dataset.version !== undefined")
    page.wait_for_timeout(400)  # the board's own layout (the tower's canvas) after the frame


BOX = """(selector) => { const el = document.querySelector(selector); if (!el) return null;
    const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }"""
"""An element's box measured in one step of the page (a bot's move redraws the table: a box asked for over
two steps can find its element replaced in between)."""


def _box(page: Any, selector: str) -> dict[str, float] | None:
    page.locator(selector).first.wait_for()
    for _ in range(3):
        box: dict[str, float] | None = page.evaluate(BOX, selector)
        if box is not None:
            return box
        page.wait_for_timeout(200)  # between two renders: the next one draws it again
    return None


def _on_screen(page: Any, selector: str) -> dict[str, float]:
    box = _box(page, selector)
    assert box is not None, f"{selector} is not drawn"
    size = page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (selector, box)
    return box


@pytest.mark.parametrize(
    "game",
    [pytest.param("cafe", marks=pytest.mark.long), "washi", "attack", pytest.param("tower", marks=pytest.mark.long)],
)
def test_every_table_fits_a_phones_width(server: Server, browser: Any, game: str) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        open_from_lobby(page, server.base, game, ["heuristic"])
        _drawn(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate(OUTSIDE, PHONE["width"]) == []
        assert page.evaluate(SCROLLERS) == []
        # the whole board in the width, scaled to it (Cat Attack's board is 560 px wide on a desktop)
        board = _box(page, BOARDS[game])
        assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
        assert board["width"] >= PHONE["width"] * 0.8, board
    finally:
        ctx.close()


@pytest.mark.long  # a browser table's detail: the long tier
def test_at_a_desktop_cat_attacks_hand_is_on_the_screen(server: Server, context: Any) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_from_lobby(page, server.base, "attack", ["heuristic"])
    page.locator(".attack .hand-box").wait_for()
    page.wait_for_function("() => document.querySelector('.status').innerText.includes('in your hand')")
    _on_screen(page, ".attack .hand-box")  # "click a card in your hand (highlighted)"
    board = _box(page, "svg.attack-board")
    assert board is not None and board["y"] + board["height"] <= 800 + 0.5, board  # and where it goes


def _washi_with_a_special_move(server: Server) -> tuple[str, str]:
    """A Tokyo Washi table of two people played at random over HTTP until seat 0 may make a special move
    (a jump or a sewer pop) on its turn; its id and seat 0's token."""
    for attempt in range(6):
        made = open_table(server, "washi", [None, None])
        table, tokens = made["table"], made["tokens"]
        url = f"{server.base}/api/tables/{table}"
        rng = random.Random(attempt)
        for step in range(200):
            states = [get(url, token=tokens[s]) for s in (0, 1)]
            if states[0]["over"]:
                break
            seat = next((s for s in (0, 1) if states[s]["legal"]), None)
            if seat is None:
                continue
            legal = states[seat]["legal"]
            if seat == 0 and any(a["kind"] in ("jump", "pop") for a in legal):
                return table, tokens[0]
            plain = [a for a in legal if a["kind"] not in ("jump", "pop")] or legal
            post(f"{url}/actions", {"action": rng.choice(plain), "id": f"m{step}"}, token=tokens[seat])
    raise AssertionError("no special move came to seat 0 in six games")


@pytest.mark.long  # a browser table's detail: the long tier
def test_at_a_desktop_washis_special_moves_are_on_the_screen(server: Server, context: Any) -> None:
    table, token = _washi_with_a_special_move(server)
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    hold_seats(page, server.base, table, "washi", {0: token})
    page.goto(f"{server.base}/t/{table}")
    page.locator(".washi-specials button.special").first.wait_for()
    assert "jumps and sewer pops are listed above the map" in page.locator(".status").inner_text()
    _on_screen(page, ".washi-specials")
    _on_screen(page, ".washi-specials button.special")


def test_open_the_table_goes_straight_to_it_and_undo_is_offered_only_when_it_would_be_taken(
    server: Server, context: Any
) -> None:
    page = context.new_page()
    table = open_cafe(page, server.base, ["person"])
    wait_drawn(page)  # no second click: the lobby went to the table
    assert page.url.endswith(f"/t/{table}")
    links = page.locator(".invites-box input.link")  # the other seat's invite, to send from here
    assert links.count() == 1 and "/join/" in links.input_value()
    assert page.locator("button.undo").count() == 0  # no move of mine yet
    assert play_one(page)  # a die taken: public, drew nothing, the other seat has not acted
    page.locator("button.undo").wait_for()
    assert "You took a" in page.locator(".log").inner_text()
    page.locator("button.undo").click()
    page.wait_for_function("() => document.getElementById('app').dataset.version === '0'")
    assert page.locator("button.undo").count() == 0
    assert page.locator(".dice-box h3").inner_text() == "Round 1 (you draft first)"


@pytest.mark.long  # a browser table's detail: the long tier
def test_cafe_shows_each_die_once(server: Server, context: Any) -> None:
    """The pool's dice each as one button (two of one value are two buttons); after the draft the die left
    over is shown once, as the shared die; my drafted die once, as mine (not again on my sheet)."""
    for _ in range(20):  # a table whose roll holds two dice of one value (about half of them)
        made = open_table(server, "cafe", [None, None])
        state = get(f"{server.base}/api/tables/{made['table']}", token=made["tokens"][0])
        pool = state["view"]["pool"]
        if len(set(pool)) < len(pool):
            break
    else:
        raise AssertionError("twenty rolls without a pair")
    page = context.new_page()
    hold_seats(page, server.base, made["table"], "cafe", {s: made["tokens"][s] for s in (0, 1)})
    seat = state["to_play"]
    page.goto(f"{server.base}/t/{made['table']}?seat={seat}")
    wait_drawn(page)
    page.locator("button.die.legal").first.wait_for()
    buttons = page.locator(".dice-box button.die.legal").all_inner_texts()
    assert sorted(int(b) for b in buttons) == sorted(pool), (buttons, pool)
    for player in (seat, 1 - seat):  # the draft: each seat takes a die
        page.goto(f"{server.base}/t/{made['table']}?seat={player}")
        wait_drawn(page)
        page.locator("button.die.legal").first.wait_for()
        assert play_one(page)
    mine = get(f"{server.base}/api/tables/{made['table']}", token=made["tokens"][1 - seat])["view"]
    faces = page.locator(".dice-box .die").all_inner_texts()
    # the pool says "all drafted"; the shared die and mine, once each
    assert faces == [str(mine["shared"]), str(mine["sheets"][1 - seat]["die"])], faces
    assert page.locator(".sheet.mine h3 .die").count() == 0
    assert page.locator(".sheet.other h3 .die").count() == 1  # the other seat's die, on its sheet
