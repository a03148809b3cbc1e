"""Cat Cafe random-playout throughput on one core, and where the time goes.

    .venv/bin/python benchmarks/bench_cafe.py [--players 3] [--seconds 10] [--profile-games 300]

Prints actions/s and games/s from ``cattable.analysis.throughput.random_playouts`` (the public API: the
same loop ``cattable bench`` runs), then a cProfile summary of a batch of the same playouts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random

import cattable
from cattable.analysis.throughput import random_playouts


def playouts(players: int, games: int) -> int:
    """The same loop as ``random_playouts``, for the profiler: uniformly random games to the end."""
    game = cattable.game("cafe")
    rng = random.Random(0)
    actions = 0
    for seed in range(games):
        state = game.new(players=players, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--profile-games", type=int, default=300)
    args = parser.parse_args()

    game = cattable.game("cafe")
    random_playouts(game, args.players, seconds=1.0)  # warm up
    result = random_playouts(game, args.players, seconds=args.seconds)
    print(json.dumps(result.to_json()))
    print(f"{result.actions / result.games:.1f} actions per game")

    profiler = cProfile.Profile()
    profiler.enable()
    playouts(args.players, args.profile_games)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(14)
    print(out.getvalue())


if __name__ == "__main__":
    main()
