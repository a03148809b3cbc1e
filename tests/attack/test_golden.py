"""Golden transcripts: whole seeded games written out as text and compared on every run.

A difference means the rules (or the board or decks) changed how a game plays. If that was meant,
regenerate with ``.venv/bin/python -m tests.attack.test_golden`` and read the diff before committing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .helpers import new

GOLDEN = Path(__file__).with_name("golden")
GAMES = [
    ("seed5_4p_lives3", 4, 5, {"lives": 3}),
    ("seed8_2p", 2, 8, {}),
    ("seed2_6p_teams", 6, 2, {"teams": 2, "lives": 3}),
]


def transcript(players: int, seed: int, options: dict) -> str:  # type: ignore[type-arg]
    s = new(players, seed=seed, **options)
    rng = random.Random(seed)
    lines = [f"players {players} seed {seed} options {sorted(options.items())}"]
    while not s.is_over:
        seat = s.current_player
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        s.apply(action)
        lines.append(f"{seat}: {action.text()}")
    r = s.result()
    lines.append(f"winners {list(r.winners)} reason {r.details['reason']} scores {list(r.scores or ())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_golden_transcript(name: str, players: int, seed: int, options: dict) -> None:  # type: ignore[type-arg]
    assert transcript(players, seed, options) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


if __name__ == "__main__":
    for name, players, seed, options in GAMES:
        (GOLDEN / f"{name}.txt").write_text(transcript(players, seed, options), encoding="utf-8")
