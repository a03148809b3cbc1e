"""The ``cattable`` command: games, play, replay, simulate, tournament, bench, render, serve, join."""

from __future__ import annotations

import argparse
import importlib.util
import json
import secrets
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cattable.analysis.throughput import profile_playouts, random_playouts
from cattable.core import game as get_game
from cattable.core import game_names
from cattable.core.i18n import LANGUAGES
from cattable.core.registry import descriptor
from cattable.interfaces.cli.backup import add_backup_command
from cattable.interfaces.cli.network import add_network_commands
from cattable.interfaces.cli.reports import add_report_commands, save_export, save_parquet
from cattable.interfaces.terminal import play, replay
from cattable.interfaces.terminal.common import (
    check_writable_file,
    check_writable_folder,
    console,
    err_console,
    load_record,
    parse_options,
    replayable,
)


def cmd_schema(args: argparse.Namespace) -> int:
    """Print a game's JSON Schemas: what the browser clients and learning interfaces are written against."""
    game = get_game(args.game)
    out = game.schema(args.part) if args.part else game.schemas()
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    infos = [get_game(n).describe() for n in game_names()]
    if args.json:
        print(json.dumps(infos, indent=1))
        return 0
    table = Table(title="cattable games")
    for col in ("name", "title", "players", "options"):
        table.add_column(col)
    for info in infos:
        opts = "\n".join([*(_option_text(o) for o in info["options"]), *_data_lines(info["data"])]) or "-"
        lo, hi = info["players"]
        table.add_row(info["name"], info["title"], f"{lo}" if lo == hi else f"{lo}-{hi}", opts)
    console.print(table)
    return 0


def _option_text(option: dict[str, object]) -> str:
    """One game option for people: its meaning, its allowed values and, always, its default."""
    allowed = str(option["allowed"])
    if "default" not in allowed:
        allowed += f"; default {option['default']!r}"
    return f"{option['name']}: {option['help']} ({allowed})"


def _data_lines(tunables: list[dict[str, Any]]) -> list[str]:
    """A game's tunable data paths, grouped by their first part and range, one line each:
    ``data.deck.NAME (0 to 12): cat1, cat2, ...`` (``--option`` and ``sweep --param`` take them)."""
    groups: dict[tuple[str, Any, Any], list[str]] = {}
    for t in tunables:
        head, _, tail = str(t["path"]).removeprefix("data.").partition(".")
        groups.setdefault((head, t["low"], t["high"]), []).append(tail)
    return [
        f"data.{head}.NAME ({low:g} to {high:g}): {', '.join(names)}" for (head, low, high), names in groups.items()
    ]


def _check_plot(path: Path) -> None:
    """Refuse --plot before a long run, not after it: a folder that is missing, or no matplotlib."""
    check_writable_file(path, "--plot", example="plot.png")
    if importlib.util.find_spec("matplotlib") is None:
        raise ValueError("--plot needs matplotlib, which playing does not: pip install 'cattable[plots]'")


