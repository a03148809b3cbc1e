"""Cat and the Tower's rules told on the 3D table (issue #31): what happens is told as it happens, in the box
beside the scene and in notes over it, and the piece it is about is marked in the scene (a floor that fell
while being placed, back to the hand), in English and in French; the walls fallen so far out of five are
over the scene; the camera's buttons say the truth after every turn, a bot's too (the cut-away kept on,
what the bot placed above the goal floor cut away too); Toto's name is hidden by the floors in front of it
and the goal floor (directly above him) is outlined and can be aimed at through a cut-away; a piece let go
comes down from a height one sees and its settle plays at the frames' pace; an idle table draws nothing."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.harness import Server, get, open_table, post

from .test_tower_languages import french  # noqa: F401  (the fixture)
from .test_tower_table import _join, _version

IDLE = "!window.cattableTower.scene.animating"
HUD_UNDER_TOOLS = """() => {
    const box = (e) => e.getBoundingClientRect(), hud = box(document.querySelector('.tower-hud'));
    return [...document.querySelectorAll('.tower-view-tools button')].map(box)
        .filter((b) => b.left < hud.right && hud.left < b.right && b.top < hud.bottom && hud.top < b.bottom)
        .map((b) => [b.left, b.top, b.width, b.height]);
}"""
"""The camera buttons that cover the walls-fallen count (none may)."""
PLAYED = "[window.cattableTower.scene.stats.settleFrames, window.cattableTower.scene.stats.dropFrames]"


def _act(server: Server, table: str, token: str, action: dict[str, Any], n: list[int]) -> None:
    n[0] += 1
    post(f"{server.base}/api/tables/{table}/actions", {"action": action, "id": f"e-{n[0]}"}, token)


def _play_walls(server: Server, table: str, token: str, until: Any, n: list[int]) -> dict[str, Any]:
    """Play seat 0 over HTTP taking walls-and-floor sides (each piece the menu's first placement), skipping
    goals, until ``until(state)`` holds; returns that state."""
    for _ in range(200):
        msg: dict[str, Any] = get(f"{server.base}/api/tables/{table}", token)
        if until(msg) or msg["over"]:
            return msg
        legal = msg["legal"]
        kinds = [a["kind"] for a in legal]
        if not legal:
            time.sleep(0.1)  # a bot's turn
            continue
        if "choose" in kinds:
            faceup = msg["view"]["action_faceup"]
            sides = [faceup[a["card"] - 1]["sides"][0 if a["side"] in ("", "left") else 1] for a in legal]
            walls = [a for a, side in zip(legal, sides, strict=True) if "floor" in side]
            action = (walls or legal)[0]
        else:
            action = next((a for a in legal if a["kind"] == "skip"), legal[0])
        _act(server, table, token, action, n)
    raise AssertionError("never came")


def _floor_due(msg: dict[str, Any]) -> bool:
    return any(a["kind"] == "floor" for a in msg["legal"])


def _drop_a_floor_at_the_edge(page: Any, server: Server, made: dict[str, Any]) -> None:
    """Lay the floor in hand at the tile's corner (it falls off its walls), over HTTP while the page
    watches: its settle and its state come to the page as they do for a move made on it."""
    table, token = made["table"], made["tokens"][0]
    before = _version(page)
    _act(server, table, token, {"kind": "floor", "x": 4.5, "y": 4.5, "yaw": 30}, [100])
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
    page.wait_for_function(IDLE)


def _fell_table(server: Server, options: dict[str, Any]) -> dict[str, Any]:
    made = open_table(server, "tower", [None], options={"steadiness": "steady", **options})
    _play_walls(server, made["table"], made["tokens"][0], _floor_due, [0])
    return made


def test_a_floor_that_falls_while_placed_is_told_marked_and_asked_again(server: Server, context: Any) -> None:
    made = _fell_table(server, {})
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    assert page.locator(".tower-hud").inner_text().startswith("Walls fallen: 0 of 5")
    frames = page.evaluate("window.cattableTower.scene.stats.settleFrames")
    _drop_a_floor_at_the_edge(page, server, made)
    view = page.evaluate("window.cattableTower.view()")
    fell = next(e for e in reversed(view["events"]) if "fell while being placed" in e["msgid"])
    floor = fell["args"]["piece"]
    assert floor.startswith("F") and floor not in view["tower"]["poses"], floor
    # the settle was seen (the floor falling off), then told: in the box, the newest first and marked new
    assert page.evaluate("window.cattableTower.scene.stats.settleFrames") > frames
    # (a wall laid in the same action may fall with it: two new lines, in either order)
    assert "new" in (page.locator(".tower-events li").first.get_attribute("class") or "")
    told = page.locator(".tower-events li.new.fell", has_text=f"floor {floor[1:]}")  # by its name, not its id
    assert "fell while being placed: back to the hand (try 2)" in told.first.inner_text(), told.first.inner_text()
    # over the scene: a note, and a red copy of the floor where it came to rest
    note = page.locator(".tower-note.fell", has_text=f"floor {floor[1:]}")  # a wall laid with it may fall too
    assert "fell while being placed" in note.inner_text()
    assert ["fell", floor] in page.evaluate("window.cattableTower.scene.marksNow()")
    marked_at = page.evaluate(
        f"window.cattableTower.scene.scene.getObjectByName('fell-{floor}').children[0].position.toArray()"
    )
    assert marked_at[2] < view["tower"]["poses"][view["tower"]["reading"]["top_floor"]][2] + 4.5, marked_at
    # the prompt asks for the same piece again, saying why
    status = page.locator(".status").inner_text()
    assert "fell while being placed" in status and "again" in status, status
    page.screenshot(path="/tmp/tower-fell.png")
    # the mark stays a few seconds, then goes; the box keeps the event
    page.wait_for_function("window.cattableTower.scene.marksNow().length === 0", timeout=8_000)
    assert "fell while being placed" in page.locator(".tower-events").inner_text()
    assert page.errors == []


@pytest.mark.long  # the fall's test is the fast tier's smoke
def test_a_french_reader_is_told_the_fall_in_french(server: Server, french: Any) -> None:  # noqa: F811
    made = _fell_table(server, {})
    page = _join(french, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    assert page.locator(".tower-hud").inner_text().startswith("Murs tombés : 0 sur 5")
    _drop_a_floor_at_the_edge(page, server, made)
    first = page.locator(".tower-events li.new.fell", has_text="étage").first.inner_text()
    assert "est tombé pendant la pose : retour en main (essai 2)" in first, first
    assert page.locator(".tower-events h3").inner_text() == "Ce qui s'est passé"
    assert "est tombé pendant la pose" in page.locator(".tower-note.fell", has_text="étage").inner_text()
    status = page.locator(".status").inner_text()
    assert "de nouveau" in status, status
    assert page.errors == []


def _straight_down(page: Any) -> bool:
    got: dict[str, Any] = page.evaluate(
        """(() => {
        const s = window.cattableTower.scene, c = s.camera.position, t = s.controls.target;
        const top = window.cattableTower.view().tower.reading.top_floor, f = s.floorPose(top);
        return {dx: Math.hypot(c.x - t.x, c.y - t.y), dz: c.z - t.z, off: Math.hypot(t.x - f[0], t.y - f[1])};
    })()"""
    )
    return bool(got["dx"] < 0.1 and got["dz"] > 20 and got["off"] < 0.5)


@pytest.mark.long  # the fall's test is the fast tier's smoke
def test_the_top_view_button_says_the_truth_after_every_turn(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None, "random"], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    page = _join(context, server, made["invites"]["0"])
    button = page.locator(".tower-view-tools button.top-view")
    assert button.inner_text() == "Top view" and button.get_attribute("aria-pressed") == "false"
    button.click()
    assert _straight_down(page)
    assert button.inner_text() == "3D view" and button.get_attribute("aria-pressed") == "true"
    # my turn and the bot's pass (each move redraws the table)
    turn = page.evaluate("window.cattableTower.view().turn")
    n = [0]
    _play_walls(server, table, token, lambda m: m["view"]["turn"] >= turn + 2 and bool(m["legal"]), n)
    page.wait_for_function(f"window.cattableTower.view().turn >= {turn + 2}")
    page.wait_for_function(IDLE)
    button = page.locator(".tower-view-tools button.top-view")
    assert button.inner_text() == "3D view" and button.get_attribute("aria-pressed") == "true"
    assert _straight_down(page), "the top view looks down on the top floor still"
    button.click()
    assert not _straight_down(page)
    assert page.locator(".tower-view-tools button.top-view").inner_text() == "Top view"
    page.locator(".tower-view-tools button.top-view").click()
    assert _straight_down(page)
    assert page.errors == []


CAMERA_TOOLS = """(() => {
    const s = window.cattableTower.scene, tools = document.querySelector('.tower-view-tools');
    const button = (c) => tools.querySelector('button.' + c);
    const cut = button('cut-away'), top = button('top-view'), above = s.aboveGoal();
    const opacity = (id) => {
        let o = null;
        s.pieces.get(id)?.traverse((m) => { if (m.isMesh && o === null) o = [m.material].flat()[0].opacity; });
        return o;
    };
    return {
        present: ['top-view', 'zoom-in', 'zoom-out', 'look-top'].filter((c) => button(c)),
        top: [top.textContent, top.getAttribute('aria-pressed'), s.isTopView],
        cut: cut && [cut.textContent, cut.getAttribute('aria-pressed')],
        cutting: s.isCutAway, goal: s.goalFloor, above, shownCut: Number(s.element.dataset.cut),
        faint: above.map(opacity), goalOpacity: opacity(s.goalFloor),
    };
})()"""


def _above_the_goal_floor(msg: dict[str, Any]) -> bool:
    """My turn, with a floor standing above the goal floor (the one directly above Toto)."""
    levels = msg["view"]["tower"]["reading"]["floor_levels"].values()
    return bool(msg["legal"]) and max(levels) >= msg["view"]["toto_level"] + 2


@pytest.mark.long  # the fall's test is the fast tier's smoke
def test_the_camera_buttons_say_the_truth_after_a_bots_move(server: Server, context: Any) -> None:
    """The cut-away turned on before a bot's turn stays on after it, its button says so, and what the bot
    placed above the goal floor is cut away too; the other camera buttons are there, the top view's off."""
    made = open_table(server, "tower", [None, "random"], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    n = [0]
    msg = _play_walls(server, table, token, _above_the_goal_floor, n)
    assert _above_the_goal_floor(msg), msg["view"]["events"][-3:]
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    page.locator(".tower-view-tools button.cut-away").click()
    before = page.evaluate(CAMERA_TOOLS)
    assert before["cut"] == ["Show the whole tower", "true"] and before["cutting"], before
    # the walls-fallen count is never under the camera's buttons: on a phone they wrap onto more rows
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate(HUD_UNDER_TOOLS) == [], width
    # my move, then the bot's (until it is my turn again, a turn later)
    turn = msg["view"]["turn"]
    msg = _play_walls(server, table, token, lambda m: m["view"]["turn"] >= turn + 2 and bool(m["legal"]), n)
    assert msg["view"]["turn"] >= turn + 2 and not msg["over"], msg["view"]["events"][-3:]
    page.wait_for_function(f"window.cattableTower.view().turn >= {turn + 2}")
    page.wait_for_function(IDLE)
    after = page.evaluate(CAMERA_TOOLS)
    print(before, after)
    assert after["present"] == ["top-view", "zoom-in", "zoom-out", "look-top"], after
    assert after["top"] == ["Top view", "false", False], after
    assert after["cutting"], after  # the person's choice outlives the bot's move
    # the cut-away button is there while something stands above the goal floor, and says the truth
    assert (after["cut"] is not None) == bool(after["above"]), after
    if after["above"]:
        assert after["cut"] == ["Show the whole tower", "true"], after
    assert after["shownCut"] == len(after["above"]), after
    assert all(o == 0.12 for o in after["faint"]), after  # every piece above, the bot's too, faint
    assert after["goalOpacity"] == 1, after
    # turned off: the button says so, and nothing is faint
    if after["cut"]:
        page.locator(".tower-view-tools button.cut-away").click()
        off = page.evaluate(CAMERA_TOOLS)
        assert off["cut"] == ["Cut away above the goal floor", "false"] and not off["cutting"], off
        assert off["shownCut"] == 0 and all(o == 1 for o in off["faint"]), off
    assert page.errors == []


PIXEL = """([x, y]) => new Promise((done) => {
    const s = window.cattableTower.scene;
    s.controls.update();
    s.invalidate();
    requestAnimationFrame(() => requestAnimationFrame(() => {
        const c = s.renderer.domElement, r = c.getBoundingClientRect();
        const g = document.createElement('canvas');
        g.width = c.width; g.height = c.height;
        const k = g.getContext('2d');
        k.drawImage(c, 0, 0);
        // the whitest pixel round the point (the label: white round black letters)
        const cx = Math.round((x - r.left) * c.width / r.width), cy = Math.round((y - r.top) * c.height / r.height);
        const px = k.getImageData(cx - 10, cy - 4, 21, 9).data;
        let best = [0, 0, 0];
        for (let i = 0; i < px.length; i += 4)
            if (Math.min(px[i], px[i + 1], px[i + 2]) > Math.min(...best)) best = [px[i], px[i + 1], px[i + 2]];
        done(best);
    }));
})"""

LABEL_ON_SCREEN = """(() => {
    const s = window.cattableTower.scene, l = s.pieces.get('toto').getObjectByName('label');
    const p = l.getWorldPosition(l.position.clone());
    s.camera.updateMatrixWorld();
    const v = p.project(s.camera), r = s.renderer.domElement.getBoundingClientRect();
    return [r.left + (v.x + 1) / 2 * r.width, r.top + (1 - v.y) / 2 * r.height];
})()"""


@pytest.mark.long  # the fall's test is the fast tier's smoke
def test_totos_name_hides_behind_floors_and_the_goal_floor_can_be_aimed_at(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None], options={"steadiness": "steady"})
    msg = _play_walls(
        server, made["table"], made["tokens"][0], lambda m: len(m["view"]["tower"]["reading"]["floor_levels"]) >= 3, [0]
    )
    assert len(msg["view"]["tower"]["reading"]["floor_levels"]) >= 3
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    label = "window.cattableTower.scene.pieces.get('toto').getObjectByName('label')"
    assert page.evaluate(f"{label}.material.depthTest") is True
    assert page.evaluate(f"{label}.userData.text") == "Toto"
    # the goal floor: directly above Toto (F1), outlined
    assert page.evaluate("window.cattableTower.view().toto_level") == 1
    assert page.evaluate("window.cattableTower.scene.goalFloor") == "F2"
    assert page.evaluate("window.cattableTower.scene.scene.getObjectByName('goal-floor').parent.name") == "F2"
    # straight down on Toto: the floors above hide his name (a depth-tested label draws nothing there)
    page.evaluate(
        """(() => {
        const s = window.cattableTower.scene, p = s.pieces.get('toto').position;
        s.controls.target.set(p.x, p.y, p.z); s.camera.position.set(p.x, p.y - 0.01, p.z + 40);
        s.controls.update();
    })()"""
    )
    at = page.evaluate(LABEL_ON_SCREEN)
    hidden = page.evaluate(PIXEL, at)
    page.screenshot(path="/tmp/tower-toto-hidden.png")
    # aiming there hits the floor on top, not the goal floor
    floors = "Object.keys(window.cattableTower.view().tower.reading.floor_levels)"
    support = "window.cattableTower.view().tower.reading.support"
    aim = f"window.cattableTower.scene.onFloors({{clientX: {at[0]}, clientY: {at[1]}}}, {floors}, {support})"
    assert page.evaluate(f"{aim}.floor") != "F2"
    # the cut-away: what stands above the goal floor goes faint and out of the pointer's way
    page.locator(".tower-view-tools button.cut-away").click()
    assert page.locator(".tower-view-tools button.cut-away").get_attribute("aria-pressed") == "true"
    assert page.evaluate(f"{aim}.floor") == "F2"
    page.screenshot(path="/tmp/tower-cut-away.png")
    # the label's white shows once nothing stands in front of it (every piece but Toto and F1 taken away)
    page.evaluate(
        "for (const [id, o] of window.cattableTower.scene.pieces) if (id !== 'toto' && id !== 'F1') o.visible = false"
    )
    shown = page.evaluate(PIXEL, at)
    assert min(shown) > 215, shown
    assert min(hidden) < 215, hidden
    assert page.errors == []


DROP_SAMPLES = """() => new Promise((done) => {
    const s = window.cattableTower.scene, seen = {};
    const known = new Set(s.pieces.keys());
    const look = () => {
        for (const [id, o] of s.pieces) if (!known.has(id)) (seen[id] ??= []).push([performance.now(), o.position.z]);
        if (s.animating || !Object.keys(seen).length) requestAnimationFrame(look); else done(seen);
    };
    requestAnimationFrame(look);
})"""


@pytest.mark.long  # the fall's test is the fast tier's smoke
def test_a_piece_let_go_comes_down_in_sight_its_settle_plays_at_pace_and_idle_draws_nothing(
    server: Server, context: Any
) -> None:
    made = open_table(server, "tower", [None], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    n = [0]
    msg = _play_walls(server, table, token, lambda m: any(a["kind"] == "wall" for a in m["legal"]), n)
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(IDLE)
    page.evaluate(
        "window.__lastSettle = null;"
        " document.addEventListener('cattable-settle', (e) => window.__lastSettle = e.detail)"
    )
    time.sleep(1.5)  # the orbit's damping settles
    # an idle table draws nothing
    frames = page.evaluate("window.cattableTower.scene.stats.frames")
    time.sleep(1.0)
    idle = page.evaluate("window.cattableTower.scene.stats.frames") - frames
    assert idle <= 1, f"{idle} frames drawn over an idle second"
    page.evaluate(f"() => {{ window.__drop = ({DROP_SAMPLES})(); }}")  # sampling starts, not awaited
    _act(server, table, token, msg["legal"][0], n)
    seen = page.evaluate("window.__drop")
    settle = page.evaluate("window.__lastSettle")
    (wall,) = seen
    first = settle["frames"][0]["poses"][wall]
    heights = [z for _t, z in seen[wall]]
    assert heights[0] > first[2] + 2.0, (heights[:3], first)  # first seen well above where it was let go
    assert len({round(z, 3) for z in heights}) >= 5, heights  # coming down, frame by frame
    # the frames at their pace: from the first frame drawn to the last, as long as their simulated span (a
    # floor falling off its walls: a settle long enough to time)
    page.wait_for_function(IDLE)
    legal = get(f"{server.base}/api/tables/{table}", token)["legal"]
    v = _version(page)
    _act(server, table, token, next(a for a in legal if a["kind"] == "wall"), n)
    page.wait_for_function(f"window.__lastSettle && window.__lastSettle.version === {v + 1}")
    page.wait_for_function(IDLE)
    span = 0.0
    for corner in ((4.5, 4.5), (-4.5, 4.5), (4.5, -4.5)):  # a floor off its walls at one corner, or the next
        v = _version(page)
        _act(server, table, token, {"kind": "floor", "x": corner[0], "y": corner[1], "yaw": 30}, n)
        page.wait_for_function(f"window.__lastSettle && window.__lastSettle.version === {v + 1}")
        page.wait_for_function(IDLE)
        settle = page.evaluate("window.__lastSettle")
        stats = page.evaluate("window.cattableTower.scene.stats")
        span = settle["frames"][-1]["t"] - settle["frames"][0]["t"]
        played = (stats["lastFrameAt"] - stats["firstAnimatedAt"]) / 1000
        legal = get(f"{server.base}/api/tables/{table}", token)["legal"]
        if span > 0.2 or not any(a["kind"] == "floor" for a in legal):
            break
    assert span > 0.2, settle["seconds"]
    # (the upper bound leaves room for a busy machine drawing its last frames late: two test files run at
    # once; a settle played much slower than its span still fails)
    assert 0.75 * span - 0.05 <= played <= 2.0 * span + 0.4, (played, span)
    # less motion asked: the next settle is not played, the view is drawn at once
    page.emulate_media(reduced_motion="reduce")
    before = page.evaluate(PLAYED)
    legal = get(f"{server.base}/api/tables/{table}", token)["legal"]
    v = _version(page)
    _act(server, table, token, next(a for a in legal if a["kind"] in ("wall", "floor")), n)
    page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {v}")
    assert not page.evaluate("window.cattableTower.scene.animating")
    after = page.evaluate(PLAYED)
    assert after == before, (before, after)
    assert page.errors == []


def test_my_own_moves_are_told_to_me_as_you_in_the_log_and_the_events(server: Server, context: Any) -> None:
    """The tower's module is loaded lazily: the log still tells my move as mine ("You take Action card 2,
    left side.", not "seat0 takes" nor "You takes"), and the box of what happened names no seat by number."""
    made = open_table(server, "tower", [None], options={"steadiness": "steady"})
    table, token = made["table"], made["tokens"][0]
    msg = get(f"{server.base}/api/tables/{table}", token)
    _act(server, table, token, msg["legal"][0], [200])
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_selector("ul.log li")
    log = page.locator("ul.log").inner_text()
    assert "You take Action card" in log and "takes" not in log, log
    events = page.locator(".tower-events").inner_text()
    assert "You take " in events and "seat 0" not in events and "seat0" not in events, events
