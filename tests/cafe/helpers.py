"""Building exact Cat Cafe situations for rules tests: doctored sheets, dice and footprints."""

from __future__ import annotations

from typing import Any

import cattable
from cattable.games.cafe.game import DRAFTING, MARKING, CafeState
from cattable.games.cafe.sheet import TOWER_OF, TOWERS, TRACK, sheet_from_text

GAME = cattable.game("cafe")


def new(players: int = 3, seed: int = 0, **options: Any) -> CafeState:
    state = GAME.new(players=players, seed=seed, **options)
    assert isinstance(state, CafeState)
    return state


def _touched(state: CafeState) -> None:
    state._public = None
    state._legal_cache = None
    state._legal_set = None


def set_sheet(state: CafeState, seat: int, text: str) -> None:
    """Draw ``text`` (see ``sheet_from_text``) as seat's sheet; towers already full count as completed."""
    sheet = sheet_from_text(text)
    state.sheets[seat] = sheet
    state.towers[seat] = [sum(1 for s, x in enumerate(sheet) if x and TOWER_OF[s] == t) for t in range(TOWERS)]
    _touched(state)


def set_footprints(state: CafeState, seat: int, available: int, circled: int | None = None) -> None:
    circled = max(available, 1) if circled is None else circled
    state.circled[seat] = circled
    state.used[seat] = circled - available
    _touched(state)


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
    _touched(state)


def play_round(state: CafeState, marks: dict[int, str], *, free: bool = True) -> None:
    """One whole marking round: each seat in turn plays its text (``mark 2 3 yarn`` or ``mark 2 3 house,
    cat yarn``) or passes. With ``free``, dice are 1/1 and every seat has the whole track to spend, so
    any mark is affordable (unspent footprints never score)."""
    if free:
        for seat in range(state.players):
            set_footprints(state, seat, TRACK, TRACK)
        set_dice(state, [1] * state.players, 1)
    for _ in range(state.players):
        seat = state.current_player
        assert seat is not None
        for text in marks.get(seat, "pass").split(","):
            state.apply_text(text)
