"""How long the tower's bots take to choose a move: as the server makes it (its bot pool, over seeded games),
and on hand-built towers of each height.

    .venv/bin/python benchmarks/bench_tower_bot_move.py [--games 4] [--players 2] [--agent heuristic]
        [--steadiness careful] [--moves 400] [--json]
    .venv/bin/python benchmarks/bench_tower_bot_move.py --towers [--heights 1,5,10,15,20] [--seeds 3]
        [--agents heuristic,mcts:hard] [--steadiness normal] [--json]

The server's move (the default, issue #31's must-show: "a bot's tower move p95 under 2 s of wall time on a
quiet machine, from the server's bot pool"): ``--games`` seeded cooperative games (game seeds 0, 1, ...; the
server's default options but ``--steadiness``), every seat the bot ``--agent``, played to their end (or
``--moves`` bot moves each). Each move is asked exactly as ``Hub._bot_turn`` asks it: the table's record
sent to the pool ``hub.bot_pool`` makes (one spawned worker, the server's default ``--bot-workers``), which
runs ``bots.bot_move`` (replay the record, make the agent with the seed ``game seed ^ version``, choose from
the seat's view). Timed: the wall seconds from the submit to the answer in this process (what a table waits),
and the CPU seconds of the worker's ``bot_move`` (what a busy machine does not change). A progress bar
counts the moves.

The towers (``--towers``): for each height, ``--seeds`` towers are built by hand (``scenes.Builder``: mostly
mixed wall pairs at square folds, placed with a careful hand's noise, so each tower leans a little
differently, and two Feline Friends on the floor below the top) and made the table of a 3-player cooperative
game at ``--steadiness``. On each tower every bot is asked, from the seat's view, for its card (a wall card
and a Feline Friend card face up), its two walls and its floor (the rules carry out each one between
questions), and a Feline Friend's spot. Each question is timed in CPU seconds of this process.

The anchor, measured in the same run (both modes): one settle of a fixed scene (a 5-storey tower built by a
still hand on a fresh world, 15 placements each settled by the rules). Ratios to it compare runs across
machines. Why it exists: a physics trial grows dearer with every storey, so the heuristic's fixed number of
trials once took 9 s a move on a tall tower; ``HeuristicAgent.max_seconds`` capped them (25 Nov), and since
issue #31 a count of trials that shrinks with the storeys does (``TRIAL_STOREYS``, heuristic.py).

Measured on 25 Nov 2026 (``--towers``, shared 2-core machine, ``--seeds 3``, 15 moves per bot and height;
anchor 0.045 s), p95 CPU seconds at 1, 5, 10, 15, 20 storeys: before the cap, heuristic 0.15, 0.38, 0.97,
1.49, 2.61 (max 2.70) and mcts:hard 0.15, 0.37, 0.97, 1.52, 2.71; with it, heuristic 0.14, 0.41, 1.00, 1.45,
1.79 (max 2.01) and mcts:hard 0.15, 0.41, 1.00, 1.41, 1.78 (max 2.21). Six real moves of a heuristic game
(seed 100, steady hands) that took 2.0-4.9 s before took 0.96-1.39 s with the cap. These hand-built towers
lean less than a game's, so they understate the worst moves: the server mode measures real games.

Measured on 28 Nov 2026 (the server mode, defaults: 4 two-player games at careful hands, 431 heuristic moves,
the same 431 in both runs; shared 2-core machine, load average 3.2-3.7; anchor 0.073 s): wall p50 0.55 s,
p95 3.15 s, max 6.21 s; CPU p50 0.34 s, p95 2.56 s, max 3.48 s (34 moves over 2 CPU s). Not the load alone:
the floors (68 moves: CPU p95 2.99 s) and walls (104: CPU p95 2.65 s) of 8 to 13 storeys are the slow ones,
3-4 trials of 0.4-0.8 CPU s each, plus the worker's replay of the record (0.2-0.4 s late in a game).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from rich.progress import Progress

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.games.tower import debris
from cattable.games.tower.actions import Choose
from cattable.games.tower.game import TowerState
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.scenes import Builder
from cattable.games.tower.table import fresh_world, outcome_of
from cattable.server.bots import bot_move
from cattable.server.hub import bot_pool

KINDS = ("bricks", "windows", "arches", "angels")


def pairs(height: int) -> list[tuple[str, str]]:
    """The walls of each storey: mostly mixed pairs of neighbouring heights (as the wall cards deal them), the
    taller wall on alternating sides so the lean does not add up, the types climbing every six storeys."""
    out = []
    for k in range(height):
        low, high = KINDS[(k // 6) % 4], KINDS[min(3, k // 6 + k % 2)]
        out.append((low, high) if k % 4 < 2 else (high, low))
    return out


def anchor() -> float:
    """CPU seconds to build a 5-storey tower with a still hand on a fresh world (the unit of the ratios)."""
    start = time.process_time()
    world = fresh_world()
    Builder(world).tower([(k, k) for k in KINDS] + [("bricks", "bricks")])
    assert len(world.read().floor_levels) == 6, "the anchor's tower must stand"
    return time.process_time() - start


def position(height: int, seed: int, steadiness: str) -> TowerState:
    """A cooperative 3-player table with a tower of ``height`` storeys above floor 1 (a wall card and a
    Feline Friend card face up, seat 0 to play)."""
    state = cattable.game("tower").new(players=3, seed=seed, steadiness=steadiness)
    assert isinstance(state, TowerState)
    world = state.table.live()
    rng = random.Random(seed)
    builder = Builder(world, "careful", lambda s: rng.gauss(0.0, s))
    built = builder.tower(pairs(height))
    if built and height > 1:  # two Feline Friends on the floor below the top, as in a game
        below = built[-2] if len(built) > 1 else "F1"
        world.place_cat("C-yellow-1", below, 1.5, -1.5, 0.0)
        world.settle()
        world.place_cat("C-blue-1", below, -1.5, 1.5, 90.0)
        world.settle()
    if len(built) < height or world.read().debris:
        raise RuntimeError(f"the {height}-storey tower of seed {seed} fell while being built: try another seed")
    _adopt(state, world)
    state.action_faceup = ["A07", "A19"]  # bricks pair | bricks + windows; a Feline Friend of any colour
    state.forget_caches()
    return state


def _adopt(state: TowerState, world: TowerWorld) -> None:
    state.outcome_before = state.table.outcome
    state.support_before = state.reading.get("support", {})
    state.table.adopt(outcome_of(world), True)
    debris.track_cats(state)
    state.forget_caches()


def _copy(state: TowerState) -> TowerState:
    other = state.clone()
    assert isinstance(other, TowerState)
    return other


def _timed(agent: Any, state: TowerState) -> tuple[float, Any]:
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    start = time.process_time()
    action = agent.choose_with(view, legal, InfoSet(state, seat))
    return time.process_time() - start, action


def questions(spec: str, state: TowerState, seed: int) -> list[tuple[str, float]]:
    """Ask the bot ``spec`` for the card, two walls and a floor, then (on a copy from the start) a cat's spot."""
    game = cattable.game("tower")
    agent = make_agent(spec, game, seed=seed)
    start = _copy(state)
    out = []
    seconds, _ = _timed(agent, state)
    out.append(("card", seconds))
    state.apply(Choose("choose", 1, "left"))  # the bricks pair, whatever the bot chose
    for kind in ("wall", "wall", "floor"):
        if state.is_over or state.phase != "place":
            break
        seconds, action = _timed(agent, state)
        out.append((kind, seconds))
        state.apply(action)
    start.apply(Choose("choose", 2, ""))
    seconds, _ = _timed(agent, start)
    out.append(("cat", seconds))
    return out


