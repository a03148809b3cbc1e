"""The team's win rate and the floors reached by Toto, for bot games at several steadiness levels.

    .venv/bin/python benchmarks/tower_team_winrate.py --games 10 --players 3 --levels steady,normal,shaky

Plays through the public API only (``cattable.game``, ``new``, ``legal_actions``, ``view``, ``apply``),
every seat played by the tower's ``HeuristicAgent``, on a pool of 2 worker processes, and saves a plot.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def play(level: str, players: int, seed: int) -> dict[str, Any]:
    """One bot game; returns what the table needs."""
    import cattable
    from cattable.agents import make_agent

    game = cattable.game("tower")
    state = game.new(players=players, seed=seed, steadiness=level)
    agents = [make_agent("heuristic", game, seed=seed * 10 + s) for s in range(players)]
    start = time.perf_counter()
    actions = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        actions += 1
    result = state.result()
    return {
        "level": level,
        "seed": seed,
        "win": bool(result.team_win),
        "toto": result.details["toto_best"],
        "floors": result.details["floors"],
        "debris": result.details["wall_debris"],
        "outcome": result.details["outcome"],
        "turns": result.details["turns"],
        "actions": actions,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per steadiness level")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--levels", default="steady,normal,shaky")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="tower_team_winrate.png")
    args = parser.parse_args()
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    console = Console()
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as progress, ProcessPoolExecutor(max_workers=args.workers) as pool:
        task = progress.add_task("bot games", total=len(levels) * args.games)
        futures = [pool.submit(play, lv, args.players, seed) for lv in levels for seed in range(args.games)]
        for future in as_completed(futures):
            rows.append(future.result())
            progress.advance(task)
    table = Table(title=f"Cat and the Tower, {args.players} players, {args.games} bot games per level")
    for name in ("steadiness", "team wins", "Toto's best (mean)", "tower (mean storeys)", "walls fallen", "s/game"):
        table.add_column(name, justify="right")
    summary = []
    for lv in levels:
        mine = [r for r in rows if r["level"] == lv]
        wins = sum(r["win"] for r in mine) / len(mine)
        toto = statistics.mean(r["toto"] for r in mine)
        floors = statistics.mean(r["floors"] for r in mine)
        debris = statistics.mean(r["debris"] for r in mine)
        secs = statistics.mean(r["seconds"] for r in mine)
        summary.append((lv, wins, toto, floors, [r["toto"] for r in mine]))
        table.add_row(lv, f"{wins:.0%}", f"{toto:.1f}", f"{floors:.1f}", f"{debris:.1f}", f"{secs:.0f}")
    console.print(table)
    console.print(f"{len(rows)} games in {time.perf_counter() - started:.0f} s on {args.workers} workers")
    plot(summary, args.out, args.players, args.games)
    console.print(f"plot: {args.out}")


def plot(summary: list[tuple[str, float, float, float, list[int]]], out: str, players: int, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    names = [s[0] for s in summary]
    left.bar(names, [100 * s[1] for s in summary], color="#4a7")
    left.set_ylim(0, 100)
    left.set_ylabel("team win rate (%)")
    left.set_title("Toto reaches the 10th floor")
    right.boxplot([s[4] for s in summary], tick_labels=names)
    right.set_ylabel("highest floor Toto stood on")
    right.set_title("floors reached")
    fig.suptitle(f"Cat and the Tower: heuristic bots, {players} players, {games} games per steadiness")
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
