"""OpenSpiel's ``evaluate_bots`` shows each bot the true state; ``FairBot`` and ``fair_evaluate_bots`` show it
re-deals of its own information state only, so a bot cannot play on what its seat cannot see."""

from __future__ import annotations

import random
import zlib
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots

from cattable.rl.openspiel_fair import FairBot, fair_evaluate_bots

from .test_openspiel_infostate import HIDDEN, _load, _played, _secrets


class PeekingBot(pyspiel.Bot):  # type: ignore[misc]
    """A cheat: picks its move from the whole state, secrets included, and notes what it was shown."""

    def __init__(self) -> None:
        pyspiel.Bot.__init__(self)
        self.saw_the_true_state = False
        self.told: list[tuple[int, int]] = []
        self.moves: list[int] = []

    def step(self, state: Any) -> int:
        self.saw_the_true_state |= state.holder.dealt
        legal = state.legal_actions()
        move = int(legal[zlib.crc32(_secrets(state).encode()) % len(legal)])
        self.moves.append(move)
        return move

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        self.saw_the_true_state |= state.holder.dealt
        self.told.append((player_id, action))

    def restart_at(self, state: Any) -> None:
        self.saw_the_true_state |= state.holder.dealt


@pytest.mark.parametrize(("name", "params"), HIDDEN)
def test_a_fair_bot_plays_the_same_whatever_it_cannot_see(name: str, params: dict[str, Any]) -> None:
    """Swap what the seat cannot see: a cheat shown the true state plays differently; through ``FairBot``
    it plays the very same move, since it only ever sees a re-deal of its information state."""
    game = _load(name, params)
    moves: dict[str, set[int]] = {"plain": set(), "fair": set()}
    for start in range(6):
        state = _played(game, 10 + start, seed=start)
        seat = state.current_player()
        twins = [state] + [state.resample(seat, random.Random(k)) for k in range(6)]
        plain = {PeekingBot().step(twin) for twin in twins}
        fair = {FairBot(PeekingBot(), seat, seed=start).step(twin) for twin in twins}
        assert len(fair) == 1
        moves["plain"] |= {len(plain)}
    assert max(moves["plain"]) > 1, "the cheat never cheated: the test would prove nothing"


def test_fair_evaluate_bots_never_shows_a_bot_the_true_state() -> None:
    """OpenSpiel's ``evaluate_bots`` shows the true state (and tells every bot the deal); through
    ``fair_evaluate_bots`` a bot sees re-deals only, is never told the deal nor another seat's secret
    mark, and the same rng plays the same game."""
    game = _load("cafe", {"players": 2, "deals": 50})
    cheats = [PeekingBot(), PeekingBot()]
    evaluate_bots.evaluate_bots(game.new_initial_state(), cheats, np.random.RandomState(0))
    assert all(bot.saw_the_true_state for bot in cheats)
    assert any(player == pyspiel.PlayerId.CHANCE for player, _ in cheats[0].told)
    runs = []
    for _ in range(2):
        bots = [PeekingBot(), PeekingBot()]
        returns = fair_evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
        assert len(returns) == 2 and set(returns) <= {-1.0, 0.0, 1.0}
        for seat, bot in enumerate(bots):
            assert not bot.saw_the_true_state
            assert bot.moves
            assert all(player != pyspiel.PlayerId.CHANCE for player, _ in bot.told)
            assert not [a for p, a in bot.told if p != seat and 6 <= a < 150], "told another seat's mark"
        runs.append((returns, [bot.moves for bot in bots]))
    assert runs[0] == runs[1]
