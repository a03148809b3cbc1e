"""What happens where a cat lands: an attack, a catch, shopping, a raid, coming home, a Curiosity card;
and the creatures' own moves."""

from __future__ import annotations

from .actions import LARDER_BASE
from .cards import BIRD_BIT, FULL_LARDER, MOUSE, MOUSE_BIT
from .curiosity import draw_curiosity
from .events import log
from .lives import check_team_home, end, hurt, trespass
from .position import NONE, Exchange, Position

HOME = "home"
"""The board kind of a cat's Home space."""


def land(s: Position, seat: int, y: int, by_roll: bool) -> None:
    """``seat`` ends a move (or a jump) on ``y``: attack, catch, shop, raid, come home, Curiosity."""
    b = s.b
    was_away = not s.at_home_or_garden(seat)
    s.pos[seat] = y
    house = s.house_of[seat]
    mine = s.team_of[seat]
    victims = [t for t, p in enumerate(s.pos) if p == y and t != seat and s.team_of[t] != mine]
    if victims:
        for t in victims:
            log(s, "attacked", seat, t, y)
            if hurt(s, t, 1) and s.live(seat):
                s.swaps.append(Exchange(seat, t))
    elif y in s.mice:
        s.mice.remove(y)
        s.larder[house] |= MOUSE_BIT
        log(s, "caught", seat, "mouse", y)
    elif y in s.birds:
        s.birds.remove(y)
        s.larder[house] |= BIRD_BIT
        log(s, "caught", seat, "bird", y)
    else:
        k = b.shop_garden_of[y]
        if k != NONE:
            if s.stock[k] and not s.larder[house] >> k & 1:
                s.stock[k] -= 1
                s.larder[house] |= 1 << k
                log(s, "shopped", seat, k, k)
        elif b.kind[y] == HOME:
            h = b.house_of[y]
            if h == house:
                if was_away:
                    trespass(s, seat)
                if by_roll and s.larder[house] == FULL_LARDER and s.live(seat):
                    log(s, "home_full", seat)
                    finish(s, seat)
                    return
            elif (
                not s.younger
                and h in s.houses
                and not s.owners_guarding(h)
                and mine not in s.teams_of_house(h)
                and s.raidable(seat, h)
            ):
                s.raid_house = h
    if b.curiosity[y] and s.live(seat) and not s.over:
        draw_curiosity(s)


def raid(s: Position, seat: int, house: int, item: int) -> None:
    """Take ``item`` from ``house``'s larder; a live house remembers it (the raiding penalty)."""
    log(s, "raided", seat, house, item)
    s.larder[house] &= ~(1 << item)
    s.larder[s.house_of[seat]] |= 1 << item
    if not s.house_retired(house):
        s.raided.append(house)


def burgle(s: Position, seat: int, target: int, item: int) -> None:
    """A Cat Burglar jump: a shop's paw-print takes its item; another Home space, ``item`` from its larder."""
    s.burgled = True
    s.pos[seat] = target
    mine = s.house_of[seat]
    log(s, "jumped", seat, target)
    if item == NONE:
        k = s.b.burglar_of[target]
        log(s, "burgled_shop", seat, k, k)
        s.stock[k] -= 1
        s.larder[mine] |= 1 << k
    else:
        log(s, "burgled_house", seat, s.b.house_of[target], item)
        s.larder[s.b.house_of[target]] &= ~(1 << item)
        s.larder[mine] |= 1 << item


def finish(s: Position, seat: int) -> None:
    """Six foods and home by the die: the game is won (or, in gang warfare, this cat is done)."""
    if not s.teams:
        end(s, [seat], "six foods and home")
        return
    s.done[seat] = True
    s.agenda.clear()
    check_team_home(s, s.team_of[seat])


def move_creature(s: Position, kind: int, src: int, dest: int) -> None:
    """A Mouse or Bird card moves a creature from a space, its hole or a retired larder."""
    b = s.b
    on_board = s.mice if kind == MOUSE else s.birds
    home = b.mouse_hole if kind == MOUSE else b.bird_house
    if src >= LARDER_BASE:
        s.larder[src - LARDER_BASE] &= ~(MOUSE_BIT if kind == MOUSE else BIRD_BIT)
    elif src == home:
        if kind == MOUSE:
            s.mice_home -= 1
        else:
            s.birds_home -= 1
    else:
        on_board.remove(src)
    if dest == home:
        creature_home(s, kind)
    else:
        on_board.append(dest)


def creature_home(s: Position, kind: int) -> None:
    if kind == MOUSE:
        s.mice_home += 1
    else:
        s.birds_home += 1
