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
from .row import EIGHTHS, HALVES, THIRD, THIRDS, counts_into, scalar_into

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
        n, spaces = self.n, self.spaces
        ones: list[int] = [int(s.phase)]
        at: list[int] = []
        values: list[float] = []
        if not s.over:
            ones.append(len(PHASES) + (s.actor - seat) % n)
        i = len(PHASES) + n
        if s.phase == Phase.MOVE and 0 <= s.roll < 7:
            ones.append(i + s.roll)
        scalar_into(at, values, i + 7, s.rounds, 60)
        scalar_into(at, values, i + 8, s.extra, 3)
        houses = set(s.houses)
        team = s.team_of[seat]
        known = s.known[seat]
        n_items, n_cards = len(ITEMS), len(CARDS)
        for k in range(n):
            p = (seat + k) % n
            i = self.seats + k * self.seat_size
            if s.pos[p] != NONE:
                at.append(i + s.pos[p])
                values.append(THIRD)
            else:
                ones.append(i + spaces)
            i += spaces
            if s.done[p]:
                ones.append(i + 1)
            held = len(s.hands[p])  # how many cards: the cards themselves stay hidden
            if held:
                at.append(i + 2)
                values.append(EIGHTHS[held] if held < 8 else 1.0)
            if s.teams and s.team_of[p] == team:
                ones.append(i + 3)
            h = s.house_of[p]
            if h in houses:
                scalar_into(at, values, i + 4, s.lives[h], 9)
                larder = s.larder[h]
                if larder:
                    ones.extend(i + 5 + j for j in range(n_items) if larder >> j & 1)
            if p != seat and known[p]:
                counts_into(at, values, i + 5 + n_items, [CARD[c] for c in known[p]], n_cards, HALVES)
        i = self.shops
        for k in range(len(s.stock)):
            if s.shop_open[k]:
                ones.append(i)
            scalar_into(at, values, i + 1, s.stock[k], 6)
            i += 2
        if s.mice:
            counts_into(at, values, i, s.mice, spaces, THIRDS)
        if s.birds:
            counts_into(at, values, i + spaces, s.birds, spaces, THIRDS)
        i += 2 * spaces
        scalar_into(at, values, i, s.mice_home, 6)
        scalar_into(at, values, i + 1, s.birds_home, 6)
        if s.car != NONE and self.street[s.car] >= 0:
            ones.append(i + 2 + self.street[s.car])
        i += 2 + len(STREETS)
        scalar_into(at, values, i, len(s.deck), 60)
        scalar_into(at, values, i + 1, len(s.discard), 60)
        if s.discard:
            ones.append(i + 2 + CARD[s.discard[-1]])
        i += 2 + n_cards
        if s.hands[seat]:
            counts_into(at, values, i, [CARD[c] for c in s.hands[seat]], n_cards, THIRDS)  # the observer's own hand
        i += n_cards
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
        out.fill(0.0)
        out[ones] = 1.0
        if at:
            out[at] = values


WRITER = AttackWriter
