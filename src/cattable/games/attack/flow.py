"""The flow of a turn: carrying out an action, then everything automatic until a seat must decide.

A turn is a short agenda of tasks (play a Mog card, then roll and move); cards push more tasks (Speedy
Cat three extra rolls, a Curiosity card another play). Decisions that interrupt a turn (a raid's item,
a card exchange after an attack, a Cat Fight) are pending choices, answered first. ``advance`` runs
the rolls, cornered cats and turn ends until someone must act, so every position has a seat to act.
"""

from __future__ import annotations

from cattable.core import Action

from .actions import (
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
from .cards import BIRD, BIRD_BIT, MOUSE, MOUSE_BIT, SUIT_STEP
from .events import log
from .hands import card_of, discard, exchange, refill
from .landing import burgle, creature_home, land, move_creature, raid
from .lives import cornered, end, hurt
from .movement import blockers, cat_landings
from .position import NONE, CatFight, Exchange, Phase, Position, Task

PLAY, MOVE, RAID, SWAP, FIGHT = Phase.PLAY, Phase.MOVE, Phase.RAID, Phase.SWAP, Phase.FIGHT
T_PLAY, T_ROLL = Task.PLAY, Task.ROLL


def apply_action(s: Position, action: Action) -> None:
    """Carry out a legal action, then run the game on to the next decision."""
    seat = s.actor
    s.acted_at[seat] = s.last_action_at = s.event_count  # its next view tells what happened from here on
    if isinstance(action, Move):
        log(s, "moved", seat, action.dest)
        land(s, seat, action.dest, by_roll=True)
    elif isinstance(action, Raid):
        raid(s, seat, s.raid_house, action.item)
        s.raid_house = NONE
    elif isinstance(action, Swap):
        exchange(s, action.take, action.give)
    elif isinstance(action, FightCard):
        log(s, "fight_card", seat, action.card)
        discard(s, seat, action.card)
        assert s.fight is not None
        s.fight.defender_to_play = not s.fight.defender_to_play
    else:
        play_card(s, seat, action)
    advance(s)


def play_card(s: Position, seat: int, a: Action) -> None:
    """Play a Mog card (or six, or start a Cat Fight): the hand is refilled before the card's effect."""
    if isinstance(a, SixCat):
        six = [c for c in s.hands[seat] if c // SUIT_STEP == a.suit]
        log(s, "sixcat", seat, tuple(six), a.house, a.suit)
        for c in six:
            discard(s, seat, c)
        s.larder[a.house] &= ~(MOUSE_BIT if a.suit == MOUSE else BIRD_BIT)
        creature_home(s, a.suit)
        refill(s, seat)
        return
    if isinstance(a, Fight):
        log(s, "fight", seat, a.seat, a.suit)
        s.fight = CatFight(seat, a.seat, a.suit)
        return
    card = card_of(a)
    log(s, "card", seat, card)
    discard(s, seat, card)
    refill(s, seat)
    if isinstance(a, CatCard):
        if a.dest == NONE:
            cornered(s, seat, a.value)
        else:
            log(s, "moved", seat, a.dest)
            land(s, seat, a.dest, by_roll=False)
    elif isinstance(a, CreatureCard):
        if a.src != NONE:
            log(s, "creature_moved", a.kind, a.src, a.dest)
            move_creature(s, MOUSE if a.kind == "mouse" else BIRD, a.src, a.dest)
    elif isinstance(a, Speedy):
        log(s, "speedy", seat)
        s.agenda[0:0] = [T_ROLL, T_ROLL, T_ROLL]
    elif isinstance(a, CatAttack):
        if a.target != NONE:
            log(s, "jumped", seat, a.target)
            land(s, seat, a.target, by_roll=False)
    elif isinstance(a, Burglar) and a.target != NONE:
        burgle(s, seat, a.target, a.item)


def begin_turn(s: Position) -> None:
    s.agenda = [T_PLAY, T_ROLL]
    s.raided = []
    s.burgled = False
    s.closing = False
    if s.cornered_cat == s.turn:
        s.last_cornered, s.cornered_cat = 0, NONE


def advance(s: Position) -> None:
    """Run everything automatic until a seat must decide (or the game is over)."""
    while not s.over:
        if s.swaps:
            chooser, other = s.swaps[0]
            if not s.hands[chooser] or not s.hands[other]:
                s.swaps.pop(0)
                continue
            s.known[chooser][other] = s.hands[other][:]
            s.phase, s.actor = SWAP, chooser
            return
        if s.raid_house != NONE:
            if s.raidable(s.turn, s.raid_house):
                s.phase, s.actor = RAID, s.turn
                return
            s.raid_house = NONE
        if s.fight is not None:
            if fight_goes_on(s, s.fight):
                return
            continue
        seat = s.turn
        if s.agenda and s.pos[seat] != NONE and not s.done[seat]:
            task = s.agenda.pop(0)
            if task == T_PLAY:
                s.phase, s.actor = PLAY, seat
                return
            s.roll = roll = s.chance.die()
            log(s, "rolled", seat, roll)
            dests = cat_landings(s, s.pos[seat], roll, blockers(s, seat))
            if dests:
                s.moves = list(dests)
                s.phase, s.actor = MOVE, seat
                return
            cornered(s, seat, roll)
            continue
        if not s.closing:
            s.closing = True
            s.agenda.clear()
            end_of_turn(s, seat)
            continue
        next_turn(s)


def fight_goes_on(s: Position, fight: CatFight) -> bool:
    """True if the side to play holds a card of the suit (it must choose one); else the fight is settled,
    or, with both hands empty, both draw six and it goes on."""
    a, d = fight.attacker, fight.defender
    p = fight.to_play()
    if any(c // SUIT_STEP == fight.suit for c in s.hands[p]):
        s.phase, s.actor = FIGHT, p
        return True
    if not s.hands[a] and not s.hands[d]:
        log(s, "fight_redeal")
        for seat in (a, d):
            refill(s, seat)  # an empty hand drawn up to six
        if not s.hands[p]:
            log(s, "fight_off")
            s.fight = None  # no cards left anywhere: the fight is off
        return False
    s.fight = None
    winner = d if p == a else a
    log(s, "fight_lost", p, fight.suit)
    lives_on = hurt(s, p, 1)
    for seat in (a, d):
        if s.live(seat):
            refill(s, seat)
    if lives_on and s.live(winner):
        s.swaps.append(Exchange(winner, p))
    return False


def end_of_turn(s: Position, seat: int) -> None:
    """The raiding and Cat Burglar penalties, judged where the cat stands when its turn ends."""
    if not s.live(seat):
        return
    p = s.pos[seat]
    h = s.b.house_of[p]
    if h != NONE and h != s.house_of[seat] and h in s.raided:
        log(s, "raid_penalty", seat, h)
        if not hurt(s, seat, 2):
            return
        p = s.pos[seat]
        h = s.b.house_of[p]
    if s.burgled:
        in_shop = s.b.shop_garden_of[p] != NONE
        in_house = h != NONE and h != s.house_of[seat] and h in s.houses and not s.house_retired(h)
        if in_shop or in_house:
            log(s, "burglar_penalty", seat)
            hurt(s, seat, 1)


def next_turn(s: Position) -> None:
    """An extra go for the same cat, or the next cat still playing; a new round may hit the time limit."""
    seat = s.turn
    if s.extra and s.live(seat) and not s.done[seat]:
        s.extra -= 1
        log(s, "extra_go", seat, s.rounds + 1)
    else:
        s.extra = 0
        n = s.players
        nxt = seat
        for _ in range(n):
            nxt = (nxt + 1) % n
            if s.live(nxt) and not s.done[nxt]:
                break
        else:  # cannot happen under the rules (a team with only done cats has won): never loop
            end(s, [], "no cat left to play")
            return
        if (nxt - s.first) % n <= (seat - s.first) % n:
            s.rounds += 1
            limit = s.options["time_limit"]
            if limit and s.rounds >= limit:
                time_up(s)
                return
        s.turn = nxt
        log(s, "turn", nxt, s.rounds + 1)
    begin_turn(s)


def food(s: Position, seat: int) -> int:
    """Items in ``seat``'s larder."""
    return s.larder[s.house_of[seat]].bit_count()


def scores(s: Position) -> list[float]:
    """Lives left plus items in the larder (the time-limit score)."""
    return [float((s.lives[s.house_of[o]] if s.live(o) else 0) + food(s, o)) for o in range(s.players)]


def time_up(s: Position) -> None:
    """The agreed rounds are played: most lives plus food wins, ties to most food, else a draw."""
    total = scores(s)
    best = max((total[o], food(s, o)) for o in range(s.players))
    top = [o for o in range(s.players) if (total[o], food(s, o)) == best]
    teams = {s.team_of[o] for o in top}
    winners = [o for o in range(s.players) if s.team_of[o] in teams] if len(teams) == 1 else []
    end(s, winners, "time limit")
