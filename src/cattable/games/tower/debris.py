"""What fell, and what becomes of it. A fallen piece still touching a floor of the tower is not debris:
it is put back where it fell from. One's own pieces go back to the hand (tried again without penalty,
up to the digital limit ``MAX_TRIES``); walls become debris (five end the game; in French so does the
whole tower falling); Toto (Neko) and the Black Cats are stood back on a floor below; other Feline
Friends return to the stock (in the French game they are stood back where they were)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import events as ev
from . import pending, stock
from .pending import Pending, ToPlace
from .phases import Edition, Ending, Mode, Phase
from .pieces import TOTO, Kind, black_cat, floor_number, piece, seat_of_black
from .table import Outcome, tilt_of

if TYPE_CHECKING:
    from .physics import TowerWorld
    from .state import TowerState

DEFEAT_WALLS = 5
"""Fallen walls that bring the tower down (the count of debris ends the game)."""
MAX_TRIES = 10
"""A digital limit (the rulebook has none): after this many tries at one piece that did not stand, the
player gives it up and it goes back to the stock, counting for nothing (README, "Retries")."""
PASSES = 6
"""Rounds of the debris rules per event (putting a piece back or standing a cat back may topple more)."""
LYING_DEG = 30.0
"""A wall leaning further than this from upright has fallen over (as ``placements.UPRIGHT_DEG``)."""
SHOWN = 3
"""Fallen walls named one by one in a log line; the rest are counted."""


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


def knocked_over(s: TowerState) -> set[str]:
    """Pieces that stood before the last physical event and lie now (a cat on its side, a wall down)."""
    before = s.outcome_before
    poses_before = before.get("poses", {})
    upright_before = before.get("reading", {}).get("upright", {})
    upright = s.reading.get("upright", {})
    out: set[str] = set()
    for p, pose in s.table.outcome["poses"].items():
        if p not in poses_before:
            continue
        kind = piece(p).kind
        if kind in (Kind.CAT, Kind.TOTO, Kind.BLACK):
            if upright_before.get(p, False) and not upright.get(p, True):
                out.add(p)
        elif kind is Kind.WALL and tilt_of(poses_before[p]) < LYING_DEG <= tilt_of(pose):
            out.add(p)
    return out


def to_put_back(s: TowerState, down: set[str], done: set[str]) -> set[str]:
    """Fallen pieces that still touch a floor of the tower, even slightly (not debris), and were on the
    table before: each is put back once per event; if it falls again, the usual rules take it."""
    touching = set(s.reading.get("floor_contact", ()))
    before = s.outcome_before.get("poses", {})
    return {
        p
        for p in down | knocked_over(s)
        if p in touching and p in before and p != "F1" and p not in s.placed and p not in done
    }


def put_back(s: TowerState, old: dict[str, list[float]], aside: set[str]) -> set[str]:
    """As closely as possible, place each piece back where it fell from (``old``: its pose before the event),
    once the debris that leaves the table (``aside``) is set aside, as at the table: a floor that fell may
    lie where the walls it stood on go back (seed 22). Each piece goes to its old pose, or the nearest one
    where it lies inside no other piece (``TowerWorld.put_back``); a piece with no room near its old place
    stays where it fell, and the usual rules take it (it has fallen). One physical event; which pieces found
    no room is recorded with its outcome (``no_room``), so a replay judges alike. A record made before
    lacks it: there the debris was set aside only after the put-back (in the next round) and every piece
    went back, and so it replays. Returns the pieces put back."""
    facts = {p: f for p, f in s.table.outcome["pieces"].items() if p not in aside}
    poses = {p: pose for p, pose in s.table.outcome["poses"].items() if p not in aside}

    def run(w: TowerWorld) -> dict[str, list[str]]:
        w.restore(facts, poses)
        left = w.put_back(old)
        w.settle()
        return {"no_room": sorted(left)}

    s.physics(run)
    if "no_room" in s.table.outcome and aside:
        clear_once(s, aside, leaving=True)
        if s.phase is Phase.OVER:
            return set()
    back = set(old) - set(s.table.outcome.get("no_room", ()))
    for p in sorted(back):
        s.say(ev.PUT_BACK, piece=s.name(p))
    return back


def tower_stands(outcome: Outcome, own: set[str]) -> bool:
    """Some of the tower still stands: a floor above the first, or a wall upright on a floor of the tower.

    The French book ends the game "si la tour s'effondre entièrement", and its tower is "L'ensemble des
    tuiles Étage et Mur placées durant la partie": every floor and wall tile. So the tower has fallen
    entirely only when none of them stands, not when the floors above the first have fallen while walls
    still stand on it (seed 61's second floor slid off with a cat, both walls of the first storey standing:
    that lost the game before; the review counted 1 French table in 18). F1 is the base laid at the set-up,
    not placed during the game. ``own``: pieces of the action under way, still in the player's hands
    ("Tant que votre action n'est pas terminée, vous pouvez ajuster cet élément"), not yet the tower."""
    r = outcome.get("reading", {})
    levels = r.get("floor_levels", {})
    if any(int(lv) > 1 for f, lv in levels.items() if f not in own):
        return True
    support = r.get("support", {})
    return any(
        facts.get("kind") == "wall"
        and p not in own
        and support.get(p) in levels
        and tilt_of(outcome["poses"][p]) < LYING_DEG
        for p, facts in outcome.get("pieces", {}).items()
    )


def clear(s: TowerState) -> None:
    """Apply the debris rules until the table is clean (putting back or re-standing may topple more). The
    debris is set aside before the pieces that still touch a floor are put back (``put_back``). Cats to be
    stood back wait until after the put-back, as before (a floor put back may be theirs, and the physical
    events keep the order older records have them in)."""
    in_hand = set(s.placed)
    stood = tower_stands(s.outcome_before, in_hand)
    done: set[str] = set()
    for _ in range(PASSES):
        down = fallen(s)
        for own in [p for p in s.placed if p in down]:
            if retry(s, own, item_for(s, own), "fell"):
                down.discard(own)
        back = to_put_back(s, down, done)
        if back:
            old = {p: s.outcome_before["poses"][p] for p in sorted(back)}
            put_back(s, old, {p for p in down - back if not restood(s, p)})
            if s.phase is Phase.OVER:
                return
            done |= back
            continue
        if not down:
            break
        clear_once(s, down)
        if s.phase is Phase.OVER:
            return
    if s.edition is Edition.FR and stood and not tower_stands(s.table.outcome, in_hand):
        collapse(s, ev.WHOLE_TOWER)


def retry(s: TowerState, what: str, item: Pending, why: str) -> bool:
    """Back to the player's hand to be placed again without penalty; after ``MAX_TRIES`` tries the piece
    is given up instead and goes back to the stock (a digital limit). ``why``: ``fell`` (while being
    placed) or ``unsteady`` (it does not stand properly). True: it left the table."""
    tries = item.tries + 1
    s.placed.remove(what)
    s.table.take_away({what}, s.revision)
    if tries >= MAX_TRIES and what == TOTO:  # he cannot be given up: the rules stand him
        stood = s.stand(TOTO, fall_back(s, item.floor))
        s.say(ev.TOTO_STOOD, piece=s.name(TOTO), tries=tries, floor=stood)
        return True
    if tries >= MAX_TRIES:
        s.say(ev.GIVEN_UP[why], piece=s.name(what), tries=tries)
        return True
    again = item.again(tries)
    if again.piece is ToPlace.TOTO:  # back on his floor, or below it if his fall brought that floor down
        again = replace(again, floor=fall_back(s, item.floor))
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
    s.say(ev.RETRY[why], piece=s.name(what), attempt=tries + 1)
    return True


def restood(s: TowerState, p: str) -> bool:
    """Whether the debris rules stand this fallen piece back on the tower (``clear_once``): Toto, a Black
    Cat, or (French) a Feline Friend whose floor still stands; the rest leaves the table."""
    kind = piece(p).kind
    if kind in (Kind.TOTO, Kind.BLACK):
        return True
    return kind is Kind.CAT and s.edition is Edition.FR and was_on(s, p) in s.reading["floor_levels"]


def clear_once(s: TowerState, down: set[str], leaving: bool = False) -> None:
    """One round of the debris rules over the fallen pieces in ``down`` (none of them one's own).
    ``leaving``: they leave the table, already judged so (``restood`` was false; ``put_back``)."""
    restand: list[tuple[str, str]] = []
    gone: set[str] = set()
    walls: list[str] = []
    for p in sorted(down):
        if p in s.placed:
            s.placed.remove(p)
        what = piece(p)
        if what.kind is Kind.WALL:
            s.wall_debris.append(p)
            walls.append(p)
            gone.add(p)
        elif what.kind is Kind.TOTO:
            restand.append((p, fall_back(s, s.toto_start)))
        elif what.kind is Kind.BLACK:
            restand.append((p, fall_back(s, s.black_start[seat_of_black(what)])))
        elif (
            what.kind is Kind.CAT
            and s.edition is Edition.FR
            and not leaving
            and was_on(s, p) in s.reading["floor_levels"]
        ):
            restand.append((p, was_on(s, p)))
        else:
            gone.add(p)
            s.say(ev.TO_STOCK, piece=p)
    if walls:
        fell, args = walls_fell(s, walls)
        s.say(fell, **args)
    s.table.take_away(gone | {p for p, _ in restand}, s.revision)
    for p, floor in restand:
        what = piece(p)
        if what.kind is Kind.BLACK and (not floor or s.level(floor) <= 1):
            s.black[seat_of_black(what)] = ""
            s.say(ev.OUTSIDE, piece=p)
            continue
        if what.kind is Kind.TOTO and s.toto_by_player:
            hand_toto(s, floor)
            s.say(ev.TOTO_IN_HAND, piece=s.name(p), seat=s.seat, floor=floor)
            continue
        stood = s.stand(p, floor, may_leave=what.kind is Kind.CAT)  # a floor below when this one has no room
        if not stood:  # a Feline Friend with no room on any floor goes back to the stock
            s.say(ev.TO_STOCK, piece=p)
            continue
        s.say(ev.STOOD_BACK, piece=s.name(p), floor=stood)
    track_cats(s)
    if len(s.wall_debris) >= DEFEAT_WALLS:
        collapse(s, ev.WALLS_FALLEN, n=len(s.wall_debris))


def hand_toto(s: TowerState, floor: str, then: str = "") -> None:
    """Toto goes into the current player's hand, to be placed on ``floor`` before anything else (the option
    ``toto=player``; EN: "move Toto up the Tower", "the current player must place him back"): he is off the
    table until placed. ``then``: what follows once he is placed (``TowerState.after_toto``); by default the
    action under way goes on, or the step he fell in (outside an action) comes back."""
    s.table.take_away({TOTO}, s.revision)
    s.pending = [it for it in s.pending if it.piece is not ToPlace.TOTO]
    first, roomy = fall_back(s, floor), roomy_floor(s, floor)
    if roomy != first:
        s.say(ev.NO_ROOM_TOTO, piece=s.name(TOTO), floor=s.level(first), seat=s.seat, lower=s.level(roomy))
    s.pending.insert(0, pending.toto(roomy))
    if then:
        s.after_toto = then
    elif s.phase is not Phase.PLACE and not s.after_toto:
        s.after_toto = s.phase.value
    s.phase = Phase.PLACE


def walls_fell(s: TowerState, walls: list[str]) -> tuple[str, dict[str, Any]]:
    """The event for walls that fell in one round (its template and arguments), with the count towards
    the five that end the game."""
    n = len(s.wall_debris)
    if n >= DEFEAT_WALLS:
        count = ev.message(ev.WALLS_DOWN, n=n, limit=DEFEAT_WALLS)
    else:
        count = ev.message(ev.WALL_SO_FAR if n == 1 else ev.WALLS_SO_FAR, n=n, limit=DEFEAT_WALLS)
    said: dict[str, Any] = {"where": ev.TO_RESERVE if s.edition is Edition.FR else ev.SET_ASIDE, "count": count}
    if len(walls) == 1:
        return ev.WALL_FALLS, {"wall": walls[0], **said}
    if len(walls) > SHOWN:
        return ev.WALLS_MORE, {"walls": walls[:SHOWN], "more": len(walls) - SHOWN, **said}
    return ev.WALLS_FALL, {"walls": walls[:-1], "last": walls[-1], **said}


def collapse(s: TowerState, why: str, /, **args: Any) -> None:
    """The tower collapses (``why``: a message template and its arguments): a defeat for everyone, or
    (competitive) the one who toppled it goes last."""
    reason = ev.message(why, **args)
    if s.mode is Mode.COMPETITIVE:
        s.toppler = s.seat
        s.end(Ending.COLLAPSE, ev.COLLAPSE_TOPPLED, why=reason, seat=s.seat)
    else:
        s.end(Ending.DEFEAT, ev.COLLAPSE, why=reason)


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


def roomy_floor(s: TowerState, floor: str) -> str:
    """Where Toto is handed to the player for: ``floor`` (or the closest standing one below it, should it
    have fallen) if he can be placed anywhere on it, else the closest floor below where he can. Cats can
    fill a floor's every spot; the rulebook is silent, and the rules' own ``stand`` goes down the same
    way, so the player is never handed a Toto with nowhere to put him."""
    from .menu import toto_menu  # menu imports this module's neighbours
    from .placements import has_room

    first = fall_back(s, floor)
    held = s.pending
    try:
        for f in [first, *s.floors_below(first)]:
            s.pending = [pending.toto(f)]
            if has_room(s, list(toto_menu(s.table.outcome, f))):
                return f
    finally:
        s.pending = held
    return first


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
    "collapse",
    "fall_back",
    "fallen",
    "hand_toto",
    "item_for",
    "knocked_over",
    "put_back",
    "restood",
    "retry",
    "to_put_back",
    "tower_stands",
    "track_cats",
    "walls_fell",
    "was_on",
]
