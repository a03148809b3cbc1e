"""The digest of a short seeded game per game, in the form the server checks stored tables against, kept
with the game's ``snapshot_form`` in ``data/snapshot_forms.json``. A change of form is caught here rather
than by players whose stored tables stop replaying. Regenerate with ``python -m tests.server.snapshot_forms``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import cattable
from cattable.server.table import state_hash

FORMS = Path(__file__).parent / "data" / "snapshot_forms.json"
STEPS = {"cafe": 12, "washi": 12, "attack": 12, "tower": 3}
"""Moves played (each the first legal one); the tower's are physics placements, so fewer."""
OPTIONS: dict[str, dict[str, object]] = {"tower": {"steadiness": "steady"}}


def digest(name: str) -> str:
    """One digest over the position after the set-up and after each move, as the server stores them."""
    game = cattable.game(name)
    state = game.new(players=min(max(2, game.min_players), game.max_players), seed=7, **OPTIONS.get(name, {}))
    parts = [state_hash(state)]
    for _ in range(STEPS.get(name, 12)):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
        parts.append(state_hash(state, state.view))
    return hashlib.sha256("".join(parts).encode()).hexdigest()


def current() -> dict[str, dict[str, object]]:
    return {name: {"form": cattable.game(name).snapshot_form, "digest": digest(name)} for name in cattable.game_names()}


if __name__ == "__main__":
    FORMS.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FORMS}")
