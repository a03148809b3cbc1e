"""Building exact Cat Cafe situations for rules tests: doctored sheets, dice and footprints."""

from __future__ import annotations

from typing import Any

import cattable
from cattable.core import State
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.phases import DRAFTING, MARKING
from cattable.games.cafe.sheet import TOWER_OF, TOWERS, TRACK, sheet_from_text

GAME = cattable.game("cafe")


def new(players: int = 3, seed: int = 0, **options: Any) -> CafeState:
    return cafe(GAME.new(players=players, seed=seed, **options))


def cafe(state: State) -> CafeState:
    """``state`` as the Cat Cafe state it is (``new``, ``clone``, ``determinize`` and ``replay`` promise only
    a ``State``)."""
    assert isinstance(state, CafeState)
    return state


def forget_legal_moves(state: CafeState) -> None:
    """Drop what ``state`` cached from its position before a test edited that position by hand: the legal
    actions and the public sheet views behind ``view`` and ``breakdown``."""
    state.forget_caches()


def over(state: State) -> bool:
    """``state.is_over``, asked afresh. After ``assert not state.is_over`` mypy takes the property to stay
    False through the ``apply`` calls that end the game (it narrows a property as if it were a field)."""
    return state.is_over


def to_play(state: State) -> int | None:
    """``state.current_player``, asked afresh (after ``assert state.current_player == 2`` mypy would rule
    out None for good, as ``over`` explains)."""
    return state.current_player


def set_sheet(state: CafeState, seat: int, text: str) -> None:
    """Draw ``text`` (see ``sheet_from_text``) as seat's sheet; towers already full count as completed."""
    sheet = sheet_from_text(text)
    state.sheets[seat] = sheet
    state.towers[seat] = [sum(1 for s, x in enumerate(sheet) if x and TOWER_OF[s] == t) for t in range(TOWERS)]
    forget_legal_moves(state)


def set_footprints(state: CafeState, seat: int, available: int, circled: int | None = None) -> None:
    circled = max(available, 1) if circled is None else circled
    state.circled[seat] = circled
    state.used[seat] = circled - available
    forget_legal_moves(state)


def set_dice(state: CafeState, own: list[int], shared: int) -> None:
    """Skip to marking with these drafted dice and this shared die (the draft is tested on its own)."""
    assert state.phase in (DRAFTING, MARKING) and state.turn == 0
    state.dice = [*own, shared]
    state.drafted = list(own)
    state.pool = []
    state.shared = shared
    state.phase = MARKING
    state.turn = 0
    state._cp = state.first
    forget_legal_moves(state)


def play_round(state: CafeState, marks: dict[int, str], *, free: bool = True) -> None:
    """One whole marking round: each seat in turn plays its text (``mark 2 3 yarn`` or ``mark 2 3 house,
    cat yarn``) or passes. With ``free``, dice are 1/1 and every seat has the whole track to spend, so
    any mark is affordable (unspent footprints never score)."""
    if free:
        for each in range(state.players):
            set_footprints(state, each, TRACK, TRACK)
        set_dice(state, [1] * state.players, 1)
    for _ in range(state.players):
        seat = state.current_player
        assert seat is not None
        for text in marks.get(seat, "pass").split(","):
            state.apply_text(text)
