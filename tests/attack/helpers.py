"""Build exact Cat Attack situations for rules tests: place cats, deal hands, rig the dice."""

from __future__ import annotations

from typing import Any

import cattable
from cattable.games.attack.actions import NONE
from cattable.games.attack.board import standard_board
from cattable.games.attack.cards import CARD_CODES, ITEMS
from cattable.games.attack.game import PLAY, AttackState
from cattable.games.attack.position import Task

B = standard_board()


def sp(space: str) -> int:
    """A space's index from its id."""
    return B.index[space]


def new(players: int = 2, seed: int = 0, **options: Any) -> AttackState:
    state = cattable.game("attack").new(players=players, seed=seed, **options)
    assert isinstance(state, AttackState)
    return state


def refresh(s: AttackState) -> None:
    """Forget the legal actions worked out before doctoring a state."""
    s.forget_caches()


def cards(*names: str) -> list[int]:
    return [CARD_CODES[n] for n in names]


def items(*names: str) -> int:
    bits = 0
    for n in names:
        bits |= 1 << ITEMS.index(n)
    return bits


def table(
    players: int = 2,
    seed: int = 0,
    at: dict[int, str] | None = None,
    hand: list[str] | None = None,
    seat: int = 0,
    **options: Any,
) -> AttackState:
    """A state where ``seat`` is about to play a Mog card from ``hand``, with cats placed by ``at``
    (others stay home), no creatures out, shops open and full, the car parked."""
    s = new(players, seed, **options)
    for t, space in (at or {}).items():
        s.pos[t] = sp(space)
    if hand is not None:
        give_hand(s, seat, *hand)
    s.turn = s.actor = seat
    s.phase = PLAY
    s.agenda = [Task.ROLL]
    s.swaps, s.raid_house, s.fight = [], NONE, None
    s.closing, s.extra = False, 0
    refresh(s)
    return s


def give_hand(s: AttackState, seat: int, *names: str) -> None:
    """Put exactly these cards in ``seat``'s hand (the old ones go back into the draw pile)."""
    s.deck.extend(s.hands[seat])
    new_hand = cards(*names)
    for c in new_hand:
        if c in s.deck:
            s.deck.remove(c)
    s.hands[seat] = new_hand
    refresh(s)


def rig_dice(s: AttackState, *outcomes: Any) -> None:
    """The next chance outcomes (die rolls, in order) are these."""
    s.chance._script = list(outcomes)
    s.chance._pos = 0


def play(s: AttackState, text: str) -> None:
    s.apply(s.game.parse_action(text))


def legal_texts(s: AttackState) -> set[str]:
    return {a.text() for a in s.legal_actions()}


def at(s: AttackState, seat: int) -> str | None:
    p = s.pos[seat]
    return None if p == NONE else B.ids[p]


def top_curiosity(s: AttackState, name: str) -> None:
    """Put a Curiosity card of this name on top of the deck."""
    from cattable.games.attack.cards import CURIOSITY_CODES

    code = CURIOSITY_CODES[name]
    s.cur.remove(code)
    s.cur.insert(0, code)
    if code == 10:
        s.cur_fresh = 0


def put_mouse(s: AttackState, space: str) -> None:
    s.mice.append(sp(space))
    s.mice_home -= 1
    refresh(s)


def put_bird(s: AttackState, space: str) -> None:
    s.birds.append(sp(space))
    s.birds_home -= 1
    refresh(s)
