"""Re-make docs/screenshots/tower-{standing,ghost,collapse,pet,fr}.png and print the tower table's figures.

    PYTHONPATH=src:. python docs/screenshots/tower-shots.py [--storeys 10] [--out docs/screenshots] [--only fr]

A real ``cattable serve`` on the loopback (tests/server/harness.py) and Debian's chromium (never a downloaded
browser). Three one-seat cooperative tables, steady hands, built over HTTP:
- a tower of ``--storeys`` storeys from the menu's placements: standing, then a wall aimed with the pointer
  (the ghost, named as the edition names it), and the walls and floor of the next storey let go with the
  pointer (the figures below);
- a leaning tower (each storey 1.5 cm further out): a floor let go with the pointer brings the whole tower
  down, and the picture is the settle's last frame, every piece where it came to rest;
- a French table at a pet card: a press on the Nakama and a drag, the arrow showing how hard;
- a French table read in French (a French browser), a wall card taken and its wall aimed with the pointer.
Figures: frames drawn per second over 3 s on the tall tower (requestAnimationFrame), the bytes each
placement streams on the WebSocket (its settle message, and the state message that follows it), and the time
from letting go to the first animated frame.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP
from tests.server.harness import Refused, Server, get, open_table, post

FRAME_THE_TOWER = """(() => {
    const t = window.cattableTower, s = t.scene, z = s.floorPose(t.view().tower.reading.top_floor)[2];
    s.controls.target.set(0, 0, z * 0.5);
    s.camera.position.set(z + 12, -z * 1.25 - 14, z * 0.9 + 8);
})()"""


LOOK_AT_THE_TOP = """(() => {
    const t = window.cattableTower, s = t.scene, p = s.floorPose(t.view().tower.reading.top_floor);
    s.controls.target.set(p[0], p[1], p[2] + 1);
    s.camera.position.set(p[0] + 16, p[1] - 20, p[2] + 15);
})()"""


def state(srv: Server, table: str, token: str) -> dict[str, Any]:
    msg: dict[str, Any] = get(f"{srv.base}/api/tables/{table}", token)
    return msg


def act(srv: Server, table: str, token: str, action: dict[str, Any], n: list[int]) -> None:
    n[0] += 1
    post(f"{srv.base}/api/tables/{table}/actions", {"action": action, "id": f"shot-{n[0]}"}, token)


def build(srv: Server, table: str, token: str, storeys: int) -> dict[str, Any]:
    """Play walls-and-floor cards with the menu's first placements until the tower is this tall."""
    n = [0]
    for _ in range(400):
        msg = state(srv, table, token)
        view, legal = msg["view"], msg["legal"]
        if (
            msg["over"]
            or view["tower"]["reading"]["floor_levels"].get(view["tower"]["reading"]["top_floor"], 1) > storeys
        ):
            return msg
        if not legal:
            time.sleep(0.05)
            continue
        kinds = [a["kind"] for a in legal]
        if "choose" in kinds:
            scored = [(steadiness(c), i) for i, c in enumerate(sides(view, legal))]
            act(srv, table, token, legal[min(scored)[1]], n)
        elif "goal" in kinds:
            act(srv, table, token, next(a for a in legal if a["kind"] == "goal"), n)
        else:
            act(srv, table, token, legal[0], n)
    return state(srv, table, token)


HEIGHTS = {"bricks": 4.0, "windows": 4.3, "arches": 4.6, "angels": 4.9, "pillars": 5.2}


def steadiness(side: str) -> float:
    """How unlevel a card side's two walls leave the next floor (cm); a cat card last."""
    walls = [HEIGHTS[w] for w in HEIGHTS for _ in range(side.count(w))]
    return max(walls) - min(walls) if len(walls) == 2 else 9.0


def sides(view: dict[str, Any], legal: list[dict[str, Any]]) -> list[str]:
    out = []
    for a in legal:
        card = view["action_faceup"][a["card"] - 1]["sides"]
        out.append(card[0 if a["side"] in ("", "left") else 1])
    return out


LEAN = 1.5
"""cm each storey of the leaning tower stands out from the one below."""


