"""Many seeded games across a process pool, summarised: win rates by seat, scores, game length.

Each game ``i`` uses seed ``seed + i`` and agents seeded from it, so a batch is reproducible whatever
the number of workers.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cattable.agents import make_agent
from cattable.core import game as get_game

from .features import game_features
from .playout import play_out


@dataclass(frozen=True)
class GameSummary:
    """What one finished game contributes to a batch (small, so it crosses process boundaries cheaply)."""

    seed: int
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    team_win: bool | None
    actions: int
    details: dict[str, Any] = field(default_factory=dict)
    features: dict[str, Any] = field(default_factory=dict)
    """What a designer asks of the game (``features.game_features``): first player, cards, items, map."""
    moves: tuple[tuple[int, str], ...] | None = None
    """Each action's seat and text, when asked for (``with_actions``): the per-action Parquet rows."""


def run_one(
    name: str, players: int, seed: int, agents: Sequence[str], options: dict[str, Any], with_actions: bool = False
) -> GameSummary:
    game = get_game(name)
    seats = [make_agent(agents[s % len(agents)], game, seed=seed * 101 + s, imports=True) for s in range(players)]
    actors: list[int] = []
    state = play_out(game.new(players=players, seed=seed, **options), seats, actors=actors)
    result = state.result()
    moves = tuple(zip(actors, (a.text() for a in state.history), strict=True)) if with_actions else None
    features = game_features(state, actors)
    return GameSummary(
        seed, result.winners, result.scores, result.team_win, len(state.history), result.details, features, moves
    )


def _run_chunk(args: tuple[str, int, list[int], list[str], dict[str, Any], bool]) -> list[GameSummary]:
    name, players, seeds, agents, options, with_actions = args
    return [run_one(name, players, s, agents, options, with_actions) for s in seeds]


def simulate(
    name: str,
    games: int,
    players: int,
    agents: Sequence[str] | None = None,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "processes",
    address: str | None = None,
    with_actions: bool = False,
) -> list[GameSummary]:
    """Play ``games`` games; ``progress(k)`` is called as each chunk of k games finishes.

    ``backend`` is ``processes`` (a local pool of ``workers``) or ``ray`` (a Ray cluster at ``address``,
    or a local one started for the run): the same chunks, the same seeds, the same results.
    ``with_actions`` keeps each action's seat and text in the summaries (for per-action Parquet rows).
    """
    game = get_game(name)
    agent_names = list(agents) if agents else [game.default_agent]
    opts = dict(options or {})
    game.new(players=players, seed=seed, **opts)  # validate once, here, with a clear error
    for spec in agent_names:
        make_agent(spec, game, imports=True)
    seeds = [seed + i for i in range(games)]
    chunk = max(1, min(25, games // (workers * 8) or 1))
    jobs = [(name, players, seeds[i : i + chunk], agent_names, opts, with_actions) for i in range(0, games, chunk)]
    out: list[GameSummary] = []
    if backend == "ray":
        from .ray_backend import run_chunks_on_ray

        for part in run_chunks_on_ray(_run_chunk, jobs, workers, address):
            out.extend(part)
            if progress:
                progress(len(part))
        out.sort(key=lambda r: r.seed)
        return out
    if backend != "processes":
        raise ValueError(f"unknown backend {backend!r}; allowed: processes, ray")
    if workers <= 1:
        for job in jobs:
            part = _run_chunk(job)
            out.extend(part)
            if progress:
                progress(len(part))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(_run_chunk, jobs):
                out.extend(part)
                if progress:
                    progress(len(part))
    return out


def summarise(name: str, players: int, agents: Sequence[str], results: Sequence[GameSummary]) -> dict[str, Any]:
    """Win rates by seat (a shared win counts for each winner), mean scores, and game lengths."""
    n = len(results)
    wins = [0] * players
    draws = 0
    team_wins = 0
    for r in results:
        for w in r.winners:
            wins[w] += 1
        if not r.winners and r.team_win is None:
            draws += 1
        team_wins += bool(r.team_win)
    lengths = [r.actions for r in results]
    scored = [r.scores for r in results if r.scores is not None]
    seats = []
    for s in range(players):
        row: dict[str, Any] = {"seat": s, "agent": agents[s % len(agents)], "wins": wins[s]}
        row["win_rate"] = wins[s] / n if n else 0.0
        if scored:
            values = [sc[s] for sc in scored if len(sc) > s]
            row["mean_score"] = statistics.fmean(values) if values else None
        seats.append(row)
    summary: dict[str, Any] = {
        "game": name,
        "games": n,
        "players": players,
        "seats": seats,
        "draws": draws,
        "length": {
            "mean": statistics.fmean(lengths) if lengths else 0.0,
            "median": statistics.median(lengths) if lengths else 0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
    }
    if any(r.team_win is not None for r in results):  # played as a team (the tower's competitive variant is not)
        summary["team_win_rate"] = team_wins / n if n else 0.0
    summary["details"] = mean_details(results)
    return summary


def mean_details(results: Sequence[GameSummary]) -> dict[str, float]:
    """The mean of every numeric figure a game reports in ``result().details`` (floors reached, say)."""
    sums: dict[str, list[float]] = {}
    for r in results:
        for key, value in r.details.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                sums.setdefault(key, []).append(float(value))
    return {key: round(statistics.fmean(values), 3) for key, values in sorted(sums.items())}


def _detail(key: str) -> Callable[[dict[str, Any]], Any]:
    return lambda summary: summary["details"][key]


def merge_summaries(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One summary from batches of the same game, players, agents and options run with other seeds
    (a batch extended later): counts add up, rates and means are weighted by games; the median of the
    game length cannot be merged and is dropped."""
    first = parts[0]
    for p in parts[1:]:
        if (p["game"], p["players"], p.get("options")) != (first["game"], first["players"], first.get("options")):
            raise ValueError("only batches of the same game, players and options can be merged")
    n = sum(p["games"] for p in parts)

    def weighted(get: Callable[[dict[str, Any]], Any]) -> float:
        return float(sum(float(get(p)) * p["games"] for p in parts) / n)

    seats = []
    for s, row in enumerate(first["seats"]):
        wins = sum(p["seats"][s]["wins"] for p in parts)
        seats.append({**row, "wins": wins, "win_rate": wins / n})
    merged: dict[str, Any] = {
        **first,
        "games": n,
        "seats": seats,
        "draws": sum(p["draws"] for p in parts),
        "length": {
            "mean": weighted(lambda p: p["length"]["mean"]),
            "min": min(p["length"]["min"] for p in parts),
            "max": max(p["length"]["max"] for p in parts),
        },
        "seeds": [p.get("seed") for p in parts],
        "details": {k: round(weighted(_detail(k)), 3) for k in first.get("details", {})},
    }
    if "team_win_rate" in first:
        merged["team_win_rate"] = weighted(lambda p: p["team_win_rate"])
    merged.pop("plot", None)
    return merged
