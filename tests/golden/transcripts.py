"""Golden transcripts over every registered game, OpenSpiel-playthrough style.

For a few seeded games of each game, every step is written out: the seat to act, every seat's view and
the spectator's, the legal actions (in their text form) and the action chosen. A change to the rules, the
views, the dice or the bots shows up as a readable diff. After a deliberate change, rewrite them with
``.venv/bin/python -m tests.golden.transcripts`` and read the diff before committing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cattable
from cattable.agents import Agent, RandomAgent, make_agent

GOLDEN = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Case:
    """One seeded game: which game, how many players, the seed, the agents and where to stop."""

    game: str
    players: int
    seed: int
    agent: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int | None = None
    """Stop after this many actions (a physics game played to the end takes minutes)."""
    views_until: int = 60
    """Write views and legal actions for this many steps, then only the actions (keeps the files small)."""

    @property
    def name(self) -> str:
        opts = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-{self.players}p-seed{self.seed}-{self.agent}{opts}"


CASES: tuple[Case, ...] = (
    Case("cafe", 2, 1),
    Case("cafe", 3, 2, "heuristic"),
    Case("cafe", 1, 3, "heuristic"),
    Case("washi", 2, 1),
    Case("washi", 3, 2, "heuristic", views_until=20),
    Case("washi", 2, 3, "heuristic", {"map": "long"}),
    Case("attack", 2, 8),
    Case("attack", 4, 5, "heuristic", {"lives": 3}),
    Case("attack", 6, 2, "random", {"teams": 2}),
    Case("tower", 2, 1, "heuristic", max_steps=14),
    Case("tower", 3, 4, "random", {"mode": "competitive", "edition": "fr"}, max_steps=14),
)


def _dump(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def transcript(case: Case) -> str:
    """The whole transcript of ``case`` as text."""
    state = cattable.game(case.game).new(players=case.players, seed=case.seed, **case.options)
    agents: list[Agent] = [
        RandomAgent(case.seed + s) if case.agent == "random" else make_agent(case.agent, state.game, case.seed + s)
        for s in range(case.players)
    ]
    lines = [f"# {case.name}"]
    step = 0
    while not state.is_over and (case.max_steps is None or step < case.max_steps):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal)
        if step < case.views_until:
            lines.append(f"## step {step}: seat {seat} to act")
            for s in [*range(state.players), None]:
                lines.append(f"view {'spectator' if s is None else s}: {_dump(state.view(s))}")
            lines.append("legal: " + " | ".join(a.text() for a in legal))
            lines.append(f"action: {action.text()}")
        else:
            lines.append(f"step {step}: seat {seat}: {action.text()}")
        state.apply(action)
        step += 1
    lines.append(f"## end after {step} actions, over: {state.is_over}")
    for s in [*range(state.players), None]:
        lines.append(f"view {'spectator' if s is None else s}: {_dump(state.view(s))}")
    if state.is_over:
        lines.append(f"result: {_dump(state.result().to_json())}")
    return "\n".join(lines) + "\n"


def path_of(case: Case) -> Path:
    return GOLDEN / f"{case.name}.txt"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        path_of(case).write_text(transcript(case), encoding="utf-8")
        print("wrote", path_of(case).name, path_of(case).stat().st_size, "bytes")
