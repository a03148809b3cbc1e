"""The report's PNG plots (matplotlib, no screen): every rate drawn with its 95% interval, every
distribution whole, so a designer sees at a glance what is fair, long or decisive."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from .report_stats import Batch

BLUE, ORANGE, GREEN, GREY = "#4c78a8", "#f58518", "#54a24b", "#888888"


def _save(fig: Any, out: Path) -> Path:
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _bins(values: Sequence[float], most: int = 40) -> Any:
    """Histogram bins on whole numbers where the values are whole (else ``most`` even bins): bins that
    straddle integers unevenly draw a comb that is not in the data."""
    if not values or any(float(v) != int(v) for v in values):
        return most
    low, high = int(min(values)), int(max(values))
    step = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + step * i for i in range((high - low) // step + 2)]


def _interval(rows: Sequence[dict[str, Any]]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars, in percent, from rate rows with ``low`` and ``high``."""
    return [
        [max(0.0, 100 * (r["rate"] - r["low"])) for r in rows],
        [max(0.0, 100 * (r["high"] - r["rate"])) for r in rows],
    ]


def seats_plot(stats: dict[str, Any], out: Path) -> Path:
    """Each batch's win rate by seat with intervals, against the fair share (dashed)."""
    batches = stats["batches"]
    fig, axes = plt.subplots(1, len(batches), figsize=(3.2 * len(batches) + 1.5, 3.6), squeeze=False, sharey=True)
    for ax, b in zip(axes[0], batches, strict=True):
        rows = b["seats"]
        xs = [f"seat {r['seat']}" for r in rows]
        ax.bar(xs, [100 * r["rate"] for r in rows], yerr=_interval(rows), capsize=4, color=BLUE)
        ax.axhline(100 * rows[0]["fair"], color=GREY, ls="--", lw=1)
        if b["team"] is not None:
            ax.axhline(100 * b["team"]["rate"], color=GREEN, lw=1.5, label="team")
            ax.legend(fontsize=8)
        ax.set_title(b["label"], fontsize=9)
        ax.tick_params(axis="x", labelsize=8)
    axes[0][0].set_ylabel("games won (%), 95% interval")
    fig.suptitle(f"{stats['game']}: win rate by seat (dashed: fair share)", fontsize=10)
    return _save(fig, out)


def first_player_plot(stats: dict[str, Any], out: Path) -> Path | None:
    """The first player's win rate over its fair share in each batch (1: no advantage)."""
    rows = [(b["label"], b["first_player"]) for b in stats["batches"] if b["first_player"] is not None]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(rows) + 1.6))
    ys = range(len(rows))
    ratios = [r["ratio"] for _, r in rows]
    err = [
        [max(0.0, r["ratio"] - r["ratio_low"]) for _, r in rows],
        [max(0.0, r["ratio_high"] - r["ratio"]) for _, r in rows],
    ]
    ax.errorbar(ratios, ys, xerr=err, fmt="o", color=ORANGE, capsize=4)
    for y, (_, r) in zip(ys, rows, strict=True):
        ax.annotate(
            f"{100 * r['rate']:.1f}% (fair {100 * r['fair']:.0f}%)",
            (r["ratio"], y),
            xytext=(0, 7),
            textcoords="offset points",
            ha="center",
            fontsize=8,
        )
    ax.axvline(1.0, color=GREY, ls="--", lw=1)
    ax.set_yticks(list(ys), [label for label, _ in rows], fontsize=8)
    ax.set_ylim(len(rows) - 0.5, -0.7)
    ax.set_xlabel("first player's win rate / fair share (1 = no advantage), 95% interval")
    ax.set_title(f"{stats['game']}: first-player advantage", fontsize=10)
    return _save(fig, out)


def lengths_plot(batches: Sequence[Batch], out: Path) -> Path:
    """Game length in actions (and rounds or turns, where the game counts them), one curve per batch."""
    key = next((k for k in ("rounds", "turns") if any(k in r.details for b in batches for r in b.results)), None)
    fig, axes = plt.subplots(1, 2 if key else 1, figsize=(11 if key else 6, 3.6), squeeze=False)
    for b in batches:
        actions = [r.actions for r in b.results]
        axes[0][0].hist(actions, bins=_bins(actions), histtype="step", lw=1.5, label=b.label)
        if key:
            values = [r.details[key] for r in b.results if key in r.details]
            axes[0][1].hist(values, bins=_bins(values), histtype="step", lw=1.5, label=b.label)
    axes[0][0].set_xlabel("actions per game")
    axes[0][0].set_ylabel("games")
    axes[0][0].legend(fontsize=7)
    if key:
        axes[0][1].set_xlabel(f"{key} per game")
        axes[0][1].set_title(f"{key}", fontsize=9)
    axes[0][0].set_title("game length", fontsize=9)
    return _save(fig, out)


