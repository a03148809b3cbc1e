"""Curiosity cards: shops opening and closing, the car driving round, another card, an extra go."""

from __future__ import annotations

from .cards import CAR_CARDS, CUR_ANOTHER, CUR_EXTRA, CUR_SHUFFLE, SHOP_SIGNS
from .events import log
from .lives import hurt
from .position import NONE, Position, Task

STREET_SPACES = 5
"""Spaces in a street; the car rests on the middle one."""


def draw_curiosity(s: Position) -> None:
    """Take the top Curiosity card, do what it says, and put it at the bottom."""
    card = s.cur.pop(0)
    s.last_curiosity = card
    log(s, "curiosity", s.turn)
    if card == CUR_SHUFFLE:
        log(s, "shuffle")
        s.chance.shuffle(s.cur)
        s.cur.append(CUR_SHUFFLE)
        s.cur_fresh = len(s.cur) - 1
        return
    s.cur.append(card)
    if s.cur_fresh:
        s.cur_fresh -= 1
    if card in SHOP_SIGNS:
        toggle_shop(s, card - SHOP_SIGNS.start)
    elif card in CAR_CARDS:
        drive(s, card - CAR_CARDS.start)
    elif card == CUR_ANOTHER:
        log(s, "another", s.turn)
        s.agenda.insert(0, Task.PLAY)
    elif card == CUR_EXTRA:
        log(s, "extra", s.turn)
        s.extra += 1


def toggle_shop(s: Position, shop: int) -> None:
    """Open a closed shop, or close an open one: cats caught in its garden lose a life."""
    s.shop_open[shop] = not s.shop_open[shop]
    log(s, "shop_opens" if s.shop_open[shop] else "shop_closes", shop)
    if not s.shop_open[shop]:
        garden_of = s.b.shop_garden_of
        for t in range(s.players):
            if s.pos[t] != NONE and garden_of[s.pos[t]] == shop:
                hurt(s, t, 1)


def car_route(s: Position, street: int) -> list[int]:
    """The spaces the car drives over to rest on ``street``'s middle space (clockwise)."""
    streets = s.b.streets
    flat = [sp for st in streets for sp in st]
    lap = len(flat)
    middle = STREET_SPACES // 2
    target = STREET_SPACES * street + middle
    if s.car == NONE:
        return flat[: target + 1]
    here = STREET_SPACES * s.car + middle
    length = (target - here) % lap or lap
    return [flat[(here + 1 + i) % lap] for i in range(length)]


def drive(s: Position, street: int) -> None:
    """The car drives to ``street``: every cat it meets, or on the street it stops in, loses a life."""
    scared = set(car_route(s, street)) | set(s.b.streets[street])
    log(s, "car", s.car, street)
    s.car = street
    for t in range(s.players):
        if s.pos[t] in scared:
            hurt(s, t, 1)
