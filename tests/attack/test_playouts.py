"""Whole random games under every variant: they end, they keep the bookkeeping straight, they replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cattable
from cattable.games.attack import actions as A
from cattable.games.attack import plays
from cattable.games.attack.game import AttackGame

from .helpers import new

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (4, {"teams": 2}),
    (6, {"teams": 3}),
    (6, {"teams": 2, "shared_house": True}),
    (4, {"teams": 2, "shared_house": True, "lives": 4}),
    (3, {"younger": True}),
    (5, {"claws": "creatures"}),
    (4, {"time_limit": 10}),
    (2, {"lives": 1}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=[json.dumps(o) for _, o in VARIANTS])
def test_random_games_end_and_replay(players: int, options: dict[str, Any]) -> None:
    for seed in range(4):
        s = new(players, seed=seed, **options)
        creatures = players - 1 if options.get("claws", "none") != "none" else players
        rng = random.Random(seed)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 20_000
            cards = len(s.deck) + len(s.discard) + sum(len(h) for h in s.hands)
            assert cards == 63
            assert s.mice_home + len(s.mice) + sum(1 for h in range(6) if s.larder[h] & 16) == creatures
            assert s.birds_home + len(s.birds) + sum(1 for h in range(6) if s.larder[h] & 32) == creatures
        result = s.result()
        assert all(0 <= w < players for w in result.winners)
        if options.get("teams") and result.winners:
            assert len({s.team_of[w] for w in result.winners}) == 1
        if options.get("time_limit"):
            assert s.rounds <= options["time_limit"]
        again = cattable.replay(json.loads(json.dumps(s.record())))
        assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(s.snapshot(), sort_keys=True)


def test_the_plays_made_once_are_exact_and_cover_every_seat() -> None:
    """``plays.py`` makes its Cat Attack, Cat Burglar and Cat Fight actions once; ``is_legal`` takes one of
    the legal list's own objects as exact without checking its fields: each such object must be exact, and
    the table must hold a fight for every seat the game seats."""
    assert AttackGame.max_players == plays.MAX_SEATS
    made = [*plays.ATTACKS, *(b for row in plays.BURGLARS for b in row), *(f for row in plays.FIGHTS for f in row)]
    assert all(A.exact(a) for a in made)
    rng = random.Random(11)
    for seed in range(6):
        s = new(6, seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert all(A.exact(a) for a in legal)
            s.apply(legal[rng.randrange(len(legal))])
