"""Setting up: houses, lives, the shops' food, the creatures, the decks dealt, the first cat chosen."""

from __future__ import annotations

from typing import Any

from .board import standard_board
from .cards import CUR_SHUFFLE, curiosity_deck, mog_deck
from .events import log
from .flow import advance, begin_turn
from .position import HAND, NONE, Phase, Position
from .tables import tables
from .tunables import curiosity_counts, mog_counts

HOUSES_FOR = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
"""Which houses the cats live in, spread round the board."""
SHOPS = 4


def set_up(s: Position, options: dict[str, Any]) -> None:
    """Fill a fresh position (base fields already set) as the rulebook's SETTING UP asks, then run it on
    to the first decision."""
    players = s.players
    s.b = b = standard_board()
    s.maps = tables(b)
    size = options["teams"]
    s.teams = bool(size)
    nteams = players // size if size else players
    s.team_of = [seat % nteams for seat in range(players)]
    if options["shared_house"]:
        spread = HOUSES_FOR[nteams]
        s.house_of = [spread[s.team_of[seat]] for seat in range(players)]
    else:
        s.house_of = list(HOUSES_FOR[players])
    s.houses = sorted(set(s.house_of))
    s.home_space = [b.home[h] for h in s.house_of]
    s.lives = [options["lives"] if h in s.houses else 0 for h in range(len(b.home))]
    s.larder = [0] * len(b.home)
    s.pos = s.home_space[:]
    s.done = [False] * players
    s.younger = bool(options["younger"])
    claws = options["claws"]
    creatures = players - 1 if claws != "none" else players
    s.mice, s.birds = [], []
    s.mice_home = s.birds_home = creatures
    s.stock = [players - 1 if claws == "items" else players] * SHOPS
    s.shop_open = [True] * SHOPS
    s.car = NONE
    deck = list(mog_deck(mog_counts(options)))
    s.chance.shuffle(deck)
    s.hands = [[] for _ in range(players)]
    for _ in range(HAND):
        for seat in range(players):
            s.hands[seat].append(deck.pop())
    s.deck, s.discard = deck, []
    cur = list(curiosity_deck(curiosity_counts(options)))
    s.chance.shuffle(cur)
    s.cur = [*cur, CUR_SHUFFLE]
    s.cur_fresh = len(cur)
    s.known = [[[] for _ in range(players)] for _ in range(players)]
    s.first = s.turn = s.chance.randbelow(players)
    s.agenda, s.swaps = [], []
    s.phase, s.actor, s.roll, s.moves = Phase.PLAY, s.turn, 0, []
    s.raid_house, s.fight = NONE, None
    s.raided, s.burgled, s.extra, s.closing = [], False, 0, False
    s.rounds, s.winners, s.over, s.reason = 0, None, False, ""
    s.retired_order = []
    s.last_curiosity, s.last_cornered, s.cornered_cat = NONE, 0, NONE
    s.events, s.event_count, s.acted_at, s.last_action_at = None, 0, [0] * players, 0
    log(s, "first", s.first)
    log(s, "turn", s.turn, 1)
    begin_turn(s)
    advance(s)
