"""What brings players back (issue #32), in real browsers: the chat draws what people type as text (a line
that looks like HTML makes no element), "your turn" reaches the page's title (and the notification is
asked for only after a click), "play again" from the end screen takes each person to their own seat at
one new table, quick play seats two strangers at one table, and an open table's free seat goes to a bot
after the wait."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Server, get, open_table, post

from .clicker import hold_seats, screenshot
from .conftest import DESKTOP

XSS = '<img src=x onerror="window.__pwned = 1">'


def _drawn(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('app').dataset.version !== undefined")


def _play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    url = f"{server.base}/api/tables/{table}"
    for step in range(400):
        states = {s: get(url, token=t) for s, t in tokens.items()}
        if any(st["over"] for st in states.values()):
            return
        movers = [s for s, st in states.items() if st["legal"]]
        if not movers:
            time.sleep(0.05)
            continue
        post(f"{url}/actions", {"action": states[movers[0]]["legal"][0], "id": f"m{step}"}, token=tokens[movers[0]])
    raise AssertionError("the game did not end")


def test_the_chat_draws_text_never_html(server: Server, browser: Any, tmp_path: Path) -> None:
    made = open_table(server, "cafe", [None, None])
    table, tokens = made["table"], made["tokens"]
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(viewport=DESKTOP)
        page = ctx.new_page()
        hold_seats(page, server.base, table, "cafe", {seat: tokens[seat]})
        page.goto(f"{server.base}/t/{table}?seat={seat}")
        _drawn(page)
        pages.append(page)
    a, b = pages
    assert a.locator(".chat-lines li.empty").count() == 1
    a.fill("input[name=chat]", XSS)
    a.get_by_role("button", name="Send").click()
    for page in (a, b):
        page.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-n]').length === 1")
        line = page.locator(".chat-lines li[data-n] .text")
        assert line.inner_text() == XSS  # the characters as typed
        assert page.locator(".chat-lines img, .chat-box img").count() == 0  # and no element made of them
        assert page.evaluate("() => document.querySelectorAll('img[src=x]').length") == 0
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.__pwned") is None
    assert a.locator("input[name=chat]").input_value() == ""  # sent: the box is cleared
    assert "(you)" in a.locator(".chat-lines li[data-n] strong").inner_text()
    b.fill("input[name=chat]", "x" * 500)
    b.get_by_role("button", name="Send").click()
    b.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-n]').length === 2")
    # a reload gets the history back, in order
    b.reload()
    b.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-n]').length === 2")
    assert b.locator(".chat-lines li[data-n] .text").first.inner_text() == XSS
    screenshot(a, tmp_path, "chat-desktop")
    for page in pages:
        page.context.close()


NOTIFY_SPY = """
window.__asked = 0;
Object.defineProperty(window, 'Notification', { configurable: true, value: class {
  static permission = 'default';
  static async requestPermission() { window.__asked += 1; this.permission = 'granted'; return 'granted'; }
  constructor(title) { window.__notified = (window.__notified || []).concat([title]); }
}});
"""
"""A stand-in for the browser's notifications that counts the permission asked (headless chromium denies)."""


@pytest.mark.long  # the chat's test is the fast tier's smoke
def test_your_turn_reaches_the_title_and_notifications_are_asked_only_after_a_click(
    server: Server, context: Any
) -> None:
    made = open_table(server, "washi", [None, None])
    table, tokens = made["table"], made["tokens"]
    first = get(f"{server.base}/api/tables/{table}", token=tokens[0])["to_play"]
    waiting = 1 - first
    context.add_init_script(NOTIFY_SPY)
    page = context.new_page()
    hold_seats(page, server.base, table, "washi", {waiting: tokens[waiting]})
    page.goto(f"{server.base}/t/{table}?seat={waiting}")
    _drawn(page)
    assert page.title() == "Tokyo Washi Game: Cat — cattable", page.title()
    assert page.evaluate("() => window.__asked") == 0  # never asked on its own
    assert page.locator("input[name=turn-sound]").is_checked() is False  # sound is off by default
    page.locator("input[name=turn-sound]").check()
    assert page.evaluate("() => localStorage.getItem('cattable.sound')") == "on"
    page.locator("input[name=turn-notify]").check()
    page.wait_for_function("() => window.__asked === 1")
    assert page.evaluate("() => localStorage.getItem('cattable.notify')") == "on"
    # the other seat moves: now it is this seat's turn
    legal = get(f"{server.base}/api/tables/{table}", token=tokens[first])["legal"]
    post(f"{server.base}/api/tables/{table}/actions", {"action": legal[0], "id": "m1"}, token=tokens[first])
    page.wait_for_function("() => document.title.startsWith('(●)')")
    assert page.title() == "(●) Your turn — Tokyo Washi Game: Cat"
    assert page.evaluate("() => document.querySelector('link[rel=icon]').href").startswith("data:image/svg+xml")
    assert page.evaluate("() => window.__notified") is None  # the tab is visible: no notification
    # my move made: the badge goes
    mine = get(f"{server.base}/api/tables/{table}", token=tokens[waiting])["legal"]
    post(f"{server.base}/api/tables/{table}/actions", {"action": mine[0], "id": "m2"}, token=tokens[waiting])
    page.wait_for_function("() => !document.title.startsWith('(●)')")
    # a reload keeps the switches
    page.reload()
    _drawn(page)
    assert page.locator("input[name=turn-sound]").is_checked()


