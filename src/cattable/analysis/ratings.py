"""Elo ratings from pairwise results (a Bradley-Terry fit), with confidence intervals from its curvature."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

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


def elo_with_intervals(n_agents: int, games: Sequence[Game], z: float = 1.96) -> list[dict[str, float]]:
    """Each agent's rating and a 95% interval from the curvature of the Bradley-Terry likelihood.

    The curvature (observed information, prior draws included) stays finite even after a clean sweep,
    where a bootstrap would collapse to a zero-width interval; intervals are for the centred ratings.
    """
    ratings = fit_elo(n_agents, games)
    scale = 400.0 / math.log(10.0)
    theta = [(r - 1500.0) / scale for r in ratings]
    info = np.zeros((n_agents, n_agents))
    prior = 0.5
    for i in range(n_agents):  # the prior's virtual draws against a fixed anchor at the mean
        p = 1.0 / (1.0 + math.exp(-theta[i]))
        info[i, i] += 2 * prior * p * (1 - p)
    for a, b, _ in games:
        p = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
        w = p * (1 - p)
        info[a, a] += w
        info[b, b] += w
        info[a, b] -= w
        info[b, a] -= w
    cov = np.linalg.inv(info)
    centre = np.eye(n_agents) - 1.0 / n_agents
    cov = centre @ cov @ centre.T
    out = []
    for i in range(n_agents):
        half = z * scale * math.sqrt(max(float(cov[i, i]), 0.0))
        out.append(
            {"rating": round(ratings[i], 1), "low": round(ratings[i] - half, 1), "high": round(ratings[i] + half, 1)}
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
