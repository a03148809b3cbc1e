"""Every board game's engine and learning environment against an outside anchor, side by side in one run.

    .venv/bin/python benchmarks/bench_engines.py [--seconds 3] [--json] [--vectors]

``--vectors`` measures part 3 alone (with its connect four anchor before and after): a minute, not three.

1. Rules engines: uniformly random playouts through the public API (``legal_actions`` then ``apply``),
   player actions per CPU second, against OpenSpiel's C++ backgammon played the same way from Python
   (its dice are chance nodes and are not counted, as cattable's dice never appear as actions).
2. Learning environments: PettingZoo AEC steps per CPU second (random masked moves, the acting agent's
   observation each step) against PettingZoo's own ``connect_four_v3``.
3. Batched environments: ``cattable.rl.vector_env`` game steps per CPU second at n=1 and n=64 (random
   masked moves drawn for every row at once from the mask array), against the same connect four.

The machine is shared and noisy, so the figure that counts is the ratio to the anchor, and the anchor is
measured before and after the games (its mean is used; the spread between the two says how steady the
machine was). CPU time, not wall time, so other work on the machine counts less. The goals are issue #30's.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import cattable
from cattable.rl import env, vector_env

ENGINES: dict[str, tuple[int, float]] = {"cafe": (3, 2.0), "washi": (2, 1.5), "attack": (4, 0.6)}
"""Game: (players, goal as a multiple of backgammon's actions per CPU second)."""
ENVS: dict[str, tuple[int, float]] = {"cafe": (3, 1.0), "washi": (2, 1.0), "attack": (4, 1.0)}
"""Game: (players, goal as a multiple of connect four's environment steps per CPU second)."""
VECTORS: dict[str, tuple[int, float]] = {"cafe": (3, 5.0), "washi": (2, 2.0), "attack": (4, 2.0)}
"""Game: (players, goal at n=64 as a multiple of connect four's AEC steps per CPU second; issue #33)."""
SIZES = (1, 64)


def backgammon_rate(seconds: float, seed: int = 0) -> tuple[float, float]:
    """OpenSpiel's C++ backgammon at random: player actions per CPU second, and the same with its dice
    rolls (chance nodes) counted as actions too, for a reader who counts them."""
    import pyspiel  # the anchor only: a development dependency

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    actions = chance = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                chance += 1
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    used = time.process_time() - start
    return actions / used, (actions + chance) / used


def playout_rate(name: str, players: int, seconds: float, seed: int = 0) -> float:
    """A cattable game at random through its public API: actions per CPU second (after a short warm-up,
    which fills any move memo a game keeps)."""
    game = cattable.game(name)
    rng = random.Random(seed)
    for _ in range(3):
        state = game.new(players=players, seed=10_000 + _)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players=players, seed=seed + games)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return actions / (time.process_time() - start)


def env_rate(make: Callable[[], Any], seconds: float) -> float:
    """AEC steps per CPU second with random masked moves."""
    e = make()
    rng = np.random.default_rng(0)
    steps = episode = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        e.reset(seed=episode)
        episode += 1
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.process_time() - start)