@pytest.mark.long  # the chat's test is the fast tier's smoke
def test_play_again_from_the_end_screen_takes_each_person_to_their_own_seat(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    made = open_table(server, "cafe", [None, "random", None], options={"max_rounds": 1})
    table, tokens = made["table"], made["tokens"]
    _play_out(server, table, tokens)
    pages = {}
    for seat in (0, 2):
        ctx = browser.new_context(viewport=DESKTOP)
        page = ctx.new_page()
        hold_seats(page, server.base, table, "cafe", {seat: tokens[seat]})
        page.goto(f"{server.base}/t/{table}?seat={seat}")
        page.locator(".end button.play-again").wait_for()
        pages[seat] = page
    assert pages[0].locator(".end button.play-again").inner_text() == "Play again"
    screenshot(pages[0], tmp_path, "cafe-end-play-again")
    pages[0].locator(".end button.play-again").click()
    pages[0].wait_for_url(lambda url: f"/t/{table}" not in url and url.endswith("?seat=0"))
    nxt = pages[0].evaluate("() => location.pathname").split("/t/")[1]
    assert nxt != table
    _drawn(pages[0])
    assert pages[0].evaluate("() => document.getElementById('app').dataset.version") == "0"  # a new deal
    assert pages[0].locator(".seats .tag.bot").count() == 1  # the bot where the bot was
    # the other person's end screen was told: their button joins the same table, in their own seat
    other = pages[2]
    other.wait_for_function("() => document.querySelector('.end button.play-again').innerText === 'Join the next game'")
    other.locator(".end button.play-again").click()
    other.wait_for_url(f"**/t/{nxt}?seat=2")
    _drawn(other)
    assert other.locator(".seat.me").get_attribute("data-seat") == "2"
    # each browser holds only its own seat there: no invite or token of another seat came to it
    for seat, page in pages.items():
        held = json.loads(page.evaluate("() => localStorage.getItem('cattable.seats')"))
        assert sorted((h["table"], h["seat"]) for h in held) == sorted([(table, seat), (nxt, seat)])
        assert page.evaluate("() => localStorage.getItem('cattable.hosted')") in (None, "[]")
    screenshot(other, tmp_path, "cafe-played-again")
    for page in pages.values():
        page.context.close()


def _quick_play(page: Any, base: str, game: str, name: str, fill_after: int = 60) -> tuple[str, int]:
    page.goto(base + "/")
    page.get_by_role("heading", name="Quick play").wait_for()
    page.select_option("select[name=quick-game]", game)
    page.fill("input[name=quick-name]", name)
    page.fill("input[name=quick-fill]", str(fill_after))
    page.locator("button.quick").click()
    page.wait_for_url("**/t/**")
    path: str = page.evaluate("() => location.pathname + location.search")
    table, seat = path.split("/t/")[1].split("?seat=")
    return table, int(seat)


@pytest.mark.long  # the chat's test is the fast tier's smoke
def test_quick_play_seats_two_strangers_at_one_table(server: Server, browser: Any, tmp_path: Path) -> None:
    first = browser.new_context(viewport=DESKTOP)
    second = browser.new_context(viewport=DESKTOP)
    try:
        ann = first.new_page()
        table, seat = _quick_play(ann, server.base, "attack", "Ann")
        assert seat == 0
        _drawn(ann)
        bob = second.new_page()
        bob.goto(server.base + "/")
        bob.locator(f".open-table[data-table='{table}']").wait_for()  # listed, a seat free, no invite shown
        assert "/join/" not in bob.locator(".open-tables").inner_html()
        screenshot(bob, tmp_path, "lobby-open-tables")
        table2, seat2 = _quick_play(bob, server.base, "attack", "Bob")
        assert (table2, seat2) == (table, 1)
        _drawn(bob)
        ann.wait_for_function("() => document.querySelector('.seats').innerText.includes('Bob')")
        assert [s["name"] for s in get(f"{server.base}/api/tables/{table}")["seats"]] == ["Ann", "Bob"]
    finally:
        first.close()
        second.close()


@pytest.mark.long  # the chat's test is the fast tier's smoke
def test_an_open_tables_free_seat_goes_to_a_bot_after_the_wait(server: Server, context: Any) -> None:
    page = context.new_page()
    table, seat = _quick_play(page, server.base, "cafe", "Cleo", fill_after=2)
    assert seat == 0
    _drawn(page)
    assert page.locator(".seats .tag.bot").count() == 0
    page.locator(".seats .tag.bot").wait_for(timeout=20_000)
    assert "Bot 2" in page.locator(".seats").inner_text()
    assert get(f"{server.base}/api/tables/{table}")["seats"][1]["bot"] == "heuristic"
    assert get(f"{server.base}/api/open-tables") == []
