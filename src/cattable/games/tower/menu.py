"""The finite menu of placements offered as legal actions (any typed placement in range is legal too).

The menu holds a handful of sensible placements per piece: walls folded square at the corners of the top
floor with their open side facing in, the floor centred or slightly off, cats in free spots, beside
another cat (to touch) or on top of one. The bot simulates these and keeps the steadiest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from .actions import Cat, Floor, Move, Pet, Wall, q
from .table import in_floor_frame, yaw_of

CAT_DEPTH = 1.0
"""A Feline Friend's base is 1.5 x 1 cm: standing two side by side 1 cm apart makes them touch."""
CORNERS = ((1, 1), (-1, -1), (1, -1), (-1, 1))
EDGES = ((1, 0), (-1, 0), (0, 1), (0, -1))
FREE_SPOTS = ((0.0, 0.0), (0.0, 1.6), (0.0, -1.6), (1.6, 0.0), (-1.6, 0.0), (1.6, 1.6), (-1.6, -1.6))


def resting_on(tower: Mapping[str, Any], floor: str) -> list[tuple[str, float, float, float]]:
    """(piece, x, y, yaw) in ``floor``'s frame for the pieces standing directly on it."""
    reading, poses = tower["reading"], tower["poses"]
    if floor not in poses:
        return []
    fpose = poses[floor]
    fyaw = yaw_of(fpose)
    out = []
    for p, s in reading["support"].items():
        if s == floor and p in poses and p not in reading["on_top"] and not p.startswith("F"):
            x, y = in_floor_frame(fpose, poses[p])
            out.append((p, x, y, yaw_of(poses[p]) - fyaw))
    return out


def _obstacles(tower: Mapping[str, Any], floor: str) -> list[tuple[float, float]]:
    points = []
    for p, x, y, yaw in resting_on(tower, floor):
        points.append((x, y))
        if p.startswith("W-"):
            a = math.radians(yaw)
            points.append((x + 1.06 * math.cos(a), y + 1.06 * math.sin(a)))
    return points


def free_spots(tower: Mapping[str, Any], floor: str, clearance: float = 1.4) -> list[tuple[float, float]]:
    """Spots on ``floor`` at least ``clearance`` cm from everything standing on it, roomiest first."""
    obstacles = _obstacles(tower, floor)

    def room(spot: tuple[float, float]) -> float:
        return min((math.dist(spot, o) for o in obstacles), default=9.0)

    spots = [s for s in FREE_SPOTS if room(s) >= clearance]
    return sorted(spots, key=lambda s: (-round(room(s), 3), s))


def roomiest_spot(tower: Mapping[str, Any], floor: str) -> tuple[float, float]:
    """Where the rules stand Toto or a Black Cat on ``floor``: the spot farthest from the rest."""
    obstacles = _obstacles(tower, floor)
    return max(FREE_SPOTS, key=lambda s: (round(min((math.dist(s, o) for o in obstacles), default=9.0), 3), -abs(s[0])))


def wall_menu(tower: Mapping[str, Any], types: Iterable[str]) -> list[Wall]:
    """Square folds at the free corners of the top floor, open side in; a wider fold on the diagonal."""
    top = tower["reading"]["top_floor"]
    taken = [(x, y) for p, x, y, _ in resting_on(tower, top) if p.startswith("W-")]
    out = []
    for t in types:
        for sx, sy in CORNERS:
            x, y = 3.0 * sx, 3.0 * sy
            if any(math.dist((x, y), c) < 2.0 for c in taken):
                continue
            yaw = q(math.degrees(math.atan2(-sy, -sx)))
            out.append(Wall("wall", t, x, y, yaw, 90.0))
            if sx == sy:
                out.append(Wall("wall", t, q(x * 0.9), q(y * 0.9), yaw, 120.0))
        if not out:  # every corner is taken (walls left standing from a fallen storey): use the edges
            for sx, sy in EDGES:
                yaw = q(math.degrees(math.atan2(-sy, -sx)))
                out.append(Wall("wall", t, 2.5 * sx, 2.5 * sy, yaw, 90.0))
    return out


FLOOR_MENU = [
    Floor("floor", 0.0, 0.0, 0.0),
    Floor("floor", 0.3, 0.0, 0.0),
    Floor("floor", -0.3, 0.0, 0.0),
    Floor("floor", 0.0, 0.3, 0.0),
    Floor("floor", 0.0, -0.3, 0.0),
    Floor("floor", 0.0, 0.0, 5.0),
]


def cat_menu(
    tower: Mapping[str, Any], colours: Iterable[str], floors: Iterable[str], take: Mapping[str, str]
) -> list[Cat]:
    """For each colour and floor: the roomiest free spots, beside each cat there, and on top of each."""
    reading = tower["reading"]
    stacked = set(reading["on_top"].values())
    out: list[Cat] = []
    for floor in floors:
        number = int(floor[1:])
        roomy = free_spots(tower, floor)[:2] or [roomiest_spot(tower, floor)]
        spots = [(x, y, 0.0, "") for x, y in roomy]
        for p, x, y, yaw in resting_on(tower, floor):
            if not p.startswith("C-") or not reading["upright"].get(p, False):
                continue
            a = math.radians(yaw)
            for side in (1, -1):
                spots.append((x - side * math.sin(a) * CAT_DEPTH, y + side * math.cos(a) * CAT_DEPTH, yaw, ""))
            if p not in stacked:
                spots.append((x, y, yaw, p))
        for colour in colours:
            taken = take.get(colour, "")
            for x, y, yaw, on in spots:
                if on and on == taken:
                    continue
                yaw_n = q(((yaw + 180.0) % 360.0) - 180.0)
                out.append(Cat("cat", colour, number, q(x), q(y), yaw_n, on, taken))
    return list(dict.fromkeys(out))


PET_MENU = [Pet("pet", float(a), 1.0, 6.0) for a in (0, 90, 180, 270)]


def move_menu(tower: Mapping[str, Any], cats: Iterable[str], floors: Iterable[str]) -> list[Move]:
    """Move each cat to the roomiest spot of each floor offered."""
    out = []
    for floor in floors:
        x, y = roomiest_spot(tower, floor)
        for cat in cats:
            out.append(Move("move", cat, int(floor[1:]), q(x), q(y), 0.0))
    return out
