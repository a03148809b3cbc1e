"""Round-robin tournaments between agents: every pairing, seats rotated, a win-rate matrix and Elo.

In a game of P seats between agents A and B, the seats alternate A, B, A, ... starting from a seat that
rotates with the game number, so neither agent keeps the first seat. A game scores 1 for the agent whose
seats hold all the winners, 0 for the other, and 0.5 when both or neither have winners.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cattable.agents import make_agent
from cattable.core import game as get_game

from .playout import play_out
from .ratings import elo_with_intervals, wilson


@dataclass(frozen=True)
class Match:
    a: int
    b: int
    seed: int
    score: float  # for agent a
    actions: int


def seating(players: int, game_index: int) -> list[int]:
    """Which side (0 = A, 1 = B) sits in each seat for game number ``game_index``."""
    return [(seat + game_index) % 2 for seat in range(players)]


def play_match(
    name: str, players: int, agents: tuple[str, str], a: int, b: int, k: int, seed: int, options: dict[str, Any]
) -> Match:
    game = get_game(name)
    sides = seating(players, k)
    seats = [make_agent(agents[side], game, seed=seed * 7 + s) for s, side in enumerate(sides)]
    state = play_out(game.new(players=players, seed=seed, **options), seats)
    winners = state.result().winners
    a_won = any(sides[w] == 0 for w in winners)
    b_won = any(sides[w] == 1 for w in winners)
    score = 0.5 if a_won == b_won else (1.0 if a_won else 0.0)
    return Match(a, b, seed, score, len(state.history))


def _job(args: tuple[str, int, tuple[str, str], int, int, int, int, dict[str, Any]]) -> Match:
    return play_match(*args)


def run_tournament(
    name: str,
    agents: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Match]:
    game = get_game(name)
    if game.is_cooperative(options):
        raise ValueError(f"{name} is cooperative with these options: use `cattable simulate` for the team's win rate")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    opts = dict(options or {})
    game.new(players=players, seed=seed, **opts)
    for spec in agents:
        make_agent(spec, game)
    jobs = [
        (name, players, (agents[i], agents[j]), i, j, k, seed + k, opts)
        for i, j in itertools.combinations(range(len(agents)), 2)
        for k in range(games)
    ]
    out: list[Match] = []
    if workers <= 1:
        for job in jobs:
            out.append(_job(job))
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for match in pool.map(_job, jobs, chunksize=4):
                out.append(match)
                if progress:
                    progress(1)
    return out


def summarise(
    name: str, agents: Sequence[str], players: int, matches: Sequence[Match], seed: int = 0
) -> dict[str, Any]:
    n = len(agents)
    score = [[0.0] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    for m in matches:
        score[m.a][m.b] += m.score
        score[m.b][m.a] += 1.0 - m.score
        count[m.a][m.b] += 1
        count[m.b][m.a] += 1
    matrix = []
    for i in range(n):
        row: list[dict[str, float] | None] = []
        for j in range(n):
            if i == j or count[i][j] == 0:
                row.append(None)
                continue
            low, high = wilson(score[i][j], count[i][j])
            row.append(
                {
                    "win_rate": round(score[i][j] / count[i][j], 4),
                    "low": round(low, 4),
                    "high": round(high, 4),
                    "games": count[i][j],
                }
            )
        matrix.append(row)
    elo = elo_with_intervals(n, [(m.a, m.b, m.score) for m in matches])
    return {
        "game": name,
        "players": players,
        "agents": list(agents),
        "games_per_pairing": max((c for row in count for c in row), default=0),
        "matrix": matrix,
        "elo": {agents[i]: elo[i] for i in range(n)},
    }
