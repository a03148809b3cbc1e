"""Elo ratings from pairwise results (a Bradley-Terry fit), with bootstrap confidence intervals."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Game = tuple[int, int, float]
"""(agent a, agent b, a's score: 1 win, 0.5 draw, 0 loss)."""


def fit_elo(n_agents: int, games: Sequence[Game], iterations: int = 200, prior: float = 0.5) -> list[float]:
    """Maximum-likelihood Bradley-Terry strengths by the MM algorithm, as Elo points centred on 1500.

    ``prior`` adds that many virtual draws against a 1500 anchor for every agent, so an agent that won
    (or lost) every game still gets a finite rating.
    """
    wins = [prior] * n_agents
    pair_counts: dict[tuple[int, int], float] = {}
    for a, b, score in games:
        wins[a] += score
        wins[b] += 1.0 - score
        key = (min(a, b), max(a, b))
        pair_counts[key] = pair_counts.get(key, 0.0) + 1.0
    strength = [1.0] * n_agents
    for _ in range(iterations):
        new = []
        for i in range(n_agents):
            denom = 2 * prior / (strength[i] + 1.0)
            for (a, b), count in pair_counts.items():
                if i in (a, b):
                    other = b if i == a else a
                    denom += count / (strength[i] + strength[other])
            new.append(wins[i] / denom if denom > 0 else strength[i])
        mean_log = sum(math.log(s) for s in new) / n_agents
        strength = [s / math.exp(mean_log) for s in new]
    return [1500.0 + 400.0 * math.log10(s) for s in strength]


def elo_with_intervals(
    n_agents: int, games: Sequence[Game], resamples: int = 200, seed: int = 0, level: float = 0.95
) -> list[dict[str, float]]:
    """Each agent's rating and a bootstrap interval (games resampled with replacement)."""
    point = fit_elo(n_agents, games)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(n_agents)]
    for _ in range(resamples):
        drawn = [games[rng.randrange(len(games))] for _ in games]
        for i, r in enumerate(fit_elo(n_agents, drawn, iterations=60)):
            samples[i].append(r)
    lo_q, hi_q = (1 - level) / 2, 1 - (1 - level) / 2
    out = []
    for i in range(n_agents):
        s = sorted(samples[i])
        out.append(
            {
                "rating": round(point[i], 1),
                "low": round(s[int(lo_q * (len(s) - 1))], 1) if s else point[i],
                "high": round(s[int(hi_q * (len(s) - 1))], 1) if s else point[i],
            }
        )
    return out


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson score interval for a win rate (draws count as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))
