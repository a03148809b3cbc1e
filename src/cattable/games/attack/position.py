"""A Cat Attack position as data: the phases, the turn's tasks, the pending choices, and every field.

``Position`` holds what is on the table and a few one-line questions about it (is a cat still in the
game, is a larder guarded); the rules that change it live in their own modules (``flow``, ``landing``,
``plays``...), each a set of functions over a ``Position``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from cattable.core import State

from .board import Board
from .tables import Tables

NONE = -1
EventNode = tuple[int, str, tuple[Any, ...], int, Any] | None
"""The events, newest first: (number, id, raw arguments, the seats (bits) that may read its secret, the
node before it) (``events.py``), or None when empty."""
HAND = 6
"""Cards in a full hand."""
REACH = 6
"""'no more than six spaces away' (Cat Attack, Cat Burglar, Cat Fight)."""


class Phase(IntEnum):
    """What the seat to act is deciding."""

    PLAY = 0
    """Which Mog card to play."""
    MOVE = 1
    """Where to land after a roll."""
    RAID = 2
    """Which item to take from a raided larder."""
    SWAP = 3
    """Which cards to exchange after an attack."""
    FIGHT = 4
    """Which card to put down in a Cat Fight."""
    OVER = 5


PHASE_NAMES = tuple(p.name.lower() for p in Phase)


class Task(IntEnum):
    """An item of the turn's agenda."""

    PLAY = 0
    """Play a Mog card."""
    ROLL = 1
    """Roll the die and move."""


TASK_NAMES = tuple(t.name.lower() for t in Task)


class Exchange(NamedTuple):
    """A card exchange owed after an attack: ``chooser`` looks at ``other``'s hand and picks."""

    chooser: int
    other: int


@dataclass(slots=True)
class CatFight:
    """A Cat Fight under way: cards of ``suit`` go down in turn, the attacker first."""

    attacker: int
    defender: int
    suit: int
    defender_to_play: bool = False

    def to_play(self) -> int:
        return self.defender if self.defender_to_play else self.attacker

    def copy(self) -> CatFight:
        return CatFight(self.attacker, self.defender, self.suit, self.defender_to_play)


