"""Duels and the cooperative game: the heuristic's own play, with a Monte Carlo guard against the collapse
that loses the game.

Between two players only the toppler loses (the rulebook's END OF GAME), so a duel is a game of passing the
danger on. Over about 440 duels, every variant of the flat search (``search.py``) lost to the heuristic (42%
pooled; BOTS.md), whatever it changed. So in a duel the search bots play the heuristic's move, and spend their
budget checking it: before a card side is taken, the storey it asks for (or the Feline Friend) is replayed
on copies of the world with the seat's shaky hand, settling as long as the rules do; if walls fall, the
bot takes the side least likely to bring them down, and where no side is safe, the least bad one. A Black
Cat's stand is simulated the same way before a goal is claimed. Everything is judged from the seat's view.

The cooperative game is played the same way: five fallen walls end it in defeat for the whole
team, and the flat search's placements lost to the heuristic's there too (tower README, "Bots"). A storey
seen to fall is left for a later turn, when the cards on offer may hold a steadier pair of walls, and Toto
climbs only where his stand fells no wall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cattable.core import Action
from cattable.games.tower import placing
from cattable.games.tower.actions import WALL_TYPES, Choose, Floor, Goal, Skip, Wall
from cattable.games.tower.menu import wall_menu
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.tunables import view_world

from .heuristic import HeuristicAgent, _my_level, _piece_for, side_of
from .search import WALL_FALL, SearchAgent, cat_spots
from .view_reading import free_wall

CATS_FROM = 16
"""Storeys from which a Feline Friend is replayed too (below, it is taken as safe: in 20 traced duels none of
304 brought a wall down, ``experiments/tower_duel_falls.py``). Every storey is replayed: a mixed pair of
walls can fell a storey of a three-storey tower."""
HANDS = 3
"""Shaky hands a card side is replayed with (fewer if the trial cap comes first)."""
SETTLE = placing.SETTLE
"""Simulated seconds each replayed placement gets to come to rest: the rules' own, since a tall tower can
start to fall after the heuristic's 0.8 s (``tests/tower/data/slow-collapse.json``)."""
WALL_SHARE = 0.1
"""Risk of a replay that fells walls without losing: this much per wall (a lost game counts 1)."""