def cmd_play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    # every path is checked before the game starts: a game is never lost to a bad --save at its end
    save_to = Path(args.save) if args.save else None
    if save_to is not None:
        check_writable_file(save_to, "--save", create_folder=True, example="game.json")
    pictures = Path(args.pictures) if args.pictures else None
    if pictures is not None:
        check_writable_folder(pictures, "--pictures", create=True)
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    play.start(
        game,
        players=args.players,
        bots=args.bots,
        agent=args.agent,
        seed=seed,
        options=parse_options(args.option),
        save_to=save_to,
        pictures=pictures,
        lang=args.lang,
    )
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    replayable(record, args.record)
    replay.run(record, step=args.step if args.step is not None else replay.interactive(), lang=args.lang)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cattable.analysis.simulate import simulate, summarise

    game = get_game(args.game)
    agents = [a.strip() for a in args.agents.split(",")] if args.agents else [game.default_agent]
    options = parse_options(args.option)
    game.check_table(args.players, options)  # a bad table is told before the progress bar starts
    if args.plot:
        _check_plot(Path(args.plot))
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=args.json) as bar:
        task = bar.add_task(f"{game.name} x{args.games}", total=args.games)
        results = simulate(
            game.name,
            args.games,
            args.players,
            agents,
            seed=args.seed,
            workers=args.workers,
            options=options,
            progress=lambda k: bar.advance(task, k),
            backend=args.backend,
            address=args.address,
            with_actions=getattr(args, "actions", False) or bool(getattr(args, "export", None)),
        )
    if getattr(args, "parquet", None):
        save_parquet(args, game.name, agents, options, results)
    if getattr(args, "export", None):
        save_export(args, game.name, agents, options, results)
    summary = summarise(game.name, args.players, agents, results)
    summary["seed"] = args.seed
    summary["options"] = options
    if args.plot:
        from cattable.analysis.plots import plot_simulation

        summary["plot"] = str(plot_simulation(summary, results, args.plot))
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    table = Table(title=f"{game.title}: {summary['games']} games, {args.players} players, seed {args.seed}")
    for col in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(col, justify="right")
    for row in summary["seats"]:
        score = row.get("mean_score")
        table.add_row(
            str(row["seat"]),
            row["agent"],
            str(row["wins"]),
            f"{100 * row['win_rate']:.1f}%",
            "-" if score is None else f"{score:.2f}",
        )
    console.print(table)
    length = summary["length"]
    console.print(
        f"Game length (actions): mean {length['mean']:.1f}, median {length['median']}, "
        f"min {length['min']}, max {length['max']}; draws {summary['draws']}"
    )
    if "team_win_rate" in summary:
        console.print(f"Team win rate: {100 * summary['team_win_rate']:.1f}%")
    if summary["details"]:
        console.print("Means per game: " + ", ".join(f"{k} {v:g}" for k, v in summary["details"].items()))
    if args.plot:
        console.print(f"Plot: {summary['plot']}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = args.players or max(game.min_players, min(3, game.max_players))
    options = parse_options(args.option)
    figures = random_playouts(game, players, seconds=args.seconds, seed=args.seed, **options)
    if args.json:
        print(json.dumps(figures.to_json(), indent=1))
        return 0
    console.print(
        f"{game.title}, {players} players, random playouts on one core for {figures.seconds:.1f} s: "
        f"[bold]{figures.actions_per_second:,.0f} actions/s[/], {figures.games_per_second:,.1f} games/s "
        f"({figures.games} games, {figures.actions} actions)"
    )
    if args.profile:
        console.print(profile_playouts(game, players, seconds=args.seconds, seed=args.seed), markup=False)
    return 0


def _rate_text(cell: dict[str, float]) -> str:
    """A tournament rate as the table prints it: percent and its Wilson 95% interval."""
    return f"{100 * cell['win_rate']:.0f}% [{100 * cell['low']:.0f}-{100 * cell['high']:.0f}]"


def cmd_tournament(args: argparse.Namespace) -> int:
    from cattable.analysis.tournament import TournamentError, run_tournament, summarise

    game = get_game(args.game)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    pairings = len(agents) * (len(agents) - 1) // 2
    game.check_table(args.players, {})  # a bad player count is told before the progress bar starts
    if args.plot:
        _check_plot(Path(args.plot))
    if args.log:
        check_writable_file(Path(args.log), "--log", create_folder=True, example="games.jsonl")
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=args.json) as bar:
        task = bar.add_task(f"{game.name} tournament", total=pairings * args.games)
        try:
            matches = run_tournament(
                game.name,
                agents,
                args.games,
                args.players,
                seed=args.seed,
                workers=args.workers,
                options=parse_options(args.option),
                progress=lambda k: bar.advance(task, k),
                log=Path(args.log) if args.log else None,
            )
        except TournamentError as exc:
            err_console.print(f"[red]error:[/] {exc}")
            return 1
    summary = summarise(game.name, agents, args.players, matches, seed=args.seed)
    summary["seed"] = args.seed
    if args.plot:
        from cattable.analysis.plots import plot_tournament

        summary["plot"] = str(plot_tournament(summary, args.plot))
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    table = Table(title=f"{game.title}: {args.games} games per pairing, {args.players} players, seed {args.seed}")
    table.add_column("row vs column")
    for a in agents:
        table.add_column(a, justify="right")
    table.add_column("Elo (95% CI)", justify="right")
    for i, a in enumerate(agents):
        cells = []
        for cell in summary["matrix"][i]:
            cells.append("-" if cell is None else _rate_text(cell))
        elo = summary["elo"][a]
        table.add_row(a, *cells, f"{elo['rating']:.0f} [{elo['low']:.0f}, {elo['high']:.0f}]")
    console.print(table)
    seat0 = summary["seat0"]["overall"]
    if seat0 is not None:
        console.print(
            f"Seat 0 scored {_rate_text(seat0)} of {seat0['games']} games "
            "(seats rotate, so this cancels out of the table)."
        )
    if args.plot:
        console.print(f"Plot: {summary['plot']}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    name = str(record.get("game"))
    get_game(name)
    module = descriptor(name).drawing.load()
    if module is None or not hasattr(module, "render_record"):
        raise ValueError(f"{name} has no 3D picture to render (only the tower has)") from None
    check_writable_file(Path(args.out), "--out", example="tower.png")
    replayable(record, args.record)
    module.render_record(record, args.out)
    console.print(f"Picture saved to [bold]{args.out}[/]")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cattable", description="Cat board games, played faithfully.")
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("games", help="list the games, their player counts and options")
    g.add_argument("--json", action="store_true", help="print the list as JSON")
    g.set_defaults(fn=cmd_games)

    sc = sub.add_parser("schema", help="print a game's JSON Schemas (draft 2020-12) for its actions and views")
    sc.add_argument("game", help="one of: " + ", ".join(game_names()))
    sc.add_argument(
        "--part",
        choices=("action", "view"),
        default=None,
        help="only the schema of the actions or of the views (default: both)",
    )
    sc.set_defaults(fn=cmd_schema)

    def add_common(q: argparse.ArgumentParser, random_seed: bool = False) -> None:
        q.add_argument("game", help="one of: " + ", ".join(game_names()))
        if random_seed:  # a person wants a new deal each time, and the seed printed to play it again
            seed_help = "the deal (default: a random seed, printed at the start so the game can be played again)"
            q.add_argument("--seed", type=int, default=None, help=seed_help)
        else:  # experiments repeat unless told otherwise
            q.add_argument("--seed", type=int, default=0, help="the seed of the first game (same seed, same games)")
        q.add_argument(
            "--option",
            action="append",
            metavar="KEY=VALUE",
            help="a game option, repeatable (default: the game's defaults; see `cattable games`)",
        )

    q = sub.add_parser("play", help="play in the terminal, bots in the other seats")
    add_common(q, random_seed=True)
    q.add_argument("--players", type=int, default=2, help="seats at the table (1 plays Cat Cafe solo)")
    q.add_argument(
        "--bots",
        default=None,
        help="the bots in the last seats: a count (of --agent's kind), or kinds, e.g. mcts:hard or "
        "heuristic,mcts:hard, or your own as module:attribute (default: every seat but the first)",
    )
    q.add_argument(
        "--agent",
        default=None,
        help="the kind for a count of bots: random, heuristic, mcts:easy|medium|hard "
        "(default: heuristic where the game has one, else random)",
    )
    q.add_argument(
        "--save", default=None, help="where to save the record (default: records/<game>-seed<seed>-<time>.json)"
    )
    q.add_argument(
        "--pictures", default=None, help="folder for a picture after every move, tower only (default: no pictures)"
    )
    q.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="the language moves are told in (default: en, as the commands that play them)",
    )
    q.set_defaults(fn=cmd_play)

    r = sub.add_parser("replay", help="step through a saved game")
    r.add_argument("record", help="a record saved by play, simulate or tournament (JSON)")
    r.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="wait for Enter between moves (default: when the terminal is interactive)",
    )
    r.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="the language moves are told in (default: en, as the commands that play them)",
    )
    r.set_defaults(fn=cmd_replay)

    s = sub.add_parser("simulate", help="many games across cores, summarised")
    add_common(s)
    s.add_argument("--games", type=int, default=100, help="how many games")
    s.add_argument("--players", type=int, default=2, help="seats at each table")
    s.add_argument(
        "--agents",
        default=None,
        help="comma-separated, one per seat, cycled; your own as module:attribute (default: the game's default agent)",
    )
    s.add_argument("--workers", type=int, default=1, help="processes (or Ray workers) playing at once")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--plot", default=None, metavar="PNG", help="save a plot of the results (default: no plot)")
    s.add_argument(
        "--backend",
        choices=("processes", "ray"),
        default="processes",
        help="a local process pool, or Ray (a local Ray, or the cluster at --address)",
    )
    s.add_argument("--address", default=None, help="a Ray cluster to join, with --backend ray (default: a local Ray)")
    s.set_defaults(fn=cmd_simulate)

    b = sub.add_parser("bench", help="random-playout throughput on one core")
    add_common(b)
    b.add_argument(
        "--players", type=int, default=None, help="seats at the table (default: 3, or the nearest the game allows)"
    )
    b.add_argument("--seconds", type=float, default=5.0, help="how long to play")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--profile", action="store_true", help="also show where the time goes (cProfile)")
    b.set_defaults(fn=cmd_bench)

    t = sub.add_parser("tournament", help="every pairing of agents, seats rotated: win rates and Elo")
    add_common(t)
    t.add_argument(
        "--agents",
        required=True,
        help="comma-separated, e.g. random,heuristic,mcts:hard or your own as module:attribute (required, no default)",
    )
    t.add_argument("--games", type=int, default=100, help="games per pairing")
    t.add_argument("--players", type=int, default=2, help="seats at each table")
    t.add_argument("--workers", type=int, default=1, help="processes playing at once")
    t.add_argument("--json", action="store_true", help="print the summary as JSON")
    t.add_argument("--plot", default=None, metavar="PNG", help="save a plot of the results (default: no plot)")
    t.add_argument(
        "--log",
        default=None,
        metavar="JSONL",
        help="append each game here; games already in it are not played again, to resume a stopped run "
        "(default: no log)",
    )
    t.set_defaults(fn=cmd_tournament)

    d = sub.add_parser("render", help="draw a tower record as a picture (PNG)")
    d.add_argument("record", help="a Cat and the Tower record (JSON)")
    d.add_argument("--out", required=True, help="the PNG to write, in a folder that exists (required)")
    d.set_defaults(fn=cmd_render)
    add_network_commands(sub)
    add_backup_command(sub)
    add_report_commands(sub)
    return p


