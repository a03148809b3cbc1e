"""Every tournament figure and table in docs/ remade from committed inputs: ``make figures``.

A tournament's log (``cattable tournament --log``: one JSON line per game) is the record of what was
played; its summary (``docs/figures/tournament-NAME.json``), its plot (``.png``) and its tables in
docs/BOTS.md are views of that log. This module reads each log, summarises it with the tournament's own
code (``tournament.summarise``, the Elo fit, the seat-0 count) and rewrites the views, so a figure can
always be traced to its data and remade in seconds without replaying hours of games. Each summary
records the command that played its log and the command and commit that made the summary.

Run from the repository's root: ``python -m cattable.analysis.figures`` (``--check`` writes nothing and
fails if a table in docs/BOTS.md is out of date with its log).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .plots import plot_tournament
from .tournament import Match, load_log, log_identity, summarise

FIGURES = Path("docs/figures")
EXPERIMENT_LOGS = Path("experiments/logs")
BOTS = Path("docs/BOTS.md")
COMMAND = "make figures  (python -m cattable.analysis.figures)"
BOTS_AGENTS = ("mcts:hard", "heuristic", "random")


@dataclass(frozen=True)
class Tournament:
    """One committed tournament: where its log is, and the run that wrote it (to read the log back)."""

    name: str
    """The figure's stem: ``docs/figures/tournament-NAME.{json,png,jsonl}``, and its table in BOTS.md."""
    game: str
    games: int
    """Games per pairing, on seeds ``seed`` to ``seed + games - 1``."""
    options: dict[str, str] = field(default_factory=dict)
    """Game options as the command line passes them (strings), which is how the log records them."""
    agents: tuple[str, ...] = BOTS_AGENTS
    players: int = 2
    seed: int = 2026
    has_log: bool = True
    """False where the log was not kept: the committed summary is then the input, and only re-plotted."""

    @property
    def log(self) -> Path:
        return FIGURES / f"tournament-{self.name}.jsonl"

    @property
    def summary(self) -> Path:
        return FIGURES / f"tournament-{self.name}.json"

    @property
    def plot(self) -> Path:
        return FIGURES / f"tournament-{self.name}.png"

    def command(self) -> str:
        """The command that plays this tournament (and, given its log, reads it back without playing)."""
        words = ["cattable", "tournament", self.game, "--agents", ",".join(self.agents)]
        words += ["--games", str(self.games), "--players", str(self.players), "--seed", str(self.seed)]
        for key, value in sorted(self.options.items()):
            words += ["--option", f"{key}={value}"]
        words += ["--workers", "2", "--json", "--plot", str(self.plot)]
        if self.has_log:
            words += ["--log", str(self.log)]
        return " ".join(words)


TOURNAMENTS = (
    Tournament("washi", "washi", 200, has_log=False),
    Tournament("cafe", "cafe", 200),
    Tournament("attack", "attack", 200, {"time_limit": "30"}),
    Tournament("attack-1500", "attack", 200, {"time_limit": "30"}),
    Tournament("tower-competitive-guard", "tower", 200, {"mode": "competitive"}),
    Tournament("tower-competitive", "tower", 200, {"mode": "competitive"}),
    Tournament("tower-competitive-12", "tower", 12, {"mode": "competitive"}),
)
"""Every tournament figure in docs/figures. ``attack-1500`` was played with Cat Attack's hard level at
1,500 iterations, ``tower-competitive`` with the flat tower search, ``tower-competitive-12`` with an
earlier flat search (BOTS.md says which bot each one measured); the bots' code is not in the log, so
remaking a figure re-reads the games, it never replays them."""


@dataclass(frozen=True)
class Experiment:
    """A side experiment's log (hard against the heuristic in tower duels), counted in one BOTS.md table."""

    log: str
    """File name in experiments/logs."""
    what: str
    """How the bot differed from the one in the tables above it, as the table's first cell."""


DUEL_EXPERIMENTS = (
    Experiment("tournament-tower-competitive-settle.jsonl", "trials settle 2 s, as the rules do (`settle=2.0`)"),
    Experiment(
        "tournament-tower-competitive-hazard.jsonl",
        "settle 2 s, and a duel-hazard prior on card sides (taken out; commit 0c148b1)",
    ),
    Experiment(
        "tournament-tower-competitive-few.jsonl",
        "the heuristic's cards and its 5 placements, 5 shaky hands each (`card_lookahead=False, candidates=5`)",
    ),
    Experiment("tournament-tower-competitive-rerun.jsonl", "none: the flat search run again (control)"),
    Experiment(
        "tournament-tower-competitive-freeze.jsonl",
        "the lower storeys held still (`live_storeys=3`), against the flat search's 23 of the same 45 seeds",
    ),
)


