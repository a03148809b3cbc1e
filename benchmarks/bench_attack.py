"""Cat Attack random-playout throughput on one core, and where the time goes.

    .venv/bin/python benchmarks/bench_attack.py [--seconds 10] [--players 4] [--profile]

Prints actions/s and games/s for uniformly random 4-player games played through the public API
(``cattable.analysis.throughput.random_playouts``), then a cProfile summary of the hottest functions.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import cattable
from cattable.analysis.throughput import profile_playouts, random_playouts


def cpu_playouts(players: int, games: int, seed: int = 0) -> tuple[int, float]:
    """The same random playouts timed in CPU seconds of this process (steady on a shared, busy machine)."""
    game = cattable.game("attack")
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for k in range(games):
        state = game.new(players=players, seed=seed + k)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile-seconds", type=float, default=5.0)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    game = cattable.game("attack")
    random_playouts(game, args.players, seconds=1.0, seed=10_000)  # warm the move memo
    result = random_playouts(game, args.players, seconds=args.seconds)
    print(json.dumps(result.to_json()))
    print(
        f"{result.actions_per_second:,.0f} actions/s, {result.games_per_second:,.2f} games/s, "
        f"{result.actions / max(result.games, 1):,.0f} actions per game"
    )
    actions, cpu = cpu_playouts(args.players, result.games)
    print(f"CPU time: {actions / cpu:,.0f} actions/s, {result.games / cpu:,.2f} games/s over {result.games} games")
    if args.no_profile:
        return
    print(profile_playouts(game, args.players, seconds=args.profile_seconds))


if __name__ == "__main__":
    main()
