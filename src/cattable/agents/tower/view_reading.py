"""What the search bot reads off a view: the kind of game, the floors a move or a goal concerns, the cats and
walls a card side can still use, and the goal cards the seat has not seen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.core import Action
from cattable.games.tower.actions import Cat, Move, Pet
from cattable.games.tower.cards import cards
from cattable.games.tower.menu import CAT_DEPTH, cat_menu, resting_on
from cattable.games.tower.physics import TowerWorld

from .heuristic import _my_goals, _my_level
from .weights import DUEL_CLIMB


def duel(view: Mapping[str, Any]) -> bool:
    """The competitive game between two: only the toppler loses."""
    return bool(view["mode"] == "competitive" and len(view["black"]) == 2)


def climb_weight(view: Mapping[str, Any]) -> float:
    """How much climbing counts against falling walls: fully, except in a duel (see ``DUEL_CLIMB``)."""
    return DUEL_CLIMB if duel(view) else 1.0


def level_of(view: Mapping[str, Any], a: Action) -> int:
    """The floor level an action puts a piece on (walls and floors: the top; a pet: the petted cat's floor)."""
    reading = view["tower"]["reading"]
    levels = reading["floor_levels"]
    if isinstance(a, Cat | Move):
        return int(levels.get(f"F{a.floor}", 1))
    if isinstance(a, Pet):
        return int(levels.get(reading.get("support", {}).get(view["last_cat"]) or "", 1))
    return int(max(levels.values(), default=1))


def floors_for(view: Mapping[str, Any], reading: Mapping[str, Any], mine: int) -> list[str]:
    """Where the seat's goals are judged, on a simulated reading."""
    levels = reading.get("floor_levels", {})
    if view["mode"] == "coop":
        return [f for f, lv in levels.items() if lv == mine + 1]
    return [f for f, lv in levels.items() if lv > mine]


def cat_floors(view: Mapping[str, Any]) -> list[str]:
    """The floors the rules' menu offers a cat (the goal floor above one's cat, and the top floor)."""
    levels = view["tower"]["reading"]["floor_levels"]
    mine = _my_level(view)
    first = next((f for f, lv in levels.items() if lv == mine + 1), "")
    top = view["tower"]["reading"]["top_floor"]
    return list(dict.fromkeys(f for f in (first, top) if f))


def cat_spots(view: Mapping[str, Any], colour: str) -> list[Cat]:
    """The menu's spots for a Feline Friend of a card side's ``colour`` (or any): from the stock, or taken up
    from the tower when its colour's stock is out (the lowest-numbered one); empty if there is none."""
    stock = view["stock"]["cats"]
    pieces = view["tower"]["pieces"]
    colours = [c for c in ("yellow", "blue", "purple", "orange") if colour in (c, "any")]
    take = {}
    for c in colours:
        on = [p for p in sorted(pieces) if p.startswith(f"C-{c}-")]
        take[c] = "" if stock.get(c, 0) else (on[0] if on else "")
    colours = [c for c in colours if stock.get(c, 0) or take[c]]
    return cat_menu(view["tower"], colours, cat_floors(view), take) if colours else []


STACKS = {"blue_on_blue", "one_on_another", "touching_and_one_on_top"}
"""Goal conditions a cat on top of another serves (a stacked pair does not touch: the French card)."""


def spot_use(view: Mapping[str, Any], spot: Cat) -> float:
    """How many of the seat's goals a Feline Friend at ``spot`` could help meet, from the relation it makes
    (on a cat, or beside one: within a cat's depth on the same floor) and the colours; the physics decides
    later whether it does. The search tries the most useful spots first."""
    mine = {g["condition"] for g in _my_goals(view)}
    if spot.on:
        under = spot.on.split("-")[1]
        return sum(c in STACKS for c in mine) + float("blue_on_blue" in mine and spot.colour == under == "blue")
    beside = [
        p.split("-")[1]
        for p, x, y, _ in resting_on(view["tower"], f"F{spot.floor}")
        if p.startswith("C-") and p != spot.take and abs(x - spot.x) + abs(y - spot.y) <= CAT_DEPTH + 0.2
    ]
    use = 0.0
    for colour in beside:
        use += float("different_colours_touching" in mine and colour != spot.colour)
        use += float("same_colour_touching" in mine and colour == spot.colour)
        use += float("two_yellow_touching" in mine and colour == spot.colour == "yellow")
        use += float("touching_and_one_on_top" in mine)
    return use


def free_wall(world: TowerWorld, view: Mapping[str, Any], kind: str) -> str:
    gone = set(world.active) | (set(view["wall_debris"]) if view["edition"] == "en" else set())
    count = 6 if kind == "pillars" else 12
    return next((f"W-{kind}-{k}" for k in range(1, count + 1) if f"W-{kind}-{k}" not in gone), "")


def unseen_goals(view: Mapping[str, Any]) -> list[Any]:
    """Goal cards this seat has not seen: not in its hand, not discarded (the deck and others' hands)."""
    seen = {g["id"] for g in _my_goals(view)} | set(view["goal_discard"])
    return [g for gid, g in sorted(cards().goals.items()) if gid not in seen]


__all__ = [
    "cat_floors",
    "cat_spots",
    "climb_weight",
    "duel",
    "floors_for",
    "free_wall",
    "level_of",
    "spot_use",
    "unseen_goals",
]
