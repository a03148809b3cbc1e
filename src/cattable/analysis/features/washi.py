"""Tokyo Washi Game: the map played (chosen, or picked for the player count), fish, cats home, trapped."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cattable.core import State
from cattable.games.washi.game import WashiState


def features(state: State, actors: Sequence[int]) -> dict[str, Any]:
    if not isinstance(state, WashiState):
        raise TypeError(f"not a Tokyo Washi state: {type(state).__name__}")
    result = state.result()
    trapped = set(result.details["trapped"])
    seats = []
    for seat in range(state.players):
        seats.append(
            {
                "fish": float(result.details["fish_picked_up"][seat]),
                "cats_home": float(result.scores[seat]) if result.scores else 0.0,
                "trapped": float(seat in trapped),
            }
        )
    game = {"map": state.board.spec.name, "draw": float(bool(result.details["draw"]))}
    return {"game": game, "seats": seats}
