"""Where a cat, a mouse or a bird can land: the board's walks with the pieces, car and shops as filters.

A cat moves exactly N steps without back-tracking; other cats block it and may only be landed on to
attack them; birds and mice may be jumped, and landed on only if the larder lacks one; it never steps on
the car's street or into a closed shop's garden. The walks come precomputed per space and count
(``tables.py``); a position only decides which of them survive. The reasons a cat is cornered need the
full walk (``walks.cat_walk``), which runs only when it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import BIRD_BIT, MOUSE, MOUSE_BIT
from .position import NONE, Position
from .walks import R_BIRD, R_MOUSE, cat_walk


class Blockers(NamedTuple):
    """What stands in a cat's way, as bit sets of spaces."""

    passing: int
    """Spaces no route may pass over: the car's street, closed shops' gardens, other cats."""
    landing: int
    """Spaces no move may end on: the car's street, closed gardens, cats it may not attack, creatures it
    may not take."""
    cats: int
    """Spaces with other cats (team-mates on its own Home space left out: they never block it)."""
    guarded: int
    """Spaces with a cat it may not attack (a team-mate, or a cat on its own Home space)."""
    key: int
    """``landing`` and ``passing`` in one int (``Tables.key``), matched against the walks' route keys."""


def closed_ground(s: Position) -> int:
    """Where no cat may stand: the car's street and the gardens of closed shops."""
    maps = s.maps
    out = maps.street[s.car]
    if False in s.shop_open:
        for k, is_open in enumerate(s.shop_open):
            if not is_open:
                out |= maps.garden[k]
    return out


def blockers(s: Position, seat: int) -> Blockers:
    """Everything that limits ``seat``'s moves now."""
    maps = s.maps
    bit = maps.bit
    team, homes = s.team_of, s.home_space
    mine, my_home = team[seat], homes[seat]
    cats = guarded = 0
    for o, p in enumerate(s.pos):  # a retired cat's bit[NONE] is 0
        if o == seat:
            continue
        if team[o] == mine:
            if p == my_home:
                continue
            guarded |= bit[p]
        elif p == homes[o]:
            guarded |= bit[p]
        cats |= bit[p]
    fixed = maps.street[s.car]
    if False in s.shop_open:
        fixed = closed_ground(s)
    landing = fixed | guarded
    larder = s.larder[s.house_of[seat]]
    if larder & MOUSE_BIT:
        for m in s.mice:
            landing |= bit[m]
    if larder & BIRD_BIT:
        for m in s.birds:
            landing |= bit[m]
    passing = fixed | cats
    return Blockers(passing, landing, cats, guarded, landing | passing << maps.shift)


def cat_landings(s: Position, start: int, steps: int, blk: Blockers) -> Sequence[int]:
    """Where a cat on ``start`` can land with exactly ``steps`` moves, sorted."""
    walk = s.maps.walk(start, steps)
    key = blk.key
    if not walk.reach_key & key:
        return walk.spaces
    out = [space for space, route in walk.routes if not route & key]
    return list(dict.fromkeys(out)) if walk.several else out


def other_cats(s: Position, seat: int) -> list[tuple[int, bool]]:
    """(space, may be attacked by ``seat``) for every other cat still in the game, except team-mates
    on ``seat``'s own Home space: a shared house's door takes the whole team (the README's Gang warfare)."""
    team, mine, home = s.team_of, s.team_of[seat], s.home_of(seat)
    return [
        (p, not s.protected(seat, o))
        for o, p in enumerate(s.pos)
        if p != NONE and o != seat and not (team[o] == mine and p == home)
    ]


def cornered_reasons(s: Position, seat: int, start: int, steps: int) -> tuple[list[int], int]:
    """A full walk for a cat that can land nowhere: the reasons it is cornered (a bit set of R_*), and
    the landings (empty, unless called on a cat that can move)."""
    cats: dict[int, bool] = {}
    for p, ok in other_cats(s, seat):
        cats[p] = cats.get(p, True) and ok
    larder = s.larder[s.house_of[seat]]
    bad_land: dict[int, int] = {}
    if larder & MOUSE_BIT:
        for m in s.mice:
            bad_land[m] = R_MOUSE
    if larder & BIRD_BIT:
        for m in s.birds:
            bad_land[m] = R_BIRD
    dests, reasons = cat_walk(s.b, start, steps, s.car, s.shop_open, cats, bad_land)
    return sorted(dests), reasons


def cat_moves(s: Position, seat: int, start: int, steps: int) -> tuple[Sequence[int], int]:
    """Where ``seat`` can land with exactly ``steps`` moves from ``start`` (sorted), and, when it can
    land nowhere, the reasons it is cornered (a bit set of R_*)."""
    found = cat_landings(s, start, steps, blockers(s, seat))
    if found:
        return found, 0
    return cornered_reasons(s, seat, start, steps)


def taken_spaces(s: Position) -> int:
    """Spaces with a piece on them (creatures may land on none of them)."""
    bit = s.maps.bit
    out = 0
    for p in s.pos:  # a retired cat's bit[NONE] is 0
        out |= bit[p]
    for p in s.mice:
        out |= bit[p]
    for p in s.birds:
        out |= bit[p]
    return out


def creature_moves(s: Position, kind: int, start: int, steps: int) -> list[int]:
    """Where a mouse (kind MOUSE) or bird (BIRD) on ``start`` can land: never on a Home space, never on
    another piece; it may jump anything and ignores the car; only mice use the mouse-hole and only
    birds the bird-house."""
    b = s.b
    taken = taken_spaces(s)
    hole = b.mouse_hole if kind == MOUSE else b.bird_house
    return [d for d in s.maps.creature_walk(kind, start, steps) if d == hole or not taken >> d & 1]
