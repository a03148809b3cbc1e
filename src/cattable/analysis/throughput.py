"""Random-playout throughput on one core: the figure every rules engine is held to."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from cattable.core import Game


@dataclass(frozen=True)
class Throughput:
    game: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions_per_second, 1),
            "games_per_second": round(self.games_per_second, 2),
        }


def random_playouts(game: Game, players: int, seconds: float = 5.0, seed: int = 0, **options: Any) -> Throughput:
    """Play uniformly random games, through the public API, until ``seconds`` have passed."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new(players=players, seed=seed + games, **options)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Throughput(game.name, players, games, actions, time.perf_counter() - start)


def profile_playouts(game: Game, players: int, seconds: float = 5.0, top: int = 15, seed: int = 1) -> str:
    """Where random playouts spend their time: a cProfile table of the ``top`` functions by own time."""
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    random_playouts(game, players, seconds=seconds, seed=seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()