def vector_rate(name: str, players: int, n: int, seconds: float) -> float:
    """Game steps (rows times vector steps) per CPU second, a random legal index drawn for every row
    from the mask array at once, as a batched policy would pick."""
    vec = vector_env(name, n, players=players, seed=0, copy=False)
    rng = np.random.default_rng(0)
    _, masks, _ = vec.reset(seed=0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        rows, cols = np.nonzero(masks)
        counts = np.bincount(rows, minlength=n)
        first = np.cumsum(counts) - counts
        _, masks, *_ = vec.step(cols[first + (rng.random(n) * counts).astype(np.intp)])
        steps += n
    return steps / (time.process_time() - start)


def measure_vectors(seconds: float) -> dict[str, Any]:
    """Part 3 alone: the batched environments between two connect four anchors."""
    warnings.simplefilter("ignore")
    from pettingzoo.classic import connect_four_v3

    c4 = [env_rate(connect_four_v3.env, seconds)]
    vectors = {
        name: {size: vector_rate(name, p, size, seconds) for size in SIZES} for name, (p, _goal) in VECTORS.items()
    }
    c4.append(env_rate(connect_four_v3.env, seconds))
    anchor = sum(c4) / 2
    return {
        "seconds_each": seconds,
        "connect_four_steps_per_cpu_s": [round(x) for x in c4],
        "vectors": {
            name: {
                "players": VECTORS[name][0],
                **{f"n{size}_steps_per_cpu_s": round(rate) for size, rate in rates.items()},
                **{f"n{size}_ratio": round(rate / anchor, 3) for size, rate in rates.items()},
                "goal_n64": VECTORS[name][1],
            }
            for name, rates in vectors.items()
        },
    }


def measure(seconds: float) -> dict[str, Any]:
    warnings.simplefilter("ignore")
    from pettingzoo.classic import connect_four_v3

    bg = [backgammon_rate(seconds)]
    engines = {name: playout_rate(name, p, seconds) for name, (p, _goal) in ENGINES.items()}
    bg.append(backgammon_rate(seconds, seed=1))
    c4 = [env_rate(connect_four_v3.env, seconds)]
    envs = {name: env_rate(partial(env, name, players=p), seconds) for name, (p, _goal) in ENVS.items()}
    c4.append(env_rate(connect_four_v3.env, seconds))
    vectors = {
        name: {size: vector_rate(name, p, size, seconds) for size in SIZES} for name, (p, _goal) in VECTORS.items()
    }
    c4.append(env_rate(connect_four_v3.env, seconds))
    bg_mean, c4_mean, c4_late = sum(b[0] for b in bg) / 2, sum(c4[:2]) / 2, sum(c4[1:]) / 2
    bg_all = sum(b[1] for b in bg) / 2
    return {
        "seconds_each": seconds,
        "backgammon_actions_per_cpu_s": [round(b[0]) for b in bg],
        "backgammon_with_dice_per_cpu_s": [round(b[1]) for b in bg],
        "connect_four_steps_per_cpu_s": [round(x) for x in c4],
        "engines": {
            name: {
                "players": ENGINES[name][0],
                "actions_per_cpu_s": round(rate),
                "ratio": round(rate / bg_mean, 3),
                "ratio_dice_counted": round(rate / bg_all, 3),
                "goal": ENGINES[name][1],
            }
            for name, rate in engines.items()
        },
        "envs": {
            name: {
                "players": ENVS[name][0],
                "steps_per_cpu_s": round(rate),
                "ratio": round(rate / c4_mean, 3),
                "goal": ENVS[name][1],
            }
            for name, rate in envs.items()
        },
        "vectors": {
            name: {
                "players": VECTORS[name][0],
                **{f"n{size}_steps_per_cpu_s": round(rate) for size, rate in rates.items()},
                **{f"n{size}_ratio": round(rate / c4_late, 3) for size, rate in rates.items()},
                "goal_n64": VECTORS[name][1],
            }
            for name, rates in vectors.items()
        },
    }


def show(out: dict[str, Any]) -> None:
    bg, c4 = out["backgammon_actions_per_cpu_s"], out["connect_four_steps_per_cpu_s"]
    print(f"Random playouts, actions per CPU second, against OpenSpiel's backgammon ({bg[0]:,} then {bg[1]:,}):")
    for name, row in out["engines"].items():
        verdict = "meets" if row["ratio"] >= row["goal"] else "below"
        print(
            f"  {name:7s} {row['players']}p {row['actions_per_cpu_s']:>9,}  {row['ratio']:5.2f}x"
            f"  (goal {row['goal']}x: {verdict}; {row['ratio_dice_counted']:.2f}x if backgammon's dice counted)"
        )
    print(f"Learning environments, AEC steps per CPU second, against connect four ({c4[0]:,} then {c4[1]:,}):")
    for name, row in out["envs"].items():
        verdict = "meets" if row["ratio"] >= row["goal"] else "below"
        print(
            f"  {name:7s} {row['players']}p {row['steps_per_cpu_s']:>9,}  {row['ratio']:5.2f}x"
            f"  (goal {row['goal']}x: {verdict})"
        )
    print(
        f"Batched environments (vector_env), game steps per CPU second, against connect four"
        f" ({c4[1]:,} then {c4[2]:,}):"
    )
    for name, row in out["vectors"].items():
        verdict = "meets" if row["n64_ratio"] >= row["goal_n64"] else "below"
        print(
            f"  {name:7s} {row['players']}p  n=1 {row['n1_steps_per_cpu_s']:>8,} {row['n1_ratio']:5.2f}x"
            f"   n=64 {row['n64_steps_per_cpu_s']:>8,} {row['n64_ratio']:5.2f}x"
            f"  (goal {row['goal_n64']}x at n=64: {verdict})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for each measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--vectors", action="store_true", help="measure the batched environments only")
    args = parser.parse_args()
    out = measure_vectors(args.seconds) if args.vectors else measure(args.seconds)
    if args.json or args.vectors:
        print(json.dumps(out, indent=2))
    else:
        show(out)


if __name__ == "__main__":
    main()
