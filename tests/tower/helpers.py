"""Scenes for the tower's rules tests: real worlds with as few pieces as a rule needs, and doctored
readings where a rule only reads the world (goal conditions)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import cattable
from cattable.agents import make_agent
from cattable.core import Action
from cattable.games.tower import debris
from cattable.games.tower.actions import Toto
from cattable.games.tower.game import TowerState
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.table import outcome_of

CORNER_A = (3.0, 3.0, 225.0)
CORNER_B = (-3.0, -3.0, 45.0)


def new(players: int = 1, seed: int = 0, **options: Any) -> TowerState:
    options.setdefault("steadiness", "steady")
    state = cattable.game("tower").new(players=players, seed=seed, **options)
    assert isinstance(state, TowerState)
    return state


def random_game(seed: int, players: int = 3, **options: Any) -> Iterator[tuple[TowerState, Action]]:
    """A game of random agents as ``cattable simulate tower --agents random`` plays it (game seed ``seed``,
    each seat's agent seeded ``seed * 101 + seat``): yields the state after each action, with the action."""
    game = cattable.game("tower")
    agents = [make_agent("random", game, seed=seed * 101 + s) for s in range(players)]
    state = game.new(players=players, seed=seed, **options)
    assert isinstance(state, TowerState)
    while state.current_player is not None:
        action = agents[state.current_player].choose({}, state.legal_actions())
        state.apply(action)
        yield state, action


def place_toto(state: TowerState) -> Toto:
    """The player places Toto where the rules handed him to them (the menu's first, roomiest spot)."""
    toto = next(a for a in state.legal_actions() if isinstance(a, Toto))
    state.apply(toto)
    return toto


def refresh(state: TowerState) -> None:
    """The position was edited by hand: the legal actions are worked out again."""
    state.forget_caches()


def scene(state: TowerState, build: Callable[[TowerWorld], object]) -> None:
    """Arrange the real world by hand (outside the rules) and make it the state's table: the table
    before is where the debris rules put a fallen piece back from."""
    world = state.table.live()
    build(world)
    world.settle()
    state.outcome_before = state.table.outcome
    state.support_before = state.reading.get("support", {})
    state.table.adopt(outcome_of(world), True)
    debris.track_cats(state)
    refresh(state)


def free_wall(world: TowerWorld, kind: str) -> str:
    return next(f"W-{kind}-{k}" for k in range(1, 13) if f"W-{kind}-{k}" not in world.active)


def storey(world: TowerWorld, kinds: tuple[str, str] = ("bricks", "bricks"), fold: float = 90.0) -> str:
    """Two walls at opposite corners of the top floor and the next floor on them; returns the floor."""
    for kind, (x, y, yaw) in zip(kinds, (CORNER_A, CORNER_B), strict=True):
        world.place_wall(free_wall(world, kind), x, y, yaw, fold)
        world.settle()
    floor = next(f"F{k}" for k in range(2, 25) if f"F{k}" not in world.active)
    world.place_floor(floor, 0.0, 0.0, 0.0)
    world.settle()
    return floor


def tower(state: TowerState, storeys: int) -> None:
    """A well-built tower: same-type pairs, square folds, opposite corners."""

    def build(w: TowerWorld) -> None:
        for k in range(storeys):
            kind = ("bricks", "windows", "arches", "angels")[k // 6]
            storey(w, (kind, kind))

    scene(state, build)


def with_reading(state: TowerState, **changes: Any) -> None:
    """Doctor what the world reads (for rules that only read it, such as goal conditions)."""
    out = state.table.outcome
    state.table.adopt({**out, "reading": {**out["reading"], **changes}}, False)
    refresh(state)


def cats_on(state: TowerState, floor: str, cats: list[str], **changes: Any) -> None:
    """Pretend upright Feline Friends rest on ``floor`` (a doctored reading)."""
    r = state.table.outcome["reading"]
    support = {**r["support"], **{c: floor for c in cats}}
    upright = {**r["upright"], **{c: True for c in cats}}
    with_reading(state, support=support, upright=upright, **changes)


def set_goals(state: TowerState, *ids: str) -> None:
    state.goal_faceup = list(ids)
    refresh(state)


def set_actions(state: TowerState, *ids: str) -> None:
    state.action_faceup = list(ids)
    refresh(state)


def texts(state: TowerState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def floor_on_two_bricks(world: TowerWorld) -> float:
    """The height (cm) at which F2 comes to rest on two bricks walls stood on F1 of a copy of ``world``: how
    tall that world's bricks are."""
    w = world.clone()
    w.place_wall("W-bricks-1", 3.0, 0.0, 0.0, 90.0)
    w.place_wall("W-bricks-2", -3.0, 0.0, 180.0, 90.0)
    w.settle()
    w.place_floor("F2", 0.0, 0.0, 0.0)
    w.settle()
    return float(w.poses()["F2"][2])
