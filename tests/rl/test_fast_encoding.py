"""The fast writers (``cattable.rl.fast``) against the view-based encoding, the reference.

After every step of seeded random games, for every game and player count, the fast observation equals
``encoding.observe(state.view(seat))`` exactly for the seat to act and one other seat (each in turn), and
the fast mask equals ``encoding.mask(legal)``; and a re-deal of what the seat cannot see (``determinize``)
leaves its fast observation unchanged. Under 20 seconds in all: the reference builds views, slowly.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cattable
from cattable.rl.encodings import encoding
from cattable.rl.fast import WRITERS, MaskWriter, ViewWriter, writer

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    *(("cafe", p, {}) for p in (1, 2, 3, 4)),
    ("cafe", 2, {"mice": "repeat"}),
    *(("washi", p, {}) for p in (2, 3, 4, 5, 6)),
    ("washi", 2, {"map": "long", "rules": "first"}),
    *(("attack", p, {}) for p in (2, 3, 4, 5, 6)),
    ("attack", 4, {"teams": 2}),
    ("attack", 6, {"teams": 3, "shared_house": True, "younger": True}),
]


def games(players: int) -> int:
    """Two games for two players, one for more (longer games, more seats)."""
    return 2 if players <= 2 else 1


def _table_id(table: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = table
    return f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_fast_equals_view_every_step(table: tuple[str, int, dict[str, Any]]) -> None:
    name, players, options = table
    game = cattable.game(name)
    try:
        game.new(players=players, seed=0, **options)
    except ValueError as exc:  # an option this game version does not offer
        pytest.skip(str(exc))
    enc = encoding(name, players, game.validated_options(players, options))
    fast, masks = writer(enc), MaskWriter(enc)
    assert type(fast) is not ViewWriter, f"{name} has a fast writer"
    out = np.full(enc.observation_size, np.nan, np.float32)
    mask = np.full(enc.num_actions, 7, np.int8)
    rng = random.Random(players)
    steps = 0
    for g in range(games(players)):
        state = game.new(players=players, seed=1000 * players + g, **options)
        while True:
            actor = state.current_player
            other = steps % players
            for seat in sorted({0 if actor is None else actor, other}):
                fast.write(state, seat, out)
                reference = enc.observe(state.view(seat))
                where = np.flatnonzero(out != reference)
                assert not where.size, f"{name} step {steps} seat {seat}: differs at {where[:5]}"
                if rng.random() < 0.25:
                    fast.write(state.determinize(seat, rng), seat, out)
                    assert np.array_equal(out, reference), f"{name} step {steps}: a re-deal shows through"
            legal = state.legal_actions()
            masks.write(legal, mask)
            assert np.array_equal(mask, enc.mask(legal) if legal else _placeholder(enc.num_actions))
            if state.is_over:
                break
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    assert steps > 10


def _placeholder(size: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    m = np.zeros(size, np.int8)
    m[0] = 1
    return m


def test_every_game_but_the_tower_has_a_writer() -> None:
    assert set(WRITERS) == {"cafe", "washi", "attack"}
    tower = encoding("tower", 2, cattable.game("tower").validated_options(2, {}))
    assert type(writer(tower)) is ViewWriter


@pytest.mark.parametrize(("name", "players"), [("cafe", 3), ("washi", 2), ("attack", 2)])
def test_one_writer_shared_by_interleaved_games_keeps_nothing_stale(name: str, players: int) -> None:
    """A writer may keep what a state has not changed (Cat Cafe's sheet blocks, per state and round): one
    writer fed several games in turn, each step's state and a clone of it, and a new game dealt where one
    ended, still writes the reference every time."""
    game = cattable.game(name)
    enc = encoding(name, players, game.validated_options(players, {}))
    fast = writer(enc)
    out = np.zeros(enc.observation_size, np.float32)
    rng = random.Random(7)
    states = [game.new(players=players, seed=s) for s in range(3)]
    for step in range(240):
        k = step % len(states)
        state = states[k]
        if state.is_over:
            states[k] = state = game.new(players=players, seed=100 + step)
        for shown in (state, state.clone()):
            seat = step % players
            fast.write(shown, seat, out)
            assert np.array_equal(out, enc.observe(shown.view(seat))), f"{name} step {step}: stale"
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
