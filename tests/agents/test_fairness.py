"""Bots play fair in every game: re-dealing only what a seat cannot see never changes a bot's move."""

from __future__ import annotations

import random

import pytest

import cattable
from cattable.agents import InfoSet, RandomAgent, make_agent

GAMES = [g for g in cattable.game_names() if g != "tower"]  # the tower's bot has its own fairness test


def _cases() -> list[object]:
    """Every game and bot; Tokyo Washi hides nothing (a re-deal is the same position), so its two searches,
    the costliest cases, run in the long tier only."""
    return [
        pytest.param(name, spec, marks=[pytest.mark.long] if spec != "heuristic" and name == "washi" else [])
        for spec in ["heuristic", "mcts:iters=25", "mcts:iters=25/anchor=1"]
        for name in GAMES
    ]


@pytest.mark.parametrize(("name", "spec"), _cases())
def test_a_re_deal_of_the_unseen_never_changes_the_move(name: str, spec: str) -> None:
    game = cattable.game(name)
    players = 4 if game.max_players >= 4 else game.max_players
    checked = 0
    for seed in range(4):
        state = game.new(players=players, seed=seed)
        walker = RandomAgent(seed)
        for step in range(60):
            if state.is_over:
                break
            if step % 15 == 7:
                seat = state.current_player
                assert seat is not None
                other = state.determinize(seat, random.Random(step))
                a = make_agent(spec, game, seed=3).choose_with(
                    state.view(seat), state.legal_actions(), InfoSet(state, seat)
                )
                b = make_agent(spec, game, seed=3).choose_with(
                    other.view(seat), other.legal_actions(), InfoSet(other, seat)
                )
                assert a == b, f"{spec} in {name} moved differently after a re-deal it cannot see"
                checked += 1
            state.apply(walker.choose({}, state.legal_actions()))
    assert checked > 0