def git_commit(root: Path) -> str:
    """The short commit of ``root``'s HEAD (what code made a figure), or "unknown" outside a checkout."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def read_matches(root: Path, t: Tournament) -> list[Match]:
    """The games of ``t`` in its log, exactly those a ``--games`` run would count; every one must be there."""
    done = load_log(root / t.log, t.agents, log_identity(t.game, t.players, t.options))
    pairs = [(i, j) for i in range(len(t.agents)) for j in range(i + 1, len(t.agents))]
    wanted = [(i, j, t.seed + k) for k in range(t.games) for i, j in pairs]
    missing = [key for key in wanted if key not in done]
    if missing:
        raise ValueError(f"{t.log} lacks {len(missing)} of {len(wanted)} games, e.g. {missing[0]}")
    return sorted((done[key] for key in wanted), key=lambda m: (m.seed, m.a, m.b))


def remake_summary(root: Path, t: Tournament, commit: str) -> dict[str, Any]:
    """``t``'s summary, from its log (or, where no log was kept, from the committed summary itself)."""
    made_by: dict[str, Any] = {"command": COMMAND, "commit": commit, "tournament": t.command()}
    if t.has_log:
        matches = read_matches(root, t)
        summary = summarise(t.game, t.agents, t.players, matches, seed=t.seed)
        made_by["log"] = str(t.log)
        # What replaying the log would cost: CPU seconds over the games that were timed (older logs have none).
        timed = [m.seconds for m in matches if m.seconds > 0]
        made_by["games_timed"] = len(timed)
        made_by["cpu_seconds_timed"] = round(sum(timed), 1)
    else:
        old = json.loads((root / t.summary).read_text(encoding="utf-8"))
        summary = {k: v for k, v in old.items() if k not in ("seed", "plot", "made_by")}
        made_by["log"] = None
        made_by["note"] = "no log was kept: this summary is the input, re-plotted only; the command replays it"
    summary["seed"] = t.seed
    summary["plot"] = str(t.plot)
    summary["made_by"] = made_by
    return summary


def changed(path: Path, summary: dict[str, Any]) -> bool:
    """Whether ``summary`` differs from the one at ``path`` in more than the commit that made it.

    A summary keeps the commit that last changed it, so remaking the figures on a clean checkout leaves
    the tree clean rather than touching every file with the new HEAD.
    """
    if not path.exists():
        return True
    old = json.loads(path.read_text(encoding="utf-8"))
    old_made_by = old.get("made_by")
    if not isinstance(old_made_by, dict):
        return True
    return bool(
        {**old, "made_by": {**old_made_by, "commit": None}}
        != {
            **summary,
            "made_by": {**summary["made_by"], "commit": None},
        }
    )


def rate_cell(cell: dict[str, float] | None) -> str:
    """A matrix cell as BOTS.md prints it: percent, Wilson 95% interval, games."""
    if cell is None:
        return "-"
    return f"{100 * cell['win_rate']:.1f}% [{100 * cell['low']:.0f}-{100 * cell['high']:.0f}] (n={cell['games']})"


def matrix_table(summary: dict[str, Any]) -> str:
    """The win-rate matrix and Elo of a summary as a Markdown table (row agent's score against column's)."""
    agents = summary["agents"]
    lines = [
        "| row vs column | " + " | ".join(agents) + " | Elo [95%] |",
        "|---" * (len(agents) + 2) + "|",
    ]
    for a, row in zip(agents, summary["matrix"], strict=True):
        elo = summary["elo"][a]
        cells = [rate_cell(c) for c in row]
        lines.append(
            f"| {a} | " + " | ".join(cells) + f" | {elo['rating']:.0f} [{elo['low']:.0f}, {elo['high']:.0f}] |"
        )
    return "\n".join(lines)


def percent(cell: dict[str, float]) -> str:
    return f"{100 * cell['win_rate']:.1f}% [{100 * cell['low']:.0f}-{100 * cell['high']:.0f}]"


def seat_table(summaries: dict[str, dict[str, Any]]) -> str:
    """How the side in seat 0 scored in each logged tournament, overall and between hard and the heuristic."""
    lines = ["| tournament | seat 0, all games | seat 0, hard against the heuristic |", "|---|---|---|"]
    for name, s in summaries.items():
        seat0 = s.get("seat0")
        if not seat0 or seat0["overall"] is None:
            continue
        overall = seat0["overall"]
        duel = seat0["pairings"].get("mcts:hard vs heuristic")
        duel_text = f"{percent(duel)} of {duel['games']}" if duel else "-"
        lines.append(f"| `{name}` | {percent(overall)} of {overall['games']} | {duel_text} |")
    return "\n".join(lines)


LENGTH_BANDS = ((0, 39), (40, 79), (80, 119), (120, 159), (160, None))