def measure(heights: list[int], seeds: int, agents: list[str], steadiness: str) -> dict[str, Any]:
    unit = min(anchor() for _ in range(3))
    times: dict[tuple[str, int], list[float]] = defaultdict(list)
    for height in heights:
        for seed in range(seeds):
            base = position(height, seed, steadiness)
            for spec in agents:
                for kind, seconds in questions(spec, _copy(base), seed):
                    times[(spec, height)].append(seconds)
                    print(json.dumps({"agent": spec, "storeys": height, "seed": seed, kind: round(seconds, 3)}))
    rows = []
    for (spec, height), ts in sorted(times.items()):
        ts.sort()
        p95 = ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]
        rows.append(
            {
                "agent": spec,
                "storeys": height,
                "moves": len(ts),
                "p50_s": round(statistics.median(ts), 3),
                "p95_s": round(p95, 3),
                "max_s": round(ts[-1], 3),
                "p95_per_anchor": round(p95 / unit, 2),
            }
        )
    return {"anchor_s": round(unit, 3), "rows": rows}


def timed_bot_move(game_name: str, record: dict[str, Any], seat: int, spec: str, seed: int) -> tuple[Any, float]:
    """``bots.bot_move`` in the pool's worker, with the worker's CPU seconds for it (replay and choice)."""
    start = time.process_time()
    move = bot_move(game_name, record, seat, spec, seed)
    return move, time.process_time() - start


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def server_moves(games: int, players: int, spec: str, steadiness: str, moves: int) -> dict[str, Any]:
    """Play ``games`` seeded games with every seat the bot ``spec``, each move asked of the server's bot pool
    as ``Hub._bot_turn`` asks it; the wall and CPU seconds of every move, and their p50, p95 and max."""
    unit = min(anchor() for _ in range(3))
    game = cattable.game("tower")
    options = game.validated_options(players, {"steadiness": steadiness})
    wall: list[float] = []
    cpu: list[float] = []
    kinds: dict[str, list[tuple[float, float]]] = defaultdict(list)
    worst: dict[str, Any] = {}
    pool = bot_pool(1)
    try:
        # the worker spawned and its rules imported, as on a server that has played a tower move before
        first = game.new(players, games, **options)
        pool.submit(bot_move, "tower", first.record(), first.current_player or 0, spec, 0).result()
        with Progress() as progress:
            task = progress.add_task("bot moves", total=games * moves)
            for seed in range(games):
                state = game.new(players, seed, **options)
                for played in range(moves + 1):
                    seat = state.current_player
                    if state.is_over or seat is None or played == moves:
                        progress.advance(task, moves - played)  # a game ended early: its unplayed moves
                        break
                    version = len(state.record()["actions"])
                    start = time.perf_counter()
                    move, seconds = pool.submit(
                        timed_bot_move, "tower", state.record(), seat, spec, state.seed ^ version
                    ).result()
                    wall.append(time.perf_counter() - start)
                    cpu.append(seconds)
                    kinds[move["kind"]].append((wall[-1], seconds))
                    if wall[-1] >= max(wall):
                        storeys = max(state.view(None)["tower"]["reading"]["floor_levels"].values(), default=1)
                        worst = {"seed": seed, "version": version, "move": move, "storeys": storeys}
                    state.apply(game.action_from_json(move))
                    progress.advance(task)
    finally:
        pool.shutdown()
    return {
        "anchor_s": round(unit, 3),
        "agent": spec,
        "games": games,
        "moves": len(wall),
        "wall_s": {k: round(v, 3) for k, v in _summary(wall).items()},
        "cpu_s": {k: round(v, 3) for k, v in _summary(cpu).items()},
        "wall_p95_per_anchor": round(_pct(wall, 0.95) / unit, 1),
        "over_2s_wall": sum(w > 2.0 for w in wall),
        "over_2s_cpu": sum(c > 2.0 for c in cpu),
        "by_kind": {
            kind: {
                "moves": len(pairs_),
                "wall_p95": round(_pct([w for w, _ in pairs_], 0.95), 3),
                "cpu_p50": round(statistics.median(c for _, c in pairs_), 3),
                "cpu_p95": round(_pct([c for _, c in pairs_], 0.95), 3),
                "cpu_max": round(max(c for _, c in pairs_), 3),
            }
            for kind, pairs_ in sorted(kinds.items())
        },
        "slowest": worst,
    }


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50": statistics.median(values), "p95": _pct(values, 0.95), "max": max(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--towers", action="store_true", help="hand-built towers of each height, in this process")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--moves", type=int, default=400, help="bot moves at most per game")
    parser.add_argument("--heights", default="1,5,10,15,20")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--agents", default="heuristic,mcts:hard")
    parser.add_argument("--steadiness", default=None, help="careful (the server's default) or normal (--towers)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    args = parser.parse_args()
    if not args.towers:
        got = server_moves(args.games, args.players, args.agent, args.steadiness or "careful", args.moves)
        if args.json:
            print(json.dumps(got))
            return
        print(f"anchor (a 5-storey tower built on a fresh world): {got['anchor_s']:.3f} CPU s")
        print(f"{got['agent']}: {got['moves']} moves of {got['games']} games, from the server's bot pool")
        for name in ("wall_s", "cpu_s"):
            row = got[name]
            print(f"  {name[:-2]:<5} p50 {row['p50']:.2f} s  p95 {row['p95']:.2f} s  max {row['max']:.2f} s")
        print(
            f"  wall p95 / anchor {got['wall_p95_per_anchor']}; moves over 2 s: {got['over_2s_wall']} of wall,"
            f" {got['over_2s_cpu']} of CPU"
        )
        for kind, row in got["by_kind"].items():
            print(
                f"  {kind:<7}{row['moves']:>4} moves  CPU p50 {row['cpu_p50']:.2f} p95 {row['cpu_p95']:.2f}"
                f" max {row['cpu_max']:.2f} s  wall p95 {row['wall_p95']:.2f} s"
            )
        print(f"  the slowest: {json.dumps(got['slowest'])}")
        return
    heights = [int(h) for h in args.heights.split(",")]
    result = measure(heights, args.seeds, args.agents.split(","), args.steadiness or "normal")
    if args.json:
        print(json.dumps(result))
        return
    print(f"anchor (a 5-storey tower built on a fresh world): {result['anchor_s']:.3f} CPU s")
    print(f"{'agent':<12}{'storeys':>8}{'moves':>7}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'p95/anchor':>12}")
    for r in result["rows"]:
        print(
            f"{r['agent']:<12}{r['storeys']:>8}{r['moves']:>7}{r['p50_s']:>8.2f}{r['p95_s']:>8.2f}"
            f"{r['max_s']:>8.2f}{r['p95_per_anchor']:>12.1f}"
        )


if __name__ == "__main__":
    main()
