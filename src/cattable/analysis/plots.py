"""Plots of simulation results that a person can read at a glance (PNG, no screen needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from .simulate import GameSummary


def plot_simulation(summary: dict[str, Any], results: Sequence[GameSummary], out: str | Path) -> Path:
    """Win rate by seat (left) and the distribution of game length (right)."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    seats = summary["seats"]
    labels = [f"seat {r['seat']}\n{r['agent']}" for r in seats]
    rates = [100 * r["win_rate"] for r in seats]
    bars = left.bar(labels, rates, color="#4c78a8")
    left.bar_label(bars, fmt="%.1f%%")
    left.set_ylabel("games won (%)")
    title = f"{summary['game']}: {summary['games']} games, {summary['players']} players"
    if "team_win_rate" in summary:
        title += f" (team won {100 * summary['team_win_rate']:.1f}%)"
    left.set_title(title)
    left.set_ylim(0, max([*rates, 1.0]) * 1.2)
    right.hist([r.actions for r in results], bins=30, color="#f58518")
    right.set_xlabel("actions per game")
    right.set_ylabel("games")
    right.set_title("game length")
    fig.tight_layout()
    path = Path(out)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_tournament(summary: dict[str, Any], out: str | Path) -> Path:
    """The win-rate matrix (row agent against column agent) beside Elo ratings with 95% intervals."""
    agents = summary["agents"]
    n = len(agents)
    grid = [[float("nan") if c is None else c["win_rate"] for c in row] for row in summary["matrix"]]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    image = left.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1)
    left.set_xticks(range(n), agents, rotation=30, ha="right")
    left.set_yticks(range(n), agents)
    for i in range(n):
        for j in range(n):
            cell = summary["matrix"][i][j]
            if cell is not None:
                left.text(j, i, f"{100 * cell['win_rate']:.0f}%", ha="center", va="center", fontsize=9)
    left.set_title(f"{summary['game']}: row's score against column")
    fig.colorbar(image, ax=left, fraction=0.046)
    ratings = [summary["elo"][a] for a in agents]
    centre = [r["rating"] for r in ratings]
    errors = [
        [c - r["low"] for c, r in zip(centre, ratings, strict=True)],
        [r["high"] - c for c, r in zip(centre, ratings, strict=True)],
    ]
    # Dots with intervals, not bars: an Elo scale has no zero, and 1500 is only where the fit is centred.
    right.errorbar(centre, range(n), xerr=errors, fmt="o", color="#4c78a8", capsize=4)
    for i, c in enumerate(centre):
        right.annotate(f"{c:.0f}", (c, i), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=9)
    right.set_yticks(range(n), agents)
    right.set_ylim(n - 0.5, -0.5)
    right.axvline(1500, color="grey", lw=0.8, ls=":")
    right.set_xlabel("Elo, centred on 1500 (dots: fit; lines: 95% interval)")
    right.set_title(f"{summary['games_per_pairing']} games per pairing, {summary['players']} players")
    fig.tight_layout()
    path = Path(out)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_sweep(summaries: Sequence[dict[str, Any]], option: str, out: str | Path) -> Path:
    """Simulation summaries that differ in one option, side by side: the win rate (the team's, in a
    cooperative game, else seat 0's) and every mean figure the game reports, against the option's value."""
    labels = [str(s["options"].get(option, "?")) for s in summaries]
    rates = [100 * s.get("team_win_rate", s["seats"][0]["win_rate"]) for s in summaries]
    keys = sorted({k for s in summaries for k in s.get("details", {})})
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    bars = left.bar(labels, rates, color="#54a24b")
    left.bar_label(bars, fmt="%.0f%%")
    left.set_ylim(0, 110)
    left.set_xlabel(option)
    left.set_ylabel("team win rate (%)" if "team_win_rate" in summaries[0] else "seat 0 win rate (%)")
    games = ", ".join(str(s["games"]) for s in summaries)
    left.set_title(f"{summaries[0]['game']}, {summaries[0]['players']} players ({games} games)")
    width = 0.8 / max(len(keys), 1)
    for k, key in enumerate(keys):
        values = [s.get("details", {}).get(key, float("nan")) for s in summaries]
        xs = [i + (k - (len(keys) - 1) / 2) * width for i in range(len(summaries))]
        right.bar(xs, values, width=width, label=key)
    right.set_xticks(range(len(labels)), labels)
    right.set_xlabel(option)
    right.set_title("means per game")
    if keys:
        right.legend(fontsize=8)
    fig.tight_layout()
    path = Path(out)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
