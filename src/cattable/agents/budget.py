"""How much a search bot may think: iterations (reproducible) under a CPU-time cap, and the named levels.

Kept apart from the tree search so that a game's rules-side modules can name their own levels without
importing the search.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    iterations: int
    max_seconds: float
    """A cap in CPU seconds of this process (not wall time): a busy machine slows a move down but does not
    cut its search short, so a seeded game replays the same way under load."""
    rollout_depth: int | None = None
    """Random moves before the game's ``evaluate`` judges the position; None: the game's own depth."""
    exploration: float = 0.9
    anchor: float | None = None
    """How sure the search must be to overrule the game's heuristic (a z-score; see ``MCTSAgent``); None: the
    game's own ``ANCHOR``, if it sets one; a negative value: never defer to the heuristic."""


LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=60, max_seconds=0.4),
    "medium": Budget(iterations=400, max_seconds=1.0),
    "hard": Budget(iterations=1500, max_seconds=1.8),
}


__all__ = ["LEVELS", "Budget"]
