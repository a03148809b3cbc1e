"""Is the tower's physics safe in a player's hands (issue #31)? Random games at every steadiness, in both
editions and both modes, watched event by event: how deep pieces end up inside one another, how often the
solver blows up and is undone, how far debris lands from the tower, and what the put-backs did.

    MUJOCO_GL=egl PYTHONPATH=src .venv/bin/python experiments/tower_safety.py [--seconds 600] [--seed 0]
    MUJOCO_GL=egl PYTHONPATH=src .venv/bin/python experiments/tower_safety.py --games 1000 --workers 2

Game ``k`` plays seed ``seed + k`` with the ``k``-th combination of steadiness x edition x mode (all 20 in
turn), three random agents seeded as ``cattable simulate`` seeds them (``seed * 101 + seat``), until the CPU
budget is spent (the game under way is finished). Every physics event is watched through wrappers (nothing
in the rules changes): the deepest overlap of two pieces in the world it leaves (``reading.deepest_overlap``),
the solver's recoveries in each settle or hold, each piece newly debris (its distance from the tower's axis,
and whether it left the table), and each piece put back (how far from its old pose, or no room).
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import cattable
from cattable.agents import make_agent
from cattable.games.tower import table as tower_table
from cattable.games.tower.physics import STEADINESS, TowerWorld
from cattable.games.tower.physics.reading import deepest_overlap
from cattable.games.tower.physics.settling import Settling

COMBOS = [
    (level, edition, mode) for level in STEADINESS for edition in ("en", "fr") for mode in ("coop", "competitive")
]


class Watch:
    """What the wrappers saw, for the combination being played."""

    def __init__(self) -> None:
        self.key = ""
        self.depth: dict[str, list[float]] = defaultdict(list)  # mm, one per physics event
        self.recoveries: dict[str, list[int]] = defaultdict(list)  # one per settle or hold
        self.cut: Counter[str] = Counter()
        self.debris: dict[str, list[float]] = defaultdict(list)  # cm from the axis
        self.off: Counter[str] = Counter()
        self.shift: dict[str, list[float]] = defaultdict(list)  # cm from the old pose, per piece put back
        self.no_room: Counter[str] = Counter()
        self.worst: tuple[float, str] = (0.0, "")
        self.events = 0  # physics events watched (in this game, in a worker)
        self.worst_event = -1


W = Watch()


def install() -> None:
    simulate: Callable[..., Any] = tower_table.Table.simulate
    run: Callable[..., float] = Settling._run
    put_back: Callable[..., list[str]] | None = getattr(TowerWorld, "put_back", None)  # None: before issue #31

    def watched_simulate(self: tower_table.Table, step: Callable[[TowerWorld], object]) -> dict[str, Any]:
        seen = set(self.outcome.get("reading", {}).get("debris", ()))
        out: dict[str, Any] = simulate(self, step)
        assert self.world is not None
        depth = deepest_overlap(self.world)
        W.depth[W.key].append(depth[0] * 1000)
        W.events += 1
        if depth[0] * 1000 > W.worst[0]:
            W.worst = (depth[0] * 1000, f"{W.key}: {depth[1]} in {depth[2]}")
            W.worst_event = W.events
        for p in sorted(set(out["reading"]["debris"]) - seen):
            x, y, z = out["poses"][p][:3]
            W.debris[W.key].append(math.hypot(x, y))
            W.off[W.key] += z < -1.0
        return out

    def watched_run(self: Settling, seconds: float, until_rest: bool) -> float:
        before = self.instabilities
        cut = getattr(self, "cut_short", 0)
        used = run(self, seconds, until_rest)
        W.recoveries[W.key].append(self.instabilities - before)
        W.cut[W.key] += getattr(self, "cut_short", 0) - cut
        return used

    def watched_put_back(self: TowerWorld, poses: Mapping[str, Sequence[float]]) -> list[str]:
        assert put_back is not None
        left = put_back(self, poses)
        now = self.poses()
        for p, pose in poses.items():
            if p in left:
                W.no_room[W.key] += 1
            else:
                W.shift[W.key].append(math.dist(now[p][:3], pose[:3]))
        return left

    setattr(tower_table.Table, "simulate", watched_simulate)  # noqa: B010 (a wrapper of the same signature)
    setattr(Settling, "_run", watched_run)  # noqa: B010
    if put_back is not None:
        setattr(TowerWorld, "put_back", watched_put_back)  # noqa: B010


def play(seed: int, level: str, edition: str, mode: str, players: int) -> dict[str, Any]:
    game = cattable.game("tower")
    agents = [make_agent("random", game, seed=seed * 101 + s) for s in range(players)]
    state: Any = game.new(players=players, seed=seed, steadiness=level, edition=edition, mode=mode)
    while state.current_player is not None:
        state.apply(agents[state.current_player].choose({}, state.legal_actions()))
    why = state.events[-1]["args"].get("why", {}) if state.events else {}
    while isinstance(why, dict) and "why" in why.get("args", {}):
        why = why["args"]["why"]
    return {"actions": len(state.history), "end": why.get("msgid", "") if isinstance(why, dict) else str(why)}


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else 0.0


def row(name: str, keys: list[str], games: int) -> str:
    depth = [d for k in keys for d in W.depth[k]]
    rec = [r for k in keys for r in W.recoveries[k]]
    deb = [d for k in keys for d in W.debris[k]]
    shift = [d for k in keys for d in W.shift[k]]
    moved = [d for d in shift if d > 1e-6]
    return (
        f"| {name} | {games} | {len(depth)} | {max(depth, default=0):.3f} | {sum(d > 1.0 for d in depth)} | "
        f"{sum(r > 0 for r in rec)} | {max(rec, default=0)} | {sum(W.cut[k] for k in keys)} | {len(deb)} | "
        f"{statistics.median(deb) if deb else 0:.1f} | {pct(deb, 0.99):.1f} | {max(deb, default=0):.1f} | "
        f"{sum(W.off[k] for k in keys)} | {len(shift) + sum(W.no_room[k] for k in keys)} | {len(moved)} "
        f"({max(moved, default=0):.2f}) | {sum(W.no_room[k] for k in keys)} |"
    )


def one_game(job: tuple[int, int, int]) -> tuple[str, int, dict[str, Any], dict[str, Any]]:
    """Play game ``k`` (seed ``seed + k``) in a worker: its combination, seed, ending and what was watched."""
    k, first_seed, players = job
    global W
    W = Watch()
    level, edition, mode = COMBOS[k % len(COMBOS)]
    W.key = f"{level}/{edition}/{mode}"
    try:
        game = play(first_seed + k, level, edition, mode, players)
    except Exception as exc:  # a game the rules could not play on is a finding: told, not fatal to the run
        game = {"actions": -1, "end": f"ERROR {exc!r}"}
    depths = W.depth[W.key]
    game |= {
        "deepest_mm": round(W.worst[0], 3),
        "deepest": W.worst[1].split(": ", 1)[-1],
        "at_event": W.worst_event,
        "over_1mm": sum(d > 1.0 for d in depths),
    }
    return W.key, first_seed + k, game, vars(W)


def merge(seen: dict[str, Any]) -> None:
    """Add one game's watch (``vars(Watch)`` from a worker) to the module's ``W``."""
    for name in ("depth", "recoveries", "debris", "shift"):
        for key, values in seen[name].items():
            getattr(W, name)[key].extend(values)
    for name in ("cut", "off", "no_room"):
        getattr(W, name).update(seen[name])
    W.worst = max(W.worst, seen["worst"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=600.0, help="CPU seconds to spend (the last game is finished)")
    parser.add_argument("--games", type=int, help="play this many games instead (spread evenly over the combinations)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games at once (with --games)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--log", help="write one JSON line per game here")
    parser.add_argument("--only", default="", help="with --games: play only the games whose combination contains this")
    args = parser.parse_args()
    install()
    start = time.process_time()
    played: dict[str, int] = Counter()
    ends: Counter[str] = Counter()
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115

    def record(key: str, seed: int, game: dict[str, Any]) -> None:
        played[key] += 1
        ends[f"{key.split('/', 1)[1]}: {game['end']}"] += 1
        if log:
            log.write(json.dumps({"seed": seed, "combo": key, **game}) + "\n")

    k = 0
    if args.games is not None:
        from multiprocessing import get_context

        from rich.progress import track

        wanted = [i for i in range(args.games) if args.only in "/".join(COMBOS[i % len(COMBOS)])]
        jobs = [(i, args.seed, args.players) for i in wanted]
        signal.signal(signal.SIGTERM, signal.default_int_handler)  # a stopped run still reports its games
        with get_context("fork").Pool(args.workers) as pool:
            try:
                for key, seed, game, seen in track(
                    pool.imap_unordered(one_game, jobs), total=len(jobs), description="tower games"
                ):
                    record(key, seed, game)
                    merge(seen)
                    k += 1
            except KeyboardInterrupt:
                print(f"stopped after {k} games")
    else:
        while time.process_time() - start < args.seconds:
            level, edition, mode = COMBOS[k % len(COMBOS)]
            W.key = f"{level}/{edition}/{mode}"
            seed = args.seed + k
            game = play(seed, level, edition, mode, args.players)
            record(W.key, seed, game)
            k += 1
    cpu = time.process_time() - start
    seeds = f"seeds {args.seed}-{args.seed + k - 1}, {args.players} random agents"
    print(f"{k} games, {cpu:.0f} CPU s in this process ({seeds})\n")
    print(
        "| steadiness | games | physics events | deepest overlap (mm) | events over 1 mm | settles with a "
        "recovery | most in one settle | settles cut short | debris | median (cm) | p99 | max | off the table | "
        "put-backs | moved (max cm) | no room |"
    )
    print("|" + "---|" * 16)
    for level in STEADINESS:
        keys = [c for c in played if c.startswith(level + "/")]
        print(row(level, keys, sum(played[c] for c in keys)))
    print(row("all", list(played), k))
    print(f"\ndeepest: {W.worst[1]} ({W.worst[0]:.3f} mm)")
    print("endings:")
    for end, n in sorted(ends.items()):
        print(f"  {n:4d}  {end}")


if __name__ == "__main__":
    main()
