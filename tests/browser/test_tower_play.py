"""Cat and the Tower in the browser (issue #22), the rest: a cooperative game with two bot seats played to its
end by a person with the pointer, the end saying who won and why; a Feline Friend petted with a press and a
drag on it in the scene; a replay step tweened between the recorded poses, ending exactly on them."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.test_tower_table import _join, _version
from tests.server.harness import Server, get, open_table, post

READY = "window.cattableTower && window.cattableTower.view()"
MY_TURN = (
    "(document.querySelector('#app').dataset.legal !== '0' && window.cattableTower"
    " && !window.cattableTower.scene.animating) || document.querySelector('#app').dataset.over === 'true'"
)


def _side_texts(view: dict[str, Any], legal: list[dict[str, Any]]) -> list[str]:
    out = []
    for a in legal:
        sides = view["action_faceup"][a["card"] - 1]["sides"]
        out.append(sides[0 if a["side"] in ("", "left") else 1])
    return out


def _play_http(server: Server, table: str, token: str, until: str, n: list[int]) -> dict[str, Any]:
    """Play seat 0 over HTTP with the menu's first placements (a pet side when one is face up, then a cat
    side) until the legal actions hold ``until``; returns the state message then."""
    for _ in range(300):
        msg: dict[str, Any] = get(f"{server.base}/api/tables/{table}", token)
        legal = msg["legal"]
        kinds = [a["kind"] for a in legal]
        if until in kinds or msg["over"]:
            return msg
        if "choose" in kinds:
            sides = _side_texts(msg["view"], legal)
            rank = [0 if "pet" in t else 1 if "cat" in t else 2 for t in sides]
            action = legal[rank.index(min(rank))]
        else:
            action = next((a for a in legal if a["kind"] == "skip"), legal[0])
        n[0] += 1
        post(f"{server.base}/api/tables/{table}/actions", {"action": action, "id": f"t-{n[0]}"}, token)
    raise AssertionError(f"no {until} came")


def _table_at_a_pet(server: Server, options: dict[str, Any]) -> dict[str, Any]:
    """A one-seat table played over HTTP up to a pet. Each table gets a random seed, and a deal may end or
    drop its pet first (the cat fell and was given up; in the French edition about one table in 18 ends
    with the whole tower fallen first); then another table is opened, at most five."""
    for _ in range(5):
        made = open_table(server, "tower", [None], options=options)
        msg = _play_http(server, made["table"], made["tokens"][0], "pet", [0])
        if not msg["over"] and any(a["kind"] == "pet" for a in msg["legal"]):
            return made
    raise AssertionError(f"five tables ended without a pet: {msg['view'].get('events')}")


def _place_with_pointer(page: Any, kind: str) -> None:
    """Aim the ghost with the mouse at the first legal placement of this kind, hold it, let go with Place."""
    at = page.evaluate(
        """(kind) => {
        const t = window.cattableTower, top = t.view().tower.reading.top_floor;
        const a = t.legal().find((a) => a.kind === kind && (kind !== 'wall' || a.type === t.aim().family)
          && (kind !== 'cat' || (a.colour === t.aim().family && a.on === '')));
        const floor = kind === 'cat' ? 'F' + a.floor : top;
        return t.scene.screenOf(floor, a.x, a.y);
    }""",
        kind,
    )
    page.mouse.move(at[0] - 30, at[1] - 20)
    page.mouse.move(at[0], at[1], steps=4)
    assert page.evaluate("window.cattableTower.aim().aimed")
    page.mouse.click(at[0], at[1])
    before = _version(page)
    page.locator("button.place").click()
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")


def _cat_on_screen(page: Any, height: float) -> list[float]:
    """Where the cat to pet is on the page at ``height`` cm above its base, on the side facing the camera."""
    got: list[float] = page.evaluate(
        """(height) => {
        const t = window.cattableTower, s = t.scene, cat = t.view().last_cat;
        const pose = t.view().tower.poses[cat], cam = s.camera.position;
        const dx = cam.x - pose[0], dy = cam.y - pose[1], d = Math.hypot(dx, dy);
        const p = s.pieces.get(cat).position.clone();
        p.set(pose[0] + dx / d * 0.3, pose[1] + dy / d * 0.3, pose[2] - 1 + height);
        s.camera.updateMatrixWorld();
        const v = p.project(s.camera), r = s.renderer.domElement.getBoundingClientRect();
        return [r.left + (v.x + 1) / 2 * r.width, r.top + (1 - v.y) / 2 * r.height, Math.atan2(dy, dx) * 180 / Math.PI];
    }""",
        height,
    )
    return got


def _look_at_the_cat(page: Any) -> None:
    page.evaluate(
        """(() => {
        const t = window.cattableTower, s = t.scene, p = t.view().tower.poses[t.view().last_cat];
        s.controls.target.set(p[0], p[1], p[2]);
        s.camera.position.set(p[0] + 9, p[1] - 11, p[2] + 6);
        s.controls.update();
    })()"""
    )
    time.sleep(0.3)


def test_a_person_pets_a_feline_friend_with_a_press_and_a_drag_on_it(server: Server, context: Any) -> None:
    made = _table_at_a_pet(server, {"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    page = _join(context, server, made["invites"]["0"])
    assert page.locator(".tower-pet").is_visible()
    _look_at_the_cat(page)
    x, y, facing = _cat_on_screen(page, 1.5)
    camera = page.evaluate("window.cattableTower.scene.camera.position.toArray()")
    page.mouse.move(x, y)
    page.mouse.down()
    pet = page.evaluate("window.cattableTower.pet()")
    # the press's place on the cat: the side facing the camera, 1.5 cm up (to the raycast's precision)
    assert abs((pet["angle"] - facing + 180) % 360 - 180) < 35, (pet, facing)
    assert abs(pet["height"] - 1.5) < 0.35, pet
    assert pet["push"] == 0.5
    page.mouse.move(x + 30, y + 40, steps=5)  # a 50 px drag: a light touch
    assert page.evaluate("window.cattableTower.scene.scene.getObjectByName('pet-marker') !== undefined")
    page.wait_for_function("document.querySelector('.tower-pet').dataset.push === '5.5'", timeout=5_000)
    assert "light touch" in page.locator(".pet-numbers").inner_text()
    # the press on the cat did not turn the camera
    moved = page.evaluate("window.cattableTower.scene.camera.position.toArray()")
    assert max(abs(a - b) for a, b in zip(moved, camera, strict=True)) < 1e-3, (moved, camera)
    before = _version(page)
    page.mouse.up()  # letting go sends the schema's Pet action
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
    state = get(f"{server.base}/api/tables/{table}", token)
    line = next(entry for entry in state["log"] if entry["version"] == before + 1)
    print(line)
    assert f"angle={pet['angle']:.1f} height={pet['height']:.1f} push=5.5" in line["text"], line
    assert page.evaluate("window.cattableTower.scene.scene.getObjectByName('pet-marker') === undefined")
    assert page.errors == []


@pytest.mark.long  # the other ways to pet; make test pets with the pointer
def test_a_pet_by_touch_is_the_same_gesture(server: Server, browser: Any) -> None:
    """A finger on a touch screen: chromium's own touch events (over the DevTools protocol) become pointer
    events of type touch; the press on the cat and the drag pet it as the mouse does."""
    made = _table_at_a_pet(server, {"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True)
    try:
        page = _join(context, server, made["invites"]["0"])
        _look_at_the_cat(page)
        x, y, _facing = _cat_on_screen(page, 1.0)
        cdp = context.new_cdp_session(page)
        touch = "Input.dispatchTouchEvent"
        cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for k in range(1, 6):  # 100 px in five moves: push 10.5
            cdp.send(touch, {"type": "touchMove", "touchPoints": [{"x": x + 12 * k, "y": y + 16 * k}]})
        # touch moves reach the page aligned to frames: wait for the last one
        page.wait_for_function("document.querySelector('.tower-pet').dataset.push === '10.5'", timeout=5_000)
        before = _version(page)
        cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
        state = get(f"{server.base}/api/tables/{table}", token)
        line = next(entry for entry in state["log"] if entry["version"] == before + 1)
        assert "push=10.5" in line["text"], line
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.long  # the other ways to pet; make test pets with the pointer
def test_a_pet_by_the_keyboard_sends_the_numbers_set(server: Server, context: Any) -> None:
    made = _table_at_a_pet(server, {"steadiness": "steady", "edition": "fr"})
    table, token = made["table"], made["tokens"][0]
    page = _join(context, server, made["invites"]["0"])
    heading = page.locator(".tower-pet h3").inner_text()
    assert "Nakama" in heading, heading  # the French edition's name for a Feline Friend
    page.locator(".tower-pet input.push").fill("3")
    before = _version(page)
    page.locator(".tower-pet button.pet").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
    state = get(f"{server.base}/api/tables/{table}", token)
    line = next(entry for entry in state["log"] if entry["version"] == before + 1)
    assert "angle=0.0 height=1.0 push=3.0" in line["text"], line
    assert page.errors == []


TWEEN_SAMPLES = """(piece) => new Promise((done) => {
    const s = window.cattableTower.scene, seen = [];
    const look = () => {
        const p = s.posesNow()[piece];
        if (p) seen.push(p);
        if (s.animating || seen.length < 2) requestAnimationFrame(look); else done(seen);
    };
    requestAnimationFrame(look);
})"""


@pytest.mark.long  # a game played, then replayed step by step
def test_a_tower_replay_tweens_each_placement_between_its_recorded_poses(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    n = [0]
    msg = _play_http(server, table, token, "wall", n)
    at = msg["version"]  # the next move stands a wall: replay steps from `at` to `at + 1`
    wall = msg["legal"][0]
    n[0] += 1
    post(f"{server.base}/api/tables/{table}/actions", {"action": wall, "id": "wall"}, token)
    page = _join(context, server, made["invites"]["0"])  # the seat's token, for its own replay
    page.goto(f"{server.base}/replay/{table}?at={at}")
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at}' && ({READY})")
    page.wait_for_function("!window.cattableTower.scene.animating")
    after = get(f"{server.base}/api/tables/{table}/replay?at={at + 1}&seat=me", token)
    assert after["rests"], "the move's recorded poses at rest"
    before_poses = page.evaluate("window.cattableTower.view().tower.poses")
    new = sorted(set(after["view"]["tower"]["poses"]) - set(before_poses))
    assert len(new) == 1 and new[0].startswith("W-"), new
    piece = new[0]
    tweens = page.evaluate("window.cattableTower.scene.stats.tweens")
    page.locator("button.next").click()
    page.wait_for_function(f"window.cattableTower.scene.stats.tweens > {tweens}")
    seen = page.evaluate(TWEEN_SAMPLES, piece)
    end = after["view"]["tower"]["poses"][piece]
    heights = [p[2] for p in seen]
    # it came down from above its aim, through frames between, to the recorded pose
    assert len({round(h, 4) for h in heights}) >= 4, heights
    assert heights[0] > end[2] + 1.0, (heights[0], end)
    assert max(abs(a - b) for a, b in zip(seen[-1], end, strict=True)) < 1e-6
    drawn = page.evaluate("window.cattableTower.scene.posesNow()")
    poses = after["view"]["tower"]["poses"]
    assert set(drawn) == set(poses)
    for key, pose in poses.items():
        assert max(abs(a - b) for a, b in zip(drawn[key], pose, strict=True)) < 1e-6, key
    # less motion asked: the step is drawn at once
    page.emulate_media(reduced_motion="reduce")
    tweens = page.evaluate("window.cattableTower.scene.stats.tweens")
    page.locator("button.prev").click()
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at}'")
    page.locator("button.next").click()
    page.wait_for_function(f"document.querySelector('#app').dataset.at === '{at + 1}'")
    time.sleep(0.3)
    assert page.evaluate("window.cattableTower.scene.stats.tweens") == tweens
    assert page.errors == []


@pytest.mark.long  # a table played to the end
def test_a_cooperative_game_with_two_bots_is_played_to_its_end_with_the_pointer(server: Server, context: Any) -> None:
    """The shortest legal end the game offers: turn_limit (a digital stop, a defeat in coop) after 4 turns,
    the person playing the first and the fourth; goal_floor 10 (the smallest), steady hands."""
    started = time.monotonic()
    made = open_table(
        server,
        "tower",
        [None, "heuristic", "heuristic"],
        options={"steadiness": "steady", "goal_floor": 10, "turn_limit": 4},
    )
    page = _join(context, server, made["invites"]["0"])
    done: set[str] = set()
    for _step in range(40):
        page.wait_for_function(MY_TURN, timeout=60_000)
        if page.locator("#app").get_attribute("data-over") == "true":
            break
        before = _version(page)
        legal = page.evaluate("window.cattableTower.legal().map((a) => a.kind)")
        kind = next((k for k in ("wall", "floor", "cat") if k in legal), None)
        if "choose" in legal:
            page.locator("button.choose").first.click()
        elif kind is not None:
            _place_with_pointer(page, kind)
            done.add(kind)
            continue
        elif "pet" in legal:
            _look_at_the_cat(page)
            x, y, _facing = _cat_on_screen(page, 1.0)
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 40, y, steps=3)
            page.mouse.up()
            done.add("pet")
        else:  # the goal step: climb if a goal is met, else skip
            page.locator(".tower-goal button, .tower-moves button").first.click()
        page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
    page.wait_for_function("document.querySelector('#app').dataset.over === 'true'")
    end = page.locator(".tower-end")
    end.wait_for(state="visible")
    text = end.inner_text()
    assert "Nobody won." in text, text  # who won: nobody, a cooperative defeat
    assert "The team lost: the turn limit was reached." in text, text  # and why
    assert "Toto ended on floor" in text, text
    assert done & {"wall", "floor", "cat"}, done
    assert page.errors == []  # the frame's end draws a cooperative result too (its scores are null)
    assert "Nobody won" in page.locator("section.end").inner_text()
    print(f"played to the end in {time.monotonic() - started:.1f} s ({sorted(done)})")
