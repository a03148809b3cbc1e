"""Cat Attack: the cards each seat played, the items it raided, its lives and food at the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cattable.core import State
from cattable.games.attack.flow import food
from cattable.games.attack.position import Position

NOT_CARDS = frozenset({"move", "raid", "swap", "fight"})
"""Action kinds that are not a card played (the rest are: speedy, attack, burglar, six_cat, ...)."""
NUMBER_CARDS = frozenset({"cat_card", "mouse_card", "bird_card"})
"""Mog cards of a suit and a value, counted as ``card:cat3``; picture cards as ``card:speedy``."""


def features(state: State, actors: Sequence[int]) -> dict[str, Any]:
    if not isinstance(state, Position):
        raise TypeError(f"not a Cat Attack position: {type(state).__name__}")
    counts = [Counter[str]() for _ in range(state.players)]
    for action, seat in zip(state.history, actors, strict=True):
        data = action.to_json()
        kind = data["kind"]
        if kind == "raid":
            counts[seat][f"raid:{data['item']}"] += 1
        elif kind == "fight_card":
            counts[seat][f"card:{data['card']}"] += 1
        elif kind in NUMBER_CARDS:  # the Mog card by suit and value: cat 3, mouse 5
            counts[seat][f"card:{kind.removesuffix('_card')}{data['count']}"] += 1
        elif kind not in NOT_CARDS:
            counts[seat][f"card:{kind}"] += 1
    details = state.result().details
    seats = []
    for seat in range(state.players):
        row = {k: float(v) for k, v in counts[seat].items()}
        row["lives_left"] = float(state.lives[state.house_of[seat]])
        row["food"] = float(food(state, seat))
        seats.append(row)
    return {"game": {"rounds": details["rounds"], "ending": details["reason"]}, "seats": seats}
