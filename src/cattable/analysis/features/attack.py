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


SCORE = (
    "A seat's score is its lives left plus the items of food in its larder (the winner brings six foods "
    "home, or is the last cat standing)."
)
_PICTURES = {"speedy": "Speedy Cat", "attack": "Cat Attack", "burglar": "Cat Burglar", "six_cat": "Six Cat"}
NAMES: dict[str, tuple[str, str]] = {
    "kind:move": ("moves", "moves of the seat's cat on the board"),
    "kind:raid": ("raids", "raids the seat made on a larder"),
    "kind:fight": ("fights", "fights the seat started"),
    "kind:swap": ("swaps", "cards the seat swapped"),
    "kind:fight_card": ("fight cards played", "fight cards the seat played"),
    "lives_left": ("lives left", "the seat's lives at the end"),
    "food": ("food in the larder", "items of food in the seat's larder at the end"),
    "rounds": ("rounds played", "rounds the game lasted"),
    "ending": ("how the game ended", "the reason the game ended"),
    **{f"card:{k}": (f"{v} cards played", f"{v} cards the seat played") for k, v in _PICTURES.items()},
    **{f"kind:{k}": (f"{v} cards played", f"{v} cards the seat played") for k, v in _PICTURES.items()},
    **{f"card:{suit}{n}": (f"{suit} {n} cards played", f"Mog cards of the {suit} suit and value {n} the seat played")
       for suit in ("cat", "mouse", "bird") for n in range(1, 10)},
    **{f"kind:{suit}_card": (f"{suit} cards played", f"Mog cards of the {suit} suit the seat played")
       for suit in ("cat", "mouse", "bird")},
}  # fmt: skip
