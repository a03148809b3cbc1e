"""Which Mog cards a cat may play, and how: every legal action of the play phase.

Each distinct card in the hand gives its actions in card order: a Cat card its landing spaces (or
'cornered'), a Mouse or Bird card each creature's moves (or 'pass'), Speedy Cat, Cat Attack and Cat
Burglar their targets (or 'pass'); then Six Cat and Cat Fight, which are not single cards. The pieces in
the way are worked out once per decision as bit sets (``movement.Blockers``) and applied to the
precomputed walks.
"""

from __future__ import annotations

from typing import NamedTuple

from cattable.core import Action

from .actions import LARDER_BASE, Burglar, CatAttack, CatCard, CreatureCard, Fight, SixCat, Speedy
from .board import standard_board
from .cards import ATTACK, BIRD, BIRD_BIT, BURGLAR, CAT, ITEMS, MOUSE, MOUSE_BIT, SPEEDY, SUIT_STEP, SUITS
from .movement import Blockers, blockers, cat_landings, taken_spaces
from .position import HAND, NONE, Position

_N_SPACES = len(standard_board().ids)
MAX_SEATS = 6
"""Cat Attack's most players (``AttackGame.max_players``)."""
CAT_ACTIONS = tuple(tuple(CatCard("cat", v, d) for d in range(_N_SPACES)) for v in range(HAND + 1))
"""``CAT_ACTIONS[value][space]``: made once, so a legal list is a list of shared values."""
CORNERED = tuple(CatCard("cat", v, NONE) for v in range(HAND + 1))
ATTACKS = tuple(CatAttack("attack", d) for d in range(_N_SPACES))
"""``ATTACKS[space]``, made once like ``CAT_ACTIONS`` (a named tuple made per play costs more than its test)."""
BURGLARS = tuple(
    (*(Burglar("burglar", d, i) for i in range(len(ITEMS))), Burglar("burglar", d, NONE)) for d in range(_N_SPACES)
)
"""``BURGLARS[space][item]`` (``[space][NONE]``: a shop's paw-print)."""
FIGHTS = tuple(tuple(Fight("fight", t, su) for su in range(BIRD + 1)) for t in range(MAX_SEATS))
"""``FIGHTS[seat][suit]``."""
SPEEDY_PLAY = Speedy("speedy")
ATTACK_PASS = CatAttack("attack", NONE)
BURGLAR_PASS = Burglar("burglar", NONE, NONE)
CREATURE_PASS = tuple(tuple(CreatureCard(name, v, NONE, NONE) for v in range(HAND + 1)) for name in SUITS)
"""``CREATURE_PASS[kind][value]``: a Mouse or Bird card played without a move."""
FIGHT_SUITS = (CAT, MOUSE, BIRD)


class CreaturePlays(NamedTuple):
    """One creature's moves for one card value, on the empty board."""

    dests: int
    """The landing spaces as bits, the creature's own hole left out (any number may go home)."""
    actions: tuple[CreatureCard, ...]
    by_dest: tuple[tuple[int, CreatureCard], ...]
    """(landing space as a bit, 0 for the hole; the action)."""


_creature_plays: list[list[dict[int, CreaturePlays]]] = [[{} for _ in range(HAND + 1)] for _ in SUITS]
"""``_creature_plays[kind][value][source]``, memoised: creature walks ignore pieces."""


def _creature_table(s: Position, kind: int, src: int, v: int, home: int) -> CreaturePlays:
    pairs = tuple(
        (0 if d == home else 1 << d, CreatureCard(SUITS[kind], v, src, d)) for d in s.maps.creature_walk(kind, src, v)
    )
    dests = 0
    for bit, _ in pairs:
        dests |= bit
    return CreaturePlays(dests, tuple(a for _, a in pairs), pairs)


