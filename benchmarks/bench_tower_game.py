"""Speed of Cat and the Tower's rules on the physics world, on one core.

    .venv/bin/python benchmarks/bench_tower_game.py [--seconds 20] [--bot-games 1]

1. random playouts through the public API (actions/s, games/s), with a cProfile summary;
2. the cost of one apply() by kind of action (median ms), from those playouts;
3. whole 3-player games played by the tower's HeuristicAgent (wall clock, actions, outcome).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import statistics
import time
from collections import defaultdict

import cattable
from cattable.agents import make_agent
from cattable.analysis.playout import play_out
from cattable.analysis.throughput import random_playouts


def per_action(seconds: float) -> dict[str, float]:
    game = cattable.game("tower")
    times: dict[str, list[float]] = defaultdict(list)
    rng = random.Random(1)
    deadline = time.perf_counter() + seconds
    seed = 100
    while time.perf_counter() < deadline:
        state = game.new(players=3, seed=seed)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            t = time.perf_counter()
            state.apply(action)
            times[action.text().split()[0]].append(time.perf_counter() - t)
    return {k: round(1000 * statistics.median(v), 2) for k, v in sorted(times.items())}


def bot_game(seed: int) -> dict[str, object]:
    game = cattable.game("tower")
    state = game.new(players=3, seed=seed)
    agents = [make_agent("heuristic", game, seed=seed * 10 + s) for s in range(3)]
    start = time.perf_counter()
    play_out(state, agents)
    actions = len(state.history)
    r = state.result()
    return {
        "seed": seed,
        "seconds": round(time.perf_counter() - start, 1),
        "actions": actions,
        "turns": r.details["turns"],
        "outcome": r.details["outcome"],
        "toto_best": r.details["toto_best"],
        "storeys": r.details["floors"],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-games", type=int, default=1)
    args = parser.parse_args()
    game = cattable.game("tower")
    profile = cProfile.Profile()
    profile.enable()
    throughput = random_playouts(game, players=3, seconds=args.seconds, seed=0)
    profile.disable()
    print("random playouts, 3 players:", json.dumps(throughput.to_json()))
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(18)
    print(out.getvalue())
    print("median apply() by action kind (ms):", json.dumps(per_action(args.seconds / 2)))
    for seed in range(args.bot_games):
        print("3-player heuristic bot game:", json.dumps(bot_game(seed)))


if __name__ == "__main__":
    main()