def duel_lengths_table(root: Path, named: Sequence[tuple[str, Tournament]]) -> str:
    """Hard's wins and losses against the heuristic by the duel's length in actions, per logged tournament."""
    heads = [f"{lo}-{hi}" if hi is not None else f"{lo}+" for lo, hi in LENGTH_BANDS]
    lines = [
        "| bots (log) | " + " | ".join(heads) + " | actions (mean) | CPU s a game: mean (max) of games timed |",
        "|---" * (len(heads) + 3) + "|",
    ]
    for label, t in named:
        duels = [m for m in read_matches(root, t) if (t.agents[m.a], t.agents[m.b]) == ("mcts:hard", "heuristic")]
        cells = []
        for lo, hi in LENGTH_BANDS:
            band = [m for m in duels if m.actions >= lo and (hi is None or m.actions <= hi)]
            won = sum(m.score for m in band)
            cells.append(f"{won:g} : {len(band) - won:g}")
        mean_actions = sum(m.actions for m in duels) / len(duels)
        seconds = [m.seconds for m in duels if m.seconds > 0]  # logs written before the field have none
        cost = f"{sum(seconds) / len(seconds):.0f} ({max(seconds):.0f}) of {len(seconds)}" if seconds else "-"
        lines.append(f"| {label} (`{t.log.name}`) | " + " | ".join(cells) + f" | {mean_actions:.0f} | {cost} |")
    return "\n".join(lines)


def experiments_table(root: Path) -> str:
    """Each side experiment's duels won by hard against the heuristic, with a Wilson 95% interval."""
    from .tournament import rate

    lines = ["| hard, changed how | duels won | seeds | log |", "|---|---|---|---|"]
    for e in DUEL_EXPERIMENTS:
        path = root / EXPERIMENT_LOGS / e.log
        identity = log_identity("tower", 2, {"mode": "competitive"})
        duels = sorted(load_log(path, ("mcts:hard", "heuristic"), identity).values(), key=lambda m: m.seed)
        won = sum(m.score for m in duels)
        cell = rate(won, len(duels))
        seeds = f"{duels[0].seed}-{duels[-1].seed}"
        lines.append(
            f"| {e.what} | {won:g} of {len(duels)} ({100 * cell['win_rate']:.0f}% "
            f"[{100 * cell['low']:.0f}-{100 * cell['high']:.0f}]) | {seeds} | `{EXPERIMENT_LOGS / e.log}` |"
        )
    return "\n".join(lines)


TABLE = re.compile(r"(<!-- table: (?P<name>[\w.-]+) -->\n)(?P<body>.*?)(<!-- end table -->)", re.DOTALL)


def fill_tables(text: str, tables: dict[str, str]) -> str:
    """``text`` with the body between each ``<!-- table: NAME -->`` and ``<!-- end table -->`` replaced.

    Every marker must name a known table and every table must have a marker, so a renamed table cannot
    leave a stale copy behind.
    """
    seen: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in tables:
            raise KeyError(f"BOTS.md has a table marker for {name!r}, which no log makes")
        seen.add(name)
        return match[1] + tables[name] + "\n" + match[4]

    out = TABLE.sub(replace, text)
    unused = set(tables) - seen
    if unused:
        raise KeyError(f"BOTS.md has no marker for: {', '.join(sorted(unused))}")
    return out


def remake(root: Path, write: bool = True, say: Callable[[str], None] = print) -> bool:
    """Rewrite every summary, plot and BOTS.md table from the committed inputs; True if BOTS.md is current.

    With ``write`` False nothing is written, and the return value says whether BOTS.md's tables already
    match their logs.
    """
    commit = git_commit(root)
    summaries: dict[str, dict[str, Any]] = {}
    for t in TOURNAMENTS:
        summary = remake_summary(root, t, commit)
        summaries[t.name] = summary
        if write:
            if changed(root / t.summary, summary):
                (root / t.summary).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
            plot_tournament(summary, root / t.plot)
            say(f"{t.summary} and {t.plot.name}: {summary['games_per_pairing']} games per pairing")
    by_name = {t.name: t for t in TOURNAMENTS}
    tables = {f"tournament-{name}": matrix_table(s) for name, s in summaries.items()}
    tables["seat0"] = seat_table(summaries)
    tables["tower-duel-lengths"] = duel_lengths_table(
        root,
        [
            ("guarded hard", by_name["tower-competitive-guard"]),
            ("flat search hard", by_name["tower-competitive"]),
        ],
    )
    tables["tower-duel-experiments"] = experiments_table(root)
    bots = root / BOTS
    old = bots.read_text(encoding="utf-8")
    new = fill_tables(old, tables)
    if write and new != old:
        bots.write_text(new, encoding="utf-8")
        say(f"{BOTS}: tables rewritten")
    return new == old


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", default=".", help="the repository's root (default: here)")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if BOTS.md's tables are stale")
    args = parser.parse_args(argv)
    current = remake(Path(args.root), write=not args.check)
    if args.check and not current:
        print(f"{BOTS}: its tables differ from their logs; run `make figures`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
