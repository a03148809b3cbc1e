"""Moves that can be followed (issue #32): after a bot's move is animated (Cat Attack's pawns travel their
way, Cat Cafe's dice roll and marks appear together, a Washi line is drawn), the page ends exactly on the
server's position; with reduced motion no animation runs at all and the page is on the server's position
at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.harness import Server

from .cafe_player import play_one
from .clicker import click_once, my_token, open_from_lobby, server_state, state_of

COUNT_ANIMATIONS = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); };
"""
SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
MY_TURN = (
    "() => { const d = document.getElementById('app').dataset;"
    " return d.busy === '0' && (d.over === 'true' || d.legal !== '0'); }"
)
ATTACK_DOM = """() => {
  const pieces = [...document.querySelectorAll('.attack-board [data-piece]')].map((el) => {
    const want = el.style.transform.match(/translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/);
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    return {piece: el.dataset.piece, at: el.dataset.at,
            drawn: want !== null && Math.abs(m.e - Number(want[1])) < 0.01 && Math.abs(m.f - Number(want[2])) < 0.01};
  });
  return {version: Number(document.getElementById('app').dataset.version), pieces};
}"""
CAFE_DOM = """() => ({
  version: Number(document.getElementById('app').dataset.version),
  items: [...document.querySelectorAll('.sheet[data-seat] [data-space]:not(.pending) .item')].map((el) =>
    [Number(el.closest('.sheet').dataset.seat), el.closest('[data-space]').dataset.space,
     [...el.classList].find((c) => c.startsWith('item-')).slice(5)]),
  shown: [...document.querySelectorAll('.sheet [data-space] .item')].every((el) =>
    getComputedStyle(el).opacity === '1'
    && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(el).transform)),
})"""
WASHI_DOM = """() => ({
  version: Number(document.getElementById('app').dataset.version),
  segments: [...document.querySelectorAll('.washi-map [data-segment]')].map((el) => el.dataset.segment),
  drawn: [...document.querySelectorAll('.washi-map .pen')].every((el) =>
    getComputedStyle(el).strokeDashoffset === '0px'),
})"""


def _bot_moves_after_mine(page: Any, rng: random.Random, moves: int) -> None:
    """Play by clicks until ``moves`` positions have gone by (mine and the bot's answers), then wait for my
    turn again: the bot's last move has been drawn (and animated) by then."""
    start = int(state_of(page)["version"])
    while int(state_of(page)["version"]) < start + moves and state_of(page).get("over") != "true":
        if not click_once(page, rng):
            page.wait_for_timeout(50)
    page.wait_for_function(MY_TURN, timeout=30_000)


def _attack_matches(page: Any, base: str, table: str) -> None:
    page.wait_for_function(SETTLED)
    dom = page.evaluate(ATTACK_DOM)
    state = server_state(base, table, my_token(page, table))
    assert dom["version"] == state["version"]
    view = state["view"]
    assert all(p["drawn"] for p in dom["pieces"]), dom["pieces"]  # each piece stands where its place says
    cats = {p["piece"]: p["at"] for p in dom["pieces"] if p["piece"].startswith("cat")}
    assert cats == {f"cat{c['seat']}": c["at"] for c in view["cats"] if c["at"]}
    for kind, spaces in (("mouse", view["mice"]), ("bird", view["birds"])):
        assert sorted(p["at"] for p in dom["pieces"] if p["piece"].startswith(kind + "@")) == sorted(spaces), kind


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cat_attack_pawns_travel_and_end_on_the_servers_position(server: Server, browser: Any, motion: str) -> None:
    ctx = browser.new_context(reduced_motion=motion)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        page.add_init_script(COUNT_ANIMATIONS)
        table = open_from_lobby(page, server.base, "attack", ["heuristic"])
        page.locator(".attack-board").wait_for()
        _bot_moves_after_mine(page, random.Random(5), 8)
        _attack_matches(page, server.base, table)
        animations = page.evaluate("window.__animations")
        if motion == "reduce":  # nothing moves: no animation was even started, CSS ones included
            assert animations == 0
            assert page.evaluate("document.getAnimations().length") == 0
        else:
            assert animations > 0  # the pawns travelled
    finally:
        ctx.close()


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cat_cafe_dice_and_marks_end_on_the_servers_position(server: Server, browser: Any, motion: str) -> None:
    ctx = browser.new_context(reduced_motion=motion)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        page.add_init_script(COUNT_ANIMATIONS)
        table = open_from_lobby(page, server.base, "cafe", ["heuristic"])
        page.locator(".cafe").wait_for()
        while int(state_of(page)["version"]) < 10:  # two rounds: dice rolled, marks revealed together
            page.wait_for_function(MY_TURN, timeout=30_000)
            play_one(page)
        page.wait_for_function(MY_TURN, timeout=30_000)
        page.wait_for_function(SETTLED)
        dom = page.evaluate(CAFE_DOM)
        state = server_state(server.base, table, my_token(page, table))
        assert dom["version"] == state["version"]
        view = state["view"]
        want = sorted(
            [seat, f"{view['towers'][ti]['tower']}-{f}", item]
            for seat, sheet in enumerate(view["sheets"])
            for ti, floors in enumerate(sheet["towers"])
            for f, item in floors.items()
            if item
        )
        assert sorted(dom["items"]) == want
        assert dom["items"] and dom["shown"]
        animations = page.evaluate("window.__animations")
        assert animations == 0 if motion == "reduce" else animations > 0
    finally:
        ctx.close()