class Position(State):
    """The fields of one position. Seats are cats; ``house_of[seat]`` is the house whose lives and larder
    it uses. Spaces are board indices, cards small ints (``cards.py``), larders bit sets of ITEMS."""

    b: Board
    maps: Tables
    """Bit masks and walks precomputed from the board."""
    house_of: list[int]
    home_space: list[int]
    """Per seat: its Home space (``home_of``, looked up often)."""
    team_of: list[int]
    houses: list[int]
    """The houses in use, sorted."""
    lives: list[int]
    """Per house (0-5): lives left."""
    larder: list[int]
    """Per house: a bit set of ITEMS."""
    pos: list[int]
    """Per seat: the space the cat is on, NONE once retired."""
    done: list[bool]
    """Per seat (gang warfare): home with the six foods, waiting for team-mates."""
    hands: list[list[int]]
    deck: list[int]
    """Mog draw pile; the top is the end of the list."""
    discard: list[int]
    cur: list[int]
    """Curiosity deck, top first; drawn cards go to the bottom."""
    cur_fresh: int
    """How many cards on top have not been seen since the last shuffle (the Shuffle card lies below them)."""
    shop_open: list[bool]
    stock: list[int]
    mice: list[int]
    birds: list[int]
    mice_home: int
    birds_home: int
    car: int
    """Street the car stands on, NONE while in the car park."""
    turn: int
    first: int
    agenda: list[Task]
    phase: Phase
    actor: int
    roll: int
    moves: list[int]
    """The landing spaces open after ``roll`` (phase MOVE)."""
    swaps: list[Exchange]
    raid_house: int
    """The house being raided (phase RAID), else NONE."""
    fight: CatFight | None
    raided: list[int]
    burgled: bool
    extra: int
    """Extra turns owed to the cat whose turn it is."""
    closing: bool
    """The turn's end-of-turn penalties have been judged."""
    known: list[list[list[int]]]
    """known[viewer][other]: cards the viewer knows are in other's hand (seen in an exchange)."""
    rounds: int
    winners: list[int] | None
    over: bool
    reason: str
    retired_order: list[int]
    last_curiosity: int
    last_cornered: int
    """The last cornering: the reasons (R_* bits) met, 0 if none; kept until that cat's next turn."""
    cornered_cat: int
    younger: bool
    teams: bool
    events: EventNode
    """The event log, newest first (``events.py``): told to the seats, never read by the rules."""
    event_count: int
    acted_at: list[int]
    """Per seat: the event count when it last acted (its view tells what happened since)."""
    last_action_at: int

    def copy_fields_to(self, o: Position) -> None:
        """Copy every field into ``o`` (a bare instance), sharing only what never changes."""
        o.b, o.maps = self.b, self.maps
        o.house_of, o.team_of, o.houses = self.house_of, self.team_of, self.houses
        o.home_space = self.home_space
        o.lives, o.larder, o.pos, o.done = self.lives[:], self.larder[:], self.pos[:], self.done[:]
        o.hands = [h[:] for h in self.hands]
        o.deck, o.discard, o.cur = self.deck[:], self.discard[:], self.cur[:]
        o.cur_fresh = self.cur_fresh
        o.shop_open, o.stock = self.shop_open[:], self.stock[:]
        o.mice, o.birds = self.mice[:], self.birds[:]
        o.mice_home, o.birds_home, o.car = self.mice_home, self.birds_home, self.car
        o.turn, o.first, o.agenda = self.turn, self.first, self.agenda[:]
        o.phase, o.actor, o.roll, o.moves = self.phase, self.actor, self.roll, self.moves[:]
        o.swaps, o.raid_house = self.swaps[:], self.raid_house
        o.fight = self.fight.copy() if self.fight is not None else None
        o.raided, o.burgled, o.extra, o.closing = self.raided[:], self.burgled, self.extra, self.closing
        o.known = [[k[:] for k in row] for row in self.known]
        o.rounds, o.over, o.reason = self.rounds, self.over, self.reason
        o.winners = self.winners[:] if self.winners is not None else None
        o.retired_order = self.retired_order[:]
        o.last_curiosity, o.last_cornered, o.cornered_cat = self.last_curiosity, self.last_cornered, self.cornered_cat
        o.younger, o.teams = self.younger, self.teams
        o.events, o.event_count = self.events, self.event_count
        o.acted_at, o.last_action_at = self.acted_at[:], self.last_action_at

    # -- one-line questions ------------------------------------------------------------------------
    def live(self, seat: int) -> bool:
        return self.pos[seat] != NONE

    def home_of(self, seat: int) -> int:
        return self.home_space[seat]

    def at_home_or_garden(self, seat: int) -> bool:
        p = self.pos[seat]
        return p != NONE and self.b.house_of[p] == self.house_of[seat]

    def house_retired(self, house: int) -> bool:
        """A house whose lives are gone (its cats have retired); unused houses count too."""
        return self.lives[house] == 0

    def owners_guarding(self, house: int) -> bool:
        """A larder cannot be raided while one of its cats is on its Home space or in its garden."""
        hs = self.b.house_of
        return any(p != NONE and hs[p] == house for s, p in enumerate(self.pos) if self.house_of[s] == house)

    def teams_of_house(self, house: int) -> set[int]:
        """The teams whose cats live in ``house``."""
        return {self.team_of[s] for s in range(self.players) if self.house_of[s] == house}

    def protected(self, seat: int, target: int) -> bool:
        """``target`` may not be attacked by ``seat``: a team-mate, or on its own Home space."""
        return self.team_of[seat] == self.team_of[target] or self.pos[target] == self.home_space[target]

    def in_reach(self, seat: int, space: int) -> bool:
        return self.b.distance[self.pos[seat]][space] <= REACH

    def can_stand(self, space: int) -> bool:
        """Not a street with the car on it, not a closed shop's garden."""
        b = self.b
        if self.car != NONE and b.street_of[space] == self.car:
            return False
        g = b.shop_garden_of[space]
        return g == NONE or self.shop_open[g]

    def raidable(self, seat: int, house: int) -> int:
        """Items ``seat`` could steal from ``house``'s larder (a bit set)."""
        bits = self.larder[house] & ~self.larder[self.house_of[seat]]
        garden_of = self.b.shop_garden_of
        for s, p in enumerate(self.pos):
            if p != NONE and self.house_of[s] == house:
                g = garden_of[p]
                if g != NONE:
                    bits &= ~(1 << g)  # 'stopped by a shop': not that shop's item
        return bits