def lean_action(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The leaning tower's next move: a wall card, two walls straddling a point 1.5 cm out, the floor there."""
    kinds = [a["kind"] for a in legal]
    if "choose" in kinds:
        ranked = sorted(zip(sides(view, legal), legal, strict=True), key=lambda p: "floor" not in p[0])
        return ranked[0][1]
    if "wall" in kinds:
        first = not any(p.startswith("W") for p in view["placed"])
        x, y, yaw = (LEAN - 3, -3.0, 45.0) if first else (min(4.5, LEAN + 3), 3.0, -135.0)
        return {**legal[0], "x": x, "y": y, "yaw": yaw, "fold": 90.0}
    if "floor" in kinds:
        return {**legal[0], "x": LEAN, "y": 0.0, "yaw": 0.0}
    return next((a for a in legal if a["kind"] == "skip"), legal[0])


def build_leaning(srv: Server, table: str, token: str, storeys: int) -> dict[str, Any]:
    """Lean the tower storey by storey until it is this tall, and stop before the next floor."""
    n = [0]
    for _ in range(200):
        msg = state(srv, table, token)
        view, legal = msg["view"], msg["legal"]
        levels = view["tower"]["reading"]["floor_levels"]
        if msg["over"] or (max(levels.values()) >= storeys and any(a["kind"] == "floor" for a in legal)):
            return msg
        action = lean_action(view, legal)
        for dx, dy in ((0.0, 0.0), (-0.5, -0.5), (-1.0, -1.0), (-1.5, 0.0)):  # an aim blocked by a piece: nearer in
            try:
                moved = {**action, "x": action["x"] + dx, "y": action["y"] + dy} if "x" in action else action
                act(srv, table, token, moved, n)
                break
            except Refused:
                continue
    return state(srv, table, token)


def play_to_pet(srv: Server, table: str, token: str) -> dict[str, Any]:
    """Menu moves, a pet side (then a cat side) whenever one is face up, until the cat placed is to be petted."""
    n = [0]
    for _ in range(300):
        msg = state(srv, table, token)
        legal = msg["legal"]
        kinds = [a["kind"] for a in legal]
        if "pet" in kinds or msg["over"]:
            return msg
        if "choose" in kinds:
            rank = [0 if "pet" in t else 1 if "cat" in t else 2 for t in sides(msg["view"], legal)]
            act(srv, table, token, legal[rank.index(min(rank))], n)
        elif "cat" in kinds:  # on the top floor, alone: nothing above hides it from the camera
            top = max(a.get("floor", 0) for a in legal if a["kind"] == "cat")
            act(srv, table, token, next(a for a in legal if a["kind"] == "cat" and a["floor"] == top), n)
        else:
            act(srv, table, token, next((a for a in legal if a["kind"] == "skip"), legal[0]), n)
    return state(srv, table, token)


def open_page(
    browser: Any, srv: Server, invite: str, bytes_seen: list[tuple[str, int]] | None = None, locale: str = "en-GB"
) -> Any:
    page = browser.new_page(viewport={"width": DESKTOP["width"], "height": DESKTOP["height"]}, locale=locale)
    if bytes_seen is not None:

        def on_socket(ws: Any) -> None:
            def got(data: Any) -> None:
                head = str(data)[:40]
                bytes_seen.append(
                    ("settle" if '"settle"' in head else "state" if '"state"' in head else "other", len(data))
                )

            ws.on("framereceived", got)

        page.on("websocket", on_socket)
    page.goto(srv.base + "/join/" + invite)
    page.wait_for_selector(".tower-scene canvas")
    page.wait_for_function("window.cattableTower && window.cattableTower.view()")
    return page


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--storeys", type=int, default=10)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    ap.add_argument("--only", choices=SHOTS, action="append", help="only these pictures (all by default)")
    args = ap.parse_args()
    only = args.only or SHOTS
    tmp = Path(tempfile.mkdtemp(prefix="tower-shots-"))
    srv = Server(db=f"sqlite:///{tmp / 'tables.db'}", log=tmp / "server.log")
    srv.start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            if "standing" in only:  # with tower-ghost.png and the figures
                standing(browser, srv, args.storeys, args.out)
            if "collapse" in only:
                collapse(browser, srv, args.out)
            if "pet" in only:
                pet(browser, srv, args.out)
            if "fr" in only:
                french(browser, srv, args.out)
            browser.close()
    finally:
        srv.stop()


def standing(browser: Any, srv: Server, storeys: int, out: Path) -> None:
    for _attempt in range(6):  # the hand slips (seeded anew at every table): a tower may fall while built
        made = open_table(srv, "tower", [None], options={"steadiness": "steady"})
        table, token = made["table"], made["tokens"][0]
        msg = build(srv, table, token, storeys)
        if not msg["over"]:
            break
    levels = msg["view"]["tower"]["reading"]["floor_levels"]
    print(f"tower: {max(levels.values())} storeys standing, {len(msg['view']['tower']['pieces'])} pieces")
    seen: list[tuple[str, int]] = []
    page = open_page(browser, srv, made["invites"]["0"], seen)
    page.goto(f"{srv.base}/t/{table}?gl=full")  # antialiasing and shadows, even on a software GL
    page.wait_for_function("window.cattableTower && window.cattableTower.view()")
    time.sleep(1.0)
    full = fps_now(page)
    page.goto(f"{srv.base}/t/{table}")
    page.wait_for_selector(".tower-scene canvas")
    page.wait_for_function("window.cattableTower && window.cattableTower.view()")
    page.evaluate(FRAME_THE_TOWER)
    time.sleep(1.5)
    page.screenshot(path=str(out / "tower-standing.png"))
    gl = page.locator(".tower-scene").get_attribute("data-gl")
    print(f"fps on the tall tower, 3 s: {fps_now(page):.1f} ({gl} GL settings); {full:.1f} with AA and shadows")

    page.evaluate(LOOK_AT_THE_TOP)
    latencies: list[float] = []
    shot_ghost = False
    seen.clear()
    per_move: list[tuple[int, int]] = []
    for _ in range(12):
        page.wait_for_function(
            "document.querySelector('#app').dataset.legal !== '0'"
            " || document.querySelector('#app').dataset.over === 'true'",
            timeout=60_000,
        )
        if page.locator("#app").get_attribute("data-over") == "true":
            break
        kinds = page.evaluate("window.cattableTower.legal().map((a) => a.kind)")
        before = int(page.locator("#app").get_attribute("data-version") or 0)
        mark = len(seen)
        if "choose" in kinds:
            walls = page.locator("button.choose").filter(has_text="floor")
            (walls if walls.count() else page.locator("button.choose")).first.click()
        elif kinds and kinds[0] in ("wall", "floor", "cat"):
            placed = place(page, kinds[0], shoot=out if kinds[0] == "wall" and not shot_ghost else None, out=out)
            shot_ghost = shot_ghost or kinds[0] == "wall"
            if placed == placed:  # not refused
                latencies.append(placed)
        else:
            page.locator(".tower-goal button, .tower-moves button, .tower-pet button.pet").first.click()
        page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
        time.sleep(0.3)
        if kinds and kinds[0] in ("wall", "floor", "cat"):
            got = seen[mark:]
            per_move.append((sum(b for k, b in got if k == "settle"), sum(b for k, b in got if k == "state")))
            if kinds[0] == "floor":
                break
    if latencies:
        print(
            f"letting go -> first animated frame: {statistics.median(latencies):.0f} ms median of "
            f"{len(latencies)} ({', '.join(f'{v:.0f}' for v in latencies)})"
        )
    for settle_bytes, state_bytes in per_move:
        print(f"a placement streamed {settle_bytes} bytes of settle and {state_bytes} bytes of state")
    page.close()


def collapse(browser: Any, srv: Server, out: Path) -> None:
    """A leaning tower pushed over by one more floor, let go with the pointer: the whole tower down, debris
    and all, drawn at the settle's last frame (held: the view that follows sets the debris aside)."""
    for _table in range(4):
        made = open_table(srv, "tower", [None], options={"steadiness": "steady"})
        table, token = made["table"], made["tokens"][0]
        msg = build_leaning(srv, table, token, 3)
        page = open_page(browser, srv, made["invites"]["0"])
        for storeys in range(3, 10):
            if msg["over"]:
                break
            pieces = len(msg["view"]["tower"]["poses"])
            page.evaluate(FRAME_THE_TOWER)
            time.sleep(0.5)
            page.evaluate("window.cattableTower.scene.holdEnd = true")
            took = place(page, "floor", shoot=None, out=out, at=(LEAN, 0.0))
            if took != took:  # refused (blocked): another table
                break
            page.wait_for_function("window.cattableTower.scene.settleDrawn", timeout=30_000)
            after = state(srv, table, token)
            fallen = pieces + 1 - len(after["view"]["tower"]["poses"])
            if after["over"] and fallen >= pieces // 2:
                page.evaluate(
                    """(() => {
                    const s = window.cattableTower.scene;  // a piece gone over the table's edge is left out
                    const ps = [...s.pieces.values()].map((o) => o.position).filter((p) => p.z > -1 && p.length() < 40);
                    const cx = ps.reduce((a, p) => a + p.x, 0) / ps.length;
                    const cy = ps.reduce((a, p) => a + p.y, 0) / ps.length;
                    const far = Math.max(...ps.map((p) => Math.hypot(p.x - cx, p.y - cy)));
                    const d = Math.max(26, far * 2.2);
                    s.controls.target.set(cx, cy, 1); s.camera.position.set(cx + d * 0.55, cy - d * 0.75, d * 0.7);
                    s.controls.update(); })()"""
                )
                time.sleep(0.6)
                page.screenshot(path=str(out / "tower-collapse.png"))
                print(
                    f"collapse: a {storeys}-storey leaning tower, {fallen} of {pieces + 1} pieces down "
                    f"({after['view']['outcome']}: {after['view']['events'][-1]});"
                    f" first frame {took:.0f} ms after letting go"
                )
                page.close()
                return
            page.evaluate("window.cattableTower.scene.release()")
            msg = build_leaning(srv, table, token, storeys + 1)
            page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) >= {msg['version']}")
        page.close()
    print("collapse: no leaning tower came down whole at 4 tables")


