"""Speed of the tower's physics world on one core.

Run: .venv/bin/python benchmarks/bench_tower_physics.py [--trials N]
Goals: placing a piece on a 10-storey tower and letting it settle under 50 ms (median); the count of
five seconds on a 10-storey tower under 0.5 s; the world's Python code within 20% of the bare
mujoco.mj_step calls it makes.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import mujoco

from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.scenes import SAME_TYPE_PAIRS, Builder


def _pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def _draw(seed: int) -> Callable[[float], float]:
    rng = random.Random(seed)
    return lambda s: rng.gauss(0.0, s)


def build_tower() -> TowerWorld:
    """A ten-storey tower, same-type pairs, careful hand, at rest."""
    world = TowerWorld()
    t0 = time.perf_counter()
    Builder(world, "careful", _draw(1)).tower(SAME_TYPE_PAIRS)
    print(f"build 10 storeys (31 placements): {time.perf_counter() - t0:.2f} s wall clock")
    assert world.read().top_floor == "F11", "the benchmark tower fell"
    return world


def _placements(k: int) -> Callable[[TowerWorld], None]:
    """The k-th benchmark placement: a wall, a cat or a cat on a cat on the top floor."""

    def place(world: TowerWorld) -> None:
        top = world.top_floor_id()
        kind = k % 3
        if kind == 0:
            world.place_wall("W-bricks-12", -3 + 0.1 * (k % 7), -3, 45 + k % 5, 90)
        elif kind == 1:
            world.place_cat("C-blue-4", top, 0.3 * (k % 5) - 0.6, 0.2 * (k % 3), 10 * k)
        else:
            world.place_cat("C-blue-4", top, 2.0, -2.0, 0)

    return place


def bench_place(base: TowerWorld, trials: int) -> tuple[list[float], list[float]]:
    """Per trial: wall clock of place + settle, and of the same steps made bare (no Python)."""
    ours: list[float] = []
    bare: list[float] = []
    for k in range(trials):
        place = _placements(k)
        w1 = base.clone()
        w2 = base.clone()
        t0 = time.perf_counter()
        place(w1)
        w1.settle()
        ours.append(time.perf_counter() - t0)
        steps = w1.steps
        place(w2)
        t0 = time.perf_counter()
        mujoco.mj_step(w2.model, w2.data, nstep=steps)
        bare.append(time.perf_counter() - t0)
    return ours, bare


def bench_count(base: TowerWorld, trials: int) -> tuple[list[float], list[float]]:
    """The count of five seconds on the tower, right after a piece was placed and settled."""
    awake: list[float] = []
    asleep: list[float] = []
    for k in range(trials):
        w = base.clone()
        _placements(k)(w)
        w.settle()
        t0 = time.perf_counter()
        w.hold(5.0)
        awake.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        w.hold(5.0)
        asleep.append(time.perf_counter() - t0)
    return awake, asleep


def bench_clone(base: TowerWorld, trials: int) -> list[float]:
    times = []
    for _ in range(trials):
        t0 = time.perf_counter()
        base.clone()
        times.append(time.perf_counter() - t0)
    return times


def bench_read(base: TowerWorld, trials: int) -> list[float]:
    times = []
    for _ in range(trials):
        t0 = time.perf_counter()
        base.read(fresh=True)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=30)
    args = parser.parse_args()
    _pin_one_core()
    print(f"MuJoCo {mujoco.__version__}, one core, {args.trials} trials each")
    base = build_tower()
    ms = 1000.0
    ours, bare = bench_place(base, args.trials)
    med, med_bare = statistics.median(ours), statistics.median(bare)
    print(
        f"place + settle on 10 storeys: median {med * ms:.1f} ms, p90 "
        f"{sorted(ours)[int(0.9 * len(ours))] * ms:.1f} ms (goal < 50 ms)"
    )
    total, total_bare = sum(ours), sum(bare)
    print(
        f"  bare mj_step for the same steps: median {med_bare * ms:.1f} ms; "
        f"overhead of the world's Python: {100 * (total - total_bare) / total_bare:.0f}% "
        "(goal within 20%)"
    )
    awake, asleep = bench_count(base, max(3, args.trials // 3))
    print(
        f"count of five on 10 storeys: median {statistics.median(awake):.3f} s right after a "
        f"placement, {statistics.median(asleep):.3f} s once asleep (goal < 0.5 s)"
    )
    awake_world = TowerWorld({"solver": {"sleep": False}})
    awake_world.restore(base.pieces(), base.poses())
    t0 = time.perf_counter()
    awake_world.hold(5.0)
    print(f"  the same count with sleeping switched off: {time.perf_counter() - t0:.2f} s (why sleeping is on)")
    print(
        f"clone: median {statistics.median(bench_clone(base, args.trials)) * ms:.1f} ms; "
        f"read(): median {statistics.median(bench_read(base, args.trials)) * ms:.1f} ms"
    )


if __name__ == "__main__":
    main()