def choose(agent: SearchAgent, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """The guarded move: the heuristic's, unless a replay shows it bringing walls down."""
    first = legal[0]
    if isinstance(first, Choose):
        return _card(agent, view, legal)
    if view["phase"] == "goal":
        return _goal(agent, view, legal)
    return HeuristicAgent._decide(agent, view, legal)


def _storeys(view: Mapping[str, Any]) -> int:
    return int(max(view["tower"]["reading"]["floor_levels"].values(), default=1))


def _card(agent: SearchAgent, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """The heuristic's card side if its replays stand. Else a side taken as safe (a Feline Friend on a tower
    under ``CATS_FROM`` storeys), the heuristic's favourite of those; else the side whose replays fell least
    (the trial cap permitting: the heuristic's side is replayed first)."""
    pick = HeuristicAgent._decide(agent, view, legal)
    if _taken_as_safe(view, pick):
        return pick
    base = view_world(view)
    risk = side_risk(agent, view, base, pick)
    if not risk:
        return pick
    others = sorted((a for a in legal if a != pick), key=lambda a: -agent._card_score(view, a))
    safe = [a for a in others if _taken_as_safe(view, a)]
    if safe:
        return safe[0]
    tried: list[tuple[float, int, Action]] = [(risk, 0, pick)]
    for i, a in enumerate(others, 1):
        if not agent._time_left():
            break
        other = side_risk(agent, view, base, a)
        if other is None:
            break
        if other == 0.0:
            return a
        tried.append((other, i, a))
    return min(tried, key=lambda t: (t[0], t[1]))[2]


def _taken_as_safe(view: Mapping[str, Any], a: Action) -> bool:
    return not side_of(view, a).walls and _storeys(view) < CATS_FROM


def side_risk(agent: SearchAgent, view: Mapping[str, Any], base: TowerWorld, a: Action) -> float | None:
    """Mean risk over shaky replays of what card side ``a`` asks for: 1 for a lost game (the fifth wall
    down), ``WALL_SHARE`` a wall that falls short of that (None: the trial cap came before the first replay)."""
    if _taken_as_safe(view, a):
        return 0.0
    side = side_of(view, a)
    risks: list[float] = []
    for _ in range(HANDS):
        if risks and not agent._time_left():
            break
        fallen = _storey(agent, view, base, side.walls) if side.walls else _cat(agent, view, base, side.cat)
        agent.trials_run += 1
        if fallen is None:
            return 1.0  # the side cannot be carried out on this tower
        lost = fallen and len(view["wall_debris"]) + fallen >= 5
        risks.append(1.0 if lost else WALL_SHARE * fallen)
        if lost:
            break  # seen to lose the game: no need to look again
    return sum(risks) / len(risks) if risks else None


def _fallen_walls(view: Mapping[str, Any], world: TowerWorld) -> int:
    before = set(view["tower"]["reading"].get("debris", []))
    return sum(1 for p in set(world.read().debris) - before if p.startswith("W-"))


def _storey(agent: SearchAgent, view: Mapping[str, Any], base: TowerWorld, walls: Sequence[str]) -> int | None:
    """Build the storey as the heuristic would (its first free corner, the other wall opposite, the floor
    centred), every piece with a fresh shaky hand: walls fallen (None: no floor or wall left to build it)."""
    corners = [w for w in wall_menu(view["tower"], [walls[0]]) if w.fold == 90.0]
    if not corners or not view["stock"]["floors"]:
        return None
    c = agent.rng.choice(corners)
    plan = (Wall("wall", walls[0], c.x, c.y, c.yaw, 90.0), Wall("wall", walls[1], -c.x, -c.y, c.yaw + 180.0, 90.0))
    world = base.clone()
    floor = str(view["stock"]["floors"][0])
    try:
        for w in plan:
            # rulebook FAQ: a wall type no longer available may be swapped for another still available
            piece = next(filter(None, (free_wall(world, view, t) for t in (w.type, *WALL_TYPES))), "")
            if not piece:
                return None
            placing.wall(world, piece, w, agent._noise(view), SETTLE)
        placing.floor(world, floor, Floor("floor", 0.0, 0.0, 0.0), agent._noise(view), SETTLE)
    except ValueError:
        return None
    return _fallen_walls(view, world)


def _cat(agent: SearchAgent, view: Mapping[str, Any], base: TowerWorld, colour: str) -> int | None:
    """Stand a Feline Friend of the side's colour at the menu's first spot, with a shaky hand: walls fallen."""
    menu = cat_spots(view, colour)
    if not menu:
        return None
    world = base.clone()
    try:
        placing.cat(world, _piece_for(view, menu[0]), menu[0], agent._noise(view), SETTLE)
    except ValueError:
        return None
    return _fallen_walls(view, world)


def _goal(agent: SearchAgent, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """The heuristic's goal, unless the climber's stand (Toto or the Black Cat; the rules stand it with no
    noise) fells a wall: then the longest climb whose stand does not, or no goal at all."""
    pick = HeuristicAgent._decide(agent, view, legal)
    if not isinstance(pick, Goal):
        return pick
    top = _storeys(view)
    mine = _my_level(view)
    base = view_world(view)
    options = sorted((a for a in legal if isinstance(a, Goal)), key=lambda a: (a != pick, -a.floors))
    for a in options:
        if not agent._time_left():
            break
        if agent._stand(view, base, mine + min(a.floors, top - mine)) > -WALL_FALL:
            return a
    return next((a for a in legal if isinstance(a, Skip)), pick)


__all__ = ["choose", "side_risk"]
