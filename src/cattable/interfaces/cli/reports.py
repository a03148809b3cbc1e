"""The commands for researchers and designers: ``report`` (an HTML report of a grid of batches),
``sweep`` (an Optuna search of a game's options toward a target) and ``simulate --parquet``."""

from __future__ import annotations

import argparse
import importlib.util
import json
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cattable.core import game as get_game
from cattable.core import game_names
from cattable.interfaces.terminal.common import check_writable_file, console, err_console, parse_options

COLUMNS = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())


def _need(*modules: str) -> None:
    """Refuse before a long run, not after it, when a library the output needs is missing."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise ValueError(f"this needs {', '.join(missing)}, which playing does not: pip install 'cattable[reports]'")


def _players(text: str, game_name: str) -> list[int]:
    """``3`` or ``2,3,4``, each within the game's player counts."""
    game = get_game(game_name)
    try:
        counts = [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise ValueError(f"--players {text!r}: want counts such as 3 or 2,3,4") from None
    bad = [n for n in counts if not game.min_players <= n <= game.max_players]
    if not counts or bad:
        raise ValueError(f"--players {text!r}: {game.name} is for {game.min_players} to {game.max_players} players")
    return counts


def _agents(text: str | None) -> list[str] | None:
    return [a.strip() for a in text.split(",") if a.strip()] if text else None


def _check_folder(path: Path, flag: str) -> None:
    if path.exists() and not path.is_dir():
        raise ValueError(f"{flag} {path}: a file is there; give a folder")
    parent = path.resolve().parent
    if not parent.is_dir():
        raise ValueError(f"{flag} {path}: the folder {parent} does not exist")


def _report_command(args: argparse.Namespace) -> str:
    """The command that makes this report again, written into it."""
    words = ["cattable", "report", args.game]
    if args.from_parquet:
        words += ["--from-parquet", args.from_parquet]
    else:
        words += ["--games", str(args.games), "--players", args.players, "--seed", str(args.seed)]
        words += ["--agents", args.agents] if args.agents else []
        for option in args.option or []:
            words += ["--option", option]
        words += ["--parquet", args.parquet] if args.parquet else []
    return shlex.join([*words, "--out", args.out])


def cmd_report(args: argparse.Namespace) -> int:
    from cattable.analysis.parquet import read_games
    from cattable.analysis.report import option_grid, run_batches, write_report

    _need("matplotlib", "pyarrow")
    out = Path(args.out)
    _check_folder(out, "--out")
    if args.parquet:
        check_writable_file(Path(args.parquet), "--parquet", example="games.parquet")
    command = _report_command(args)
    if args.from_parquet:
        batches = read_games(args.from_parquet)
        if batches[0].game != get_game(args.game).name:
            raise ValueError(f"{args.from_parquet} holds {batches[0].game} games, not {args.game}")
        stats = write_report(batches, out, command, parquet=None, source=Path(args.from_parquet))
    else:
        players = _players(args.players, args.game)
        options = parse_options(args.option)
        cells = len(players) * len(option_grid(options))
        with Progress(*COLUMNS, console=err_console, transient=args.json) as bar:
            task = bar.add_task(f"{args.game} report", total=cells * args.games)
            batches = run_batches(
                args.game,
                args.games,
                players,
                _agents(args.agents),
                options,
                seed=args.seed,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                progress=lambda k: bar.advance(task, k),
                with_actions=args.actions,
            )
        parquet = Path(args.parquet).resolve() if args.parquet else "games.parquet"
        stats = write_report(batches, out, command, parquet=parquet, with_actions=args.actions)
    if args.json:
        print(json.dumps(stats, indent=1))
        return 0
    for b in stats["batches"]:
        seats = ", ".join(f"{100 * r['rate']:.1f}%" for r in b["seats"])
        line = f"{b['label']}: {b['games']:,} games, seat win rates {seats}"
        if b["team"] is not None:
            line += f", team {100 * b['team']['rate']:.1f}%"
        console.print(line)
    console.print(f"Report: [bold]{out / 'index.html'}[/]")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from cattable.analysis.sweep import parse_param, parse_target, run_sweep, write_sweep

    _need("optuna", "matplotlib")
    if args.trials < 1:
        raise ValueError("--trials must be at least 1")
    game = get_game(args.game)
    params = [parse_param(p, game.name) for p in args.param]
    target = parse_target(args.target)
    out = Path(args.out)
    _check_folder(out, "--out")
    with Progress(*COLUMNS, console=err_console, transient=args.json) as bar:
        task = bar.add_task(f"{game.name} sweep", total=args.trials + args.confirm)
        result = run_sweep(
            game.name,
            params,
            target,
            trials=args.trials,
            games=args.games,
            players=args.players,
            agents=_agents(args.agents),
            options=parse_options(args.option),
            seed=args.seed,
            workers=args.workers,
            progress=lambda k: bar.advance(task, k),
            confirm=args.confirm,
            confirm_games=args.confirm_games,
        )
    files = write_sweep(result, out)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    best = result["best"]
    setting = ", ".join(f"{k}={v}" for k, v in best["setting"].items())
    interval = f"[{best['low']:.4f}, {best['high']:.4f}]"
    if best["confirmed"]:
        console.print(
            f"Named, after re-running the best {len(result['confirmed'])} on {best['games']} fresh games each: "
            f"{setting} (trial {best['trial']}, distance {best['distance']:.4f} {interval})"
        )
        if best["overlap"]:
            console.print(f"Within noise of it: trial(s) {', '.join(map(str, best['overlap']))} (intervals overlap)")
    else:
        console.print(
            f"Best of {args.trials} trials: {setting} (trial {best['trial']}, "
            f"distance {best['distance']:.4f} {interval})"
        )
    console.print("Saved: " + ", ".join(str(f) for f in files))
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from cattable.analysis.ladder import ladder_pairs, plot_ladder, run_ladder
    from cattable.analysis.tournament import TournamentError

    game = get_game(args.game)
    levels = [a.strip() for a in args.levels.split(",") if a.strip()]
    if not levels:
        raise ValueError("--levels: name at least one rung, e.g. random,heuristic")
    game.check_table(args.players, parse_options(args.option))
    if args.plot:
        _need("matplotlib")
        check_writable_file(Path(args.plot), "--plot", example="ladder.png")
    if args.log:
        check_writable_file(Path(args.log), "--log", create_folder=True, example="ladder.jsonl")
    total = len(ladder_pairs(len(levels), args.anchors)) * args.games
    with Progress(*COLUMNS, console=err_console, transient=args.json) as bar:
        task = bar.add_task(f"{game.name} ladder", total=total)
        try:
            summary = run_ladder(
                game.name,
                args.agent,
                args.games,
                args.players,
                levels=levels,
                anchors=args.anchors,
                seed=args.seed,
                workers=args.workers,
                options=parse_options(args.option),
                progress=lambda k: bar.advance(task, k),
                log=Path(args.log) if args.log else None,
            )
        except TournamentError as exc:
            err_console.print(f"[red]error:[/] {exc}")
            return 1
    if args.plot:
        summary["plot"] = str(plot_ladder(summary, args.plot))
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    from rich.table import Table

    table = Table(title=f"{game.title}: {args.agent} on the ladder, {args.games} games per pairing, seed {args.seed}")
    for col in ("rung", f"{args.agent} scored", "games", "rung's Elo [95%]"):
        table.add_column(col, justify="right")
    for rung in summary["rungs"]:
        cell, elo = rung["score"], rung["elo"]
        score = (
            "-" if cell is None else f"{100 * cell['win_rate']:.1f}% [{100 * cell['low']:.0f}-{100 * cell['high']:.0f}]"
        )
        games = "-" if cell is None else str(cell["games"])
        table.add_row(rung["level"], score, games, f"{elo['rating']:.0f} [{elo['low']:.0f}, {elo['high']:.0f}]")
    console.print(table)
    console.print(summary["verdict"])
    if args.plot:
        console.print(f"Plot: {summary['plot']}")
    return 0


def _with_parquet(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``simulate``'s command, checking ``--parquet``'s file and library before the run."""

    def checked(args: argparse.Namespace) -> int:
        if args.export:
            check_writable_file(Path(args.export), "--export", example="rows.npz")
        if args.parquet:
            check_writable_file(Path(args.parquet), "--parquet", example="games.parquet")
            _need("pyarrow")
        elif args.actions:
            raise ValueError("--actions writes per-action rows beside --parquet FILE; give --parquet too")
        return run(args)

    return checked


def save_parquet(
    args: argparse.Namespace, name: str, agents: Sequence[str], options: dict[str, Any], results: Any
) -> None:
    """Write ``simulate``'s games (and actions) to ``--parquet``; called by ``simulate`` after its run."""
    from cattable.analysis.parquet import write_games
    from cattable.analysis.report_stats import Batch

    batch = Batch(name, args.players, tuple(agents), options, results)
    for path in write_games(args.parquet, [batch], with_actions=args.actions):
        err_console.print(f"Parquet: {path}")


def save_export(
    args: argparse.Namespace, name: str, agents: Sequence[str], options: dict[str, Any], results: Any
) -> None:
    """Write ``simulate``'s games as learning rows to ``--export`` (docs/RL.md, "Offline rows")."""
    from cattable.analysis.export import export_rows, save_rows

    # cattable.rl is a sibling of the interfaces in the import layers: found at run time, as a
    # module:attribute agent is, so that playing and reporting never need the learning code.
    encodings = importlib.import_module("cattable.rl.encodings")
    rewards = importlib.import_module("cattable.rl.rewards")
    reward = rewards.check_reward(args.export_reward)
    game = get_game(name)
    encoding = encodings.encoding(game.name, args.players, game.validated_options(args.players, options))
    rows = export_rows(game.name, args.players, options, results, encoding, lambda s: rewards.rewards_of(s, reward))
    path = save_rows(args.export, rows, game.name, args.players, options, agents, reward, encoding)
    err_console.print(
        f"Rows: {path} ({len(rows['action']):,} rows of {len(results):,} games; observation "
        f"{encoding.observation_size}, actions {encoding.num_actions}, reward {reward})"
    )


def add_report_commands(sub: Any) -> None:
    """Register ``report`` and ``sweep``, and give ``simulate`` its ``--parquet`` and ``--actions``."""
    simulate = sub.choices["simulate"]
    simulate.add_argument(
        "--parquet",
        default=None,
        metavar="FILE",
        help="also write one row per game to this Parquet file (default: none)",
    )
    simulate.add_argument(
        "--actions", action="store_true", help="with --parquet: also one row per action, in FILE.actions.parquet"
    )
    simulate.add_argument(
        "--export",
        default=None,
        metavar="NPZ",
        help="also write one learning row per action (observation, mask, action index, reward) to this "
        ".npz, for offline learning (docs/RL.md) (default: none)",
    )
    simulate.add_argument(
        "--export-reward",
        default="win",
        choices=("win", "score", "margin"),
        help="with --export: the reward paid on each seat's last row, as cattable.rl's reward=",
    )
    simulate.set_defaults(fn=_with_parquet(simulate.get_default("fn")))

    r = sub.add_parser("report", help="an HTML report for designers: seats, first player, lengths, features")
    r.add_argument("game", help="one of: " + ", ".join(game_names()))
    r.add_argument(
        "--out", required=True, metavar="DIR", help="the folder for index.html, plots, stats.json (required)"
    )
    r.add_argument("--games", type=int, default=1000, help="games per batch (per player count and option value)")
    r.add_argument("--players", default="3", help="player counts, e.g. 3 or 2,3,4: one batch each")
    r.add_argument(
        "--agents",
        default=None,
        help="comma-separated, one per seat, cycled (default: the game's heuristic, as a designer's "
        "players would be played; random players get a warning on the page)",
    )
    r.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE[,VALUE]",
        help="a game option, repeatable; several values make one batch each (default: the game's defaults)",
    )
    r.add_argument("--seed", type=int, default=0, help="the seed of each batch's first game")
    r.add_argument("--workers", type=int, default=1, help="processes (or Ray workers) playing at once")
    r.add_argument("--backend", choices=("processes", "ray"), default="processes", help="a process pool or Ray")
    r.add_argument("--address", default=None, help="a Ray cluster to join, with --backend ray (default: a local Ray)")
    r.add_argument(
        "--parquet", default=None, metavar="FILE", help="where to save the games (default: games.parquet in --out)"
    )
    r.add_argument("--actions", action="store_true", help="also write one row per action (games.actions.parquet)")
    r.add_argument(
        "--from-parquet",
        default=None,
        metavar="FILE",
        help="report a saved games.parquet, play nothing (default: simulate the games)",
    )
    r.add_argument("--json", action="store_true", help="print the figures (stats.json) as JSON")
    r.set_defaults(fn=cmd_report)

    d = sub.add_parser("ladder", help="one agent against random, the heuristic and the search levels: scores and Elo")
    d.add_argument("game", help="one of: " + ", ".join(game_names()))
    d.add_argument("--agent", required=True, help="the agent to place: a bot's name or module:attribute (required)")
    d.add_argument("--games", type=int, default=40, help="games per pairing")
    d.add_argument("--players", type=int, default=2, help="seats at each table (the two agents alternate)")
    d.add_argument(
        "--levels", default="random,heuristic,mcts:easy,mcts:medium,mcts:hard", help="the rungs, weakest first"
    )
    d.add_argument(
        "--anchors",
        choices=("adjacent", "none"),
        default="adjacent",
        help="adjacent: each rung also plays the next, so the rungs' ratings rest on their own games",
    )
    d.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a game option, repeatable (default: the game's)"
    )
    d.add_argument("--seed", type=int, default=0, help="the seed of each pairing's first game")
    d.add_argument("--workers", type=int, default=1, help="processes playing at once")
    d.add_argument("--plot", default=None, metavar="PNG", help="save the ladder's plot (default: no plot)")
    d.add_argument(
        "--log", default=None, metavar="JSONL", help="append each game here and resume from it (default: no log)"
    )
    d.add_argument("--json", action="store_true", help="print the summary as JSON")
    d.set_defaults(fn=cmd_ladder)

    w = sub.add_parser("sweep", help="search a game's options or data toward a target with Optuna (TPE)")
    w.add_argument("game", help="one of: " + ", ".join(game_names()))
    w.add_argument(
        "--param",
        action="append",
        required=True,
        metavar="OPTION=LOW:HIGH|A|B",
        help="an option to search, repeatable: a whole-number range (lives=3:9) or values ('map=a|b'); or a data "
        "path (data.deck.cat3=1:6, data.walls.pillars=4:6:0.2; `cattable games` lists them) (required)",
    )
    w.add_argument(
        "--target", default="seat-balance", help="seat-balance, seat0=X, team=X (win rates 0-1) or length=X (actions)"
    )
    w.add_argument("--trials", type=int, default=20, help="settings to try")
    w.add_argument("--games", type=int, default=200, help="games per trial (the same seeds in every trial)")
    w.add_argument("--players", type=int, default=3, help="seats at each table")
    w.add_argument("--agents", default=None, help="comma-separated, one per seat, cycled (default: the game's)")
    w.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a fixed game option, repeatable (default: the game's defaults)",
    )
    w.add_argument("--seed", type=int, default=0, help="the seed of the games and of the sampler")
    w.add_argument(
        "--confirm", type=int, default=3, help="re-run the best this many settings on fresh seeds before naming one"
    )
    w.add_argument(
        "--confirm-games", type=int, default=None, help="games for each re-run (default: four times --games)"
    )
    w.add_argument("--workers", type=int, default=1, help="processes playing at once")
    w.add_argument(
        "--out", required=True, metavar="DIR", help="the folder for trials.csv, sweep.json, sweep.png (required)"
    )
    w.add_argument("--json", action="store_true", help="print the trials and the best setting as JSON")
    w.set_defaults(fn=cmd_sweep)