def space_list(mask: int) -> list[int]:
    """The spaces of a bit set, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_plays(s: Position, seat: int) -> list[Action]:
    """Every way ``seat`` may play a Mog card now, in a fixed order (the module docstring's)."""
    hand = s.hands[seat]
    out: list[Action] = []
    start = s.pos[seat]
    cat_reach: set[int] = set()
    blk: Blockers | None = None
    taken = -1
    last_kind = NONE
    sources: list[int] = []
    larders: list[int] = []
    counts = [0, 0, 0, 0]
    for card in hand:
        counts[card // SUIT_STEP] += 1
    for card in sorted(set(hand)):
        su = card // SUIT_STEP
        if su == CAT:  # a Cat card's code is its value
            if blk is None:
                blk = blockers(s, seat)
            dests = cat_landings(s, start, card, blk)
            if dests:
                cat_reach.update(dests)
                acts = CAT_ACTIONS[card]
                out.extend([acts[d] for d in dests])
            else:
                out.append(CORNERED[card])
        elif su in (MOUSE, BIRD):
            if taken < 0:
                taken = taken_spaces(s)
            if su != last_kind:
                last_kind = su
                sources, larders = creature_sources(s, su)
            creature_plays(s, su, card % SUIT_STEP, sources, larders, taken, out)
        elif card == SPEEDY:
            out.append(SPEEDY_PLAY)
        elif card == ATTACK:
            if blk is None:
                blk = blockers(s, seat)
            targets = attack_targets(s, seat, blk)
            if targets:
                out.extend([ATTACKS[t] for t in targets])
            else:
                out.append(ATTACK_PASS)
        elif card == BURGLAR:
            bt = burglar_targets(s, seat)
            if bt:
                out.extend([BURGLARS[t][i] for t, i in bt])
            else:
                out.append(BURGLAR_PASS)
    if not s.younger:
        if counts[MOUSE] == HAND or counts[BIRD] == HAND:
            out.extend(six_cats(s, seat, counts))
        if ATTACK not in hand:
            out.extend(fights(s, seat, counts, cat_reach))
    return out


def creature_sources(s: Position, kind: int) -> tuple[list[int], list[int]]:
    """Where a Mouse (kind MOUSE) or Bird card may take a creature from: the spaces with one, then its
    hole if one is still in it; and the retired houses whose larders hold one."""
    b = s.b
    if kind == MOUSE:
        on_board, in_hole, hole, bit = s.mice, s.mice_home, b.mouse_hole, MOUSE_BIT
    else:
        on_board, in_hole, hole, bit = s.birds, s.birds_home, b.bird_house, BIRD_BIT
    sources = sorted(set(on_board)) if len(on_board) > 1 else on_board[:]
    if in_hole:
        sources.append(hole)
    larders = [h for h in s.houses if s.lives[h] == 0 and s.larder[h] & bit]
    return sources, larders


def creature_plays(
    s: Position, kind: int, v: int, sources: list[int], larders: list[int], taken: int, out: list[Action]
) -> None:
    """Add a Mouse or Bird card of value ``v``'s plays to ``out``: every creature's moves, then the
    retired larders' creatures sent home; 'pass' when there is none."""
    home = s.b.mouse_hole if kind == MOUSE else s.b.bird_house
    before = len(out)
    table = _creature_plays[kind][v]
    for src in sources:
        moves = table.get(src)
        if moves is None:
            moves = table[src] = _creature_table(s, kind, src, v, home)
        if moves.dests & taken:
            out.extend([a for d, a in moves.by_dest if not d & taken])
        else:
            out.extend(moves.actions)
    for h in larders:
        out.append(CreatureCard(SUITS[kind], v, LARDER_BASE + h, home))
    if len(out) == before:
        out.append(CREATURE_PASS[kind][v])


def attack_targets(s: Position, seat: int, blk: Blockers) -> list[int]:
    """Spaces a Cat Attack card may jump onto: a cat, bird or mouse within six spaces that it may take,
    where a cat may stand."""
    larder = s.larder[s.house_of[seat]]
    bit = s.maps.bit
    cand = blk.cats
    if not larder & MOUSE_BIT:
        for m in s.mice:
            cand |= bit[m]
    if not larder & BIRD_BIT:
        for m in s.birds:
            cand |= bit[m]
    return space_list(cand & ~blk.landing & s.maps.near[s.pos[seat]])


def burglar_targets(s: Position, seat: int) -> list[tuple[int, int]]:
    """(space, item) for a Cat Burglar card: shops' paw-prints with an item it lacks, then other cats'
    Home spaces with each item it may raid; only unoccupied spaces within six."""
    b = s.b
    mine = s.larder[s.house_of[seat]]
    occupied = taken_spaces(s)
    near = s.maps.near[s.pos[seat]] & ~occupied
    out: list[tuple[int, int]] = []
    for k, bp in enumerate(b.burglar):
        if s.stock[k] and not mine >> k & 1 and near >> bp & 1:
            out.append((bp, NONE))
    if not s.younger:
        for h in s.houses:
            hp = b.home[h]
            if h == s.house_of[seat] or not near >> hp & 1 or not s.larder[h] & ~mine:
                continue
            items = s.raidable(seat, h)
            out.extend([(hp, i) for i in range(len(ITEMS)) if items >> i & 1])
    return out


def six_cats(s: Position, seat: int, counts: list[int]) -> list[Action]:
    """Six Mouse or six Bird cards: a rival larder's creature vanishes, unless its cat guards it."""
    out: list[Action] = []
    for su, bit in ((MOUSE, MOUSE_BIT), (BIRD, BIRD_BIT)):
        if counts[su] == HAND:
            mine = s.team_of[seat]
            for h in s.houses:
                if mine not in s.teams_of_house(h) and s.larder[h] & bit and not s.owners_guarding(h):
                    out.append(SixCat("sixcat", su, h))
    return out


def fights(s: Position, seat: int, counts: list[int], cat_reach: set[int]) -> list[Action]:
    """Cat Fights (only without a Cat Attack card in hand): any cat it may attack within six spaces that
    no Cat card in hand lands on, in each suit held."""
    out: list[Action] = []
    near = s.maps.near[s.pos[seat]]
    team, homes = s.team_of, s.home_space
    mine = team[seat]
    for t, p in enumerate(s.pos):
        if p == NONE or team[t] == mine or p == homes[t] or not near >> p & 1 or p in cat_reach:
            continue
        out.extend([FIGHTS[t][su] for su in FIGHT_SUITS if counts[su]])
    return out
