"""A ladder: one agent against the reference bots (random, the heuristic, the search levels), with Elo.

The agent plays every rung; the rungs also play their neighbours on the ladder (random against the
heuristic, the heuristic against mcts:easy, ...), so the Bradley-Terry fit (``ratings.py``) places the
rungs on one scale from games between them, not only through the agent. Games are a tournament's
(``tournament.py``): game k of a pairing on seed ``seed + k``, seats rotated, a shared result 0.5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .tournament import Match, run_tournament, summarise

LEVELS = ("random", "heuristic", "mcts:easy", "mcts:medium", "mcts:hard")
"""The rungs, weakest first (docs/BOTS.md)."""
ANCHORS = ("adjacent", "none")


def ladder_pairs(rungs: int, anchors: str = "adjacent") -> list[tuple[int, int]]:
    """Agent 0 against every rung 1..rungs, and with ``adjacent`` each rung against the next."""
    if anchors not in ANCHORS:
        raise ValueError(f"anchors must be one of {', '.join(ANCHORS)}, not {anchors!r}")
    pairs = [(0, r) for r in range(1, rungs + 1)]
    if anchors == "adjacent":
        pairs += [(r, r + 1) for r in range(1, rungs)]
    return pairs


def run_ladder(
    name: str,
    agent: str,
    games: int,
    players: int = 2,
    levels: Sequence[str] = LEVELS,
    anchors: str = "adjacent",
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    log: Path | None = None,
) -> dict[str, Any]:
    """Play the ladder and summarise it: the tournament's matrix and Elo, and ``rungs``, one row per level
    with the agent's score against it (Wilson 95%) and the level's rating."""
    if agent in levels:
        raise ValueError(f"{agent} is a rung of the ladder already; name another agent")
    agents = [agent, *levels]
    pairs = ladder_pairs(len(levels), anchors)
    matches: list[Match] = run_tournament(
        name, agents, games, players, seed=seed, workers=workers, options=options, progress=progress, log=log,
        pairs=pairs,
    )  # fmt: skip
    summary = summarise(name, agents, players, matches, seed=seed)
    summary.update(seed=seed, agent=agent, levels=list(levels), anchors=anchors, pairings=len(pairs))
    summary["rungs"] = [
        {"level": level, "score": summary["matrix"][0][r], "elo": summary["elo"][level]}
        for r, level in enumerate(levels, start=1)
    ]
    summary["verdict"] = verdict(summary)
    return summary


def verdict(summary: dict[str, Any]) -> str:
    """One sentence: where the agent stands, by its score against each rung (beyond chance or not)."""
    agent = summary["agent"]
    above, below, even = [], [], []
    for rung in summary["rungs"]:
        cell = rung["score"]
        if cell is None:
            continue
        if cell["low"] > 0.5:
            above.append(rung["level"])
        elif cell["high"] < 0.5:
            below.append(rung["level"])
        else:
            even.append(rung["level"])
    parts = []
    if above:
        parts.append(f"beats {', '.join(above)}")
    if even:
        parts.append(f"is not told apart from {', '.join(even)} at these game counts (the interval holds 50%)")
    if below:
        parts.append(f"loses to {', '.join(below)}")
    elo = summary["elo"][agent]
    return f"{agent} " + "; ".join(parts) + f". Elo {elo['rating']:.0f} [{elo['low']:.0f}, {elo['high']:.0f}]."


def plot_ladder(summary: dict[str, Any], out: str | Path) -> Path:
    """Left: the agent's score against each rung with its interval; right: every agent's Elo."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rungs = [r for r in summary["rungs"] if r["score"] is not None]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.5 * max(len(rungs), 3) + 2.2))
    ys = range(len(rungs))
    rates = [100 * r["score"]["win_rate"] for r in rungs]
    err = [
        [100 * (r["score"]["win_rate"] - r["score"]["low"]) for r in rungs],
        [100 * (r["score"]["high"] - r["score"]["win_rate"]) for r in rungs],
    ]
    left.errorbar(rates, ys, xerr=err, fmt="o", color="#4c78a8", capsize=4)
    for y, x in zip(ys, rates, strict=True):
        left.annotate(f"{x:.0f}%", (x, y), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=9)
    left.axvline(50, color="grey", ls="--", lw=1)
    left.set_xlim(-2, 102)
    left.set_yticks(list(ys), [r["level"] for r in rungs])
    left.set_ylim(len(rungs) - 0.5, -0.5)
    left.set_xlabel("the agent's score against the rung (%; 95% Wilson interval)")
    left.set_title(f"{summary['game']}: {summary['games_per_pairing']} games per pairing, {summary['players']} players")
    names = [summary["agent"], *summary["levels"]]
    elo = [summary["elo"][a] for a in names]
    centre = [e["rating"] for e in elo]
    errors = [
        [c - e["low"] for c, e in zip(centre, elo, strict=True)],
        [e["high"] - c for c, e in zip(centre, elo, strict=True)],
    ]
    colours = ["#f58518"] + ["#4c78a8"] * len(summary["levels"])
    for i, (c, lo, hi) in enumerate(zip(centre, errors[0], errors[1], strict=True)):
        right.errorbar([c], [i], xerr=[[lo], [hi]], fmt="o", color=colours[i], capsize=4)
        right.annotate(f"{c:.0f}", (c, i), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=9)
    right.set_yticks(range(len(names)), names)
    right.set_ylim(len(names) - 0.5, -0.5)
    right.axvline(1500, color="grey", lw=0.8, ls=":")
    right.set_xlabel("Elo, centred on 1500 (dots: fit; lines: 95% interval)")
    right.set_title("the agent (orange) among the rungs", fontsize=10)
    fig.suptitle(f"the ladder of {summary['agent']}", fontsize=10)
    fig.tight_layout()
    path = Path(out)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
