"""Cat and the Tower: the action index (a documented discretisation) and the observation (docs/RL.md).

The tower's placements are continuous (centimetres, degrees); any typed placement in range is legal. The
discrete space keeps what the game offers as its finite menu (``games/tower/menu.py``: walls folded
square at the corners, the floor centred or slightly off, cats in free spots, beside or on another cat):
index ``SLOT0 + k`` is the k-th placement of the menu offered now (up to ``SLOTS``), in the game's own
order. The other actions have fixed indexes: ``card c side`` (0-11), ``goal c floors=f`` (12-35),
``refresh c`` (36-41), ``skip`` (42). ``cattable.rl.env("tower", box=True)`` offers the placements'
continuous parameters as a Box instead (``cattable.rl.tower_box``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import cattable
from cattable.core import Action
from cattable.games.tower.actions import COLOURS, SIDES, SKIP, WALL_TYPES, Choose, Goal, Refresh
from cattable.rl.encoding import Encoding, EncodingError, Features, seats_from

CARDS = 4
"""Face-up Action cards addressed (the game shows two or three)."""
GOAL_CARDS = 6
GOAL_FLOORS = 4
SLOTS = 64
"""Menu placements addressed; a longer menu offers its first ``SLOTS`` (none has come near it)."""
PHASES = ("action", "place", "interact", "goal", "over")
PLACEMENTS = ("wall", "floor", "cat", "pet", "move", "toto")


def _fixed() -> list[Action]:
    out: list[Action] = [Choose("choose", c, side) for c in range(1, CARDS + 1) for side in SIDES]
    out += [Goal("goal", c, f) for c in range(1, GOAL_CARDS + 1) for f in range(1, GOAL_FLOORS + 1)]
    out += [Refresh("refresh", c) for c in range(1, GOAL_CARDS + 1)]
    out.append(SKIP)
    return out


FIXED = tuple(_fixed())
SLOT0 = len(FIXED)


def is_placement(action: Action) -> bool:
    return action.to_json()["kind"] in PLACEMENTS


class TowerEncoding(Encoding):
    game_name = "tower"

    def _table(self) -> Iterable[Action]:
        return FIXED

    @property
    def num_actions(self) -> int:
        return SLOT0 + SLOTS

    def sample_view(self) -> Mapping[str, Any]:
        return cattable.game("tower").new(players=self.players, seed=0, **self.options).view(0)

    def placements(self, legal: Sequence[Action]) -> list[Action]:
        return [a for a in legal if is_placement(a)][:SLOTS]

    def index_of(self, action: Action, legal: Sequence[Action]) -> int:
        if not is_placement(action):
            return super().index_of(action, legal)
        menu = self.placements(legal)
        if action not in menu:
            raise EncodingError(f"tower: {action.text()!r} is not among the menu's first {SLOTS} placements")
        return SLOT0 + menu.index(action)

    def action_at(self, index: int, legal: Sequence[Action]) -> Action:
        if 0 <= index < SLOT0:
            return self.actions[index]
        menu = self.placements(legal)
        if not 0 <= index - SLOT0 < len(menu):
            raise EncodingError(
                f"tower: action index {index} names no placement now (menu slots {SLOT0}..{SLOT0 + len(menu) - 1})"
            )
        return menu[index - SLOT0]

    def mask(self, legal: Sequence[Action]) -> Any:
        menu = self.placements(legal)
        return super().mask([a for a in legal if not is_placement(a)] + menu)

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        seat, n = view["seat"], self.players
        rel = {p: k for k, p in enumerate(seats_from(seat, n))}
        out.one_hot(PHASES.index(view["phase"]), len(PHASES))
        out.one_hot(rel.get(view["to_play"]) if view["to_play"] is not None else None, n)
        out.scalar(view["turn"], 120)
        out.scalar(view["target"], 20)
        out.scalar(view["toto_level"], 20)
        out.scalar(view["toto_best"], 20)
        for p in seats_from(seat, n):
            out.scalar(view["black_best"][p] if p < len(view["black_best"]) else 0, 20)
            out.scalar(view["arrival"][p] if p < len(view["arrival"]) else 0, 120)
        out.scalar(len(view["action_faceup"]), CARDS)
        for c in range(CARDS):
            sides = view["action_faceup"][c]["sides"] if c < len(view["action_faceup"]) else []
            for side in range(2):
                words = sides[side].split(" + ") if side < len(sides) else []
                out.counts((WALL_TYPES.index(w) for w in words if w in WALL_TYPES), len(WALL_TYPES), top=2)
                out.flag("floor" in words)
                out.counts((COLOURS.index(w) for w in words if w in COLOURS), len(COLOURS), top=2)
        out.scalar(view["action_deck"], 24)
        out.scalar(view["goal_deck"], 24)
        out.scalar(len(view["goal_faceup"]), GOAL_CARDS)
        for g in range(GOAL_CARDS):
            goal = view["goal_faceup"][g] if g < len(view["goal_faceup"]) else None
            out.scalar(goal["floors"] if goal else 0, GOAL_FLOORS)
        stock = view["stock"]
        out.scalar(len(stock["floors"]), 24)
        for w in WALL_TYPES:
            out.scalar(stock["walls"].get(w, 0), 12)
        for colour in COLOURS:
            out.scalar(stock["cats"].get(colour, 0), 4)
        out.scalar(len(view["pending"]), 4)
        out.scalar(len(view["placed"]), 4)
        out.scalar(len(view["wall_debris"]), 10)
        reading = view["tower"]["reading"]
        levels = reading.get("floor_levels", {})
        out.scalar(max(levels.values(), default=0), 25)
        out.scalar(len(view["tower"]["pieces"]), 120)
        out.scalar(len(reading.get("debris", [])), 20)
        out.scalar(len(reading.get("touching", [])), 20)
        out.scalar(len(reading.get("on_top", {})), 20)
        upright = reading.get("upright", {})
        out.flag(upright.get("toto", True))


ENCODING = TowerEncoding
