"""Cat and the Tower's replay in the browser (issue #31): a step forward over a move whose settle made a piece
fall plays the fall from the record: the piece comes down to where it was let go (the move's aim, as the
ghost showed it), then through the poses at rest after each physical event of the move (the piece that fell
where it came to rest: the outcomes the record keeps, never simulated again); then the piece that fell is
marked and the fall told, as the live table does."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.harness import Server, get

from .test_tower_events import _act, _fell_table
from .test_tower_play import READY, TWEEN_SAMPLES
from .test_tower_table import _join


@pytest.mark.long  # a game played over HTTP, then replayed step by step
def test_a_replay_step_over_a_fall_plays_the_fall_and_marks_the_piece(server: Server, context: Any) -> None:
    made = _fell_table(server, {})  # steady hands; a floor is due
    table, token = made["table"], made["tokens"][0]
    at = get(f"{server.base}/api/tables/{table}", token)["version"]
    # the floor laid at the tile's corner falls off its walls (back to the hand): the step from at to at + 1
    _act(server, table, token, {"kind": "floor", "x": 4.5, "y": 4.5, "yaw": 30}, [200])
    after = get(f"{server.base}/api/tables/{table}/replay?at={at + 1}&seat=me", token)
    fell = next(e for e in reversed(after["view"]["events"]) if "fell while being placed" in e["msgid"])
    floor = fell["args"]["piece"]
    assert floor not in after["view"]["tower"]["poses"], floor  # back in the hand, off the table
    rests = [rest["poses"][floor] for rest in after["rests"] if floor in rest["poses"]]
    assert rests, after["rests"]  # where it came to rest, recorded with the outcome
    assert after["move"] == {"kind": "floor", "x": 4.5, "y": 4.5, "yaw": 30.0}, after["move"]  # and where let go
    tiles = after["view"]["tower"]["reading"]["floor_levels"]
    top = max(tiles, key=lambda f: tiles[f])
    top_z = after["view"]["tower"]["poses"][top][2]
    assert rests[-1][2] < top_z + 4.0, (rests[-1], top_z)  # it fell: below where a floor on the walls lies

    page = _join(context, server, made["invites"]["0"])  # the seat's token, for its own replay
    page.goto(f"{server.base}/replay/{table}?at={at}")
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at}' && ({READY})")
    page.wait_for_function("!window.cattableTower.scene.animating")
    assert floor not in page.evaluate("window.cattableTower.scene.posesNow()")
    # where the floor was let go: over the tile's corner, in the top floor's frame (the ghost's place)
    let_go = page.evaluate(
        "(() => { const t = window.cattableTower, top = t.view().tower.reading.top_floor;"
        " return t.scene.floorToWorld(top, 4.5, 4.5).toArray(); })()"
    )
    tweens = page.evaluate("window.cattableTower.scene.stats.tweens")
    page.locator("button.next").click()
    page.wait_for_function(f"window.cattableTower.scene.stats.tweens > {tweens}")
    seen = page.evaluate(TWEEN_SAMPLES, floor)
    # the floor comes down over many frames, from above the walls to where it came to rest
    assert len({tuple(round(v, 3) for v in p) for p in seen}) >= 5, seen
    assert seen[0][2] > rests[-1][2] + 2.0, (seen[0], rests[-1])
    # it comes down where it was let go (straight down onto its aim, level, as on the live table), then tips
    # off its walls: down and tilted where it came to rest
    assert abs(seen[0][0] - let_go[0]) < 1e-3 and abs(seen[0][1] - let_go[1]) < 1e-3, (seen[0], let_go)
    assert seen[0][2] > top_z + 4.0, (seen[0], top_z)  # above the walls
    assert max(abs(seen[0][4]), abs(seen[0][5])) < 1e-6, seen[0]  # level
    assert max(abs(rests[-1][4]), abs(rests[-1][5])) > 0.1, rests[-1]  # tilted
    assert any(max(abs(p[4]), abs(p[5])) > 0.01 and p[2] > rests[-1][2] + 0.5 for p in seen), seen  # tipping
    assert max(abs(a - b) for a, b in zip(seen[0], seen[-1], strict=True)) > 1.0, (seen[0], seen[-1])
    assert max(abs(a - b) for a, b in zip(seen[-1], rests[-1], strict=True)) < 1e-6, (seen[-1], rests[-1])
    # then the view after the step: the floor gone from the tower, marked where it fell, told
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at + 1}'")
    assert ["fell", floor] in page.evaluate("window.cattableTower.scene.marksNow()")
    assert floor not in page.evaluate("window.cattableTower.scene.posesNow()")
    marked = page.evaluate(
        f"window.cattableTower.scene.scene.getObjectByName('fell-{floor}').children[0].position.toArray()"
    )
    assert max(abs(a - b) for a, b in zip(marked, rests[-1][:3], strict=True)) < 1e-4, (marked, rests[-1])
    assert "fell while being placed" in page.locator(".tower-note.fell", has_text=f"floor {floor[1:]}").inner_text()
    first = page.locator(".tower-events li.fell", has_text=f"floor {floor[1:]}").first  # a wall may fall too
    assert "fell while being placed: back to the hand (try 2)" in first.inner_text(), first.inner_text()
    page.screenshot(path="/tmp/tower-replay-fell.png")
    # the move reached by a jump (no step forward) is drawn at once: nothing played, nothing marked
    page.goto(f"{server.base}/replay/{table}?at={at + 1}")
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at + 1}' && ({READY})")
    page.wait_for_function("!window.cattableTower.scene.animating")
    assert page.evaluate("window.cattableTower.scene.marksNow()") == []
    assert page.evaluate("window.cattableTower.scene.stats.tweens") == 0
    assert page.errors == []