def pet(browser: Any, srv: Server, out: Path) -> None:
    """A French table at a pet card: the press on the Nakama, the drag, the arrow."""
    for _attempt in range(4):  # the menu's moves may bring the tower down before a pet card comes
        made = open_table(srv, "tower", [None], options={"steadiness": "steady", "edition": "fr"})
        table, token = made["table"], made["tokens"][0]
        msg = play_to_pet(srv, table, token)
        if not msg["over"]:
            break
    else:
        print("pet: every game ended before a pet card")
        return
    page = open_page(browser, srv, made["invites"]["0"], locale="fr-FR")  # the French edition, read in French
    at = page.evaluate(
        """(() => {
        const t = window.cattableTower, s = t.scene, p = t.view().tower.poses[t.view().last_cat];
        s.controls.target.set(p[0], p[1], p[2]);
        s.camera.position.set(p[0] + 9, p[1] - 11, p[2] + 8);
        s.controls.update();
        const cam = s.camera.position, dx = cam.x - p[0], dy = cam.y - p[1], d = Math.hypot(dx, dy);
        const q = s.camera.position.clone().set(p[0] + dx / d * 0.3, p[1] + dy / d * 0.3, p[2] + 0.4);
        s.camera.updateMatrixWorld();
        const v = q.project(s.camera), r = s.renderer.domElement.getBoundingClientRect();
        return [r.left + (v.x + 1) / 2 * r.width, r.top + (1 - v.y) / 2 * r.height];
    })()"""
    )
    time.sleep(0.4)
    page.mouse.move(at[0], at[1])
    page.mouse.down()
    page.mouse.move(at[0] + 50, at[1] + 45, steps=6)
    time.sleep(0.4)
    page.screenshot(path=str(out / "tower-pet.png"))
    aim = page.evaluate("window.cattableTower.pet()")
    count = page.evaluate("window.cattableTower.scene.stats.settles")
    page.mouse.up()
    page.wait_for_function(f"window.cattableTower.scene.stats.settles > {count}", timeout=20_000)
    page.wait_for_function("window.cattableTower.scene.stats.firstAnimatedAt > 0")
    took = page.evaluate("window.cattableTower.scene.stats.firstAnimatedAt - window.cattableTowerSent")
    print(f"pet: {aim}; first animated frame {took:.0f} ms after letting go")
    page.close()


