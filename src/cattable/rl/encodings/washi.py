"""Tokyo Washi Game: Cat: the action index and the observation (docs/RL.md, "Tokyo Washi").

For a map of W x H cells (the ``map`` option, or the one picked for the player count), cell c = row * W +
col: ``fish c`` is c, ``cat c`` is N + c, ``move k c`` is (2 + k) N + c and ``pop k c`` is (4 + k) N + c
for cat k = 0, 1 (N = W H); then ``jump k d`` is 6 N + 4 k + d for d in north, east, south, west.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

import cattable
from cattable.core import Action
from cattable.games.washi.actions import DIRECTIONS, cat, fish, jump, move, pop
from cattable.rl.encoding import Encoding, Features, seats_from

PHASES = ("fish", "cats", "play", "over")
TERRAIN = (".", "#", "o", "g", "r")
"""Map characters with their own channel; any uppercase letter is a building, any other lowercase a sewer."""


def _terrain(ch: str) -> int:
    if ch in TERRAIN[:3]:
        return TERRAIN.index(ch)
    if ch.isupper():
        return 3
    if ch.islower():
        return 4
    return 5


def _cell(name: str, width: int) -> int:
    col = 0
    letters = name.rstrip("0123456789")
    for ch in letters:
        col = col * 26 + (ord(ch) - 96)
    return (int(name[len(letters) :]) - 1) * width + col - 1


class WashiEncoding(Encoding):
    game_name = "washi"

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        grid = cattable.game("washi").new(players=players, seed=0, **options).view(0)["map"]["grid"]
        self.height, self.width = len(grid), len(grid[0])
        terrain = [_terrain(ch) for row in grid for ch in row]
        self.terrain = np.zeros((len(terrain), 6), np.float32)
        self.terrain[np.arange(len(terrain)), terrain] = 1.0
        super().__init__(players, options)

    def _table(self) -> Iterable[Action]:
        cells = [(r, c) for r in range(self.height) for c in range(self.width)]
        yield from (fish(r, c) for r, c in cells)
        yield from (cat(r, c) for r, c in cells)
        for k in (0, 1):
            yield from (move(k, r, c) for r, c in cells)
        for k in (0, 1):
            yield from (pop(k, r, c) for r, c in cells)
        for k in (0, 1):
            yield from (jump(k, d) for d in DIRECTIONS)

    def sample_view(self) -> Mapping[str, Any]:
        return cattable.game("washi").new(players=self.players, seed=0, **self.options).view(0)

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        seat, n, w = view["seat"], self.players, self.width
        rel = {p: k for k, p in enumerate(seats_from(seat, n))}
        cells = self.height * w
        out.one_hot(PHASES.index(view["phase"]), len(PHASES))
        to_play = view["to_play"]
        out.one_hot(None if to_play is None else rel[to_play], n)
        out.scalar(view["moves_played"], 400)
        # per cell: terrain, whose line, whose fish, whose cat (seats relative to the observer)
        out.block(self.terrain)
        relative = np.array([rel[p] for p in range(n)])
        for layer in (view["lines"], view["fish"]):
            owners = np.asarray(layer)
            held = np.flatnonzero(owners >= 0)
            block = np.zeros((n, cells), np.float32)
            block[relative[owners[held]], held] = 1.0
            out.block(block)
        cats = np.zeros((n, cells), np.float32)
        for p, player in enumerate(view["players"]):
            for kitty in player["cats"]:
                if kitty["at"] is not None:
                    cats[rel[p], _cell(kitty["at"], w)] = 1.0
        out.block(cats)
        for p in seats_from(seat, n):
            player = view["players"][p]
            out.scalar(player["specials_left"], 2)
            out.scalar(player["fish_crossed_off"], 4)
            for drawn in player["fish_drawn"]:
                out.scalar(drawn, 4)
            out.flag(player["in_game"])
            out.flag(p in view["winners"])
            out.flag(p in view["trapped"])
            for kitty in player["cats"]:
                out.flag(kitty["at"] is not None)
                out.flag(kitty["fish"])
                out.flag(kitty["home"])


ENCODING = WashiEncoding
