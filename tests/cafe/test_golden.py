"""Golden transcripts: whole seeded games written out as text, compared on every run.

A change to the rules, the dice or the bots shows up here as a readable diff. After a deliberate change,
rewrite them with ``.venv/bin/python -m tests.cafe.test_golden`` and read the diff before committing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cattable.agents import Agent, RandomAgent
from cattable.games.cafe.heuristic import HeuristicAgent
from cattable.games.cafe.sheet import sheet_to_text

from .helpers import new

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "random-2p-seed1": (2, 1, "random"),
    "heuristic-3p-seed2": (3, 2, "heuristic"),
    "heuristic-solo-seed3": (1, 3, "heuristic"),
}


def transcript(players: int, seed: int, kind: str) -> str:
    state = new(players, seed=seed)
    agents: list[Agent] = [
        HeuristicAgent(seed + s) if kind == "heuristic" else RandomAgent(seed + s) for s in range(players)
    ]
    lines = [f"Cat Cafe, {players} player(s), seed {seed}, {kind} agents"]
    shown = 0
    while not state.is_over:
        if state.round != shown:
            shown = state.round
            lines.append(f"round {state.round}: dice {state.dice}, first player {state.first}")
        seat = state.current_player
        assert seat is not None
        view = state.view(seat) if agents[seat].needs_view else {}
        action = agents[seat].choose(view, state.legal_actions())
        state.apply(action)
        lines.append(f"  seat {seat}: {action.text()}")
    result = state.result()
    for seat, row in enumerate(result.details["breakdown"]):
        lines.append(f"seat {seat} sheet:")
        lines += ["  " + line for line in sheet_to_text(state.sheets[seat]).splitlines()]
        lines.append("  " + json.dumps(row, sort_keys=True))
    lines.append(f"result: {json.dumps(result.to_json()['winners'])} scores {list(result.scores or ())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", list(CASES))
def test_golden_transcript(name: str) -> None:
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(*CASES[name]) == expected


if __name__ == "__main__":
    for name, case in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(transcript(*case), encoding="utf-8")
        print("wrote", name)
