"""Cat Attack in a real browser against a real server: a person plays a bot to the end by clicking cards
and highlighted spaces (reloading the page midway), a spectator's page never holds a hand or an
exchange's cards, and the table is pictured at desktop and phone widths."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from cattable.games.attack.board import standard_board
from tests.server.harness import Server, post

from .clicker import click_once, my_token, open_from_lobby, over, play_until, screenshot, server_state, state_of
from .frames import states

SHORT = {"lives": "3", "time_limit": "6"}
"""A short game: "start with less than nine lives each", and the rounds agreed beforehand."""


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def hand_on_page(page: Any) -> list[str]:
    cards: list[str] = page.locator("[data-hand=mine]").evaluate_all("els => els.map(e => e.dataset.card)")
    return sorted(cards)


def card_of(action: dict[str, Any]) -> str | None:
    kind = action["kind"]
    if kind in ("cat_card", "mouse_card", "bird_card"):
        return f"{kind.split('_')[0]}{action['count']}"
    if kind in ("speedy", "attack", "burglar"):
        return str(kind)
    return None


RECORD_ANIMATIONS = """() => { window.seenAnimations = new Set(); setInterval(() => {
  for (const a of document.getAnimations()) {
    const el = a.effect && a.effect.target;
    window.seenAnimations.add(a.constructor.name + ':' + (el ? el.getAttribute('class') : ''));
  } }, 40); }"""
"""Every CSS animation and transition the page runs, by the class of what moves."""


def wait_my_move(page: Any, seconds: float = 20) -> None:
    page.wait_for_function(
        "() => { const d = document.getElementById('app').dataset; return d.legal !== '0' || d.over === 'true'; }",
        timeout=seconds * 1000,
    )


@pytest.mark.long  # a table played to the end
def test_a_person_plays_a_bot_to_the_end_by_clicking_and_reloads_midway(server: Server, context: Any) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table = open_from_lobby(page, server.base, "attack", ["heuristic"], options=SHORT)
    page.locator(".attack-board").wait_for()
    wait_my_move(page)
    token = my_token(page, table)
    me = server_state(server.base, table, token)
    # my hand as the server dealt it to my seat: six Mog cards, the playable ones as buttons
    assert hand_on_page(page) == sorted(me["view"]["hand"]) and len(me["view"]["hand"]) == 6
    assert me["view"]["phase"] == "play"
    # a card clicked shows where it may go: exactly the spaces of that card's legal plays
    playable = {card_of(a) for a in me["legal"]} - {None}
    aimed = [c for c in sorted(playable, key=str) if any(card_of(a) == c and a.get("to") for a in me["legal"])]
    if aimed:
        card = aimed[0]
        page.locator(f"button.mog-card[data-card='{card}']").first.click()
        spaces = {a["to"] for a in me["legal"] if card_of(a) == card and a.get("to")}
        page.locator(".attack-board .target").first.wait_for()
        shown = set(page.locator(".attack-board .target").evaluate_all("els => els.map(e => e.dataset.space)"))
        assert shown == spaces
        page.get_by_role("button", name="Cancel").click()

    rng = random.Random(5)
    play_until(page, rng, lambda: int(state_of(page)["version"]) >= 14 or over(page), seconds=40)
    lines = page.locator(".log li").count()
    cats = page.locator(".attack-board .piece.cat").count()
    assert cats == 2 and lines >= 10
    page.reload()
    page.locator(".attack-board").wait_for()
    page.wait_for_function("(n) => document.querySelectorAll('.log li').length >= n", arg=lines)
    assert page.locator(".attack-board .piece.cat").count() == cats
    assert page.locator(".attack-board .piece.car").count() == 1

    page.evaluate(RECORD_ANIMATIONS)
    play_until(page, rng, lambda: over(page), seconds=70)
    # the cats travel their way space by space and the die rolls (the car and attacks come when they come)
    moved = set(page.evaluate("() => [...window.seenAnimations]"))
    assert any(m.startswith("Animation:piece cat") for m in moved), moved
    assert "CSSAnimation:die rolling" in moved, moved
    end = page.locator(".end")
    end.wait_for()
    result = server_state(server.base, table, token)["result"]
    names = [s.strip() for s in page.locator(".seat strong").all_inner_texts()]
    verdict = end.locator(".winners").inner_text()
    assert all(names[w] in verdict for w in result["winners"]), verdict
    totals = page.locator("table.breakdown tr.total td").all_inner_texts()
    assert [float(t) for t in totals] == [float(s) for s in result["scores"]]
    assert errors == []


@pytest.mark.parametrize(
    "moves", [pytest.param(4, id="4-moves"), pytest.param(None, id="to-the-end", marks=pytest.mark.long)]
)
def test_a_spectator_page_never_holds_a_hand_or_an_exchange(server: Server, browser: Any, moves: int | None) -> None:
    """ "Make sure none of the other players sneaks a peek": the spectator's page is compared, move after
    move, with what the seats' own views hold: for ``moves`` of mine (``make test``), or to the end and the
    views the end reveals (the long tier)."""
    made = post(
        server.base + "/api/tables",
        {
            "game": "attack",
            "players": 2,
            "options": {"lives": 3, "time_limit": 4},
            "seats": [{"name": "Mimi"}, {"name": "Bot", "bot": "heuristic"}],
        },
    )
    table = made["table"]
    ctxs = [browser.new_context(), browser.new_context()]
    try:
        player, watcher = ctxs[0].new_page(), ctxs[1].new_page()
        frames: list[str] = []
        watcher.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(str(p))))
        errors = watch_errors(watcher)
        player.goto(server.base + "/join/" + made["invites"]["0"])
        watcher.goto(f"{server.base}/t/{table}?watch")
        for page in (player, watcher):
            page.locator(".attack-board").wait_for()
        assert "watching" in watcher.locator(".status").inner_text()
        token = my_token(player, table)
        rng = random.Random(11)
        checked = 0
        while not over(player) and (moves is None or checked < moves):
            wait_my_move(player)
            if over(player):
                break
            view = server_state(server.base, table, token)["view"]
            assert hand_on_page(player) == sorted(view["hand"])  # the seat sees its own hand...
            watcher.wait_for_function("(v) => +document.getElementById('app').dataset.version >= v", arg=0)
            assert watcher.locator("[data-card]").count() == 0  # ...the spectator no card of any hand
            assert watcher.locator(".hand-box, .exchange-cards").count() == 0
            assert player.locator(".hand-box").count() == 1
            click_once(player, rng)
            checked += 1
            assert checked < 200
        assert checked >= 3
        # the page names places in the board's words, as the log does: no board id (``r14_9``, ``fb``) in what
        # either page shows, the cats' panel included
        ids = re.compile(
            r"\b(" + "|".join(sorted(map(re.escape, standard_board().ids), key=len, reverse=True)) + r")\b"
        )
        for page in (player, watcher):
            shown = page.locator(".board").inner_text()
            assert not ids.search(shown), ids.search(shown)
        # nothing a spectator was sent before the end held a hand, a card seen or an exchange's cards
        before_end = [s for s in states(frames) if not s.get("over")]
        assert before_end
        for s in before_end:
            assert "hand" not in s["view"] and "seen" not in s["view"] and "views" not in s
            assert all(e["id"] != "exchange_cards" for e in s["view"]["log"])
        # and the end, when every view is revealed, still draws the spectator's own view
        if moves is None:
            watcher.locator(".end").wait_for()
            assert watcher.locator("[data-card]").count() == 0
        assert errors == []
    finally:
        for c in ctxs:
            c.close()


@pytest.mark.long  # 24 moves played, then pictured at two widths
def test_the_table_fits_desktop_and_phone_widths(server: Server, browser: Any, tmp_path: Path) -> None:
    """The pictures in docs/screenshots (CATTABLE_SCREENSHOTS=1 rewrites them): mid-game, a card picked
    and its spaces highlighted, at 1280 and 390 pixels wide; the page never scrolls sideways."""
    from .conftest import DESKTOP, PHONE

    made = post(
        server.base + "/api/tables",
        {
            "game": "attack",
            "players": 3,
            "options": {"lives": 5},
            "seats": [{"name": "Mimi"}, {"name": "Bot", "bot": "heuristic"}, {"name": "Toto", "bot": "heuristic"}],
        },
    )
    ctx = browser.new_context(viewport=DESKTOP)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/join/" + made["invites"]["0"])
        page.locator(".attack-board").wait_for()
        play_until(page, random.Random(8), lambda: int(state_of(page)["version"]) >= 24 or over(page), seconds=50)
        link = page.url
        for size, name in ((DESKTOP, "attack-desktop"), (PHONE, "attack-phone")):
            page.set_viewport_size(size)
            page.goto(link)
            page.locator(".attack-board").wait_for()
            wait_my_move(page)
            cards = page.locator("button.mog-card.legal")
            if cards.count():
                cards.first.click()
            page.wait_for_timeout(900)  # the pieces have glided into place
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= size["width"], f"{name}: the page is {wide} px wide"
            assert screenshot(page, tmp_path, name).stat().st_size > 10_000
    finally:
        ctx.close()