def test_washi_line_is_drawn_and_ends_on_the_servers_position(server: Server, context: Any) -> None:
    page = context.new_page()
    page.add_init_script(COUNT_ANIMATIONS)
    table = open_from_lobby(page, server.base, "washi", ["heuristic"])
    page.locator(".washi-map").wait_for()
    _bot_moves_after_mine(page, random.Random(9), 24)  # past the drawings: the cats' lines grow
    page.wait_for_function(SETTLED)
    dom = page.evaluate(WASHI_DOM)
    state = server_state(server.base, table, my_token(page, table))
    assert dom["version"] == state["version"]
    pairs = {
        f"{seat}/{a}-{b}"
        for seat, pl in enumerate(state["view"]["players"])
        for cat in pl["cats"]
        for a, b in zip(cat["path"], cat["path"][1:], strict=False)
    }
    assert dom["segments"] and set(dom["segments"]) <= pairs
    assert dom["drawn"]
    assert page.evaluate("window.__animations") > 0


COUNT_GLIDES = """
window.__glides = 0;
{
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest && this.closest('.discard-pile')) window.__glides += 1;
    return animate.apply(this, args);
  };
}
"""
DISCARD_DOM = """() => {
  const pile = document.querySelector('.attack .discard-pile');
  const card = pile && pile.querySelector('.mog-card');
  return {version: Number(document.getElementById('app').dataset.version),
          top: pile ? pile.dataset.top : null, count: pile ? Number(pile.dataset.count) : null,
          still: card === null || (['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(card).transform)
                                   && getComputedStyle(card).opacity === '1')};
}"""


@pytest.mark.parametrize("motion", ["no-preference", pytest.param("reduce", marks=pytest.mark.long)])
def test_cat_attack_cards_glide_to_the_discard_and_end_on_the_servers_position(
    server: Server, browser: Any, motion: str
) -> None:
    """A Mog card played (mine from my hand, the bot's from its row among the houses) glides to the discard
    pile, whose top card is the server's; under reduced motion nothing moves."""
    ctx = browser.new_context(reduced_motion=motion)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        page.add_init_script(COUNT_ANIMATIONS)
        page.add_init_script(COUNT_GLIDES)
        table = open_from_lobby(page, server.base, "attack", ["heuristic"])
        page.locator(".attack .discard-pile").wait_for()
        _bot_moves_after_mine(page, random.Random(5), 6)
        page.wait_for_function(SETTLED)
        dom = page.evaluate(DISCARD_DOM)
        view = server_state(server.base, table, my_token(page, table))["view"]
        assert dom["version"] == server_state(server.base, table, my_token(page, table))["version"]
        assert dom["top"] == (view["discard_top"] or "") and dom["count"] == view["discard"]
        assert dom["count"] >= 2 and dom["still"], dom  # my card and the bot's at least, each at rest now
        glides = page.evaluate("window.__glides")
        if motion == "reduce":
            assert glides == 0 and page.evaluate("window.__animations") == 0
            assert page.evaluate("document.getAnimations().length") == 0
        else:
            assert glides >= 2  # each card played glided to the pile
    finally:
        ctx.close()


COUNT_LIFTS = """
window.__lifts = 0;
{
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.classList && this.classList.contains('tower-card')) window.__lifts += 1;
    return animate.apply(this, args);
  };
}
"""


@pytest.mark.parametrize("motion", ["no-preference", pytest.param("reduce", marks=pytest.mark.long)])
def test_a_tower_action_card_taken_lifts_and_ends_on_the_servers_choice(
    server: Server, browser: Any, motion: str
) -> None:
    """An Action card taken lifts out of the face-up row (none under reduced motion) and the row ends
    marking the server's chosen card, at rest."""
    ctx = browser.new_context(reduced_motion=motion)
    ctx.set_default_timeout(30_000)
    try:
        page = ctx.new_page()
        page.add_init_script(COUNT_LIFTS)
        table = open_from_lobby(page, server.base, "tower", ["heuristic"])
        page.wait_for_function(MY_TURN, timeout=60_000)
        before = int(state_of(page)["version"])
        page.locator("button.choose").first.click()
        page.wait_for_function(f"Number(document.getElementById('app').dataset.version) > {before}")
        page.locator(".tower-card.chosen").wait_for()
        lifts = page.evaluate("window.__lifts")
        page.wait_for_function(SETTLED)
        state = server_state(server.base, table, my_token(page, table))
        chosen = page.evaluate(
            """() => [...document.querySelectorAll('.tower-card.chosen')].map((el) =>
                [el.dataset.card, getComputedStyle(el).transform])"""
        )
        assert [c for c, _ in chosen] == [state["view"]["card"]]
        assert chosen[0][1] in ("none", "matrix(1, 0, 0, 1, 0, 0)")
        if motion == "reduce":
            assert lifts == 0
            side = "document.getAnimations().filter((a) => a.effect?.target?.closest?.('.tower-side')).length"
            assert page.evaluate(side) == 0
        else:
            assert lifts == 1  # once, however often the table is drawn while the card is being played
    finally:
        ctx.close()