def french(browser: Any, srv: Server, out: Path) -> None:
    """The French edition read in French: three storeys, then a wall card taken and its wall aimed."""
    for _attempt in range(4):
        made = open_table(srv, "tower", [None], options={"steadiness": "steady", "edition": "fr"})
        table, token = made["table"], made["tokens"][0]
        msg = build(srv, table, token, 3)
        if not msg["over"]:
            break
    page = open_page(browser, srv, made["invites"]["0"], locale="fr-FR")
    moves = [1000]  # action ids past build()'s
    for _ in range(20):  # finish the storey under way by the menu until a card is to be chosen
        msg = state(srv, table, token)
        if any(a["kind"] == "choose" for a in msg["legal"]) or msg["over"]:
            break
        act(srv, table, token, msg["legal"][0], moves)
    page.wait_for_selector("button.choose")
    drawn = page.locator("button.choose")
    walls = [i for i in range(drawn.count()) if "cat" not in (drawn.nth(i).get_attribute("data-side") or "")]
    drawn.nth(walls[0] if walls else 0).click()
    page.wait_for_selector(".tower-aim")
    page.evaluate(LOOK_AT_THE_TOP)
    kind = page.evaluate("window.cattableTower.aim().kind")
    target = page.evaluate(
        """(kind) => {
        const t = window.cattableTower, top = t.view().tower.reading.top_floor;
        const a = t.legal().find((a) => a.kind === kind) ?? t.legal()[0];
        return t.scene.screenOf(kind === 'cat' ? 'F' + a.floor : top, a.x, a.y);
    }""",
        kind,
    )
    page.mouse.move(target[0] - 40, target[1])
    page.mouse.move(target[0], target[1], steps=5)
    time.sleep(0.6)
    page.screenshot(path=str(out / "tower-fr.png"))
    print(f"fr: {page.locator('.status').inner_text()}")
    page.close()


