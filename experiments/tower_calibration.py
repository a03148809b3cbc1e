"""The tower's calibration table: how often a team of three bots wins, and how high Toto and the tower get,
at every steadiness. Writes docs/TOWER-CALIBRATION.md and its plot (docs/figures/tower-calibration.png).

    .venv/bin/python experiments/tower_calibration.py [--agent hand] [--games 50] [--other-games 50]
        [--levels steady,careful,normal,shaky,wobbly] [--seed 100] [--workers 2]
        [--log experiments/logs/tower-calibration-hand.jsonl]
    .venv/bin/python experiments/tower_calibration.py --from-log ...   (the same options: page and plot only)

Game ``i`` of every level uses seed ``seed + i`` (the same deals at each level) and the bots of
``cattable simulate`` (seat ``s`` of game ``g`` seeded ``g * 101 + s``), cooperative, 3 players, English,
the game's other defaults. ``--games`` games are played at the default steadiness, ``--other-games`` at
each other level, seed by seed across the levels, so a run stopped early leaves every level about as far.
Each finished game is appended to ``--log`` as a JSON line (with its agent), and a run plays only the games
missing from it, so the same command resumes a stopped run and, once every game is in, only rewrites the
page and the plot. The bots count their physics trials (the ``hand`` bot makes none) and read no clock, so
a game replays the same on a busy machine (issue #31).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import pairwise
from pathlib import Path
from typing import Any

import cattable
from cattable.agents import make_agent
from cattable.analysis.ratings import wilson
from cattable.games.tower.game import TowerState

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "TOWER-CALIBRATION.md"
PLOT = ROOT / "docs" / "figures" / "tower-calibration.png"
PLAYERS = 3


def default_steadiness() -> str:
    return str(next(o.default for o in cattable.game("tower").options if o.name == "steadiness"))


def play(level: str, seed: int, agent: str = "heuristic") -> dict[str, Any]:
    """One cooperative game of three ``agent`` bots; the tallest tower is read after every action."""
    start = time.process_time()
    game = cattable.game("tower")
    state = game.new(players=PLAYERS, seed=seed, steadiness=level)
    assert isinstance(state, TowerState)
    bots = [make_agent(agent, game, seed=seed * 101 + s) for s in range(PLAYERS)]
    tallest = 1
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        try:
            state.apply(action)
        except Exception as error:  # a bug of the game: kept with its record, so it can be replayed
            kept = {"error": repr(error), "action": action.to_json(), "record": state.record()}
            return {"agent": agent, "level": level, "seed": seed, **kept}
        tallest = max(tallest, state.top_level())
    r = state.result()
    return {
        "agent": agent,
        "level": level,
        "seed": seed,
        "win": bool(r.team_win),
        "outcome": r.details["outcome"],
        "toto_best": r.details["toto_best"],
        "tallest": tallest,
        "storeys_at_end": r.details["floors"],
        "walls_fallen": r.details["wall_debris"],
        "turns": r.details["turns"],
        "actions": len(state.history),
        "cpu_s": round(time.process_time() - start, 1),
    }


def run(
    levels: list[str], default: str, games: int, other: int, seed: int, workers: int, log: Path, agent: str
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    done = {(g["level"], g["seed"]) for g in read_log(log, agent)}
    order = [default] + [lv for lv in levels if lv != default]
    # seed by seed across the levels (the default's first): a run stopped early leaves every level as far
    jobs = [
        (lv, seed + i)
        for i in range(max(games, other))
        for lv in order
        if i < (games if lv == default else other) and (lv, seed + i) not in done
    ]
    log.parent.mkdir(parents=True, exist_ok=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as bar, log.open("a", encoding="utf-8") as out:
        task = bar.add_task(f"{len(jobs)} games", total=len(jobs))
        with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
            for future in as_completed([pool.submit(play, lv, s, agent) for lv, s in jobs]):
                row = future.result()
                if "error" in row:  # left out of the table (and played again by the next run), kept aside
                    with errors_of(log).open("a", encoding="utf-8") as kept:
                        kept.write(json.dumps(row) + "\n")
                    bar.console.print(f"{row['level']} seed {row['seed']}: {row['error']} (in {errors_of(log)})")
                else:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                bar.advance(task)


def errors_of(log: Path) -> Path:
    """Where games that stopped on an error are kept, with their records."""
    return log.with_suffix(".errors.jsonl")


def read_log(log: Path, agent: str) -> list[dict[str, Any]]:
    """The games ``agent`` played in the log (a row without an agent is a heuristic's, from before #31)."""
    if not log.exists():
        return []
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("agent", "heuristic") == agent]


