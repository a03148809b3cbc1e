"""Cat and the Tower in the browser (issue #31): with the option ``toto=player`` (the default), Toto in the
current player's hand (a goal sent him up) is placed with the pointer: a ghost of him follows the pointer on
the floor the rules name, a click holds him, Place lets go; the server takes a ``toto`` action at the spot
pointed at, and the scene shows him standing there."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

import cattable
from cattable.agents.registry import make_agent
from tests.server.harness import Server, get, open_table, post

from .test_tower_table import _join, _version

IDLE = "!window.cattableTower.scene.animating"


def _toto_in_hand(server: Server, table: str, token: str) -> dict[str, Any]:
    """Play the one seat over HTTP with the heuristic bot's choices (seeded: the same choices for the same
    view) until Toto is in the seat's hand: the bot meets a goal within 13 to 23 moves (on each of the first
    30 game seeds, played in the library), which sends Toto up into the player's hand. Returns the state."""
    game = cattable.game("tower")
    agent = make_agent("heuristic", game, seed=31)
    for n in range(80):
        msg: dict[str, Any] = get(f"{server.base}/api/tables/{table}", token)
        legal = msg["legal"]
        if msg["over"] or any(a["kind"] == "toto" for a in legal):
            return msg
        actions = [game.action_from_json(a) for a in legal]
        action = legal[actions.index(agent.choose(msg["view"], actions))]
        post(f"{server.base}/api/tables/{table}/actions", {"action": action, "id": f"h-{n}"}, token)
    raise AssertionError("Toto never came into the hand")


@pytest.mark.long  # a game played by a bot's choices up to a goal, then Toto placed with the pointer
def test_toto_in_hand_is_placed_with_the_pointer_where_it_points(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    msg = _toto_in_hand(server, table, token)
    assert not msg["over"], msg["view"]["events"][-3:]
    floor = next(it["floor"] for it in msg["view"]["pending"] if it["piece"] == "toto")
    assert "toto" not in msg["view"]["tower"]["poses"]  # in the hand: off the table
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    time.sleep(1.5)  # the orbit's damping settles: the floor stays where the pointer is sent
    # the placing box asks for Toto on the floor the goal sent him to; the menu's spots stay as buttons
    box = page.locator(".tower-aim")
    assert box.get_attribute("data-kind") == "toto"
    assert box.locator("h3").inner_text() == "Place Toto"
    assert f"Point at floor {floor[1:]}" in box.locator(".help").inner_text()
    assert page.locator(".tower-moves button.toto").count() >= 1
    aim = page.evaluate("window.cattableTower.aim()")
    assert aim["kind"] == "toto" and aim["floor"] == floor and not aim["aimed"], aim
    # a spot with room for him: half-way between the roomiest spot the rules offer and the floor's centre
    spot = next(a for a in msg["legal"] if a["kind"] == "toto")
    x, y = round(spot["x"] / 2, 1), round(spot["y"] / 2, 1)
    at = page.evaluate(f"window.cattableTower.scene.screenOf('{floor}', {x}, {y})")
    page.mouse.move(at[0] - 40, at[1] + 30)
    page.mouse.move(at[0], at[1], steps=4)
    aim = page.evaluate("window.cattableTower.aim()")
    assert aim["aimed"] and aim["floor"] == floor, aim
    assert abs(aim["x"] - x) < 0.3 and abs(aim["y"] - y) < 0.3, (aim, x, y)
    assert page.evaluate("window.cattableTower.scene.scene.getObjectByName('toto-ghost') !== undefined")
    page.mouse.click(at[0], at[1])
    assert box.get_attribute("data-pinned") == "true"
    before = _version(page)
    page.locator("button.place").click()
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}", timeout=60_000)
    # the server took a toto action at the spot pointed at
    state = get(f"{server.base}/api/tables/{table}", token)
    line = next(entry for entry in state["log"] if entry["version"] == before + 1)
    sent = re.search(r"toto x=(-?[\d.]+) y=(-?[\d.]+) yaw=(-?[\d.]+)", line["text"])
    assert sent, line
    assert abs(float(sent[1]) - x) < 0.3 and abs(float(sent[2]) - y) < 0.3, (line, x, y)
    # and the page shows him there, standing on that floor, the ghost gone
    page.wait_for_function(IDLE)
    view = page.evaluate("window.cattableTower.view()")
    assert view["tower"]["reading"]["support"]["toto"] == floor, view["tower"]["reading"]["support"]
    shown = page.evaluate(
        f"""(() => {{
        const s = window.cattableTower.scene, p = s.floorToWorld('{floor}', {x}, {y}), t = s.pieces.get('toto');
        return {{dx: t.position.x - p.x, dy: t.position.y - p.y, ghost: s.scene.getObjectByName('toto-ghost')}};
    }})()"""
    )
    assert abs(shown["dx"]) < 0.6 and abs(shown["dy"]) < 0.6, shown
    assert shown.get("ghost") is None, shown
    assert page.evaluate("window.cattableTower.aim()") is None or page.evaluate(
        "window.cattableTower.aim().kind !== 'toto'"
    )
    assert page.errors == []
