"""Positions for the search's tests: the toy game a few random moves in."""

from __future__ import annotations

import cattable
from cattable.agents import RandomAgent
from cattable.core import State


def toy_positions(toy: str, count: int, choices: int = 1) -> list[State]:
    """Up to ``count`` unfinished toy positions (seed k is k % 3 random moves in) with at least ``choices``
    legal actions."""
    game = cattable.game(toy)
    out = []
    for seed in range(count):
        state = game.new(players=2, seed=seed)
        walker = RandomAgent(seed)
        for _ in range(seed % 3):
            if not state.is_over:
                state.apply(walker.choose({}, state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) >= choices:
            out.append(state)
    return out
