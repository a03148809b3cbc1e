"""Round-robin tournaments between agents: every pairing, seats rotated, a win-rate matrix and Elo.

In a game of P seats between agents A and B, the seats alternate A, B, A, ... starting from a seat that
rotates with the game number, so neither agent keeps the first seat. A game scores 1 for the agent whose
seats hold all the winners, 0 for the other, and 0.5 when both or neither have winners.
"""

from __future__ import annotations

import itertools
import json
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cattable.agents import make_agent
from cattable.core import game as get_game

from .playout import play_out
from .ratings import elo_with_intervals, wilson

logger = logging.getLogger(__name__)
Job = tuple[str, int, tuple[str, str], int, int, int, int, dict[str, Any]]
"""One game to play: game, players, the two agents, their indices, game number k, seed, options."""


class TournamentError(RuntimeError):
    """Some games raised (a bug in a game or a bot): every other game was still played and logged."""


@dataclass(frozen=True)
class Match:
    a: int
    b: int
    seed: int
    score: float  # for agent a
    actions: int
    seconds: float = field(default=0.0, compare=False)
    """CPU seconds the game took in its worker (0 where a log has no timing): what a long run costs."""


def seating(players: int, game_index: int) -> list[int]:
    """Which side (0 = A, 1 = B) sits in each seat for game number ``game_index``."""
    return [(seat + game_index) % 2 for seat in range(players)]


def play_match(
    name: str, players: int, agents: tuple[str, str], a: int, b: int, k: int, seed: int, options: dict[str, Any]
) -> Match:
    start = time.process_time()
    game = get_game(name)
    sides = seating(players, k)
    seats = [make_agent(agents[side], game, seed=seed * 7 + s, imports=True) for s, side in enumerate(sides)]
    state = play_out(game.new(players=players, seed=seed, **options), seats)
    winners = state.result().winners
    a_won = any(sides[w] == 0 for w in winners)
    b_won = any(sides[w] == 1 for w in winners)
    score = 0.5 if a_won == b_won else (1.0 if a_won else 0.0)
    return Match(a, b, seed, score, len(state.history), round(time.process_time() - start, 3))


def _job(args: Job) -> Match:
    return play_match(*args)


