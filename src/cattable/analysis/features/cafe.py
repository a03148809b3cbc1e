"""Cat Cafe: the items each seat drew, the cats it chose for its house, and its score sheet by part."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cattable.core import State

SCORE_PARTS = ("house", "yarn", "butterfly", "bowl", "cushion", "mouse", "towers")


def features(state: State, actors: Sequence[int]) -> dict[str, Any]:
    result = state.result()
    rows = result.details["breakdown"]
    drawn = [Counter[str]() for _ in range(state.players)]
    for action, seat in zip(state.history, actors, strict=True):
        data = action.to_json()
        if data["kind"] == "mark":  # the item drawn on a tower floor
            drawn[seat][f"item:{data['item']}"] += 1
        elif data["kind"] == "cat":  # a cat chosen for the house, scoring one kind of item
            drawn[seat][f"cat:{data['cat']}"] += 1
    seats = []
    for seat, row in enumerate(rows):
        out: dict[str, float] = {k: float(v) for k, v in drawn[seat].items()}
        out.update({f"score:{part}": float(row[part]) for part in SCORE_PARTS})
        out["towers_completed"] = float(sum(1 for bonus in row["tower_bonuses"] if bonus))
        seats.append(out)
    return {"game": {"rounds": result.details["rounds"]}, "seats": seats}
