"""A move's animation as a series of pictures, for each game (issue #32): ``python -m tests.browser.motion_frames
[OUT]`` (or ``python -m tests.browser.screenshots --motion``) writes docs/screenshots/motion-<game>-01.png ...
-06.png against a heuristic bot: Cat Attack's pawn travelling its way, Cat Cafe's dice rolling and the
round's marks appearing, a Tokyo Washi line being drawn, and the tower's piece coming down and settling.

The three DOM tables animate with Web Animations (client/src/motion.ts): each animation the page starts
while we hold is paused at once, and the pictures are taken with every animation of the last move seeked
to 0, 1/5 ... 5/5 of its way (older ones finished), so the frames are exact, not a race with the clock. The
tower's drop and settle are played by its 3D scene at a slow pace (``scene.speed``, a picture of its WebGL
canvas takes over a second) and pictured as they play."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

from tests.browser import clicker
from tests.browser.cafe_player import play_one
from tests.browser.screenshots import OUT, WINDOW, _served
from tests.server.harness import get, post

FRAMES = 6
TOWER_PACE = 0.07
"""The pace of the tower's drop and settle in its pictures (1: as played)."""
PICTURED = {"attack": ".attack-board", "cafe": ".board", "washi": ".washi-map"}
"""What each table's pictures show: the element its move animates in."""
HOLD = """
window.__hold = false;
window.__held = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const a = animate.apply(this, args);
  if (window.__hold) {
    a.pause();
    a.__draw = window.__draws;  // which drawing of the page started it
    window.__held.push(a);
  }
  return a;
};
window.__draws = 0;
new MutationObserver(() => { window.__draws += 1; }).observe(document.documentElement,
  { attributes: true, subtree: true, attributeFilter: ['data-version'] });
"""
PICK = """() => {
  const live = window.__held.filter((a) => a.effect && a.effect.target && a.effect.target.isConnected);
  const last = Math.max(-1, ...live.map((a) => a.__draw));
  for (const a of window.__held) if (!live.includes(a) || a.__draw !== last) a.finish();
  window.__held = live.filter((a) => a.__draw === last);
  window.__hold = false;
  return window.__held.length;
}"""
SEEK = """(f) => {
  for (const a of window.__held) a.currentTime = a.effect.getComputedTiming().endTime * f;
}"""
MY_TURN = (
    "() => { const d = document.getElementById('app').dataset;"
    " return d.busy === '0' && (d.over === 'true' || d.legal !== '0'); }"
)


def _version(page: Any) -> int:
    return int(clicker.state_of(page).get("version", "0"))


def _one_move(page: Any, game: str, rng: random.Random) -> None:
    """My move by clicks (the bot answers it): wait until the server has moved on and it is my turn again."""
    start = _version(page)
    while _version(page) <= start and clicker.state_of(page).get("over") != "true":
        moved = play_one(page) if game == "cafe" else clicker.click_once(page, rng)
        if not moved:
            page.wait_for_timeout(50)
    page.wait_for_function(MY_TURN, timeout=30_000)


def _dom_frames(page: Any, base: str, out: Path, game: str, after: int, seed: int) -> list[Path]:
    """Play to version ``after``, then hold the animations of the moves that follow my next one and
    picture the last move's way in ``FRAMES`` steps (tries further moves until one animates)."""
    rng = random.Random(seed)
    clicker.open_from_lobby(page, base, game, ["heuristic"])
    page.locator(".board").wait_for()
    while _version(page) < after:
        _one_move(page, game, rng)
    for _ in range(20):
        page.evaluate("() => { window.__held = []; window.__hold = true; }")
        _one_move(page, game, rng)
        if page.evaluate(PICK):
            break
    else:
        raise AssertionError(f"{game}: no move animated")
    made = []
    board = page.locator(PICTURED[game]).first
    board.scroll_into_view_if_needed()
    for i in range(FRAMES):
        page.evaluate(SEEK, i / (FRAMES - 1))
        page.wait_for_timeout(60)  # painted
        made.append(out / f"motion-{game}-{i + 1:02d}.png")
        board.screenshot(path=made[-1])
    page.evaluate("() => { for (const a of window.__held) a.finish(); window.__held = []; }")
    return made


def _tower_frames(page: Any, out: Path, base: str) -> list[Path]:
    """My moves over HTTP while the page watches (a walls side, each piece at the menu's first placement):
    at my first piece placed, the scene plays its drop and settle slowly and is pictured as it plays."""
    table = clicker.open_from_lobby(page, base, "tower", ["heuristic"])
    page.wait_for_function("window.cattableTower && window.cattableTower.view()")
    token = clicker.my_token(page, table)
    scene = page.locator(".tower-scene canvas")
    for n in range(60):
        msg: dict[str, Any] = get(f"{base}/api/tables/{table}", token)
        legal = msg["legal"]
        if not legal:
            time.sleep(0.1)
            continue
        action = legal[0]
        if action["kind"] == "choose":
            faceup = msg["view"]["action_faceup"]
            sides = [faceup[a["card"] - 1]["sides"][0 if a["side"] in ("", "left") else 1] for a in legal]
            action = next((a for a, s in zip(legal, sides, strict=True) if "floor" in s), action)
        placing = action["kind"] in ("wall", "floor", "cat")
        if placing:
            page.wait_for_function("!window.cattableTower.scene.animating")
            page.evaluate(f"window.cattableTower.scene.speed = {TOWER_PACE}")
        before = int(clicker.state_of(page).get("version", "0"))
        post(f"{base}/api/tables/{table}/actions", {"action": action, "id": f"m-{n}"}, token)
        if not placing:
            page.wait_for_function(f"Number(document.getElementById('app').dataset.version) > {before}")
            continue
        page.wait_for_function("window.cattableTower.scene.animating", timeout=20_000)
        made = []
        for i in range(FRAMES):
            made.append(out / f"motion-tower-{i + 1:02d}.png")
            scene.screenshot(path=made[-1], animations="allow")
        page.evaluate("window.cattableTower.scene.speed = 1")
        return made
    raise AssertionError("tower: no piece to place came")


def main(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with _served() as (server, browser):
        for game, after, seed in (("attack", 6, 5), ("cafe", 4, 3), ("washi", 24, 9)):
            ctx = browser.new_context(viewport=WINDOW)
            ctx.add_init_script(HOLD)
            page = ctx.new_page()
            made += _dom_frames(page, server.base, out, game, after, seed)
            ctx.close()
        ctx = browser.new_context(viewport=WINDOW)
        made += _tower_frames(ctx.new_page(), out, server.base)
        ctx.close()
    return made


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    for path in main(Path(args[0]) if args else OUT):
        print(path)
