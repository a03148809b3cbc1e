"""Cat Cafe: the action index and the observation (docs/RL.md, "Cat Cafe").

Actions (157): ``take 1..6`` (0-5), ``mark T F item`` for each of the 24 sheet spaces by 6 items (6-149,
space-major), ``cat item`` (150-155), ``pass`` (156).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

import cattable
from cattable.core import Action
from cattable.games.cafe.actions import CAT, DRAFT, MARK, PASS
from cattable.games.cafe.sheet import FLOORS, ITEMS, NSPACES, SPACES, TOWERS
from cattable.rl.encoding import Encoding, Features, seats_from

PHASES = ("draft", "mark", "cat", "over")
ITEM_INDEX: dict[Any, int] = {name: i for i, name in enumerate(ITEMS)}
EMPTY = len(ITEMS)
SPACE_KEYS = tuple((t, str(f)) for t, f in SPACES)
_ROWS = np.arange(NSPACES)


def _item(name: Any) -> int | None:
    return ITEM_INDEX.get(name) if isinstance(name, str) else None


class CafeEncoding(Encoding):
    game_name = "cafe"

    def _table(self) -> Iterable[Action]:
        yield from DRAFT[1:]
        for s in range(NSPACES):
            yield from MARK[s][1:]
        yield from CAT[1:]
        yield PASS

    def sample_view(self) -> Mapping[str, Any]:
        return cattable.game("cafe").new(players=self.players, seed=0, **self.options).view(0)

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        seat = view["seat"]
        n = self.players
        out.one_hot(PHASES.index(view["phase"]), len(PHASES))
        out.scalar(view["round"], 20)
        out.one_hot((view["first_player"] - seat) % n, n)
        to_play = view["to_play"]
        out.one_hot(None if to_play is None else (to_play - seat) % n, n)
        out.counts(view["pool"], 7, top=2)
        out.one_hot(view["shared"], 7)
        for t in range(TOWERS):
            out.flag(view["towers"][t]["claimed"])
        scores = view["scores"]
        for p in seats_from(seat, n):
            sheet = view["sheets"][p]
            towers = sheet["towers"]
            drawn = np.zeros((NSPACES, len(ITEMS) + 1), np.float32)  # an item, or the last column: empty
            drawn[_ROWS, [ITEM_INDEX.get(towers[t][f], EMPTY) for t, f in SPACE_KEYS]] = 1.0
            out.block(drawn)
            feet = sheet["footprints"]
            out.scalar(feet["available"], 20)
            out.scalar(feet["circled"], 30)
            for name in ITEMS:
                points = sheet["cats"][name]
                out.flag(points is not None)
                out.scalar(points, 30)
            for bonus in sheet["tower_bonuses"]:
                out.scalar(bonus, 10)
            out.scalar(sheet["completed"], TOWERS)
            out.one_hot(sheet["die"], 7)
            out.flag(sheet["chosen"])
            out.scalar(scores[p], 150)
        pending = view["sheets"][seat].get("pending")  # the observer's own secret choice, never another's
        out.flag(pending is not None)
        out.one_hot(_item(pending.get("item") or pending.get("cat")) if pending else None, len(ITEMS))
        out.scalar(pending.get("floor") if pending else None, FLOORS)


ENCODING = CafeEncoding
