"""Golden transcripts: whole seeded games written out as text, compared on every run.

A change that alters any rule's outcome, any action's text, or the order of chance shows up as a diff
here. After an intended change, rewrite them with ``python -m tests.golden.transcripts`` and review the
diff like code.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cattable
from cattable.agents import RandomAgent

HERE = Path(__file__).resolve().parent
CASES: dict[str, list[tuple[int, int]]] = {
    # game: (players, seed) pairs. Cafe and washi keep richer transcripts (bots included) in their own
    # test folders; the tower is left out: its physics is exact only on one machine.
    "attack": [(2, 1), (4, 2)],
}


def transcript(name: str, players: int, seed: int) -> str:
    """The game as text: every action with its seat, then the result."""
    state = cattable.game(name).new(players=players, seed=seed)
    agent = RandomAgent(seed)
    lines = [f"# {name}, {players} players, seed {seed}, random agent seeded {seed}"]
    while not state.is_over:
        seat = state.current_player
        action = agent.choose({}, state.legal_actions())
        state.apply(action)
        lines.append(f"{len(state.history)} seat{seat}: {action.text()}")
    result = state.result()
    lines.append(f"winners {list(result.winners)} scores {list(result.scores) if result.scores else None}")
    return "\n".join(lines) + "\n"


def path_for(name: str, players: int, seed: int) -> Path:
    return HERE / "data" / f"{name}-p{players}-s{seed}.txt"


def main() -> None:
    names = sys.argv[1:] or list(CASES)
    for name in names:
        for players, seed in CASES[name]:
            p = path_for(name, players, seed)
            p.parent.mkdir(exist_ok=True)
            p.write_text(transcript(name, players, seed), encoding="utf-8")
            print(f"wrote {p}")


if __name__ == "__main__":
    main()
