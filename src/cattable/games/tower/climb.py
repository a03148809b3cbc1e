"""The goal step: a met goal sends Toto (Neko) or one's Black Cat up the tower; in the cooperative game
Toto on a milestone floor starts the count of five (English; in French, Neko reaching it is the victory),
a Black Cat's highest floor is kept for the ranking, and the French competitive game may refresh a goal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import debris, turn
from . import events as ev
from .actions import Goal, Refresh
from .cards import cards
from .pending import ToPlace
from .phases import Edition, Ending, Mode, Phase
from .pieces import FLOORS, TOTO, black_cat

if TYPE_CHECKING:
    from .state import TowerState

MILESTONES = (10, 13, 15, 17, 20)
"""The floors Toto climbs to, one after another, in the cooperative game."""
COUNT_SECONDS = 5.0
"""The count of five, in simulated seconds: the tower must stand through it."""


def complete_goal(s: TowerState, a: Goal) -> None:
    """Discard the met goal, draw another, and climb ``a.floors`` floors (no higher than the top)."""
    if s.mode is Mode.COOP:
        gid = s.goal_faceup.pop(a.card - 1)
        s.goal_discard.append(gid)
        new = turn.draw_goal(s)
        if new is not None:
            s.goal_faceup.insert(a.card - 1, new)
        start = s.level(s.toto)
        dest = s.floor_at(min(start + a.floors, s.top_level()))
        s.say(ev.CLIMBS, seat=s.seat, goal=gid, cat=s.name(TOTO), floor=s.level(dest))
        if s.toto_by_player:  # EN: "move Toto up the Tower": the player places him (placements.place_toto)
            debris.hand_toto(s, dest, "arrive")
            return
        s.stand(TOTO, dest)
        debris.clear(s)
        debris.track_cats(s)
        at_milestone(s)
    else:
        gid = s.hands[s.seat].pop(a.card - 1)
        s.goal_discard.append(gid)
        new = turn.draw_goal(s)
        if new is not None:
            s.hands[s.seat].append(new)
        start = s.black_level(s.seat)
        dest = s.floor_at(min(start + a.floors, s.top_level()))
        black = black_cat(s.seat)
        s.say(ev.CLIMBS, seat=s.seat, goal=gid, cat=black, floor=s.level(dest))
        dest = s.stand(black, dest)
        s.black[s.seat] = dest
        s.clock += 1
        if s.reading["support"].get(black) == dest and s.level(dest) > s.black_best[s.seat]:
            s.black_best[s.seat] = s.level(dest)
            s.arrival[s.seat] = s.clock
        debris.clear(s)
        if s.phase is not Phase.OVER and all(s.black_level(seat) >= FLOORS for seat in range(s.players)):
            s.end(Ending.TOP, ev.END_TOP)
    turn.end_turn(s)


def at_milestone(s: TowerState) -> None:
    """Toto on the milestone floor (or higher): the count of five (English), or the milestone at once."""
    if s.phase is not Phase.OVER and s.level(s.toto) >= s.target:
        if s.edition is Edition.FR:
            milestone(s)
        else:
            count_to_five(s)


def arrive(s: TowerState) -> None:
    """Toto placed by the player where a goal sent him: the milestone's count, then the turn ends; if he
    fell during the count, the player places him back first (``after_toto``: the turn ends then)."""
    debris.track_cats(s)
    at_milestone(s)
    if s.phase is Phase.OVER:
        return
    if any(it.piece is ToPlace.TOTO for it in s.pending):
        s.after_toto = "end"
        return
    turn.end_turn(s)


def count_to_five(s: TowerState) -> None:
    """Everyone counts to five; if the tower still stands (nothing fell), the milestone is cleared."""
    before = set(s.table.outcome["pieces"])
    s.physics(lambda w: w.hold(COUNT_SECONDS))
    fell = debris.fallen(s) & before
    debris.clear(s)
    debris.track_cats(s)
    if s.phase is Phase.OVER:
        return
    if fell or s.level(s.toto) < s.target:
        s.say(ev.COUNT_FAILED)
        return
    milestone(s)


def milestone(s: TowerState) -> None:
    """The milestone is cleared (its story card, or its French sticker); the last one wins the game."""
    s.cleared.append(s.target)
    story = cards().editions[s.edition]["stories"][str(s.target)]
    if s.edition is Edition.EN:
        s.say(ev.MILESTONE_STOOD, floor=s.target, story=story)
    else:
        s.say(ev.MILESTONE_THERE, floor=s.target, toto=s.name(TOTO), story=story)
    if s.target >= s.goal_floor:
        s.end(Ending.VICTORY, ev.END_VICTORY, toto=s.name(TOTO), floor=s.target)
        return
    s.target = next(m for m in MILESTONES if m > s.target)


def refresh(s: TowerState, a: Refresh) -> None:
    """The French competitive game: discard a goal from one's hand for a new one, and end the turn."""
    gid = s.hands[s.seat].pop(a.card - 1)
    s.goal_discard.append(gid)
    new = turn.draw_goal(s)
    if new is not None:
        s.hands[s.seat].append(new)
    s.say(ev.REFRESHES, seat=s.seat)
    turn.end_turn(s)


__all__ = [
    "COUNT_SECONDS",
    "MILESTONES",
    "arrive",
    "at_milestone",
    "complete_goal",
    "count_to_five",
    "milestone",
    "refresh",
]
