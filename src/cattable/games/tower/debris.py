"""What fell, and what becomes of it: one's own pieces go back to the hand (up to ``MAX_TRIES``), walls
become debris (five end the game), Toto and the Black Cats are stood back on a floor below, other
Feline Friends return to the stock (in the French game they are stood back where they were)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import pending, stock
from .pending import Pending, ToPlace
from .phases import Edition, Ending, Mode, Phase
from .pieces import Kind, black_cat, floor_number, piece, seat_of_black

if TYPE_CHECKING:
    from .state import TowerState

DEFEAT_WALLS = 5
"""Fallen walls that bring the tower down (the count of debris ends the game)."""
MAX_TRIES = 3
"""Attempts a player makes at one piece before giving up on it (the rulebook allows endless retries)."""
PASSES = 4
"""Rounds of the debris rules per event (standing a cat back may topple more)."""


def fallen(s: TowerState) -> set[str]:
    """Debris, and (the FAQ's partial collapse) anything left on no standing floor of the tower."""
    r = s.reading
    levels = r["floor_levels"]
    out = set(r["debris"])
    for p in s.table.outcome["pieces"]:
        if p == "F1" or p in levels:
            continue
        if piece(p).kind is Kind.FLOOR or r["support"].get(p) not in levels:
            out.add(p)
    return out


def clear(s: TowerState) -> None:
    """Apply the debris rules until the table is clean (re-standing a cat may topple more)."""
    for _ in range(PASSES):
        down = fallen(s)
        if not down:
            return
        clear_once(s, down)
        if s.phase is Phase.OVER:
            return


def retry(s: TowerState, what: str, item: Pending, why: str) -> bool:
    """Back to the player's hand to be placed again, unless they have tried too often (then False)."""
    tries = item.tries + 1
    if tries >= MAX_TRIES:
        s.say(f"{what} {why}; after {tries} tries it is left as it lies")
        return False
    s.placed.remove(what)
    s.table.take_away({what})
    again = item.again(tries)
    if again.piece is ToPlace.CAT:
        out_of_stock = piece(what).kind is Kind.CAT and not stock.cats(s, again.colour)
        again = replace(again, take=what if out_of_stock else "")
        if s.pet_card and not any(it.piece is ToPlace.PET for it in s.pending):
            s.pending.insert(0, pending.pet())
    if again.piece is ToPlace.FLOOR:
        walls = [i for i, it in enumerate(s.pending) if it.piece is ToPlace.WALL]
        s.pending.insert(walls[-1] + 1 if walls else 0, again)
    else:
        s.pending.insert(0, again)
    s.say(f"{what} {why}: back to the hand (try {tries + 1})")
    return True


def clear_once(s: TowerState, down: set[str]) -> None:
    """One round of the debris rules over the pieces in ``down``."""
    for own in [p for p in s.placed if p in down]:
        if retry(s, own, item_for(s, own), "fell while being placed"):
            down.discard(own)
    restand: list[tuple[str, str]] = []
    gone: set[str] = set()
    for p in sorted(down):
        if p in s.placed:
            s.placed.remove(p)
        what = piece(p)
        if what.kind is Kind.WALL:
            s.wall_debris.append(p)
            gone.add(p)
            s.say(f"{p} falls: wall debris {len(s.wall_debris)} of {DEFEAT_WALLS}")
        elif what.kind is Kind.TOTO:
            restand.append((p, fall_back(s, s.toto_start)))
        elif what.kind is Kind.BLACK:
            restand.append((p, fall_back(s, s.black_start[seat_of_black(what)])))
        elif what.kind is Kind.CAT and s.edition is Edition.FR and was_on(s, p) in s.reading["floor_levels"]:
            restand.append((p, was_on(s, p)))
        else:
            gone.add(p)
            s.say(f"{p} falls: back to the stock")
    s.table.take_away(gone | {p for p, _ in restand})
    for p, floor in restand:
        what = piece(p)
        if what.kind is Kind.BLACK and (not floor or s.level(floor) <= 1):
            s.black[seat_of_black(what)] = ""
            s.say(f"{p} falls: back outside the tower")
            continue
        s.stand(p, floor)
        s.say(f"{p} falls: stood back on {floor}")
    track_cats(s)
    if len(s.wall_debris) >= DEFEAT_WALLS:
        if s.mode is Mode.COMPETITIVE:
            s.toppler = s.seat
            s.end(
                Ending.COLLAPSE,
                f"the tower collapses ({len(s.wall_debris)} walls fell); seat {s.seat} toppled it",
            )
        else:
            s.end(Ending.DEFEAT, f"the tower collapses: {len(s.wall_debris)} walls fell")


def was_on(s: TowerState, p: str) -> str:
    """The floor a piece rested on before the last physical event."""
    return str(s.support_before.get(p) or "")


def item_for(s: TowerState, p: str) -> Pending:
    """The hand item a piece placed this turn was placed for (so it can be placed again)."""
    if p in s.items:
        return s.items[p]
    what = piece(p)
    if what.kind is Kind.WALL:
        return pending.wall(what.family)
    if what.kind is Kind.FLOOR:
        return pending.floor()
    return pending.cat(what.family)


def fall_back(s: TowerState, floor: str) -> str:
    """The floor itself if it still stands, else the next closest standing floor below it."""
    levels = s.reading["floor_levels"]
    if floor in levels:
        return floor
    number = floor_number(floor)
    below = [f for f in levels if floor_number(f) < number]
    return max(below, key=floor_number, default="F1")


def track_cats(s: TowerState) -> None:
    """Toto and the Black Cats are where the world says they rest."""
    support = s.reading["support"]
    levels = s.reading["floor_levels"]
    if s.mode is Mode.COOP and support.get("toto") in levels:
        s.toto = support["toto"]
        s.toto_best = max(s.toto_best, int(levels[s.toto]))
    for seat in range(s.players):
        black = black_cat(seat)
        if support.get(black) in levels:
            s.black[seat] = support[black]


__all__ = [
    "DEFEAT_WALLS",
    "MAX_TRIES",
    "clear",
    "clear_once",
    "fall_back",
    "fallen",
    "item_for",
    "retry",
    "track_cats",
    "was_on",
]
