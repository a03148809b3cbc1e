"""Cat Cafe in a real browser against a real server: a person with bots plays to the end (reloading the
page midway), two people share a table from two browser contexts, and a spectator sees no secret."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.harness import Server, get

from .cafe_player import open_from_lobby, over, play_one, play_until, state_of, wait_drawn
from .frames import states


@pytest.mark.long  # a table played to the end
def test_a_person_plays_with_bots_to_the_end_and_reloads_midway(server: Server, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = open_from_lobby(page, server.base, ["heuristic", "heuristic"])
    wait_drawn(page)
    # round 1: I draft first; a hint highlights one of the dice and says which
    page.get_by_role("button", name="Hint").click()
    page.locator(".dice .hinted").wait_for()
    assert page.locator(".notice").inner_text().startswith("Hint: take the die showing")
    # the keyboard plays as well as the mouse: the hinted die, focused, taken with Enter
    page.locator(".dice button.hinted").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('app').dataset.version !== '0'")
    assert "You took a" in page.locator(".log").inner_text()  # my own move, told to me

    play_until([page], lambda: int(state_of(page)["version"]) >= 12, seconds=30)
    mine = page.locator(".sheet.mine .space .item").count()
    lines = page.locator(".log li").count()
    assert mine >= 1 and lines >= 12
    page.reload()
    wait_drawn(page)
    assert page.locator(".sheet.mine .space .item").count() >= mine
    assert page.locator(".log li").count() >= lines
    assert "took a" in page.locator(".log").inner_text()

    play_until([page], lambda: over(page), seconds=90)
    end = page.locator(".end")
    end.wait_for()
    result = get(f"{server.base}/api/tables/{table}")["result"]
    names = [s.strip() for s in page.locator(".seat strong").all_inner_texts()]
    winners = [names[w] for w in result["winners"]]
    assert all(w in end.locator(".winners").inner_text() for w in winners)
    totals = page.locator("table.breakdown tr.total td").all_inner_texts()
    assert [int(t) for t in totals] == [int(s) for s in result["scores"]]
    assert errors == []

    # the replay steps back through the game, drawn by the same table
    page.get_by_role("link", name="Replay this game").click()
    page.locator(".replay .sheet").first.wait_for()
    last = int(page.evaluate("() => document.getElementById('app').dataset.at"))
    page.locator("button.prev").click()
    page.wait_for_function("(v) => document.getElementById('app').dataset.at === String(v)", arg=last - 1)
    page.locator("button.prev").click()
    page.wait_for_function("(v) => document.getElementById('app').dataset.at === String(v)", arg=last - 2)


@pytest.mark.long  # two browsers; make test plays one table and watches another
def test_two_people_play_one_table_from_two_browsers(server: Server, browser: Any) -> None:
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        open_from_lobby(host, server.base, ["person"], options={"max_rounds": "3"}, clock="live")
        link = host.locator(".invites-box input.link").input_value()  # the table shows the invite links
        assert "/join/" in link
        guest.goto(link)
        wait_drawn(host)
        wait_drawn(guest)
        assert "/join/" not in guest.url  # the invite code leaves the address bar
        assert "10:00 left" in guest.locator(".seat[data-seat='1'] .clock").inner_text()  # the lobby's 10 min bank
        host.locator(".seat[data-seat='0'] .clock", has_text="due in").wait_for()  # the host drafts first
        # undo by fair rules: the host takes a die and takes it back before the guest acts
        assert host.locator("button.undo").count() == 0  # nothing of mine to take back yet
        assert play_one(host)
        # the guest's page draws it a moment later, with the host's name
        guest.locator(".log li", has_text="Player 1 took a").first.wait_for()
        assert guest.locator("button.undo").count() == 0  # not the guest's move
        host.get_by_role("button", name="Undo my last move").click()
        for page in (host, guest):
            page.wait_for_function("() => document.getElementById('app').dataset.version === '0'")
            assert "took a" not in page.locator(".log").inner_text()
        assert host.locator("button.die.legal").count() > 0
        moves = play_until([host, guest], lambda: over(host) and over(guest), seconds=60)
        assert moves >= 6  # three rounds: each drafts and marks in each
        for page in (host, guest):
            assert page.locator(".end .winners").inner_text()
            page.wait_for_function("document.querySelectorAll('.seat .dot.on').length === 2")  # both connected
    finally:
        host_ctx.close()
        guest_ctx.close()


def _last_view(frames: list[str]) -> dict[str, Any]:
    views = [s["view"] for s in states(frames)]
    assert views, "the page received no position"
    view: dict[str, Any] = views[-1]
    return view


def test_a_spectator_sees_no_secret(server: Server, browser: Any) -> None:
    ctxs = [browser.new_context() for _ in range(3)]
    try:
        host, guest, watcher = (c.new_page() for c in ctxs)
        frames: dict[str, list[str]] = {"guest": [], "watcher": []}
        for name, page in (("guest", guest), ("watcher", watcher)):
            page.on("websocket", lambda ws, n=name: ws.on("framereceived", lambda p, n=n: frames[n].append(p)))
        table = open_from_lobby(host, server.base, ["person"])
        link = host.locator(".invites-box input.link").input_value()
        # the lobby lists the new table among mine, where it is my move (seat 0 drafts first)
        host.goto(server.base + "/")
        host.locator(f".my-table.your-move[data-table='{table}']").wait_for()
        host.goto(f"{server.base}/t/{table}")
        guest.goto(link)
        watcher.goto(f"{server.base}/t/{table}?watch")
        for page in (host, guest, watcher):
            wait_drawn(page)
        assert "watching" in watcher.locator(".status").inner_text()
        assert watcher.locator("button.legal").count() == 0
        # the draft, until the host may mark: only dice are taken here, so a guest's page that is a move ahead
        # of the host's never marks first (then the round would resolve at the host's mark)
        deadline = time.monotonic() + 20
        while host.locator("button.space.legal").count() == 0:
            assert time.monotonic() < deadline, "the draft did not end"
            took = [play_one(p) for p in (host, guest) if p.locator("button.die.legal").count()]
            if not took:
                time.sleep(0.05)
        host.locator("button.space.legal").first.click()
        space = host.locator("button.space.selected").get_attribute("data-space")
        host.locator("button.item-choice.legal").first.click()
        item = host.locator("button.item-choice.selected").get_attribute("data-item")
        host.locator("button.confirm").click()
        tower, floor = space.split("-")
        # the host sees the choice as theirs; the guest and the spectator only that the host has chosen
        host.locator(f".sheet.mine [data-space='{space}'].pending").wait_for()
        for name, page in (("guest", guest), ("watcher", watcher)):
            page.locator(".sheet[data-seat='0'] .tag", has_text="has chosen").wait_for()
            sheet = page.locator(f".sheet[data-seat='0'] [data-space='{space}']")
            assert sheet.locator(".item").count() == 0, name
            seen = _last_view(frames[name])["sheets"][0]
            assert seen["chosen"] is True and "pending" not in seen, name
            assert seen["towers"][int(tower) - 1][floor] is None, name
            assert all(f'"item":"{item}","footprints"' not in f or '"pending"' not in f for f in frames[name])
        # the guest chooses: both marks are revealed together, to everyone
        play_one(guest)
        watcher.locator(f".sheet[data-seat='0'] [data-space='{space}'] .item-{item}").wait_for()
        guest.locator(f".sheet[data-seat='0'] [data-space='{space}'] .item-{item}").wait_for()
    finally:
        for c in ctxs:
            c.close()
