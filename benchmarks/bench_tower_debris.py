"""How far debris lands from the tower: collapses of ten-storey towers built by a wobbly hand, and the
debris of whole games played by random agents.

Run: .venv/bin/python benchmarks/bench_tower_debris.py [--towers 6] [--games 6] [--agent random|heuristic]
Prints the horizontal distance (cm) of every piece of debris from the tower's axis (F1's centre) at the
moment it became debris: median, 90th percentile, largest, and how many pieces left the table.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable

import mujoco

import cattable
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.model import quat_euler
from cattable.games.tower.physics.scenes import SAME_TYPE_PAIRS, Builder


def _draw(seed: int) -> Callable[[float], float]:
    rng = random.Random(seed)
    return lambda s: rng.gauss(0.0, s)


def _distance(pose: list[float]) -> float:
    return float((pose[0] ** 2 + pose[1] ** 2) ** 0.5)


def towers(count: int) -> tuple[list[float], int]:
    """Debris distances of ten-storey towers built by a wobbly hand and held 3 s (and pieces below the table)."""
    out: list[float] = []
    off = 0
    for seed in range(count):
        world = TowerWorld()
        Builder(world, "wobbly", _draw(500 + seed)).tower(SAME_TYPE_PAIRS)
        world.hold(3.0)
        poses = world.poses()
        for p in sorted(world.read().debris):
            out.append(_distance(poses[p]))
            off += poses[p][2] < -1.0
    return out, off


def games(count: int, agent: str) -> tuple[list[float], int]:
    """Debris distances in games of ``agent`` (normal hands), read from each physics outcome."""
    from cattable.agents.registry import make_agent

    game = cattable.game("tower")
    out: list[float] = []
    off = 0
    for seed in range(count):
        mode = "coop" if seed % 2 else "competitive"
        state = game.new(players=1 if mode == "coop" else 3, seed=seed, mode=mode)
        bot = make_agent(agent, game, seed=seed)
        while not state.is_over and len(state.history) < 600:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat) if bot.needs_view else {}
            state.apply(bot.choose(view, state.legal_actions()))
        seen: set[str] = set()
        for entry in state.chance.log:
            if not isinstance(entry, dict) or "poses" not in entry:
                continue
            now = set(entry["reading"]["debris"])
            for p in sorted(now - seen):
                out.append(_distance(entry["poses"][p]))
                off += entry["poses"][p][2] < -1.0
            seen = now
    return out, off


def contacts() -> None:
    """How the contacts take a fall and a slide: a cat dropped 10 cm, a wall sliding from 0.5 m/s."""
    world = TowerWorld({"solver": {"sleep": False}})
    world.place_cat("C-blue-1", "F1", 20, 0, 0)
    world.settle()
    a = world.qadr["C-blue-1"]
    rest = float(world.data.qpos[a + 2])
    world.nudge("C-blue-1", 0, 0, 10, 0, 0, 0)
    heights = []
    for _ in range(400):
        mujoco.mj_step(world.model, world.data)
        heights.append(float(world.data.qpos[a + 2]))
    low = heights.index(min(heights[:200]))
    bounce = (max(heights[low:]) - rest) * 1000
    print(f"a cat dropped 10 cm rebounds {bounce:.1f} mm (restitution {(bounce / 100) ** 0.5:.2f})")
    world = TowerWorld({"solver": {"sleep": False}})
    world.place_wall("W-bricks-1", 20, 0, 0, 90)
    a, v = world.qadr["W-bricks-1"], world.vadr["W-bricks-1"]
    world.data.qpos[a + 3 : a + 7] = quat_euler(math.pi / 2, 0, 0)  # lying on a panel
    world.data.qpos[a + 2] = 0.0006
    world.settle()
    x0 = float(world.data.qpos[a])
    world.data.qvel[v] = 0.5
    world.settle(3.0)
    slid = (float(world.data.qpos[a]) - x0) * 100
    print(f"a wall lying on the table slides {slid:.2f} cm from 0.5 m/s (Coulomb, friction 0.5: {25 / 9.81:.2f} cm)")


def report(name: str, figures: tuple[list[float], int]) -> None:
    d, off = figures
    if not d:
        print(f"{name}: no debris")
        return
    d = sorted(d)
    p90 = d[min(len(d) - 1, int(0.9 * len(d)))]
    print(
        f"{name}: {len(d)} pieces of debris, median {statistics.median(d):.1f} cm, 90% {p90:.1f} cm, "
        f"largest {d[-1]:.1f} cm; {off} fell off the table"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--towers", type=int, default=6)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--agent", default="random", help="random or heuristic")
    args = parser.parse_args()
    t0 = time.perf_counter()
    contacts()
    report(f"wobbly ten-storey towers ({args.towers})", towers(args.towers))
    report(f"{args.agent} games ({args.games})", games(args.games, args.agent))
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
