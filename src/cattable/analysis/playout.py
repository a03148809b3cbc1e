"""Play one game from start to end with a set of agents: the loop under simulate, bench and tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cattable.agents import Agent, InfoSet
from cattable.core import Game, State


def play_out(
    state: State, agents: Sequence[Agent], max_actions: int = 1_000_000, actors: list[int] | None = None
) -> State:
    """Let ``agents[seat]`` act for each seat until the game ends (in place); returns the state.

    ``actors``, if given, receives the seat behind each action (records do not say who acted)."""
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        agent = agents[seat]
        legal = state.legal_actions()
        if not legal:  # a rules bug: name it here rather than as an IndexError inside some bot
            raise RuntimeError(
                f"{state.game.name}: seat {seat} has no legal action in a game that is not over "
                f"(seed {state.seed}, after {len(state.history)} actions)"
            )
        view: dict[str, Any] = state.view(seat) if agent.needs_view else {}
        state.apply(agent.choose_with(view, legal, InfoSet(state, seat)))
        if actors is not None:
            actors.append(seat)
    raise RuntimeError(f"{state.game.name}: no end after {max_actions} actions (seed {state.seed})")


def play_game(game: Game, players: int, seed: int, agents: Sequence[Agent], **options: Any) -> State:
    return play_out(game.new(players=players, seed=seed, **options), agents)
