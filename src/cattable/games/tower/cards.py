"""The Action and Goal cards and the editions' words, loaded once from ``cards.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Side:
    """One thing an Action card lets you do: two walls then a floor, or a Feline Friend (and a pet)."""

    walls: tuple[str, ...] = ()
    cat: str = ""
    """A colour, or ``any``; empty for a wall side."""
    pet: bool = False

    def describe(self) -> str:
        if self.walls:
            return " + ".join(self.walls) + " + floor"
        return f"{self.cat} cat" + (" + pet" if self.pet else "")


@dataclass(frozen=True)
class ActionCard:
    id: str
    sides: tuple[Side, ...]
    paw: bool


@dataclass(frozen=True)
class GoalCard:
    id: str
    condition: str
    floors: int
    paw: bool


@dataclass(frozen=True)
class Cards:
    actions: dict[str, ActionCard]
    goals: dict[str, GoalCard]
    conditions: dict[str, dict[str, str]]
    editions: dict[str, dict[str, Any]]


DECKS = ("calibrated", "first")
"""The decks (option ``cards``): ``calibrated`` (docs/TOWER-CALIBRATION.md), or ``first``, the first design, with
which records saved before the calibration replay as they were played."""


@cache
def cards(deck: str = "calibrated", floors: tuple[tuple[str, int], ...] = ()) -> Cards:
    """Parse ``cards.json``; a wrong count, an unknown condition or an unknown deck fails here, loudly.
    ``floors`` ((goal id, floors) pairs, from the option ``data``) change goal cards' floors; cached per
    deck and override set, so one game's goals never reach another's."""
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; allowed: {', '.join(DECKS)}")
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
    first = raw["first"] if deck == "first" else {"actions": {}, "goal_floors": {}}
    actions = {
        c["id"]: ActionCard(
            c["id"],
            tuple(
                Side(tuple(s.get("walls", ())), s.get("cat", ""), bool(s.get("pet", False)))
                for s in first["actions"].get(c["id"], c["sides"])
            ),
            bool(c.get("paw", False)),
        )
        for c in raw["actions"]
    }
    changed = dict(floors)
    goals = {
        g["id"]: GoalCard(
            g["id"],
            g["condition"],
            int(changed.get(g["id"], first["goal_floors"].get(g["id"], g["floors"]))),
            bool(g.get("paw", False)),
        )
        for g in raw["goals"]
    }
    if len(actions) != 20 or len(goals) != 16:
        raise ValueError("cards.json must hold 20 Action and 16 Goal cards")
    if sum(c.paw for c in actions.values()) != 2 or sum(g.paw for g in goals.values()) != 2:
        raise ValueError("cards.json must mark two Action and two Goal cards with the paw")
    unknown = {g.condition for g in goals.values()} - set(raw["conditions"])
    if unknown:
        raise ValueError(f"cards.json: unknown goal conditions {sorted(unknown)}")
    return Cards(actions, goals, raw["conditions"], raw["editions"])
