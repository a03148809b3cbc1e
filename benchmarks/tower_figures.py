"""The tower's pictures in docs/figures: a standing cooperative tower with cats, a competitive tower
with Black Cats, and a lost game's collapse drawn with its debris.

Run: MUJOCO_GL=egl .venv/bin/python benchmarks/tower_figures.py [--out docs/figures] [--size 960x1280]
The first two are built piece by piece on the physics world with a careful hand; the third is a real
game (random agents, seed below) played to its collapse and drawn by the terminal's ``render_state``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

import cattable
from cattable.agents.registry import make_agent
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.picture import render_png
from cattable.games.tower.physics.scenes import Builder
from cattable.interfaces.terminal.drawings.tower import render_state

COLLAPSE_SEED = 3
"""A cooperative game of random agents that ends in a collapse within a few turns."""
STOREYS = [("bricks", "bricks"), ("windows", "windows"), ("arches", "arches"), ("angels", "angels")]
STOREYS += [("pillars", "pillars"), ("windows", "windows")]


def _draw(seed: int) -> Callable[[float], float]:
    rng = random.Random(seed)
    return lambda s: rng.gauss(0.0, s)


def _cat(world: TowerWorld, cat: str, floor: str, x: float, y: float, yaw: float = 0.0, on: str | None = None) -> None:
    world.place_cat(cat, floor, x, y, yaw, on)
    world.settle()


def standing() -> TowerWorld:
    """Six storeys, Toto on the fourth floor, Feline Friends on the floors around him."""
    world = TowerWorld()
    floors = Builder(world, "careful", _draw(7)).tower(STOREYS)
    _cat(world, "C-yellow-1", "F1", 1.0, -2.0, 10)
    _cat(world, "C-blue-1", floors[0], -1.2, 1.0, -20)
    _cat(world, "C-blue-2", floors[0], 0.3, 1.0, -20)
    _cat(world, "C-purple-1", floors[1], 0.0, -1.5, 0)
    _cat(world, "C-purple-2", floors[1], 0.0, -1.5, 0, on="C-purple-1")
    _cat(world, "toto", floors[2], 0.0, 0.0, 15)
    _cat(world, "C-orange-1", floors[3], 1.2, -1.0, 30)
    _cat(world, "C-orange-2", floors[3], -1.0, 1.2, -40)
    _cat(world, "C-yellow-2", floors[4], 0.0, -1.8, 0)
    _cat(world, "C-blue-3", floors[5], -1.5, 0.0, 45)
    return world


def competitive() -> TowerWorld:
    """Five storeys, the five Black Cats climbing it (two still outside), Feline Friends between them."""
    world = TowerWorld()
    floors = Builder(world, "careful", _draw(11)).tower(STOREYS[:5])
    _cat(world, "B-red", floors[3], 0.0, -1.5, 0)
    _cat(world, "B-blue", floors[1], -1.2, 1.0, 10)
    _cat(world, "B-purple", floors[0], 1.0, -1.5, -10)
    _cat(world, "B-orange", "F1", 8.0, -6.0, 0)  # outside the tower, waiting
    _cat(world, "B-yellow", "F1", -7.0, -8.0, 20)
    _cat(world, "C-yellow-1", floors[2], 0.0, 1.0, 0)
    _cat(world, "C-purple-1", floors[4], -1.0, -1.0, 30)
    _cat(world, "C-orange-1", floors[1], 1.0, -1.2, 0)
    return world


def collapse(out: Path) -> None:
    """A real game played to its collapse, drawn with the debris of the placement that brought it down."""
    game = cattable.game("tower")
    state = game.new(players=1, seed=COLLAPSE_SEED, mode="coop")
    bot = make_agent("random", game, seed=COLLAPSE_SEED)
    while not state.is_over:
        state.apply(bot.choose({}, state.legal_actions()))
    view = state.view(None)
    print(f"seed {COLLAPSE_SEED}: {view['events'][-1]}; wall debris {view['wall_debris']}")
    render_state(state, str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="docs/figures")
    parser.add_argument("--size", default="960x1280")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    out = Path(args.out)
    render_png(standing(), out / "tower-standing.png", width, height)
    render_png(competitive(), out / "tower-competitive.png", width, height)
    collapse(out / "tower-collapse.png")
    print(f"wrote {out}/tower-standing.png, tower-competitive.png, tower-collapse.png")


if __name__ == "__main__":
    main()
