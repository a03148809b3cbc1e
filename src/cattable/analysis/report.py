"""``cattable report``: simulate a grid of batches (player counts x option values) and write what a
designer asks of them to a folder: ``index.html`` with PNG plots, ``stats.json`` with every figure, and
``games.parquet`` with every game, from which ``--from-parquet`` writes the same report again.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cattable.core import game as get_game
from cattable.core.registry import descriptor

from . import report_plots as plots
from .parquet import write_games
from .report_html import page
from .report_stats import Batch, report_stats
from .simulate import simulate


def option_grid(options: dict[str, str]) -> list[dict[str, str]]:
    """``{"steadiness": "steady,shaky", "edition": "fr"}`` -> one options dict per combination of values."""
    keys = sorted(options)
    values = [[v.strip() for v in options[k].split(",") if v.strip()] or [""] for k in keys]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]


def report_agent(name: str) -> str:
    """Who plays a report's games unless told: the game's heuristic where it has one (random players
    say little about how people play: Cat Attack's own default is random), else its default agent."""
    if descriptor(name).heuristic.declared:
        return "heuristic"
    return get_game(name).default_agent


def run_batches(
    name: str,
    games: int,
    players: Sequence[int],
    agents: Sequence[str] | None = None,
    options: dict[str, str] | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "processes",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    with_actions: bool = False,
) -> list[Batch]:
    """Play ``games`` games for every player count and every combination of option values; each batch
    uses the seeds ``seed`` .. ``seed + games - 1``, so batches differ only in what was varied."""
    game = get_game(name)
    agent_names = tuple(agents) if agents else (report_agent(name),)
    grid = option_grid(options or {})
    for n in players:  # every cell checked before the first game is played
        for opts in grid:
            game.new(players=n, seed=seed, **opts)
    batches = []
    for n in players:
        for opts in grid:
            results = simulate(
                name,
                games,
                n,
                agent_names,
                seed=seed,
                workers=workers,
                options=opts,
                progress=progress,
                backend=backend,
                address=address,
                with_actions=with_actions,
            )
            batches.append(Batch(name, n, agent_names, opts, results))
    return batches


def write_report(
    batches: Sequence[Batch],
    out: str | Path,
    command: str = "",
    parquet: str | Path | None = "games.parquet",
    with_actions: bool = False,
    source: Path | None = None,
) -> dict[str, Any]:
    """Write the report of ``batches`` into the folder ``out`` (created); returns the figures.

    ``parquet`` is where the games go (relative to ``out``; None: nowhere, as when they came from
    ``source``, a games file the page then links to)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    stats = report_stats(batches)
    stats["command"] = command
    pictures: dict[str, Path | None] = {
        "seats": plots.seats_plot(stats, folder / "seats.png"),
        "first_player": plots.first_player_plot(stats, folder / "first-player.png"),
        "lengths": plots.lengths_plot(batches, folder / "lengths.png"),
        "scores": plots.scores_plot(batches, folder / "scores.png"),
        "tower": plots.tower_plot(stats, batches, folder / "tower.png"),
    }
    for i, b in enumerate(stats["batches"]):
        pictures[f"features{i}"] = plots.features_plot(
            b, f"What goes with winning: {b['label']}", folder / f"features-{i}.png"
        )
        pictures[f"categories{i}"] = plots.categories_plot(b, f"By value: {b['label']}", folder / f"categories-{i}.png")
    files = {k: v.name for k, v in pictures.items() if v is not None}
    written = write_games(folder / parquet, batches, with_actions=with_actions) if parquet is not None else []
    for path in written or ([source] if source is not None else []):
        shown = (
            path.resolve().relative_to(folder.resolve()) if path.resolve().is_relative_to(folder.resolve()) else path
        )
        files["actions" if path.name.endswith(".actions.parquet") else "games"] = str(shown)
    stats["files"] = files
    (folder / "stats.json").write_text(json.dumps(stats, indent=1), encoding="utf-8")
    (folder / "index.html").write_text(page(stats, get_game(stats["game"]).title), encoding="utf-8")
    return stats
