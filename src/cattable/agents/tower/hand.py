"""The hand bot (``hand``): it aims as a person does, by eye, and never tries a placement in the physics.

Why: the heuristic's trials on copies of the world make it a better builder than a person and cost a CPU
minute a game, so a calibration played with it says little about a family's game and takes hours. This
bot picks each placement from the legal menu by a cheap rule read off its seat's view (walls in opposite
corners, the floor centred, a cat where the face-up goals want it) and lets go. It adds no noise of its
own: the rules already draw every placement's slip at the seat's steadiness (``TowerState.hand_noise``,
``finger_noise``), so the aim it returns is the aim a steady or shaky hand then misses. Cards, goals and
the competitive move follow the heuristic's rules of thumb, which use no physics either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cattable.core import Action
from cattable.games.tower.actions import Cat, Floor, Move, Wall
from cattable.games.tower.menu import resting_on
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.pieces import floor_id

from .heuristic import HeuristicAgent, _goal_floors, _my_goals, _spread, _wanted_colours

SQUARE = 90.0
"""The fold a person stands a wall at: square, the menu's corner fold."""


class HandAgent(HeuristicAgent):
    """Aims by a rule of thumb from the view, lets the rules' slip do the rest; no physics trial."""

    name = "hand"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, samples=0, max_trials=0)

    def _best_placement(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """The legal aim that scores best by eye; ties broken by the seeded draw, so a seed replays."""
        if len(legal) == 1:
            return legal[0]
        order = {a: i for i, a in enumerate(legal)}
        return max(legal, key=lambda a: (_by_eye(view, a), -order[a], self.rng.random()))

    def _try(self, base: TowerWorld, view: Mapping[str, Any], a: Action, hand: Mapping[str, float]) -> float:
        """A hand has no physics to try its placement in: reaching here is a bug."""
        raise AssertionError("the hand bot makes no physics trial")


def _by_eye(view: Mapping[str, Any], a: Action) -> float:
    """What a person sees in an aim: higher is better. The menu comes roomiest first, so equal scores keep
    the menu's order (``_best_placement``)."""
    if isinstance(a, Wall):
        # opposite corners carry a floor, neighbouring ones tip it; a square fold is the one people use
        return 3.0 * _spread(view, a) - (0.0 if a.fold == SQUARE else 1.0)
    if isinstance(a, Floor):
        return -(abs(a.x) + abs(a.y)) - abs(a.yaw) / 10.0
    if isinstance(a, Cat | Move):
        return _cat_by_eye(view, a)
    return 0.0  # Toto, a pet: the menu's first (the roomiest spot, the first side)


def _cat_by_eye(view: Mapping[str, Any], a: Cat | Move) -> float:
    """A cat on a floor the goals judge, of a colour they want, beside a cat it should touch; a cat on a cat
    only where a goal asks for one (a stack is the easiest thing to knock over)."""
    colour = a.colour if isinstance(a, Cat) else a.cat.split("-")[1] if a.cat.count("-") >= 2 else ""
    floor = floor_id(a.floor)
    judged = floor in _goal_floors(view)
    conditions = {g["condition"] for g in _my_goals(view)}
    score = 10.0 if judged else 0.0
    if colour in _wanted_colours(view):
        score += 5.0
    neighbours = [(p, x, y) for p, x, y, _ in resting_on(view["tower"], floor) if p.startswith("C-")]
    near = [p for p, x, y in neighbours if abs(x - a.x) + abs(y - a.y) < 1.6]
    on = a.on if isinstance(a, Cat) else ""
    if on:
        wants_stack = "blue_on_blue" in conditions and colour == "blue" and on.startswith("C-blue")
        wants_stack = wants_stack or bool(conditions & {"one_on_another", "touching_and_one_on_top"})
        score += 6.0 if wants_stack and judged else -8.0
    elif near and judged:
        same = any(p.split("-")[1] == colour for p in near)
        if "two_yellow_touching" in conditions and colour == "yellow" and same:
            score += 6.0
        elif (same and "same_colour_touching" in conditions) or (
            not same and conditions & {"different_colours_touching", "touching_and_one_on_top"}
        ):
            score += 4.0
        else:
            score += 2.0  # cats touching help most goals
    return score - 0.1 * (abs(a.x) + abs(a.y))


__all__ = ["HandAgent"]
