"""Cat Attack: the action index and the observation (docs/RL.md, "Cat Attack").

The index lists, in this order: Cat cards (value 1-6 by landing space, then 'cornered'), Mouse and Bird
cards (per value: 'pass', then every (source, landing) pair a creature walk of exactly that value allows
on the empty board, then each retired larder's creature sent home), Speedy Cat, Cat Attack (each space,
then 'pass'), Cat Burglar (each space with no item or with each item, then 'pass'), Six Cat (suit by
house), Cat Fight (opponent by suit), fight cards, moves after a roll, raid items and exchanges (take by
give). Creature walks ignore pieces, so every legal creature move is in the table whatever the position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import cattable
from cattable.core import Action
from cattable.games.attack.actions import (
    LARDER_BASE,
    Burglar,
    CatAttack,
    CatCard,
    CreatureCard,
    Fight,
    FightCard,
    Move,
    Raid,
    SixCat,
    Speedy,
    Swap,
)
from cattable.games.attack.board import standard_board
from cattable.games.attack.cards import BIRD, CARD_CODES, ITEMS, MOUSE, SUITS
from cattable.games.attack.walks import creature_walk
from cattable.rl.encoding import Encoding, Features, seats_from

NONE = -1
HOUSES = 6
PHASES = ("play", "move", "raid", "swap", "fight", "over")
STREETS = ("North", "East", "South", "West")
CARDS = tuple(sorted(CARD_CODES, key=CARD_CODES.__getitem__))
"""Card names in code order (cat1..6, mouse1..6, bird1..6, speedy, attack, burglar)."""
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}


class AttackEncoding(Encoding):
    game_name = "attack"

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.board = standard_board()
        self.space = self.board.index
        super().__init__(players, options)

    def _table(self) -> Iterable[Action]:
        b = self.board
        spaces = range(len(b.ids))
        for v in range(1, 7):
            yield from (CatCard("cat", v, d) for d in spaces)
            yield CatCard("cat", v, NONE)
        for kind, name in ((MOUSE, "mouse"), (BIRD, "bird")):
            home = b.mouse_hole if kind == MOUSE else b.bird_house
            for v in range(1, 7):
                yield CreatureCard(name, v, NONE, NONE)
                for src in spaces:
                    yield from (CreatureCard(name, v, src, d) for d in creature_walk(b, kind, src, v))
                yield from (CreatureCard(name, v, LARDER_BASE + h, home) for h in range(HOUSES))
        yield Speedy("speedy")
        yield from (CatAttack("attack", d) for d in spaces)
        yield CatAttack("attack", NONE)
        for d in spaces:
            yield Burglar("burglar", d, NONE)
            yield from (Burglar("burglar", d, i) for i in range(len(ITEMS)))
        yield Burglar("burglar", NONE, NONE)
        yield from (SixCat("sixcat", s, h) for s in (MOUSE, BIRD) for h in range(HOUSES))
        yield from (Fight("fight", p, s) for p in range(HOUSES) for s in range(len(SUITS)))
        codes = [CARD_CODES[c] for c in CARDS]
        yield from (FightCard("fightcard", c) for c in codes)
        yield from (Move("move", d) for d in spaces)
        yield from (Raid("raid", i) for i in range(len(ITEMS)))
        yield from (Swap("swap", t, g) for t in codes for g in codes)

    def sample_view(self) -> Mapping[str, Any]:
        return cattable.game("attack").new(players=self.players, seed=0, **self.options).view(0)

    def _where(self, ids: Iterable[str | None], out: Features) -> None:
        out.counts((self.space[i] for i in ids if i is not None), len(self.board.ids), top=3)

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        seat, n = view["seat"], self.players
        order = seats_from(seat, n)
        rel = {p: k for k, p in enumerate(order)}
        out.one_hot(PHASES.index(view["phase"]), len(PHASES))
        out.one_hot(rel.get(view["to_act"]) if view["to_act"] is not None else None, n)
        out.one_hot(view["roll"], 7)
        out.scalar(view["round"], 60)
        out.scalar(view["extra_turns"], 3)
        cats = {c["seat"]: c for c in view["cats"]}
        houses = {h["house"]: h for h in view["houses"]}
        for p in order:
            c = cats[p]
            self._where([c["at"]], out)
            out.flag(c["retired"])
            out.flag(c["done"])
            out.scalar(c["cards"], 8)
            out.flag(view["teams"] and c["team"] == cats[seat]["team"])  # the observer's team-mate
            house = houses.get(c["house"])
            out.scalar(house["lives"] if house else 0, 9)
            out.counts((ITEM_INDEX[i] for i in (house["larder"] if house else [])), len(ITEMS))
            out.counts((CARD_INDEX[x] for x in view["seen"].get(str(p), [])), len(CARDS), top=2)
        for shop in view["shops"]:
            out.flag(shop["open"])
            out.scalar(shop["stock"], 6)
        self._where(view["mice"], out)
        self._where(view["birds"], out)
        out.scalar(view["mice_in_hole"], 6)
        out.scalar(view["birds_in_house"], 6)
        out.one_hot(STREETS.index(view["car"]) if view["car"] in STREETS else None, len(STREETS))
        out.scalar(view["deck"], 60)
        out.scalar(view["discard"], 60)
        out.one_hot(CARD_INDEX.get(view["discard_top"] or ""), len(CARDS))
        out.counts((CARD_INDEX[x] for x in view.get("hand") or []), len(CARDS), top=3)
        fight = view["fight"]
        out.one_hot(SUITS.index(fight["suit"]) if fight else None, len(SUITS))
        out.one_hot(rel[fight["attacker"]] if fight else None, n)
        out.one_hot(rel[fight["defender"]] if fight else None, n)
        swap = view["swap"]
        out.one_hot(rel[swap["with"]] if swap else None, n)
        raid = view["raid"]
        owner = next((c["seat"] for c in view["cats"] if c["house"] == raid), None) if raid is not None else None
        out.one_hot(rel.get(owner) if owner is not None else None, n)


ENCODING = AttackEncoding