def _version() -> str:
    try:
        return version("cattable")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


class _HelpWithDefaults(argparse.ArgumentDefaultsHelpFormatter):
    """Every flag's help ends with its default, unless the help already says it (defaults such as None or
    False mean nothing to a person, so those flags say in words what happens without them)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or not action.option_strings or action.default is argparse.SUPPRESS:
            return text
        if action.default is None:
            return text
        if action.default is False and action.nargs == 0:
            return text + " (default: off)"
        return text + " (default: %(default)s)"


def _with_defaults_in_help(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Show defaults in every subcommand's --help, whichever subcommands build_parser makes."""
    parser.formatter_class = _HelpWithDefaults
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _with_defaults_in_help(child)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _with_defaults_in_help(build_parser()).parse_args(argv)
    if getattr(args, "games", 1) < 1 or getattr(args, "workers", 1) < 1:
        err_console.print("[red]error:[/] --games and --workers must be at least 1")
        return 2
    try:
        code: int = args.fn(args)
    except ValueError as exc:  # the user's mistake, said plainly: never a traceback
        err_console.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)  # paths stay whole
        return 2
    except OSError as exc:  # a file or folder the system refused mid-way
        err_console.print(f"[red]error:[/] {escape(str(exc))}", soft_wrap=True)  # paths stay whole
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
