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