SHOTS = ["standing", "collapse", "pet", "fr"]


def fps_now(page: Any) -> float:
    """requestAnimationFrame callbacks the scene ran over 3 s, per second."""
    before = page.evaluate("window.cattableTower.scene.stats.frames")
    time.sleep(3.0)
    frames: int = page.evaluate("window.cattableTower.scene.stats.frames") - before
    return frames / 3.0


def place(page: Any, kind: str, shoot: Path | None, out: Path, at: tuple[float, float] | None = None) -> float:
    """Aim with the mouse at the menu's first spot (or at ``at`` on the top floor) and let go. Returns ms from
    letting go to the first animated frame."""
    target = page.evaluate(
        """([kind, at]) => {
        const t = window.cattableTower, top = t.view().tower.reading.top_floor;
        const a = t.legal().find((a) => a.kind === kind && (kind !== 'wall' || a.type === t.aim().family));
        const [x, y] = at ?? [a.x, a.y];
        return t.scene.screenOf(top, x, y);
    }""",
        [kind, list(at) if at else None],
    )
    for _ in range(5):
        page.mouse.move(target[0] - 40, target[1])
        page.mouse.move(target[0], target[1], steps=5)
        if page.evaluate("window.cattableTower.aim().aimed"):
            break
        print("the aim did not follow the pointer yet: again")
        time.sleep(0.5)
    if shoot is not None:
        page.keyboard.press("q")
        page.mouse.wheel(0, 100)
        page.mouse.wheel(0, 100)
        time.sleep(0.4)
        page.screenshot(path=str(shoot / "tower-ghost.png"))
        page.keyboard.press("e")
        page.mouse.wheel(0, -100)
        page.mouse.wheel(0, -100)
    page.mouse.click(target[0], target[1])
    count = page.evaluate("window.cattableTower.scene.stats.settles")
    page.locator("button.place").click()
    try:
        page.wait_for_function(
            f"window.cattableTower.scene.stats.settles > {count} || document.querySelector('.notice').textContent",
            timeout=20_000,
        )
    except Exception:
        page.screenshot(path="/tmp/tower3d/fail.png")
        print(
            page.evaluate(
                "JSON.stringify([window.cattableTower.aim(), window.cattableTower.scene.stats,"
                " document.querySelector('#app').dataset.version])"
            )
        )
        raise
    refused = page.locator(".notice").inner_text()
    if refused:
        print(f"{kind} refused: {refused}")
        page.evaluate("document.querySelector('.notice').textContent = ''")
        return float("nan")
    page.wait_for_function("window.cattableTower.scene.stats.firstAnimatedAt > 0")
    took: float = page.evaluate("window.cattableTower.scene.stats.firstAnimatedAt - window.cattableTowerSent")
    return took


if __name__ == "__main__":
    main()