def table(rows: list[dict[str, Any]], levels: list[str]) -> list[dict[str, Any]]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["level"]].append(r)
    out = []
    for lv in levels:
        rs = by.get(lv, [])
        if not rs:
            continue
        wins = sum(r["win"] for r in rs)
        low, high = wilson(wins, len(rs))
        out.append(
            {
                "level": lv,
                "games": len(rs),
                "wins": wins,
                "low": low,
                "high": high,
                **{k: statistics.mean(r[k] for r in rs) for k in ("toto_best", "tallest", "walls_fallen", "turns")},
                "cpu_s": statistics.mean(r["cpu_s"] for r in rs),
            }
        )
    return out


def plot(rows: list[dict[str, Any]], out: Path, agent: str, default: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [f"{r['level']}\n(default)" if r["level"] == default else r["level"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    rate = [100.0 * r["wins"] / r["games"] for r in rows]
    errors = [
        [100.0 * (w - r["low"]) for w, r in zip([x / 100 for x in rate], rows, strict=True)],
        [100.0 * (r["high"] - w) for w, r in zip([x / 100 for x in rate], rows, strict=True)],
    ]
    left.bar(names, rate, yerr=errors, capsize=4, color="#6a8caf")
    left.axhspan(33.3, 50.0, color="#c8e6c9", alpha=0.6, label="target: a third to a half", zorder=0)
    left.set_ylabel("team wins, % (Wilson 95%)")
    left.set_ylim(0, 100)
    left.legend(loc="upper right", fontsize=8)
    for i, r in enumerate(rows):
        left.text(i, 2, f"{r['wins']}/{r['games']}", ha="center", fontsize=8)
    right.plot(names, [r["toto_best"] for r in rows], "o-", label="Toto's best floor")
    right.plot(names, [r["tallest"] for r in rows], "s--", label="tallest tower (floors)")
    right.axhline(10, color="grey", lw=0.8, ls=":")
    right.set_ylabel("mean over the games")
    right.set_ylim(0, max(r["tallest"] for r in rows) + 1.5)  # room above the tallest marker
    right.legend(fontsize=8)
    fig.suptitle(f"Cat and the Tower: 3 {agent} bots, cooperative, by steadiness")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def write_doc(rows: list[dict[str, Any]], default: str, command: str, planned: dict[str, int], agent: str) -> str:
    lines = [
        "| steadiness | games | team wins [Wilson 95%] | Toto's best floor | tallest tower | walls fallen | turns |"
        " CPU s/game |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        name = f"**{r['level']}** (default)" if r["level"] == default else r["level"]
        lines.append(
            f"| {name} | {r['games']} | {r['wins']}/{r['games']} = {100 * r['wins'] / r['games']:.0f}%"
            f" [{100 * r['low']:.0f}-{100 * r['high']:.0f}%] | {r['toto_best']:.1f} | {r['tallest']:.1f}"
            f" | {r['walls_fallen']:.1f} | {r['turns']:.1f} | {r['cpu_s']:.1f} |"
        )
    played = {r["level"]: r["games"] for r in rows}
    short = [f"{played.get(lv, 0)} of {n} at {lv}" for lv, n in planned.items() if played.get(lv, 0) < n]
    if short:
        lines.append(
            f"\n**Incomplete:** {', '.join(short)} were played when this page was written (the run was stopped"
            " at the session's deadline on a machine shared by several jobs); the same command resumes it, playing"
            " only the games missing from the log."
        )
    lines.append("\n" + verdict(rows, default))
    text = TEMPLATE.format(default=default, command=command, table="\n".join(lines), agent=agent, reading=READING)
    DOC.write_text(text, encoding="utf-8")
    return text


READING = """**How to read it** (written once the 250 games were in; nothing was tuned on them). The win rate
falls at every step as the hands get shakier, 60% at `steady` down to 14% at `wobbly`, while the walls
fallen by the end rise from 4 to 12 and Toto's best floor drops from 9.6 to 6.7. At the default,
`careful`, the team won 26 of 50: one game above the top of the target (25 of 50 is a half), with an
interval (39-65%) that holds most of the target band, so the games fit a third to a half but cannot
place the rate inside it more finely; `normal` (34%, 22-48%) sits at the band's lower edge. The data do
not point clearly to another level, so **the default stays `careful`** (the one change allowed would have
needed the default's interval outside the band). The hand bots, which try nothing in the physics, won
about as often at `careful` as the heuristic's 23 of 50 (below), building slightly taller towers that
lose fewer walls. They are not people: a person sees a floor lean and straightens the next wall, which
these rules of thumb do not, and a family's hands are not all one level (option `seat_steadiness`).

The whole table cost 38 CPU minutes (7-10 CPU s a game, almost all of it the rules' physics) and took
53 minutes on two workers on the shared 2-core machine (27 Nov 2026, 22:15-23:08 UTC, load 3 to 8);
8 games of a first start of the same command, stopped to resize the run, are in the log and count (the
same seeds replay the same games)."""
"""What the table says in words, written after the games (the numbers above it are the command's)."""


def verdict(rows: list[dict[str, Any]], default: str) -> str:
    """The two questions the table answers, in words the numbers decide (not written by hand)."""
    out = []
    base = next((r for r in rows if r["level"] == default), None)
    if base is not None:
        rate = base["wins"] / base["games"]
        where = "inside" if 1 / 3 <= rate <= 0.5 else "below" if rate < 1 / 3 else "above"
        sure = (
            "the whole interval is inside it"
            if base["low"] >= 1 / 3 and base["high"] <= 0.5
            else "the interval also reaches outside it"
        )
        out.append(
            f"At the default (`{default}`) the team won {base['wins']} of {base['games']} games"
            f" ({100 * rate:.0f}%), {where} the target of a third to a half; {sure}"
            f" ({100 * base['low']:.0f}-{100 * base['high']:.0f}%)."
        )
    rates = [(r["level"], r["wins"] / r["games"]) for r in rows]
    falls = all(b <= a for (_, a), (_, b) in pairwise(rates))
    rises = [f"{a} to {b}" for (a, x), (b, y) in pairwise(rates) if y > x]
    out.append(
        "From the steadiest hands to the shakiest the win rate "
        + ("never rises." if falls else f"does not fall at every step: it rises from {', '.join(rises)}.")
    )
    return " ".join(out)


TEMPLATE = """# Cat and the Tower: the calibration

The Action and Goal cards (`src/cattable/games/tower/cards.json`) and the default steadiness are ours: the
rulebooks do not publish the 20 Action and 16 Goal cards, and a digital hand's steadiness has no printed
value (`/work/shared/CONTENT-NOTES.md`). This page measures how the default game plays, so that it is a
fair family challenge: a team of three should win roughly a third to a half of its games, and fewer as
the hands get shakier.

## The table: three `{agent}` bots at every steadiness

Issue #31 asked for a calibration anyone can reproduce. The bots here are three `hand` bots
(`src/cattable/agents/tower/hand.py`): each aims as a person does, by a rule of thumb over its seat's view
(walls in opposite corners at a square fold, the floor centred, a Feline Friend where the face-up goals
want it, Toto at his roomiest spot), and tries nothing in the physics. It adds no noise of its own: the
rules draw every placement's slip at the seat's steadiness (`TowerState.hand_noise`), as for a person, so
the hand is the only thing that changes from row to row. Its cards and goals are the heuristic's rules of
thumb. No bot reads a clock, so each game replays exactly; a game costs seconds, not the heuristic's CPU
minute, so every level gets the same games (seeds 100 onward, the same deals at each level).

{table}

![team wins, Toto's best floor and the tallest tower by steadiness](figures/tower-calibration.png)

Made by (appending every game to the log and resuming from it, then writing this page and the plot; run
again once every game is in, it plays nothing and only rewrites both):

```sh
{command}
```

"Toto's best floor" is the highest floor Toto reached; "tallest tower" the most floors standing at any
moment of the game (floor 1 counts); "walls fallen" the wall debris at the end; "CPU s/game" the CPU
seconds of a whole game (almost all of it the rules' own physics). A game that stops on an error is kept
aside with its record (`tower-calibration-hand.errors.jsonl`) and played again by the next run.

{reading}

## The heuristic's table (25-26 Nov 2026, before issue #31)

Three heuristic bots, which try five candidate placements in the physics before each one (capped then at
1.5 CPU seconds a placement, so a game on a tall tower could replay differently on a busier machine; the
heuristic now counts its trials instead, `TRIAL_STOREYS` in `agents/tower/heuristic.py`), seeds 100
onward (`experiments/logs/tower-calibration.jsonl`, `--agent heuristic`):

| steadiness | games | team wins [Wilson 95%] | Toto's best floor | tallest tower | walls fallen | turns | CPU min |
|---|---|---|---|---|---|---|---|
| steady | 6 | 2/6 = 33% [10-70%] | 8.8 | 14.7 | 17.0 | 45.3 | 1.0 |
| **careful** (default) | 50 | 23/50 = 46% [33-60%] | 8.8 | 12.4 | 8.2 | 38.8 | 0.8 |
| normal | 6 | 3/6 = 50% [19-81%] | 8.7 | 12.0 | 9.2 | 40.5 | 0.7 |

The table was played in three runs over two days, the command resuming from the log. The second run
stopped on a bug in seed 137: the rules stand Toto at the roomiest spot of his floor, and a piece lying
there that the room count does not see (a wall or a tile fallen flat) made the world refuse the stand
(`Blocked`) out of `apply`. The stand now passes over a blocked spot for the next roomiest
(`tests/tower/test_standing_cats.py`); that changes nothing where the old stand succeeded, so the games
played before the fix stand, and seed 137 was played again with it. With 6 games at the other levels
their intervals overlap the default's.

## Before: what the issue measured

With the first card design and `normal` as the default (tower README, "Figures", 50 games a level, bots
without the move time cap):
steady 22/50 (44%), normal 2/50 (4%), shaky 2/50 (4%); at steady hands a won game could build 17 floors
while Toto reached 10-11. The defeats were mostly one placement bringing most of the tower down at once:
a floor laid on walls of different heights leans, the lean adds up storey by storey until a floor slides.

## The one pass, and why

Decided before measuring, from the first design's figures and from watching bot games:

1. **Default steadiness: `careful`** (was `normal`). The hand model's scale 1.0 is the noise measured for
   a steady human hand (`/work/shared/PHYSICS-NOTES.md`: 1.5 mm, 2 degrees of yaw, 0.5 degree of tilt;
   no debris in 60 ten-storey towers); `normal` is 1.6 times that, at which the bots lost 96% of their
   games. A family plays carefully; `normal`, `shaky` and `wobbly` stay as harder settings, `steady` as an
   easier one.
2. **Fewer wall-only Action cards: the tower no longer outruns Toto.** The heuristic builds only when Toto
   needs a floor above him, but 10 of the 20 cards could only build, and with two cards face up both were
   wall-only about a quarter of the time: in a traced game at `careful` the team had built 7 storeys
   before Toto's first goal. A03-A06 now offer a Feline Friend on their other side (A03 any colour, A04
   yellow, A05 blue, A06 any): 6 cards are wall-only (both face up about 8% of the time), 14 can place a
   cat. A01 and A02 stay wall-only, so the rule for dead cards still has wall cards to discard.
3. **Wall pairs a careful hand can level.** Walls step 3 mm in height (`physics/pieces.json`); A05
   (windows + angels, 6 mm) and A06 (bricks + angels, 9 mm, the leaning-est pair) now ask for neighbouring
   heights (windows + arches, arches + angels). A04 keeps bricks + arches: the tower stays a dexterity
   game.
4. **Goals move Toto by difficulty**, using the bots' own rough chances (`agents/tower/weights.py`, `EASE`):
   1 floor only for the two starting (paw) cards, 2 for the easy conditions (chance 0.45 and up: G02
   rises from 1), 3 for the hard ones (0.4 and below: G07-G11 rise from 2). A goal moves Toto 2.5 floors
   on average (2.06 before), so he uses the height the tower already has.
5. Not changed: the bots (their choice of cards and placements is what is measured), the count of five,
   the turn limit, the paw cards (A07, A08 build floor 2 at once; G01, G03 are the easy first goals), the
   pieces.

How the pass got here, plainly: a first version changed only A04-A06's walls and two goals, and was
stopped after 4 games when it turned out that changing a card breaks the replay of records saved with it
(hence the `cards` option below); a second, goals-only version (replay-safe without an option) was
stopped after 5 games (no win; Toto stalled on floors 2-6 under towers of 9-15) when a traced game showed
the wall-only cards at work (point 2). Their games are not in the table.

Records saved before the calibration keep replaying as they were played: the first design is kept as the
deck `cards=first` (`cards.json`, "first"), and a record without the `cards` option replays with it.

This was one pass, not tuned on the results: read the table with its intervals (50 games give about plus
or minus 13 points). If the default lands outside a third to a half, the next step is the steadiness (the
levels bracket the target), not the cards.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games at the default steadiness")
    parser.add_argument("--other-games", type=int, default=50, help="games at each other level")
    parser.add_argument("--levels", default="steady,careful,normal,shaky,wobbly")
    parser.add_argument("--agent", default="hand", help="the bot of all three seats (hand: no physics trial)")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", default="experiments/logs/tower-calibration-hand.jsonl")
    parser.add_argument("--from-log", action="store_true", help="write the page and plot from the log only")
    args = parser.parse_args()
    levels = args.levels.split(",")
    default = default_steadiness()
    if default not in levels:
        levels.append(default)
    log = Path(args.log)
    if not args.from_log:
        run(levels, default, args.games, args.other_games, args.seed, args.workers, log, args.agent)
    rows = table(read_log(log, args.agent), levels)
    plot(rows, PLOT, args.agent, default)
    command = (
        f".venv/bin/python experiments/tower_calibration.py --agent {args.agent} --games {args.games}"
        f" --other-games {args.other_games} --levels {args.levels} --seed {args.seed} --workers {args.workers}"
        f" --log {args.log}"
    )
    planned = {lv: args.games if lv == default else args.other_games for lv in levels}
    print(write_doc(rows, default, command, planned, args.agent))


if __name__ == "__main__":
    main()
