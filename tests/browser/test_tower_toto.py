"""Cat and the Tower in the browser (issue #31): with the option ``toto=player`` (the default), Toto in the
current player's hand (a goal sent him up) is placed with the pointer: a ghost of him follows the pointer on
the floor the rules name, a click holds him, Place lets go. A spot the rules refuse (a piece in the way) is
refused where the person sees it and changes nothing; a free spot is taken, and the scene shows him there.

The position is fixed: a guided table (``guided: true``) is dealt from the game's fixed seed, and the test
plays its one seat over HTTP with the hand bot (no physics trials: its choices depend only on its seed and
the view, never on the machine's speed). A copy of the same game in the test's own process, fed the same
moves, says which spots the rules refuse and where Toto lands, so the spots aimed at are found, not guessed.
(An earlier version aimed at a spot picked blindly on a random deal: about one deal in three had a cat
there, the server rightly refused, and the test waited for a move that never came.)"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

import cattable
from cattable.agents.registry import make_agent
from cattable.games.tower.actions import Toto
from cattable.games.tower.game import TowerState
from cattable.games.tower.placements import refusal
from cattable.server.hub import guided_seed
from tests.server.harness import Server, get, open_table, post

from .test_tower_table import _join, _version

OPTIONS = {"steadiness": "steady"}
IDLE = "!window.cattableTower.scene.animating"
STILL = """() => new Promise((done) => {
    const s = window.cattableTower.scene;
    let frames = s.stats.frames;
    const look = () => {
        if (!s.animating && s.stats.frames === frames) done(true);
        else { frames = s.stats.frames; setTimeout(look, 400); }
    };
    setTimeout(look, 400);
})"""
"""Resolves once the scene has drawn no frame for 400 ms: the orbit's damping has stopped gliding (the scene
draws only while something moves), so a floor stays where the pointer is sent."""
GRID = [i / 2 for i in range(-6, 7)]
"""Spots looked at on the floor (cm, its frame), every half centimetre across the tile."""


def _toto_in_hand(server: Server, table: str, token: str) -> tuple[dict[str, Any], TowerState]:
    """Play the one seat over HTTP with the hand bot's choices until Toto is in the seat's hand (15 moves on
    the guided deal), applying each move to a copy of the game too; returns the state message and the copy."""
    game = cattable.game("tower")
    copy = game.new(1, guided_seed("tower"), **OPTIONS)
    assert isinstance(copy, TowerState)
    agent = make_agent("hand", game, seed=31)
    for n in range(80):
        msg: dict[str, Any] = get(f"{server.base}/api/tables/{table}", token)
        legal = msg["legal"]
        assert legal == [a.to_json() for a in copy.legal_actions()], f"the copy left the server's game at move {n}"
        if msg["over"] or any(a["kind"] == "toto" for a in legal):
            return msg, copy
        actions = [game.action_from_json(a) for a in legal]
        action = agent.choose(msg["view"], actions)
        post(f"{server.base}/api/tables/{table}/actions", {"action": action.to_json(), "id": f"h-{n}"}, token)
        copy.apply(action)
    raise AssertionError("Toto never came into the hand")


def _refused(copy: TowerState, x: float, y: float) -> str | None:
    """Why the rules refuse Toto at (x, y) in the copy of the game (a piece in the way), or None."""
    return refusal(copy, Toto("toto", x, y, 0.0))


def _spots(copy: TowerState, menu: list[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float]]:
    """A spot the rules refuse (the floor's centre if so) and a free one off the menu's buttons, free for
    0.3 cm around (the pointer's aim is read to a tenth): where the person aims for themselves."""
    refused = [(x, y) for x in GRID for y in GRID if _refused(copy, x, y) is not None]
    assert refused, "the guided deal's floor has no spot the rules refuse"
    blocked = (0.0, 0.0) if (0.0, 0.0) in refused else refused[0]
    near = (-0.3, 0.0, 0.3)
    free = [
        (x, y)
        for x in GRID
        for y in GRID
        if (x, y) not in menu and all(_refused(copy, x + dx, y + dy) is None for dx in near for dy in near)
    ]
    assert free, "the guided deal's floor has no free spot off the menu"
    return blocked, min(free, key=lambda p: abs(p[0]) + abs(p[1]))  # the free spot nearest the centre


def _point(page: Any, floor: str, x: float, y: float) -> dict[str, Any]:
    """Bring the pointer to (x, y) on the floor, then click to hold the ghost there; returns the aim."""
    at = page.evaluate(f"window.cattableTower.scene.screenOf('{floor}', {x}, {y})")
    page.mouse.move(at[0] - 40, at[1] + 30)
    page.mouse.move(at[0], at[1], steps=4)
    aim: dict[str, Any] = page.evaluate("window.cattableTower.aim()")
    assert aim["kind"] == "toto" and aim["aimed"] and aim["floor"] == floor, aim
    assert abs(aim["x"] - x) < 0.3 and abs(aim["y"] - y) < 0.3, (aim, x, y)
    assert page.evaluate("window.cattableTower.scene.scene.getObjectByName('toto-ghost') !== undefined")
    page.mouse.click(at[0], at[1])
    assert page.locator(".tower-aim").get_attribute("data-pinned") == "true"
    held: dict[str, Any] = page.evaluate("window.cattableTower.aim()")
    return held


@pytest.mark.long  # a guided deal played over HTTP up to a goal (15 moves), then Toto placed with the pointer
def test_toto_in_hand_is_placed_with_the_pointer_where_it_points(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None], options=OPTIONS, guided=True)
    table, token = made["table"], made["tokens"][0]
    msg, copy = _toto_in_hand(server, table, token)
    assert not msg["over"], msg["view"]["events"][-3:]
    floor = next(it["floor"] for it in msg["view"]["pending"] if it["piece"] == "toto")
    assert "toto" not in msg["view"]["tower"]["poses"]  # in the hand: off the table
    menu = [(a["x"], a["y"]) for a in msg["legal"] if a["kind"] == "toto"]
    blocked, free = _spots(copy, menu)
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    page.evaluate(STILL)
    # the placing box asks for Toto on the floor the goal sent him to; the menu's spots stay as buttons
    box = page.locator(".tower-aim")
    assert box.get_attribute("data-kind") == "toto"
    assert box.locator("h3").inner_text() == "Place Toto"
    assert page.locator("p.status").inner_text() == "Place Toto with the pointer."  # by his name, not a kind
    assert f"Point at floor {floor[1:]}" in box.locator(".help").inner_text()
    assert page.locator(".tower-moves button.toto").count() == len(menu) >= 1
    aim = page.evaluate("window.cattableTower.aim()")
    assert aim["kind"] == "toto" and aim["floor"] == floor and not aim["aimed"], aim

    # a spot with a piece in it: the server refuses, the page says why, nothing changes
    before = _version(page)
    aim = _point(page, floor, *blocked)
    why = _refused(copy, round(aim["x"], 1), round(aim["y"], 1))
    assert why is not None, (aim, blocked)
    page.locator("button.place").click()
    page.wait_for_function("document.querySelector('#app').dataset.refusals === '1'")
    notice = page.locator("p.notice").inner_text()
    assert why.split(":")[0] in notice, (notice, why)
    time.sleep(0.5)  # a move taken would have come with the refusal's answer
    assert _version(page) == before
    state = get(f"{server.base}/api/tables/{table}", token)
    assert state["version"] == before and "toto" not in state["view"]["tower"]["poses"]
    assert page.evaluate("window.cattableTower.aim().kind") == "toto"  # still in hand, to aim again

    # a free spot the menu does not offer: the server takes it, as the copy of the game says it lands
    aim = _point(page, floor, *free)
    sent = Toto("toto", round(aim["x"], 1), round(aim["y"], 1), 0.0)
    assert _refused(copy, sent.x, sent.y) is None, (aim, free)
    copy.apply(sent)
    page.locator("button.place").click()
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}", timeout=60_000)
    state = get(f"{server.base}/api/tables/{table}", token)
    line = next(entry for entry in state["log"] if entry["version"] == before + 1)
    said = re.search(r"toto x=(-?[\d.]+) y=(-?[\d.]+) yaw=(-?[\d.]+)", line["text"])
    assert said and (float(said[1]), float(said[2])) == (sent.x, sent.y), (line, sent)
    expected = copy.view(0)["tower"]
    assert expected["reading"]["support"]["toto"] == floor, expected["reading"]["support"]  # he stands there
    # what happened: the server tells of Toto placed, and he stands where the copy of the game has him
    told = state["view"]["events"][-1]
    assert told["msgid"] == "seat {seat} places {piece}" and told["args"]["piece"] == "Toto", told
    got = state["view"]["tower"]["poses"]["toto"]
    assert max(abs(a - b) for a, b in zip(got, expected["poses"]["toto"], strict=True)) < 1e-9, got
    # and the page shows him there, standing on that floor, the ghost gone
    page.wait_for_function(IDLE)
    view = page.evaluate("window.cattableTower.view()")
    assert view["tower"]["reading"]["support"]["toto"] == floor, view["tower"]["reading"]["support"]
    shown = page.evaluate(
        f"""(() => {{
        const s = window.cattableTower.scene, t = s.pieces.get('toto');
        const p = s.floorToWorld('{floor}', {sent.x}, {sent.y});
        return {{dx: t.position.x - p.x, dy: t.position.y - p.y, ghost: s.scene.getObjectByName('toto-ghost')}};
    }})()"""
    )
    assert abs(shown["dx"]) < 0.6 and abs(shown["dy"]) < 0.6, shown
    assert shown.get("ghost") is None, shown
    newest = page.locator(".tower-events li").first
    assert newest.get_attribute("data-msgid") == told["msgid"] and "Toto" in newest.inner_text(), newest.inner_text()
    assert page.evaluate("window.cattableTower.aim()") is None or page.evaluate(
        "window.cattableTower.aim().kind !== 'toto'"
    )
    assert page.errors == []
