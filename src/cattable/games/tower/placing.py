"""How one placement is carried out on a world: shared by the rules (with hand noise) and the bot
(which tries candidates on copies of the world rebuilt from its view). ``cap`` is the simulated time a
placement gets to come to rest."""

from __future__ import annotations

import math
from collections.abc import Mapping

from .actions import Cat, Floor, Move, Pet, Wall
from .physics import Blocked, TowerWorld
from .pieces import floor_id

FOLD_RANGE = (30.0, 180.0)
STILL: dict[str, float] = {"dx": 0.0, "dy": 0.0, "dz": 0.0, "droll": 0.0, "dpitch": 0.0, "dyaw": 0.0, "dfold": 0.0}
"""A perfect hand."""
SETTLE = 2.0
"""Simulated seconds the rules give a placement to come to rest (a bot's trial may stop sooner)."""


def _nudge(w: TowerWorld, piece: str, n: Mapping[str, float]) -> None:
    w.nudge(piece, n["dx"], n["dy"], n["dz"], n["droll"], n["dpitch"], n["dyaw"])


def wall(w: TowerWorld, piece: str, a: Wall, n: Mapping[str, float], cap: float = SETTLE) -> None:
    """Stand a wall; a slip of the fold that would fold it into a piece beside it is not made (the hand
    stops against the obstacle, as ``nudge`` does for the other slips)."""
    fold = min(FOLD_RANGE[1], max(FOLD_RANGE[0], a.fold + n["dfold"]))
    try:
        w.place_wall(piece, a.x, a.y, a.yaw, fold)
    except Blocked:
        if n["dfold"] == 0.0:
            raise
        w.place_wall(piece, a.x, a.y, a.yaw, min(FOLD_RANGE[1], max(FOLD_RANGE[0], a.fold)))
    _nudge(w, piece, n)
    w.settle(cap)


def floor(w: TowerWorld, piece: str, a: Floor, n: Mapping[str, float], cap: float = SETTLE) -> None:
    w.place_floor(piece, a.x, a.y, a.yaw)
    _nudge(w, piece, n)
    w.settle(cap)


def cat(w: TowerWorld, piece: str, a: Cat | Move, n: Mapping[str, float], cap: float = SETTLE) -> None:
    """Stand a cat (from the stock, or taken up from the tower first)."""
    if piece in w.active:
        w.remove(piece)
    on = a.on if isinstance(a, Cat) and a.on else None
    w.place_cat(piece, floor_id(a.floor), a.x, a.y, a.yaw, on)
    _nudge(w, piece, n)
    w.settle(cap)


CAT_SIDE = (0.0, 2.0)
"""How high on a Feline Friend's side (cm above its base) a fingertip can touch it: its whole height."""


def pet_point(pose: list[float], a: Pet, n: Mapping[str, float]) -> tuple[float, float, float]:
    """The world point touched: 1 cm out from the cat's centre at ``angle``, ``height`` above its base,
    moved by the finger's slip (``hand.pet_noise``; a placement's noise or ``STILL`` slips sideways only),
    never off the cat's side."""
    ang = math.radians(a.angle)
    height = min(CAT_SIDE[1], max(CAT_SIDE[0], a.height + n.get("dheight", 0.0)))
    return (
        pose[0] + math.cos(ang) + n["dx"],
        pose[1] + math.sin(ang) + n["dy"],
        pose[2] - 1.0 + height,
    )


def pet(w: TowerWorld, piece: str, pose: list[float], a: Pet, n: Mapping[str, float], cap: float = SETTLE) -> None:
    """Touch the cat where the finger lands, as hard as it pushes (``a.push`` times the finger's ``push``
    factor, 1 for a perfect hand)."""
    x, y, z = pet_point(pose, a, n)
    w.pet(piece, x, y, z, a.push * n.get("push", 1.0))
    w.settle(cap)
