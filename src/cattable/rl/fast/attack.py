"""Cat Attack's observation written from the state: the fields ``games/attack/views.py`` shows a seat.

Hidden: the other seats' hands (a seat sees only how many cards each holds, and the cards it saw in an
exchange, ``known[seat]``), the deck's order and the Curiosity deck. The writer reads the seat's own hand,
``known[seat]`` and the public table, never another seat's hand or ``known`` row.
"""

from __future__ import annotations

from typing import cast

from cattable.core import State
from cattable.games.attack.cards import BURGLAR, ITEMS, SUITS, card_name
from cattable.games.attack.game import AttackState
from cattable.games.attack.position import NONE, Phase
from cattable.rl.encoding import Encoding, Vector
from cattable.rl.encodings.attack import CARD_INDEX, CARDS, PHASES, STREETS, AttackEncoding

from . import ViewWriter
from .row import Row

CARD = [CARD_INDEX.get(card_name(c), -1) for c in range(BURGLAR + 1)]
"""A card's code to its place in the encoding's card list."""


class AttackWriter(ViewWriter):
    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding)
        enc = cast(AttackEncoding, encoding)
        b = enc.board
        n = self.n = enc.players
        spaces = self.spaces = len(b.ids)
        self.street = [STREETS.index(s) if s in STREETS else -1 for s in b.street_names]
        self.seat_size = spaces + 5 + len(ITEMS) + len(CARDS)
        self.seats = len(PHASES) + n + 7 + 2
        self.shops = self.seats + n * self.seat_size
        self.shop_count = 0

    def write(self, state: State, seat: int, out: Vector) -> None:
        s = cast(AttackState, state)
        n, row = self.n, Row()
        ones, spaces = row.ones, self.spaces
        ones.append(int(s.phase))
        if not s.over:
            ones.append(len(PHASES) + (s.actor - seat) % n)
        i = len(PHASES) + n
        if s.phase == Phase.MOVE and 0 <= s.roll < 7:
            ones.append(i + s.roll)
        row.scalar(i + 7, s.rounds, 60)
        row.scalar(i + 8, s.extra, 3)
        houses = set(s.houses)
        team = s.team_of[seat]
        for k in range(n):
            p = (seat + k) % n
            i = self.seats + k * self.seat_size
            if s.pos[p] != NONE:
                row.scalar(i + s.pos[p], 1, 3)
            else:
                ones.append(i + spaces)
            i += spaces
            if s.done[p]:
                ones.append(i + 1)
            row.scalar(i + 2, len(s.hands[p]), 8)  # how many cards: the cards themselves stay hidden
            if s.teams and s.team_of[p] == team:
                ones.append(i + 3)
            h = s.house_of[p]
            if h in houses:
                row.scalar(i + 4, s.lives[h], 9)
                larder = s.larder[h]
                ones.extend(i + 5 + j for j in range(len(ITEMS)) if larder >> j & 1)
            if p != seat:
                row.counts(i + 5 + len(ITEMS), (CARD[c] for c in s.known[seat][p]), len(CARDS), 2)
        i = self.shops
        for k in range(len(s.stock)):
            if s.shop_open[k]:
                ones.append(i)
            row.scalar(i + 1, s.stock[k], 6)
            i += 2
        row.counts(i, s.mice, spaces, 3)
        row.counts(i + spaces, s.birds, spaces, 3)
        i += 2 * spaces
        row.scalar(i, s.mice_home, 6)
        row.scalar(i + 1, s.birds_home, 6)
        if s.car != NONE and self.street[s.car] >= 0:
            ones.append(i + 2 + self.street[s.car])
        i += 2 + len(STREETS)
        row.scalar(i, len(s.deck), 60)
        row.scalar(i + 1, len(s.discard), 60)
        if s.discard:
            ones.append(i + 2 + CARD[s.discard[-1]])
        i += 2 + len(CARDS)
        row.counts(i, (CARD[c] for c in s.hands[seat]), len(CARDS), 3)  # the observer's own hand
        i += len(CARDS)
        fight = s.fight
        if fight is not None:
            ones.append(i + fight.suit)
            ones.append(i + len(SUITS) + (fight.attacker - seat) % n)
            ones.append(i + len(SUITS) + n + (fight.defender - seat) % n)
        i += len(SUITS) + 2 * n
        if s.phase == Phase.SWAP:
            ones.append(i + (s.swaps[0].other - seat) % n)
        if s.phase == Phase.RAID:
            owner = next((o for o in range(n) if s.house_of[o] == s.raid_house), None)
            if owner is not None:
                ones.append(i + n + (owner - seat) % n)
        row.write(out)


WRITER = AttackWriter
