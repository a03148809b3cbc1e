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


SCORE = (
    "A seat's score is the points on its sheet at the end: what its cat houses' cats, yarn, butterfly toys, "
    "food bowls, cushions and mice score by the sheet's printed tables, plus the bonus of every tower it "
    "completed."
)
_ITEMS = {"house": "cat houses", "yarn": "balls of yarn", "butterfly": "butterfly toys", "bowl": "food bowls",
          "cushion": "cushions", "mouse": "mice"}  # fmt: skip
NAMES: dict[str, tuple[str, str]] = {
    "kind:take": ("dice taken", "dice the seat took in the draft (one a round)"),
    "kind:mark": ("items drawn", "rounds the seat drew an item on a tower"),
    "kind:cat": ("cats chosen", "cats the seat chose for its cat houses (one for each house drawn)"),
    "kind:pass": ("passes", "rounds the seat drew nothing and circled footprints instead"),
    "towers_completed": ("towers completed", "towers the seat filled to the top"),
    "rounds": ("rounds played", "rounds the game lasted"),
    "score:towers": ("points from tower bonuses", "the seat's bonus points for completed towers"),
    **{f"item:{k}": (f"{v} drawn", f"{v} the seat drew on its towers") for k, v in _ITEMS.items()},
    **{f"cat:{k}": (f"cat for {v} chosen", f"the seat chose the cat that scores {v}") for k, v in _ITEMS.items()},
    **{f"score:{k}": (f"points from {v}", f"the seat's final points from {v}") for k, v in _ITEMS.items()},
}
