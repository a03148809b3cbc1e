"""Re-make docs/screenshots/tower-{standing,ghost,collapse}.png and print the tower table's figures.

    PYTHONPATH=src:. python docs/screenshots/tower-shots.py [--storeys 8] [--out docs/screenshots]

A real ``cattable serve`` on the loopback (tests/server/harness.py) and Debian's chromium (never a downloaded
browser): a one-seat cooperative table is built up over HTTP with the menu's placements, then the page
shows it standing, a wall aimed with the pointer (the ghost), and a floor let go off-centre, caught mid-fall.
Figures: frames drawn per second over 3 s on the tall tower (requestAnimationFrame), the bytes of each
settle message on the WebSocket, and the time from letting go to the first animated frame.
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
from tests.server.harness import Server, get, open_table, post

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--storeys", type=int, default=8)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tower-shots-"))
    srv = Server(db=f"sqlite:///{tmp / 'tables.db'}", log=tmp / "server.log")
    srv.start()
    try:
        for _attempt in range(6):  # the hand slips (seeded anew at every table): a tower may fall while built
            made = open_table(srv, "tower", [None], options={"steadiness": "steady"})
            table, token = made["table"], made["tokens"][0]
            msg = build(srv, table, token, args.storeys)
            if not msg["over"]:
                break
        levels = msg["view"]["tower"]["reading"]["floor_levels"]
        print(f"tower: {len(levels)} floors standing, {len(msg['view']['tower']['pieces'])} pieces")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page(viewport={"width": DESKTOP["width"], "height": DESKTOP["height"]})
            settles: list[int] = []

            def on_socket(ws: Any) -> None:
                ws.on("framereceived", lambda data: settles.append(len(data)) if '"settle"' in str(data)[:40] else None)

            page.on("websocket", on_socket)
            page.goto(srv.base + "/join/" + made["invites"]["0"])
            page.wait_for_selector(".tower-scene canvas")
            page.goto(f"{srv.base}/t/{table}?gl=full")  # antialiasing and shadows, even on a software GL
            page.wait_for_function("window.cattableTower && window.cattableTower.view()")
            time.sleep(1.0)
            full = fps_now(page)
            page.goto(f"{srv.base}/t/{table}")
            page.wait_for_selector(".tower-scene canvas")
            page.wait_for_function("window.cattableTower && window.cattableTower.view()")
            page.evaluate(FRAME_THE_TOWER)
            time.sleep(1.5)
            page.screenshot(path=str(args.out / "tower-standing.png"))
            gl = page.locator(".tower-scene").get_attribute("data-gl")
            print(f"fps on the tall tower, 3 s: {fps_now(page):.1f} ({gl} GL settings); {full:.1f} with AA and shadows")

            page.evaluate(LOOK_AT_THE_TOP)
            latencies: list[float] = []
            shot_ghost = False
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
                if "choose" in kinds:
                    page.locator("button.choose").filter(has_not_text="cat").first.click()
                elif kinds and kinds[0] in ("wall", "floor"):
                    placed = place(page, kinds[0], shoot=args.out if kinds[0] == "wall" and not shot_ghost else None)
                    shot_ghost = shot_ghost or kinds[0] == "wall"
                    if placed == placed:  # not refused
                        latencies.append(placed)
                    if kinds[0] == "floor":
                        break
                else:
                    page.locator(".tower-goal button, .tower-moves button").first.click()
                page.wait_for_function(f"Number(document.querySelector('#app').dataset.version) > {before}")
                time.sleep(0.3)
            if latencies:
                print(
                    f"letting go -> first animated frame: {statistics.median(latencies):.0f} ms median of "
                    f"{len(latencies)} ({', '.join(f'{v:.0f}' for v in latencies)})"
                )
            if settles:
                print(
                    f"settle message bytes: median {statistics.median(settles):.0f}, max {max(settles)}"
                    f" over {len(settles)} placements"
                )
            browser.close()
    finally:
        srv.stop()


def fps_now(page: Any) -> float:
    """requestAnimationFrame callbacks the scene ran over 3 s, per second."""
    before = page.evaluate("window.cattableTower.scene.stats.frames")
    time.sleep(3.0)
    frames: int = page.evaluate("window.cattableTower.scene.stats.frames") - before
    return frames / 3.0


def place(page: Any, kind: str, shoot: Path | None) -> float:
    """Aim with the mouse at the menu's first spot; a floor off-centre (4.5, 4.5) to make it fall, filmed in
    slow motion. Returns ms from letting go to the first animated frame."""
    target = page.evaluate(
        """(kind) => {
        const t = window.cattableTower, top = t.view().tower.reading.top_floor;
        const a = t.legal().find((a) => a.kind === kind && (kind !== 'wall' || a.type === t.aim().family));
        const [x, y] = kind === 'floor' ? [4.5, 4.5] : [a.x, a.y];
        return t.scene.screenOf(top, x, y);
    }""",
        kind,
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
    if kind == "floor":  # step back to see it fall, in slow motion
        page.evaluate("window.cattableTower.scene.zoom(1.9); window.cattableTower.scene.speed = 0.25")
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
    if kind == "floor":
        time.sleep(0.8)
        page.screenshot(path=str(Path(__file__).resolve().parent / "tower-collapse.png"))
        page.evaluate("window.cattableTower.scene.speed = 1")
    return took


if __name__ == "__main__":
    main()
