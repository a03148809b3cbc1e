"""Cat Attack random-playout throughput on one core, against OpenSpiel's C++ backgammon in the same run.

    .venv/bin/python benchmarks/bench_attack.py [--seconds 10] [--players 4] [--json] [--profile]

Both games are played with uniformly random legal actions chosen by Python's ``random``: Cat Attack
through the public API (``cattable.analysis.throughput.random_playouts``, after a one-second warm-up
that fills the move memo), backgammon through ``pyspiel`` with each chance outcome sampled from
``state.chance_outcomes()``. An *action* is a player's decision: backgammon's dice rolls (chance nodes)
are not counted, just as Cat Attack's dice never appear as actions. The machine is shared and noisy, so
the figure that counts is the ratio, measured in one run. ``--profile`` adds a cProfile summary.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass
from typing import Any

import cattable
from cattable.analysis.throughput import profile_playouts, random_playouts


@dataclass(frozen=True)
class Anchor:
    """Random backgammon playouts: player actions, chance outcomes (dice, counted apart), games and
    wall-clock seconds."""

    actions: int
    chance: int
    games: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def backgammon_playouts(seconds: float, seed: int = 0) -> Anchor:
    """OpenSpiel's C++ backgammon played at random from Python until ``seconds`` have passed."""
    import pyspiel  # the anchor only: an optional dependency (the dev extras)

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    games = actions = chance = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
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
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Anchor(actions, chance, games, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per game measured")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true", help="print one JSON object and nothing else")
    parser.add_argument("--profile", action="store_true", help="add a cProfile summary of Cat Attack playouts")
    parser.add_argument("--profile-seconds", type=float, default=5.0)
    args = parser.parse_args()

    game = cattable.game("attack")
    random_playouts(game, args.players, seconds=1.0, seed=10_000)  # warm the move memo
    attack = random_playouts(game, args.players, seconds=args.seconds)
    anchor = backgammon_playouts(args.seconds)
    ratio = attack.actions_per_second / anchor.actions_per_second
    report: dict[str, Any] = {
        "attack": attack.to_json(),
        "backgammon": {
            "games": anchor.games,
            "actions": anchor.actions,
            "chance_outcomes": anchor.chance,
            "seconds": round(anchor.seconds, 3),
            "actions_per_second": round(anchor.actions_per_second, 1),
        },
        "ratio": round(ratio, 3),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"Cat Attack ({args.players} players): {attack.actions_per_second:,.0f} actions/s, "
            f"{attack.games_per_second:,.2f} games/s, {attack.actions / max(attack.games, 1):,.0f} actions a game"
        )
        print(f"backgammon (OpenSpiel C++): {anchor.actions_per_second:,.0f} actions/s")
        print(f"ratio: {ratio:.2f}x backgammon")
    if args.profile:
        print(profile_playouts(game, args.players, seconds=args.profile_seconds))


if __name__ == "__main__":
    main()
