"""Golden transcripts: whole seeded games written out as text (actions, then the final table drawn
without colour), compared on every run. After an intended rules change, rewrite them with
``.venv/bin/python -m tests.washi.test_golden`` and review the diff like code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.console import Console

import cattable
from cattable.agents.base import Agent, RandomAgent
from cattable.games.washi.heuristic import HeuristicAgent
from cattable.games.washi.render import render
from tests.rulebook import rule

from .helpers import BOOK

HERE = Path(__file__).resolve().parent / "golden"
CASES = [("random", 2, 1, ""), ("heuristic", 2, 2, ""), ("heuristic", 2, 3, "long"), ("random", 3, 2, "")]


def _name(kind: str, players: int, seed: int, map_name: str) -> str:
    return f"{kind}-{players}p-seed{seed}{'-' + map_name if map_name else ''}.txt"


def transcript(kind: str, players: int, seed: int, map_name: str) -> str:
    state = cattable.game("washi").new(players=players, seed=seed, map=map_name)
    agents: list[Agent] = [
        HeuristicAgent(seed * 10 + p) if kind == "heuristic" else RandomAgent(seed * 10 + p) for p in range(players)
    ]
    lines = [f"# washi, {players} players, seed {seed}, {kind} agents, map {map_name or 'default'}"]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        lines.append(f"{len(state.history)} seat{seat}: {action.text()}")
    console = Console(record=True, width=130, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(state.view(None), None))
    lines.append(console.export_text().rstrip())
    result = state.result()
    lines.append(f"winners {list(result.winners)} ranking {[list(g) for g in result.ranking]}")
    return "\n".join(lines) + "\n"


@rule(BOOK, "EXAMPLE GAME: Below is an example of a finished standard two player game.")
@pytest.mark.parametrize(("kind", "players", "seed", "map_name"), CASES)
def test_games_play_out_as_written(kind: str, players: int, seed: int, map_name: str) -> None:
    stored = HERE / _name(kind, players, seed, map_name)
    expected = stored.read_text(encoding="utf-8").splitlines()
    actual = transcript(kind, players, seed, map_name).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{stored.name} line {i + 1} differs"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    for case in CASES:
        path = HERE / _name(*case)
        path.write_text(transcript(*case), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
