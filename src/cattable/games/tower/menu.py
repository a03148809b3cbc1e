"""The finite menu of placements offered as legal actions (any typed placement in range is legal too).

The menu holds a handful of sensible placements per piece: walls folded square at the corners of the top
floor with their open side facing in, the floor centred or slightly off, cats in free spots, beside
another cat (to touch) or on top of one. The bot simulates these and keeps the steadiest.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .actions import Cat, Floor, Move, Pet, Toto, Wall, q
from .pieces import Kind, piece
from .table import in_floor_frame, yaw_of

XY_LIMIT = 4.5
"""Half a floor tile: a placement aimed off the floor is not a placement on it."""


def on_tile(x: float, y: float) -> bool:
    """Whether a placement at (x, y) in a floor's frame is aimed at that floor (the rules' range)."""
    return -XY_LIMIT <= x <= XY_LIMIT and -XY_LIMIT <= y <= XY_LIMIT


CAT_DEPTH = 1.0
"""A Feline Friend's base is 1.5 x 1 cm: standing two side by side 1 cm apart makes them touch."""
CORNERS = ((1, 1), (-1, -1), (1, -1), (-1, 1))
EDGES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def resting_on(tower: Mapping[str, Any], floor: str) -> list[tuple[str, float, float, float]]:
    """(piece, x, y, yaw) in ``floor``'s frame for the pieces standing directly on it."""
    reading, poses = tower["reading"], tower["poses"]
    if floor not in poses:
        return []
    fpose = poses[floor]
    fyaw = yaw_of(fpose)
    out = []
    for p, s in reading["support"].items():
        if s == floor and p in poses and p not in reading["on_top"] and piece(p).kind is not Kind.FLOOR:
            x, y = in_floor_frame(fpose, poses[p])
            out.append((p, x, y, yaw_of(poses[p]) - fyaw))
    return out


GRID = tuple(0.8 * k for k in range(-3, 4))
"""Candidate spots on a floor (cm): a 7 x 7 grid over the middle of the tile."""
WALL_PANEL = 3.0
CAT_REACH = 0.9
"""Half the diagonal of a Feline Friend's base: how far its body reaches from its centre."""


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _room(tower: Mapping[str, Any], floor: str, skip: str = "") -> Callable[[tuple[float, float]], float]:
    """How far a spot is from the surface of everything standing on ``floor`` (walls as two panels)."""
    walls: list[tuple[tuple[float, float], tuple[float, float]]] = []
    cats: list[tuple[float, float]] = []
    for p, x, y, yaw in resting_on(tower, floor):
        if p == skip:
            continue
        if piece(p).kind is Kind.WALL:
            half = math.radians(float(tower["pieces"].get(p, {}).get("fold", 90.0)) / 2)
            for side in (half, -half):
                a = math.radians(yaw) + side
                walls.append(((x, y), (x + WALL_PANEL * math.cos(a), y + WALL_PANEL * math.sin(a))))
        else:
            cats.append((x, y))

    def room(spot: tuple[float, float]) -> float:
        near = [_segment_distance(spot, a, b) for a, b in walls] + [math.dist(spot, c) - CAT_REACH for c in cats]
        return min(near, default=9.0)

    return room


def free_spots(tower: Mapping[str, Any], floor: str, clearance: float = 1.0) -> list[tuple[float, float]]:
    """Spots on ``floor`` with ``clearance`` cm of room around their centre, roomiest first."""
    room = _room(tower, floor)
    scored = [((x, y), room((x, y))) for x in GRID for y in GRID]
    good = [(s, r) for s, r in scored if r >= clearance]
    return [s for s, _ in sorted(good, key=lambda t: (-round(t[1], 3), abs(t[0][0]) + abs(t[0][1]), t[0]))]


def spots_by_room(tower: Mapping[str, Any], floor: str, piece: str = "") -> list[tuple[float, float]]:
    """Every candidate spot on ``floor``, the one with the most room around it first (then the most central):
    where the rules stand Toto or a Black Cat, trying the next when a piece ``_room`` cannot see (a tile
    lying on the floor) blocks one."""
    room = _room(tower, floor, skip=piece)
    return sorted(
        ((x, y) for x in GRID for y in GRID),
        key=lambda s: (round(min(room(s), 2.5), 3), -(abs(s[0]) + abs(s[1])), s),
        reverse=True,
    )


def roomiest_spot(tower: Mapping[str, Any], floor: str, piece: str = "") -> tuple[float, float]:
    """Where the rules stand Toto or a Black Cat on ``floor`` when nothing unseen blocks it."""
    return spots_by_room(tower, floor, piece)[0]


TOTO_SPOTS = 4
"""How many of a floor's roomiest spots the menu offers for Toto (any spot on the tile is legal too)."""


def toto_menu(tower: Mapping[str, Any], floor: str) -> list[Toto]:
    """Toto's placements on ``floor``: its roomiest spots first (the rules' own choice before the player
    placed him), facing ahead."""
    return [Toto("toto", q(x), q(y), 0.0) for x, y in spots_by_room(tower, floor, "toto")[:TOTO_SPOTS]]


def wall_menu(tower: Mapping[str, Any], types: Iterable[str]) -> list[Wall]:
    """Square folds at the free corners of the top floor, open side in; a wider fold on the diagonal."""
    top = tower["reading"]["top_floor"]
    taken = [(x, y) for p, x, y, _ in resting_on(tower, top) if piece(p).kind is Kind.WALL]
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
        number = piece(floor).number
        roomy = free_spots(tower, floor)[:2] or [roomiest_spot(tower, floor)]
        spots = [(x, y, 0.0, "") for x, y in roomy]
        for p, x, y, yaw in resting_on(tower, floor):
            if piece(p).kind is not Kind.CAT or not reading["upright"].get(p, False):
                continue
            a = math.radians(yaw)
            for side in (1, -1):
                spots.append((x - side * math.sin(a) * CAT_DEPTH, y + side * math.cos(a) * CAT_DEPTH, yaw, ""))
            if p not in stacked:
                spots.append((x, y, yaw, p))
        # beside or on top of a cat near the edge would aim off the floor: not a legal placement
        spots = [s for s in spots if on_tile(s[0], s[1])]
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
        for cat in cats:
            x, y = roomiest_spot(tower, floor, cat)
            out.append(Move("move", cat, piece(floor).number, q(x), q(y), 0.0))
    return out
