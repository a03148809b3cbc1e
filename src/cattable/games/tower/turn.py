"""The turn: choosing a face-up Action card (and a side), refilling the cards, the optional steps that
follow the placements, and passing the turn on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import legal, pending, stock
from .actions import Choose
from .cards import Side, cards
from .phases import Ending, Mode, Phase

if TYPE_CHECKING:
    from .state import TowerState


def start(s: TowerState) -> None:
    """A fresh turn for ``s.seat``: nothing in hand, the cats' floors remembered (where a fall sends them)."""
    s.phase = Phase.ACTION
    s.card = ""
    s.pending = []
    s.placed = []
    s.items = {}
    s.pet_card = False
    s.last_cat = ""
    s.toto_start = s.toto
    s.black_start = list(s.black)
    replace_dead_cards(s)


def sides(s: TowerState, card: str) -> list[tuple[str, Side]]:
    """A card's sides with the name a player types: ``""`` for a one-sided card, else left and right."""
    both = cards(s.options["cards"]).actions[card].sides
    if len(both) == 1:
        return [("", both[0])]
    return list(zip(("left", "right"), both, strict=True))


def playable(s: TowerState, card: str) -> bool:
    return any(stock.side_possible(s, side) for side in cards(s.options["cards"]).actions[card].sides)


def replace_dead_cards(s: TowerState) -> None:
    """If no face-up Action card can be carried out (the floors or walls ran out), the dead ones are
    discarded and replaced until one can; if none left anywhere can, the game ends (README)."""
    for _ in range(len(cards().actions)):
        if any(playable(s, c) for c in s.action_faceup):
            return
        dead = list(s.action_faceup)
        s.action_faceup = []
        draw_action(s)
        s.action_discard.extend(dead)
        s.say(ev.ACTIONS_REPLACED)
        if not s.action_faceup:
            break
    if not any(playable(s, c) for c in s.action_faceup):
        s.end(Ending.NO_ACTION, ev.END_NO_ACTION)


def end_turn(s: TowerState) -> None:
    """Count the turn and pass it on (or stop at the turn limit)."""
    if s.phase is Phase.OVER:
        return
    s.turns += 1
    if s.turn_limit and s.turns >= s.turn_limit:
        s.end(Ending.TURN_LIMIT, ev.END_TURN_LIMIT, limit=s.turn_limit)
        return
    s.seat = (s.seat + 1) % s.players
    start(s)


def draw_action(s: TowerState) -> None:
    """Refill the face-up Action cards; an empty deck is the discard pile reshuffled (the FAQ)."""
    want = 3 if s.mode is Mode.COMPETITIVE else 2
    while len(s.action_faceup) < want:
        if not s.action_deck:
            if not s.action_discard:
                return
            s.action_deck = sorted(s.action_discard)
            s.action_discard = []
            s.chance.shuffle(s.action_deck)
            s.say(ev.ACTIONS_RESHUFFLED)
        s.action_faceup.append(s.action_deck.pop())


def draw_goal(s: TowerState) -> str | None:
    """The top Goal card (the discard pile reshuffled when the deck is empty), or None if there is none."""
    if not s.goal_deck:
        if not s.goal_discard:
            return None
        s.goal_deck = sorted(s.goal_discard)
        s.goal_discard = []
        s.chance.shuffle(s.goal_deck)
        s.say(ev.GOALS_RESHUFFLED)
    return s.goal_deck.pop()


def choose(s: TowerState, a: Choose) -> None:
    """Take a face-up card: its walls and floor, or its Feline Friend (and pet), go into the hand."""
    s.card = s.action_faceup[a.card - 1]
    side = dict(sides(s, s.card))[a.side]
    if side.walls:
        s.pending = [pending.wall(t) for t in side.walls]
        s.pending.append(pending.floor())
    else:
        s.pending = [pending.cat(side.cat)]
        if side.pet:
            s.pending.append(pending.pet())
    s.pet_card = side.pet
    s.after_place = Phase.INTERACT if s.mode is Mode.COMPETITIVE else Phase.GOAL
    s.phase = Phase.PLACE
    took, args = ev.takes(side)
    s.say(took, seat=s.seat, card=s.card, **args)
    from .placements import carry_on  # placements imports this module

    carry_on(s)  # a piece with nowhere to go (every floor crowded) is given up at once


def finish_action(s: TowerState) -> None:
    """The action is done: discard the card, refill, and go on to the next step."""
    s.action_faceup.remove(s.card)
    s.action_discard.append(s.card)
    draw_action(s)
    s.card = ""
    s.placed = []
    if s.phase is Phase.OVER:
        return
    s.phase = s.after_place
    enter_optional_steps(s)


def enter_optional_steps(s: TowerState) -> None:
    """Skip straight past the competitive move and the goal step when there is nothing to do."""
    if s.phase is Phase.INTERACT and not legal.move_menu(s):
        s.phase = Phase.GOAL
    if s.phase is Phase.GOAL and not legal.goal_actions(s):
        end_turn(s)


def skip(s: TowerState) -> None:
    """Pass on the competitive move (to the goal step) or on the goal step (the turn ends)."""
    if s.phase is Phase.INTERACT:
        s.phase = Phase.GOAL
        enter_optional_steps(s)
    else:
        end_turn(s)


__all__ = [
    "choose",
    "draw_action",
    "draw_goal",
    "end_turn",
    "enter_optional_steps",
    "finish_action",
    "playable",
    "replace_dead_cards",
    "sides",
    "skip",
    "start",
]