def scores_plot(batches: Sequence[Batch], out: Path) -> Path | None:
    """Scores by seat (boxes) and the winner's margin over the runner-up, per batch."""
    scored = [b for b in batches if any(r.scores for r in b.results)]
    if not scored:
        return None
    fig, axes = plt.subplots(2, len(scored), figsize=(3.4 * len(scored) + 1.5, 6.4), squeeze=False)
    for i, b in enumerate(scored):
        by_seat = [[r.scores[s] for r in b.results if r.scores] for s in range(b.players)]
        axes[0][i].boxplot(by_seat, showfliers=False)
        axes[0][i].set_xticks(range(1, b.players + 1), [f"seat {s}" for s in range(b.players)], fontsize=8)
        axes[0][i].set_title(b.label, fontsize=9)
        margins = [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in b.results if r.scores and len(r.scores) > 1]
        if margins:
            axes[1][i].hist(margins, bins=_bins(margins), color=ORANGE)
        axes[1][i].set_xlabel("winner's margin over the runner-up", fontsize=8)
    axes[0][0].set_ylabel("score")
    axes[1][0].set_ylabel("games")
    return _save(fig, out)


def features_plot(batch: dict[str, Any], title: str, out: Path) -> Path | None:
    """For the features most linked with winning: the win rate above the feature's median (dot) and at or
    below it (ring), with intervals. Far apart: the feature goes with winning (or losing)."""
    rows = batch["features"]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(8, 0.38 * len(rows) + 1.6))
    ys = list(range(len(rows)))
    above = [r["above"] for r in rows]
    below = [r["at_or_below"] for r in rows]
    ax.errorbar(
        [100 * r["rate"] for r in above],
        [y - 0.15 for y in ys],
        xerr=_interval(above),
        fmt="o",
        color=BLUE,
        capsize=3,
        label="above its median",
    )
    ax.errorbar(
        [100 * r["rate"] for r in below],
        [y + 0.15 for y in ys],
        xerr=_interval(below),
        fmt="o",
        mfc="white",
        color=ORANGE,
        capsize=3,
        label="at or below",
    )
    labels = [f"{r.get('name', r['feature'])} (r={r['r']:+.2f}, median {r['median']:.3g})" for r in rows]
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_ylim(len(rows) - 0.5, -0.7)
    ax.set_xlabel("win rate (%), 95% interval")
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title, fontsize=10)
    return _save(fig, out)


def categories_plot(batch: dict[str, Any], title: str, out: Path) -> Path | None:
    """Win rate by each value of the text features that take more than one value (map, steadiness)."""
    shown = {k: v for k, v in batch["categories"].items() if len(v) > 1}
    if not shown:
        return None
    fig, axes = plt.subplots(1, len(shown), figsize=(3.6 * len(shown) + 1, 3.4), squeeze=False)
    for ax, (key, rows) in zip(axes[0], shown.items(), strict=True):
        ax.bar(
            [r["value"] for r in rows], [100 * r["rate"] for r in rows], yerr=_interval(rows), capsize=4, color=GREEN
        )
        ax.set_title(key, fontsize=9)
        ax.tick_params(axis="x", labelsize=7, rotation=20)
    who = "team" if batch["team"] is not None else "first player"
    axes[0][0].set_ylabel(f"{who} won (%), 95% interval")
    fig.suptitle(title, fontsize=10)
    return _save(fig, out)


def tower_plot(stats: dict[str, Any], batches: Sequence[Batch], out: Path) -> Path | None:
    """The tower: the team's win rate at each steadiness, and Toto's floor at the end (boxes)."""
    rows = stats.get("tower_by_steadiness") or []
    if not rows:
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8))
    levels = [r["steadiness"] for r in rows]
    teams = [r["team"] for r in rows]
    left.bar(levels, [100 * t["rate"] for t in teams], yerr=_interval(teams), capsize=4, color=GREEN)
    left.set_ylabel("team won (%), 95% interval")
    left.set_title("the team's win rate by steadiness", fontsize=9)
    floors = []
    for level in levels:
        games = [r for b in batches for r in b.results if r.features.get("game", {}).get("steadiness") == level]
        floors.append([r.features["game"].get("toto_floor", 0.0) for r in games])
    right.boxplot(floors, showfliers=True)
    right.set_xticks(range(1, len(levels) + 1), levels)
    right.set_ylabel("Toto's floor at the end")
    right.set_title("Toto's floor by steadiness", fontsize=9)
    return _save(fig, out)
