"""A sensible Cat Attack bot: one-step greedy over the legal actions, judged from the seat's view only.

It wants the food it lacks (shops, birds, mice, raids by card), attacks when it can, steers clear of
being cornered and of raid penalties, and heads home by the die once the larder is full. The board is
public data, so it reads distances from the board file; it never touches the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.agents.base import GreedyAgent
from cattable.core import Action

from .actions import NONE, Burglar, CatAttack, CatCard, CreatureCard, Fight, FightCard, Move, Raid, SixCat, Speedy, Swap
from .board import standard_board
from .cards import ITEMS

CARD_WORTH = {"attack": 9.0, "speedy": 8.0, "burglar": 7.0}


def _card_worth(code: int) -> float:
    """How much a card is worth keeping (for exchanges and Cat Fights)."""
    if code >= 31:
        return CARD_WORTH[("speedy", "attack", "burglar")[code - 31]]
    suit, value = divmod(code, 10)
    return (3.0 if suit == 0 else 1.0) + value * 0.3


class HeuristicAgent(GreedyAgent):
    """Greedy on a hand-written score of where each action leaves the cat."""

    name = "attack-heuristic"

    def score(self, view: Mapping[str, Any], action: Action) -> float:
        b = standard_board()
        seat = view["seat"]
        me = view["cats"][seat]
        house = next(h for h in view["houses"] if h["house"] == me["house"])
        larder = set(house["larder"])
        missing = [i for i in ITEMS if i not in larder]
        here = b.index[me["at"]] if me["at"] else NONE

        def targets() -> list[int]:
            """Spaces worth heading for: food not yet in the larder, or home once it is full."""
            if not missing:
                return [b.home[me["house"]]]
            out: list[int] = []
            for k, shop in enumerate(view["shops"]):
                if shop["item"] in missing and shop["open"] and shop["stock"]:
                    out.extend(i for i in range(len(b.ids)) if b.shop_garden_of[i] == k)
            if "mouse" in missing:
                out.extend(b.index[m] for m in view["mice"])
            if "bird" in missing:
                out.extend(b.index[m] for m in view["birds"])
            return out or [b.home[me["house"]]]

        def landing(dest: int, by_roll: bool) -> float:
            sid = b.ids[dest]
            value = 0.0
            if dest == b.home[me["house"]] and not missing and by_roll:
                return 1000.0
            if sid in view["mice"]:
                value += 60.0
            if sid in view["birds"]:
                value += 60.0
            k = b.shop_garden_of[dest]
            if k != NONE and view["shops"][k]["item"] in missing and view["shops"][k]["stock"]:
                value += 50.0
            if any(c["at"] == sid and c["seat"] != seat for c in view["cats"]):
                value += 25.0
            h = b.house_of[dest]
            if b.kind[dest] == "home" and h != me["house"]:
                value += -40.0 if by_roll else 15.0  # a raid by the die ends the turn on his Home space
            if b.curiosity[dest]:
                value += 3.0
            near = min((b.distance[dest][t] for t in targets()), default=0)
            return value - 2.0 * min(near, 20)

        if isinstance(action, Move):
            return landing(action.dest, True)
        if isinstance(action, CatCard):
            return -200.0 if action.dest == NONE else landing(action.dest, False) - 0.4 * action.value
        if isinstance(action, CatAttack):
            return -5.0 if action.target == NONE else landing(action.target, False) + 5.0
        if isinstance(action, Burglar):
            return -5.0 if action.target == NONE else 45.0
        if isinstance(action, Speedy):
            return 12.0
        if isinstance(action, SixCat):
            return 20.0
        if isinstance(action, CreatureCard):
            if action.src == NONE:
                return 1.0
            if action.kind in missing and here != NONE and action.dest < len(b.ids):
                return 10.0 - float(b.distance[here][action.dest])
            return 0.0
        if isinstance(action, Fight):
            mine = [c for c in view.get("hand", []) if c.startswith(("cat", "mouse", "bird")[action.suit])]
            return 2.0 * len(mine) - 6.0
        if isinstance(action, FightCard):
            return -_card_worth(action.card)
        if isinstance(action, Swap):
            return _card_worth(action.take) - _card_worth(action.give)
        if isinstance(action, Raid):
            return 1.0 if ITEMS[action.item] in ("mouse", "bird") else 2.0
        return 0.0
