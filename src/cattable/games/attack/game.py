"""Cat Attack (Boardroom Productions): the rules engine.

A turn is a short agenda of tasks (``play`` a Mog card, then ``roll`` and move); cards push more tasks
(Speedy Cat three extra rolls, a Curiosity card another ``play``). Decisions that interrupt a turn (a
raid's item, a card exchange after an attack, a Cat Fight) sit in their own queues and are answered
first. ``_advance`` runs everything automatic (rolls, a cornered cat, the end of a turn) until a seat
must decide, so every position the API shows has someone to act.

Where the rulebook is silent the choices are in README.md; the board and decks are data files.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from cattable.core import Game, InvalidAction, Option, OptionError, Result, State, rank_by

from . import actions as A
from .actions import ACTION_TYPES, LARDER_BASE, NONE, AttackAction
from .board import Board, standard_board
from .cards import (
    ATTACK,
    BIRD,
    BIRD_BIT,
    BURGLAR,
    CAT,
    CUR_ANOTHER,
    CUR_EXTRA,
    CUR_SHUFFLE,
    FULL_LARDER,
    ITEMS,
    MOUSE,
    MOUSE_BIT,
    SPEEDY,
    SUITS,
    card_name,
    curiosity_deck,
    curiosity_name,
    item_names,
    mog_deck,
)
from .walks import R_BIRD, R_MOUSE, R_NOWHERE, REASONS, cat_routes, cat_walk, creature_walk

HAND = 6
REACH = 6
"""'no more than six spaces away' (Cat Attack, Cat Burglar, Cat Fight)."""

PLAY, MOVE, RAID, SWAP, FIGHT, OVER = range(6)
PHASES = ("play", "move", "raid", "swap", "fight", "over")


_N_SPACES = len(standard_board().ids)
CAT_ACTIONS = [[A.CatCard("cat", v, d) for d in range(_N_SPACES)] for v in range(7)]
MOVE_ACTIONS = [A.Move("move", d) for d in range(_N_SPACES)]

HOUSES_FOR = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
"""Which houses the cats live in, spread round the board."""


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _card_of(a: Any) -> int:
    """The Mog card an action plays from the hand (NONE for actions that play none)."""
    kind = a.kind
    if kind == "cat":
        return int(a.value)
    if kind == "mouse":
        return 10 + int(a.value)
    if kind == "bird":
        return 20 + int(a.value)
    return {"speedy": SPEEDY, "attack": ATTACK, "burglar": BURGLAR}.get(kind, NONE)


def _check_lives(v: Any) -> str | None:
    return None if 1 <= v <= 9 else "lives run from 1 to 9"


def _check_limit(v: Any) -> str | None:
    return None if v >= 0 else "the time limit is a number of rounds, 0 for none"


class AttackGame(Game):
    name = "attack"
    title = "Cat Attack"
    min_players = 2
    max_players = 6
    has_hidden_information = True
    cooperative = False
    default_agent = "random"
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    options = (
        Option("lives", 9, "lives per cat (a shorter game: fewer than nine)", kind=int, check=_check_lives),
        Option(
            "time_limit",
            0,
            "rounds to play, then score lives + food (0: play to the end)",
            kind=int,
            check=_check_limit,
        ),
        Option("younger", False, "younger players: no raiding, trespassing, Cat Fight or Six Cat", kind=bool),
        Option(
            "claws",
            "none",
            "opt-out claws: 'creatures' one bird and one mouse fewer than players;"
            " 'items' also one item fewer per shop",
            choices=("none", "creatures", "items"),
        ),
        Option("teams", 0, "gang warfare: 0 none, 2 pairs, 3 teams of three", kind=int, choices=(0, 2, 3)),
        Option("shared_house", False, "gang warfare, shorter form: each team shares one house", kind=bool),
    )

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        size = options["teams"]
        if size and (players % size or players // size < 2):
            raise OptionError(f"attack: teams of {size} need a multiple of {size} players, two teams at least")
        if options["shared_house"] and not size:
            raise OptionError("attack: shared_house needs teams=2 or teams=3")

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> AttackState:
        return AttackState.start(self, players, seed, options, script)

    def parse_action(self, text: str) -> AttackAction:
        return A.parse(text)

    def action_from_json(self, data: Any) -> AttackAction:
        return A.from_json(data)


class AttackState(State):
    """One position. Seats are cats; ``house_of[seat]`` is the house whose lives and larder it uses."""

    b: Board
    house_of: list[int]
    team_of: list[int]
    houses: list[int]
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
    agenda: list[str]
    phase: int
    actor: int
    roll: int
    moves: Sequence[int]
    swaps: list[tuple[int, int]]
    """Card exchanges owed: (chooser, other)."""
    raid_house: int
    fight: list[int] | None
    """[attacker, defender, suit, side to play (0 attacker, 1 defender)]."""
    raided: list[int]
    burgled: bool
    extra: int
    closing: bool
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

    # -- setup -------------------------------------------------------------------------------------
    @classmethod
    def start(
        cls, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None
    ) -> AttackState:
        s = cls(game, players, seed, options, script)
        s.b = b = standard_board()
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
        s.lives = [options["lives"] if h in s.houses else 0 for h in range(6)]
        s.larder = [0] * 6
        s.pos = [b.home[h] for h in s.house_of]
        s.done = [False] * players
        s.younger = bool(options["younger"])
        claws = options["claws"]
        creatures = players - 1 if claws != "none" else players
        s.mice, s.birds = [], []
        s.mice_home = s.birds_home = creatures
        s.stock = [players - 1 if claws == "items" else players] * 4
        s.shop_open = [True] * 4
        s.car = NONE
        deck = list(mog_deck())
        s.chance.shuffle(deck)
        s.hands = [[] for _ in range(players)]
        for _ in range(HAND):
            for seat in range(players):
                s.hands[seat].append(deck.pop())
        s.deck, s.discard = deck, []
        cur = list(curiosity_deck())
        s.chance.shuffle(cur)
        s.cur = [*cur, CUR_SHUFFLE]
        s.cur_fresh = len(cur)
        s.known = [[[] for _ in range(players)] for _ in range(players)]
        s.first = s.turn = s.chance.randbelow(players)
        s.agenda, s.swaps = [], []
        s.phase, s.actor, s.roll, s.moves = PLAY, s.turn, 0, []
        s.raid_house, s.fight = NONE, None
        s.raided, s.burgled, s.extra, s.closing = [], False, 0, False
        s.rounds, s.winners, s.over, s.reason = 0, None, False, ""
        s.retired_order = []
        s.last_curiosity, s.last_cornered, s.cornered_cat = NONE, 0, NONE
        s._begin_turn()
        s._advance()
        return s

    # -- the API -----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.actor

    @property
    def is_over(self) -> bool:
        return self.over

    def _copy(self) -> AttackState:
        o = AttackState.__new__(AttackState)
        o.b = self.b
        o.house_of, o.team_of, o.houses = self.house_of, self.team_of, self.houses  # never change
        o.lives, o.larder, o.pos, o.done = self.lives[:], self.larder[:], self.pos[:], self.done[:]
        o.hands = [h[:] for h in self.hands]
        o.deck, o.discard, o.cur = self.deck[:], self.discard[:], self.cur[:]
        o.cur_fresh = self.cur_fresh
        o.shop_open, o.stock = self.shop_open[:], self.stock[:]
        o.mice, o.birds = self.mice[:], self.birds[:]
        o.mice_home, o.birds_home, o.car = self.mice_home, self.birds_home, self.car
        o.turn, o.first, o.agenda = self.turn, self.first, self.agenda[:]
        o.phase, o.actor, o.roll, o.moves = self.phase, self.actor, self.roll, self.moves
        o.swaps, o.raid_house = self.swaps[:], self.raid_house
        o.fight = self.fight[:] if self.fight is not None else None
        o.raided, o.burgled, o.extra, o.closing = self.raided[:], self.burgled, self.extra, self.closing
        o.known = [[k[:] for k in row] for row in self.known]
        o.rounds, o.over, o.reason = self.rounds, self.over, self.reason
        o.winners = self.winners[:] if self.winners is not None else None
        o.retired_order = self.retired_order[:]
        o.last_curiosity, o.last_cornered, o.cornered_cat = self.last_curiosity, self.last_cornered, self.cornered_cat
        o.younger, o.teams = self.younger, self.teams
        return o

    # -- helpers -----------------------------------------------------------------------------------
    def live(self, seat: int) -> bool:
        return self.pos[seat] != NONE

    def home_of(self, seat: int) -> int:
        return self.b.home[self.house_of[seat]]

    def at_home_or_garden(self, seat: int) -> bool:
        p = self.pos[seat]
        return p != NONE and self.b.house_of[p] == self.house_of[seat]

    def house_retired(self, house: int) -> bool:
        """A house whose lives are gone (its cats have retired); unused houses count too."""
        return self.lives[house] == 0

    def _owners_guarding(self, house: int) -> bool:
        """A larder cannot be raided while one of its cats is on its Home space or in its garden."""
        hs = self.b.house_of
        return any(
            self.pos[s] != NONE and hs[self.pos[s]] == house for s in range(self.players) if self.house_of[s] == house
        )

    def _protected(self, seat: int, target: int) -> bool:
        """``target`` may not be attacked by ``seat``: a team-mate, or on its own Home space."""
        return self.team_of[seat] == self.team_of[target] or self.pos[target] == self.home_of(target)

    def _cats_at(self, space: int, but: int) -> list[int]:
        return [s for s in range(self.players) if s != but and self.pos[s] == space]

    # -- moves -------------------------------------------------------------------------------------
    def other_cats(self, seat: int) -> list[tuple[int, bool]]:
        """(space, may be attacked by ``seat``) for every other cat still in the game, except team-mates
        on ``seat``'s own Home space: a shared house's door takes the whole team (the README's Gang warfare)."""
        team, mine, home = self.team_of, self.team_of[seat], self.home_of(seat)
        return [
            (p, not self._protected(seat, s))
            for s, p in enumerate(self.pos)
            if p != NONE and s != seat and not (team[s] == mine and p == home)
        ]

    def cat_moves(
        self, seat: int, start: int, steps: int, others: list[tuple[int, bool]] | None = None
    ) -> tuple[Sequence[int], int]:
        """Where ``seat`` can land with exactly ``steps`` moves from ``start`` (sorted), and, when it can
        land nowhere, the reasons it is cornered (a bit set of R_*).

        No back-tracking (a space is never visited twice in one move); cats block and may only be landed
        on to attack them; birds and mice may be jumped, and landed on only if the larder lacks one.
        The routes (landing space and the spaces passed) depend only on the car and the closed shops, so
        they are memoised on those; routes through a cat, and un-catchable creatures, are then struck off.
        The reasons come from a full walk, only when the cat is cornered.
        """
        b = self.b
        dist = b.distance[start]
        larder = self.larder[self.house_of[seat]]
        # only a car and closed shops within reach can change the routes: keep them out of the key
        car = self.car
        if car != NONE and b.street_distance[start][car] > steps:
            car = NONE
        so = self.shop_open
        if so[0] and so[1] and so[2] and so[3]:
            key: tuple[int, ...] = (start, steps, car)
            op = so
        else:
            near_shops = b.shop_distance[start]
            op = [o or near_shops[k] > steps for k, o in enumerate(so)]
            key = (start, steps, car, op[0], op[1], op[2], op[3])
        memo = b.memo
        routes = memo.get(key)
        if routes is None:
            routes = memo[key] = cat_routes(b, start, steps, car, op)
        paths, landings = routes
        near: dict[int, bool] = {}
        for p, ok in self.other_cats(seat) if others is None else others:
            if dist[p] <= steps:
                near[p] = near.get(p, True) and ok
        if near:
            found: set[int] = set()
            for land, mids in paths:
                if land in found or not mids.isdisjoint(near):
                    continue
                if land not in near or near[land]:
                    found.add(land)
            static: Sequence[int] = sorted(found)
        else:
            static = landings
        if larder & MOUSE_BIT or larder & BIRD_BIT:
            bad = set(self.mice) if larder & MOUSE_BIT else set()
            if larder & BIRD_BIT:
                bad.update(self.birds)
            static = [d for d in static if d not in bad]
        if static:
            return static, 0
        cats: dict[int, bool] = {}
        for p, ok in self.other_cats(seat):
            cats[p] = cats.get(p, True) and ok
        bad_land: dict[int, int] = {}
        if larder & MOUSE_BIT:
            for m in self.mice:
                bad_land[m] = R_MOUSE
        if larder & BIRD_BIT:
            for m in self.birds:
                bad_land[m] = R_BIRD
        dests, reasons = cat_walk(b, start, steps, self.car, self.shop_open, cats, bad_land)
        return sorted(dests), reasons

    def creature_moves(self, kind: int, start: int, steps: int) -> list[int]:
        """Where a mouse (kind MOUSE) or bird (BIRD) on ``start`` can land: never on a Home space, never on
        another piece; it may jump anything and ignores the car; only mice use the mouse-hole and only
        birds the bird-house. The walk ignores pieces, so it is cached; landings are then filtered."""
        b = self.b
        key = ("walk", kind, start, steps)
        static = b.memo.get(key)
        if static is None:
            static = b.memo[key] = creature_walk(b, kind, start, steps)
        taken = set(self.mice)
        taken.update(self.birds)
        taken.update(self.pos)
        hole = b.mouse_hole if kind == MOUSE else b.bird_house
        return [d for d in static if d == hole or d not in taken]

    def _in_reach(self, seat: int, space: int) -> bool:
        return self.b.distance[self.pos[seat]][space] <= REACH

    def _attack_targets(self, seat: int) -> list[int]:
        """Spaces a Cat Attack card may jump onto: a cat, bird or mouse within six spaces."""
        out = []
        larder = self.larder[self.house_of[seat]]
        cand: dict[int, bool] = {}
        for s in range(self.players):
            p = self.pos[s]
            if s != seat and p != NONE:
                cand[p] = cand.get(p, True) and not self._protected(seat, s)
        if not larder & MOUSE_BIT:
            for m in self.mice:
                cand.setdefault(m, True)
        if not larder & BIRD_BIT:
            for m in self.birds:
                cand.setdefault(m, True)
        for p, ok in cand.items():
            if not ok or not self._in_reach(seat, p) or not self._can_stand(p):
                continue
            if (p in self.mice and larder & MOUSE_BIT) or (p in self.birds and larder & BIRD_BIT):
                continue
            out.append(p)
        return sorted(out)

    def _can_stand(self, space: int) -> bool:
        """Not a street with the car on it, not a closed shop's garden."""
        b = self.b
        if self.car != NONE and b.street_of[space] == self.car:
            return False
        g = b.shop_garden_of[space]
        return g == NONE or self.shop_open[g]

    def raidable(self, seat: int, house: int) -> int:
        """Items ``seat`` could steal from ``house``'s larder (a bit set)."""
        bits = self.larder[house] & ~self.larder[self.house_of[seat]]
        for s in range(self.players):
            if self.house_of[s] == house and self.pos[s] != NONE:
                g = self.b.shop_garden_of[self.pos[s]]
                if g != NONE:
                    bits &= ~(1 << g)  # 'stopped by a shop': not that shop's item
        return bits

    def _burglar_targets(self, seat: int) -> list[tuple[int, int]]:
        b = self.b
        mine = self.larder[self.house_of[seat]]
        occupied = {p for p in self.pos if p != NONE} | set(self.mice) | set(self.birds)
        out: list[tuple[int, int]] = []
        for k in range(4):
            bp = b.burglar[k]
            if self.stock[k] and not mine >> k & 1 and bp not in occupied and self._in_reach(seat, bp):
                out.append((bp, NONE))
        if not self.younger:
            for h in self.houses:
                if h == self.house_of[seat]:
                    continue
                hp = b.home[h]
                if hp in occupied or not self._in_reach(seat, hp):
                    continue
                bits = self.raidable(seat, h)
                out.extend((hp, i) for i in range(6) if bits >> i & 1)
        return out

    # -- legal actions -----------------------------------------------------------------------------
    def is_legal(self, action: Any) -> bool:
        """Membership by a scan of the (short) legal list: cheaper than hashing it into a set per move."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.over else self._legal()
        return action in self._legal_cache and A.exact(action)

    def _legal(self) -> list[Any]:
        ph = self.phase
        seat = self.actor
        if ph == MOVE:
            return [MOVE_ACTIONS[d] for d in self.moves]
        if ph == PLAY:
            return self._legal_plays(seat)
        if ph == RAID:
            bits = self.raidable(seat, self.raid_house)
            return [A.Raid("raid", i) for i in range(6) if bits >> i & 1]
        if ph == SWAP:
            chooser, other = self.swaps[0]
            return [
                A.Swap("swap", t, g) for t in sorted(set(self.hands[other])) for g in sorted(set(self.hands[chooser]))
            ]
        if ph == FIGHT:
            assert self.fight is not None
            suit = self.fight[2]
            return [A.FightCard("fightcard", c) for c in sorted(set(self.hands[seat])) if c // 10 == suit]
        return []

    def _legal_plays(self, seat: int) -> list[Any]:
        hand = self.hands[seat]
        out: list[Any] = []
        start = self.pos[seat]
        cat_reach: set[int] = set()
        retired: list[int] | None = None
        others: list[tuple[int, bool]] | None = None
        taken: set[int] = set()
        counts = [0, 0, 0, 0]
        for card in hand:
            counts[card // 10] += 1
        for card in sorted(set(hand)):
            su = card // 10
            if su == CAT:
                if others is None:
                    others = self.other_cats(seat)
                dests, _ = self.cat_moves(seat, start, card, others)
                cat_reach.update(dests)
                if dests:
                    acts = CAT_ACTIONS[card]
                    out.extend([acts[d] for d in dests])
                else:
                    out.append(A.CatCard("cat", card, NONE))
            elif su in (MOUSE, BIRD):
                if retired is None:
                    retired = [h for h in self.houses if self.lives[h] == 0]
                    taken = set(self.mice)
                    taken.update(self.birds)
                    taken.update(self.pos)
                out.extend(self._creature_plays(su, card % 10, retired, taken))
            elif card == SPEEDY:
                out.append(A.Speedy("speedy"))
            elif card == ATTACK:
                targets = self._attack_targets(seat)
                out.extend(A.CatAttack("attack", t) for t in targets)
                if not targets:
                    out.append(A.CatAttack("attack", NONE))
            elif card == BURGLAR:
                bt = self._burglar_targets(seat)
                out.extend(A.Burglar("burglar", t, i) for t, i in bt)
                if not bt:
                    out.append(A.Burglar("burglar", NONE, NONE))
        if not self.younger:
            for su, bit in ((MOUSE, MOUSE_BIT), (BIRD, BIRD_BIT)):
                if counts[su] == HAND:
                    for h in self.houses:
                        if (
                            self.team_of[seat]
                            not in [self.team_of[s] for s in range(self.players) if self.house_of[s] == h]
                            and self.larder[h] & bit
                            and not self._owners_guarding(h)
                        ):
                            out.append(A.SixCat("sixcat", su, h))
            if ATTACK not in hand:
                for t in range(self.players):
                    p = self.pos[t]
                    if (
                        t == seat
                        or p == NONE
                        or self._protected(seat, t)
                        or p in cat_reach
                        or not self._in_reach(seat, p)
                    ):
                        continue
                    out.extend(A.Fight("fight", t, su) for su in (CAT, MOUSE, BIRD) if counts[su])
        return out

    def _creature_plays(self, kind: int, v: int, retired: list[int], taken: set[int]) -> list[Any]:
        b = self.b
        out: list[Any] = []
        if kind == MOUSE:
            sources = sorted(set(self.mice)) + ([b.mouse_hole] if self.mice_home else [])
            bit, home = MOUSE_BIT, b.mouse_hole
        else:
            sources = sorted(set(self.birds)) + ([b.bird_house] if self.birds_home else [])
            bit, home = BIRD_BIT, b.bird_house
        memo = b.memo
        for src in sources:
            key = ("plays", kind, src, v)
            moves = memo.get(key)
            if moves is None:
                name = SUITS[kind]
                moves = memo[key] = tuple((d, A.CreatureCard(name, v, src, d)) for d in creature_walk(b, kind, src, v))
            out.extend([a for d, a in moves if d == home or d not in taken])
        for h in retired:
            if self.larder[h] & bit:
                out.append(A.CreatureCard(SUITS[kind], v, LARDER_BASE + h, home))
        if not out:
            out.append(A.CreatureCard(SUITS[kind], v, NONE, NONE))
        return out

    def _why_illegal(self, action: Any) -> str:
        wrong = A.malformed(action)
        if wrong is not None:
            raise InvalidAction(wrong)
        ph = self.phase
        kind = action.kind
        if self.over:
            return "the game is over"
        if ph == MOVE:
            if kind != "move":
                return f"cat {self.actor} must move {self.roll} spaces now (move <space>)"
            return (
                f"{action.text()}: cannot land there with exactly {self.roll} moves (no back-tracking, "
                "no jumping cats, no car street, no closed shop, one bird and one mouse only)"
            )
        if ph == RAID:
            if kind == "raid":
                return f"{action.text()}: you may raid only an item you lack that is in that larder"
            return "a raid is waiting: raid <item>"
        if ph == SWAP:
            return "exchange a card: swap <card of theirs> <card of yours>"
        if ph == FIGHT:
            return f"Cat Fight: put down a {SUITS[self.fight[2] if self.fight else 0]} card (fightcard <card>)"
        hand = self.hands[self.actor]
        card = _card_of(action)
        if card != NONE and card not in hand:
            return f"{card_name(card)} is not in your hand"
        if kind in ("move", "raid", "swap", "fightcard"):
            return f"it is time to play a Mog card, not to {kind}"
        if kind == "sixcat":
            return (
                "Six Cat needs six cards of that suit and a larder holding that creature, "
                "its cat away from home and garden"
            )
        if kind == "fight":
            return (
                "a Cat Fight needs a cat within six spaces, not on its Home space, "
                "when you hold no Cat Attack card and no Cat card to land on it"
            )
        if kind == "attack":
            return (
                "Cat Attack: the target must be a cat (not on its Home space), "
                "bird or mouse you may take, within six spaces"
            )
        if kind == "burglar":
            return (
                "Cat Burglar: a shop's paw-print or another cat's Home space within six spaces, "
                "with an item you may take"
            )
        if kind == "cat":
            dests, _ = self.cat_moves(self.actor, self.pos[self.actor], action.value)
            where = ", ".join(self.b.ids[d] for d in dests) or "nowhere (play it as 'cornered')"
            return f"{action.text()}: with exactly {action.value} moves this cat can land on {where}"
        if kind in ("mouse", "bird"):
            return (
                f"{action.text()}: a {kind} moves exactly {action.value} spaces without back-tracking, never onto "
                "a Home space or another piece ('pass' only when none can move)"
            )
        return f"{action.text()}: not a legal move here"

    # -- applying ----------------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        kind = action.kind
        seat = self.actor
        if kind == "move":
            self._land(seat, action.dest, by_roll=True)
        elif kind == "raid":
            self._raid(seat, self.raid_house, action.item)
            self.raid_house = NONE
        elif kind == "swap":
            self._swap(action.take, action.give)
        elif kind == "fightcard":
            self._discard(seat, action.card)
            assert self.fight is not None
            self.fight[3] ^= 1
        else:
            self._play(seat, action)
        self._advance()

    def _play(self, seat: int, a: Any) -> None:
        kind = a.kind
        if kind == "sixcat":
            card_suit = a.suit * 10
            for c in [c for c in self.hands[seat] if c // 10 * 10 == card_suit]:
                self._discard(seat, c)
            bit = MOUSE_BIT if a.suit == MOUSE else BIRD_BIT
            self.larder[a.house] &= ~bit
            self._creature_home(a.suit)
            self._refill(seat)
            return
        if kind == "fight":
            self.fight = [seat, a.seat, a.suit, 0]
            return
        self._discard(seat, _card_of(a))
        self._refill(seat)
        if kind == "cat":
            if a.dest == NONE:
                self._cornered(seat, a.value)
            else:
                self._land(seat, a.dest, by_roll=False)
        elif kind in ("mouse", "bird"):
            if a.src != NONE:
                self._move_creature(MOUSE if kind == "mouse" else BIRD, a.src, a.dest)
        elif kind == "speedy":
            self.agenda[0:0] = ["roll", "roll", "roll"]
        elif kind == "attack":
            if a.target != NONE:
                self._land(seat, a.target, by_roll=False)
        elif kind == "burglar" and a.target != NONE:
            self.burgled = True
            self.pos[seat] = a.target
            if a.item == NONE:
                k = self.b.burglar_of[a.target]
                self.stock[k] -= 1
                self.larder[self.house_of[seat]] |= 1 << k
            else:
                h = self.b.house_of[a.target]
                self.larder[h] &= ~(1 << a.item)
                self.larder[self.house_of[seat]] |= 1 << a.item

    def _move_creature(self, kind: int, src: int, dest: int) -> None:
        b = self.b
        on_board = self.mice if kind == MOUSE else self.birds
        home = b.mouse_hole if kind == MOUSE else b.bird_house
        if src >= LARDER_BASE:
            self.larder[src - LARDER_BASE] &= ~(MOUSE_BIT if kind == MOUSE else BIRD_BIT)
        elif src == home:
            if kind == MOUSE:
                self.mice_home -= 1
            else:
                self.birds_home -= 1
        else:
            on_board.remove(src)
        if dest == home:
            self._creature_home(kind)
        else:
            on_board.append(dest)

    def _creature_home(self, kind: int) -> None:
        if kind == MOUSE:
            self.mice_home += 1
        else:
            self.birds_home += 1

    def _land(self, seat: int, y: int, by_roll: bool) -> None:
        """``seat`` ends a move (or a jump) on ``y``: attack, catch, shop, raid, come home, Curiosity."""
        b = self.b
        was_away = not self.at_home_or_garden(seat)
        self.pos[seat] = y
        house = self.house_of[seat]
        victims = [t for t in self._cats_at(y, seat) if self.team_of[t] != self.team_of[seat]]
        if victims:
            for t in victims:
                if self._hurt(t, 1) and self.live(seat):
                    self.swaps.append((seat, t))
        elif y in self.mice:
            self.mice.remove(y)
            self.larder[house] |= MOUSE_BIT
        elif y in self.birds:
            self.birds.remove(y)
            self.larder[house] |= BIRD_BIT
        else:
            k = b.shop_garden_of[y]
            if k != NONE:
                if self.stock[k] and not self.larder[house] >> k & 1:
                    self.stock[k] -= 1
                    self.larder[house] |= 1 << k
            elif b.kind[y] == "home":
                h = b.house_of[y]
                if h == house:
                    if was_away:
                        self._trespass(seat)
                    if by_roll and self.larder[house] == FULL_LARDER and self.live(seat):
                        self._finish(seat)
                        return
                elif (
                    not self.younger
                    and h in self.houses
                    and not self._owners_guarding(h)
                    and self.team_of[seat]
                    not in {self.team_of[s] for s in range(self.players) if self.house_of[s] == h}
                    and self.raidable(seat, h)
                ):
                    self.raid_house = h
        if b.curiosity[y] and self.live(seat) and not self.over:
            self._curiosity(seat)

    def _raid(self, seat: int, house: int, item: int) -> None:
        self.larder[house] &= ~(1 << item)
        self.larder[self.house_of[seat]] |= 1 << item
        if not self.house_retired(house):
            self.raided.append(house)

    def _finish(self, seat: int) -> None:
        """Six foods and home by the die: the game is won (or, in gang warfare, this cat is done)."""
        if not self.teams:
            self._end([seat], "six foods and home")
            return
        self.done[seat] = True
        self.agenda.clear()
        self._check_team_home(self.team_of[seat])

    def _check_team_home(self, team: int) -> None:
        """Gang warfare: a team wins once every one of its cats still in the game is home with six foods."""
        members = [s for s in range(self.players) if self.team_of[s] == team]
        alive = [s for s in members if self.live(s)]
        if alive and all(self.done[s] for s in alive) and not self.over:
            self._end(members, "six foods and home")

    def _trespass(self, host: int, home_only: bool = False) -> None:
        """A host coming home finds cats in its garden or on its Home space: each is attacked.

        ``home_only``: the host was already in its garden when sent home, so it is not "returning"; a
        guest sitting on the Home space itself is still attacked (two rival cats never share a space)."""
        if self.younger:
            return
        house = self.house_of[host]
        home = self.b.home[house]
        hs = self.b.house_of
        for t in range(self.players):
            p = self.pos[t]
            if (
                t != host
                and p != NONE
                and (p == home if home_only else hs[p] == house)
                and self.team_of[t] != self.team_of[host]
                and self._hurt(t, 1)
                and self.live(host)
            ):
                self.swaps.append((host, t))

    def _hurt(self, seat: int, n: int) -> bool:
        """Lose ``n`` lives and go home; retire at none. True if the cat is still in the game."""
        if not self.live(seat):
            return False
        h = self.house_of[seat]
        self.lives[h] = max(0, self.lives[h] - n)
        if self.lives[h] == 0:
            for s in range(self.players):
                if self.house_of[s] == h and self.live(s):
                    self._retire(s)
            return False
        was_away = not self.at_home_or_garden(seat)
        self.pos[seat] = self.home_of(seat)
        self._trespass(seat, home_only=not was_away)
        return True

    def _retire(self, seat: int) -> None:
        """Out of lives: off to the countryside. Cards go face up on the discard pile; the larder stays."""
        self.pos[seat] = NONE
        self.retired_order.append(seat)
        self.discard.extend(self.hands[seat])
        self.hands[seat] = []
        for row in self.known:
            row[seat] = []
        self.known[seat] = [[] for _ in range(self.players)]
        self.swaps = [(c, o) for c, o in self.swaps if c != seat and o != seat]
        if self.fight is not None and seat in self.fight[:2]:
            self.fight = None
        if seat == self.turn:
            self.agenda.clear()
            self.raid_house = NONE
        alive = {self.team_of[s] for s in range(self.players) if self.live(s)}
        if len(alive) <= 1 and not self.over:
            winners = [s for s in range(self.players) if self.team_of[s] in alive]
            self._end(winners, "last cat standing" if winners else "no cat left")
        elif self.teams:
            self._check_team_home(self.team_of[seat])

    def _end(self, winners: list[int], reason: str) -> None:
        self.over = True
        self.reason = reason
        self.winners = winners
        self.phase = OVER

    def _cornered(self, seat: int, steps: int) -> None:
        _, reasons = self.cat_moves(seat, self.pos[seat], steps)
        lost = max(1, _popcount(reasons))
        if self.cornered_cat != seat:
            self.last_cornered = 0
        self.cornered_cat = seat
        self.last_cornered |= reasons or R_NOWHERE
        self._hurt(seat, lost)

    def _curiosity(self, seat: int) -> None:
        card = self.cur.pop(0)
        self.last_curiosity = card
        if card == CUR_SHUFFLE:
            self.chance.shuffle(self.cur)
            self.cur.append(CUR_SHUFFLE)
            self.cur_fresh = len(self.cur) - 1
            return
        self.cur.append(card)
        if self.cur_fresh:
            self.cur_fresh -= 1
        if card < 4:
            self.shop_open[card] = not self.shop_open[card]
            if not self.shop_open[card]:
                for t in range(self.players):
                    if self.pos[t] != NONE and self.b.shop_garden_of[self.pos[t]] == card:
                        self._hurt(t, 1)
        elif card < 8:
            self._drive(card - 4)
        elif card == CUR_ANOTHER:
            self.agenda.insert(0, "play")
        elif card == CUR_EXTRA:
            self.extra += 1

    def car_route(self, street: int) -> list[int]:
        """The spaces the car drives over to rest on ``street``'s middle space (clockwise)."""
        streets = self.b.streets
        flat = [sp for st in streets for sp in st]
        target = 5 * street + 2
        if self.car == NONE:
            return flat[: target + 1]
        here = 5 * self.car + 2
        length = (target - here) % 20 or 20
        return [flat[(here + 1 + i) % 20] for i in range(length)]

    def _drive(self, street: int) -> None:
        scared = set(self.car_route(street)) | set(self.b.streets[street])
        self.car = street
        for t in range(self.players):
            if self.pos[t] in scared:
                self._hurt(t, 1)

    def _swap(self, take: int, give: int) -> None:
        chooser, other = self.swaps.pop(0)
        self.hands[other].remove(take)
        self.hands[chooser].remove(give)
        self.hands[other].append(give)
        self.hands[chooser].append(take)
        known = self.known
        for x in range(self.players):
            if x not in (chooser, other):
                known[x][other] = []
                known[x][chooser] = []
        known[chooser][other] = self.hands[other][:]
        theirs = known[other][chooser]
        if give in theirs:
            theirs.remove(give)
        theirs.append(take)

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        for row in self.known:
            k = row[seat]
            if card in k:
                k.remove(card)

    def _draw(self, seat: int) -> bool:
        if not self.deck:
            if not self.discard:
                return False
            self.deck, self.discard = self.discard, []
            self.chance.shuffle(self.deck)
        self.hands[seat].append(self.deck.pop())
        return True

    def _refill(self, seat: int) -> None:
        while len(self.hands[seat]) < HAND and self._draw(seat):
            pass

    # -- the flow of a turn ------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.agenda = ["play", "roll"]
        self.raided = []
        self.burgled = False
        self.closing = False
        if self.cornered_cat == self.turn:
            self.last_cornered, self.cornered_cat = 0, NONE

    def _advance(self) -> None:
        """Run everything automatic until a seat must decide (or the game is over)."""
        while not self.over:
            if self.swaps:
                chooser, other = self.swaps[0]
                if not self.hands[chooser] or not self.hands[other]:
                    self.swaps.pop(0)
                    continue
                self.known[chooser][other] = self.hands[other][:]
                self.phase, self.actor = SWAP, chooser
                return
            if self.raid_house != NONE:
                if self.raidable(self.turn, self.raid_house):
                    self.phase, self.actor = RAID, self.turn
                    return
                self.raid_house = NONE
            if self.fight is not None:
                a, d, suit, side = self.fight
                p = self.fight[side]
                if any(c // 10 == suit for c in self.hands[p]):
                    self.phase, self.actor = FIGHT, p
                    return
                if not self.hands[a] and not self.hands[d]:
                    for s in (a, d):
                        for _ in range(HAND):
                            self._draw(s)
                    if not self.hands[p]:
                        self.fight = None  # no cards left anywhere: the fight is off
                    continue
                self.fight = None
                winner = d if p == a else a
                lives_on = self._hurt(p, 1)
                for s in (a, d):
                    if self.live(s):
                        self._refill(s)
                if lives_on and self.live(winner):
                    self.swaps.append((winner, p))
                continue
            seat = self.turn
            if self.agenda and self.live(seat) and not self.done[seat]:
                task = self.agenda.pop(0)
                if task == "play":
                    self.phase, self.actor = PLAY, seat
                    return
                self.roll = self.chance.die()
                dests, _ = self.cat_moves(seat, self.pos[seat], self.roll)
                if dests:
                    self.moves = list(dests)
                    self.phase, self.actor = MOVE, seat
                    return
                self._cornered(seat, self.roll)
                continue
            if not self.closing:
                self.closing = True
                self.agenda.clear()
                self._end_of_turn(seat)
                continue
            self._next_turn()

    def _end_of_turn(self, seat: int) -> None:
        """The raiding and Cat Burglar penalties, judged where the cat stands when its turn ends."""
        if not self.live(seat):
            return
        p = self.pos[seat]
        h = self.b.house_of[p]
        if h != NONE and h != self.house_of[seat] and h in self.raided:
            if not self._hurt(seat, 2):
                return
            p = self.pos[seat]
            h = self.b.house_of[p]
        if self.burgled:
            in_shop = self.b.shop_garden_of[p] != NONE
            in_house = h != NONE and h != self.house_of[seat] and h in self.houses and not self.house_retired(h)
            if in_shop or in_house:
                self._hurt(seat, 1)

    def _next_turn(self) -> None:
        seat = self.turn
        if self.extra and self.live(seat) and not self.done[seat]:
            self.extra -= 1
        else:
            self.extra = 0
            n = self.players
            nxt = seat
            for _ in range(n):
                nxt = (nxt + 1) % n
                if self.live(nxt) and not self.done[nxt]:
                    break
            else:  # cannot happen under the rules (a team with only done cats has won): never loop
                self._end([], "no cat left to play")
                return
            if (nxt - self.first) % n <= (seat - self.first) % n:
                self.rounds += 1
                limit = self.options["time_limit"]
                if limit and self.rounds >= limit:
                    self._time_up()
                    return
            self.turn = nxt
        self._begin_turn()

    def _time_up(self) -> None:
        scores = self.scores()
        food = [_popcount(self.larder[self.house_of[s]]) for s in range(self.players)]
        best = max((scores[s], food[s]) for s in range(self.players))
        top = [s for s in range(self.players) if (scores[s], food[s]) == best]
        teams = {self.team_of[s] for s in top}
        winners = [s for s in range(self.players) if self.team_of[s] in teams] if len(teams) == 1 else []
        self._end(winners, "time limit")

    def scores(self) -> list[float]:
        """Lives left plus items in the larder (the time-limit score)."""
        return [
            float((self.lives[self.house_of[s]] if self.live(s) else 0) + _popcount(self.larder[self.house_of[s]]))
            for s in range(self.players)
        ]

    # -- outcome and views -------------------------------------------------------------------------
    def _result(self) -> Result:
        scores = self.scores()
        winners = tuple(self.winners or ())
        order = list(range(self.players))
        retired_rank = {s: i for i, s in enumerate(self.retired_order)}
        food = [_popcount(self.larder[self.house_of[s]]) for s in order]

        def key(s: int) -> tuple[int, int, float, int]:
            return (s in winners, self.live(s), scores[s], food[s] if self.live(s) else retired_rank.get(s, 0))

        groups = rank_by(order, key)
        return Result(
            winners=winners,
            ranking=tuple(tuple(g) for g in groups),
            scores=tuple(scores),
            details={"rounds": self.rounds, "reason": self.reason},
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        b = self.b
        ids = b.ids
        v: dict[str, Any] = {
            "game": "attack",
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "to_act": self.current_player,
            "phase": PHASES[self.phase],
            "roll": self.roll if self.phase == MOVE else None,
            "round": self.rounds,
            "cats": [
                {
                    "seat": s,
                    "house": self.house_of[s],
                    "team": self.team_of[s],
                    "at": ids[self.pos[s]] if self.pos[s] != NONE else None,
                    "home": ids[self.home_of(s)],
                    "retired": not self.live(s),
                    "done": self.done[s],
                    "cards": len(self.hands[s]),
                }
                for s in range(self.players)
            ],
            "houses": [{"house": h, "lives": self.lives[h], "larder": item_names(self.larder[h])} for h in self.houses],
            "shops": [
                {"name": b.shop_names[k], "item": ITEMS[k], "open": self.shop_open[k], "stock": self.stock[k]}
                for k in range(4)
            ],
            "mice": sorted(ids[m] for m in self.mice),
            "mice_in_hole": self.mice_home,
            "birds": sorted(ids[m] for m in self.birds),
            "birds_in_house": self.birds_home,
            "car": b.street_names[self.car] if self.car != NONE else None,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "discard_top": card_name(self.discard[-1]) if self.discard else None,
            "curiosity": {
                "cards": len(self.cur),
                "unseen": self.cur_fresh,
                "last": curiosity_name(self.last_curiosity) if self.last_curiosity != NONE else None,
            },
            "fight": (
                {"attacker": self.fight[0], "defender": self.fight[1], "suit": SUITS[self.fight[2]]}
                if self.fight is not None
                else None
            ),
            "swap": ({"chooser": self.swaps[0][0], "with": self.swaps[0][1]} if self.phase == SWAP else None),
            "raid": self.raid_house if self.phase == RAID else None,
            "extra_turns": self.extra,
            "cornered": (
                {"cat": self.cornered_cat, "by": [name for bit, name in REASONS.items() if self.last_cornered & bit]}
                if self.last_cornered
                else None
            ),
            "winners": list(self.winners) if self.winners is not None else None,
            "teams": self.teams,
        }
        if seat is not None:
            v["hand"] = sorted(card_name(c) for c in self.hands[seat])
            v["seen"] = {
                str(o): sorted(card_name(c) for c in self.known[seat][o])
                for o in range(self.players)
                if o != seat and self.known[seat][o]
            }
        return v

    def snapshot(self) -> dict[str, Any]:
        v = self.view(None)
        v["hands"] = [[card_name(c) for c in h] for h in self.hands]
        v["discard_order"] = [card_name(c) for c in self.discard]
        v["deck_order"] = [card_name(c) for c in self.deck]
        v["curiosity_order"] = [curiosity_name(c) for c in self.cur]
        v["known"] = [[[card_name(c) for c in k] for k in row] for row in self.known]
        v["agenda"] = list(self.agenda)
        v["first"] = self.first
        v["raided"] = list(self.raided)
        v["burgled"] = self.burgled
        v["closing"] = self.closing
        return v

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """Re-deal the Mog cards ``seat`` has not seen (others' hands, less what it saw in an exchange,
        and the draw pile) and the Curiosity cards not drawn since the last shuffle."""
        n = self.players
        keep: list[list[int]] = [[] for _ in range(n)]
        pool = self.deck[:]
        for o in range(n):
            if o == seat:
                keep[o] = self.hands[o][:]
                continue
            rest = self.hands[o][:]
            kept = []
            for c in self.known[seat][o] if seat is not None else ():
                if c in rest:
                    rest.remove(c)
                    kept.append(c)
            keep[o] = kept
            pool += rest
        pool.sort()  # canonical order first: the re-deal must not depend on the true hidden order
        rng.shuffle(pool)
        for o in range(n):
            need = len(self.hands[o]) - len(keep[o])
            self.hands[o] = keep[o] + pool[:need]
            del pool[:need]
        self.deck = pool
        # what other seats know of hands other than ``seat``'s is unknown to ``seat``: forget it
        for x in range(n):
            if x != seat:
                for o in range(n):
                    if o != seat:
                        self.known[x][o] = []
        fresh = sorted(self.cur[: self.cur_fresh])
        rng.shuffle(fresh)
        self.cur[: self.cur_fresh] = fresh
