"""Positions set up by hand for the rule tests: a fresh Cat Nap game with its bag, lap, baskets and cards
replaced."""

from __future__ import annotations

from collections.abc import Sequence

from catnap.actions import COLOURS
from catnap.game import DOG, CatNapState

import cattable


def table(
    players: int = 2,
    *,
    bag: Sequence[str] | None = None,
    lap: Sequence[str] = (),
    baskets: Sequence[dict[str, int]] | None = None,
    favourites: Sequence[str] | None = None,
    turn: int = 0,
    seed: int = 0,
    dogs: int = 2,
) -> CatNapState:
    state = cattable.game("catnap").new(players=players, seed=seed, dogs=dogs)
    assert isinstance(state, CatNapState)
    if bag is not None:
        state.bag = sorted(bag)
    state.lap = list(lap)
    if baskets is not None:
        state.baskets = [{c: b.get(c, 0) for c in COLOURS} for b in baskets]
    if favourites is not None:
        state.favourites = list(favourites)
    state.turn = turn
    state.forget_caches()
    return state


def draws(state: CatNapState, tokens: Sequence[str]) -> None:
    """Draw these tokens, in this order: each draw's chance outcome (an index into the sorted bag) is fed
    to ``state.chance`` as a recorded outcome, the way a replay feeds it."""
    for token in tokens:
        state.chance._script = [state.bag.index(token)]
        state.chance._pos = 0
        state.apply_text("draw")
        if token == DOG:
            assert state.previous is not None and state.previous["drew"][-1] == DOG
        else:
            assert state.lap[-1] == token