def log_identity(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """What a log line must match to be reused: the same game, player count and options."""
    return {"game": name, "players": players, "options": {k: options[k] for k in sorted(options)}}


def load_log(path: Path, agents: Sequence[str], identity: dict[str, Any]) -> dict[tuple[int, int, int], Match]:
    """Matches already played, from a log written by an earlier run. Lines for other agents, or from a run of
    another game, player count or options (``identity``), are skipped: a resumed run never mixes them in."""
    index = {name: i for i, name in enumerate(agents)}
    done: dict[tuple[int, int, int], Match] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if any(row.get(key) != value for key, value in identity.items()):
            continue
        if row.get("a") in index and row.get("b") in index:
            m = Match(
                index[row["a"]],
                index[row["b"]],
                int(row["seed"]),
                float(row["score"]),
                int(row["actions"]),
                float(row.get("seconds", 0.0)),
            )
            done[(m.a, m.b, m.seed)] = m
    return done


def run_tournament(
    name: str,
    agents: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    log: Path | None = None,
    pairs: Sequence[tuple[int, int]] | None = None,
) -> list[Match]:
    """Every pairing plays ``games`` games, game k on seed ``seed + k`` with the seats rotated by k.

    ``pairs`` (agent indices ``(i, j)``, ``i < j``) plays only those pairings (a ladder's); default all.

    Games are dealt round-robin over the pairings, so a run cut short has about as many games in every
    pairing. With ``log``, every finished match is appended there as a JSON line and matches already in
    the log are not played again: a long tournament survives being stopped and resumes where it was.
    """
    game = get_game(name)
    opts = dict(options or {})
    if game.is_cooperative(opts):
        raise ValueError(f"{name} is cooperative with these options: use `cattable simulate` for the team's win rate")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    game.new(players=players, seed=seed, **opts)
    for spec in agents:
        make_agent(spec, game, imports=True)
    identity = log_identity(name, players, opts)
    done = load_log(log, agents, identity) if log else {}
    pairs = list(itertools.combinations(range(len(agents)), 2)) if pairs is None else list(pairs)
    if any(not 0 <= i < j < len(agents) for i, j in pairs):
        raise ValueError(f"pairings {pairs}: each must be two agents' indices, the lower first")
    out = [done[(i, j, seed + k)] for k in range(games) for i, j in pairs if (i, j, seed + k) in done]
    jobs = [
        (name, players, (agents[i], agents[j]), i, j, k, seed + k, opts)
        for k in range(games)
        for i, j in pairs
        if (i, j, seed + k) not in done
    ]
    if progress and out:
        progress(len(out))
    sink = log.open("a") if log else None
    try:

        def keep(match: Match) -> None:
            out.append(match)
            if sink is not None:
                row = {**identity, "a": agents[match.a], "b": agents[match.b], "seed": match.seed}
                row.update(score=match.score, actions=match.actions, seconds=match.seconds)
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            if progress:
                progress(1)

        failed: list[str] = []

        def fail(job: Job, exc: Exception) -> None:
            what = f"{job[2][0]} vs {job[2][1]} on seed {job[6]}: {type(exc).__name__}: {exc}"
            logger.error("a tournament game failed (the others go on): %s", what, exc_info=exc)
            failed.append(what)

        if workers <= 1:
            for job in jobs:
                try:
                    match = _job(job)
                except Exception as exc:  # one broken game must not cost the rest of the run
                    fail(job, exc)
                    continue
                keep(match)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                # Logged as each game ends, not in job order: a stop loses only the games still running.
                futures = {pool.submit(_job, job): job for job in jobs}
                for future in as_completed(futures):
                    try:
                        match = future.result()
                    except Exception as exc:
                        fail(futures[future], exc)
                        continue
                    keep(match)
    finally:
        if sink is not None:
            sink.close()
    if failed:
        kept = f"; the {len(out)} games that finished are in {log}" if log else ""
        raise TournamentError(f"{len(failed)} game(s) failed{kept}: " + "; ".join(failed))
    out.sort(key=lambda m: (m.seed, m.a, m.b))
    return out


def summarise(name: str, agents: Sequence[str], players: int, matches: Sequence[Match], seed: int) -> dict[str, Any]:
    """The win-rate matrix, Elo ratings and seat 0's score; ``seed`` is the run's (it tells who sat where)."""
    n = len(agents)
    score = [[0.0] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    for m in matches:
        score[m.a][m.b] += m.score
        score[m.b][m.a] += 1.0 - m.score
        count[m.a][m.b] += 1
        count[m.b][m.a] += 1
    matrix = []
    for i in range(n):
        row: list[dict[str, float] | None] = []
        for j in range(n):
            if i == j or count[i][j] == 0:
                row.append(None)
                continue
            row.append(rate(score[i][j], count[i][j]))
        matrix.append(row)
    elo = elo_with_intervals(n, [(m.a, m.b, m.score) for m in matches])
    return {
        "game": name,
        "players": players,
        "agents": list(agents),
        "games_per_pairing": max((c for row in count for c in row), default=0),
        "matrix": matrix,
        "elo": {agents[i]: elo[i] for i in range(n)},
        "seat0": seat_zero(agents, players, matches, seed),
    }


def rate(score: float, games: int) -> dict[str, float]:
    """A score over ``games`` as a rate with its Wilson 95% interval."""
    low, high = wilson(score, games)
    return {"win_rate": round(score / games, 4), "low": round(low, 4), "high": round(high, 4), "games": games}


def seat_zero(agents: Sequence[str], players: int, matches: Sequence[Match], seed: int) -> dict[str, Any]:
    """How the side sitting in seat 0 scored, over all games and in each pairing.

    Rotating the seats cancels the seat's own advantage out of the matrix, but a researcher wants to see
    it: a strong seat 0 (it moves first in most games) makes every pairing noisier. Game k of a pairing
    was played on seed ``seed + k`` with ``seating(players, k)``, so the side in seat 0 is known.
    """
    total = 0.0
    per: dict[str, list[float]] = {}
    for m in matches:
        a_sits_first = seating(players, m.seed - seed)[0] == 0
        got = m.score if a_sits_first else 1.0 - m.score
        total += got
        cell = per.setdefault(f"{agents[m.a]} vs {agents[m.b]}", [0.0, 0.0])
        cell[0] += got
        cell[1] += 1
    return {
        "overall": rate(total, len(matches)) if matches else None,
        "pairings": {k: rate(s, int(g)) for k, (s, g) in per.items()},
    }
