"""The ``hand`` bot: it plays whole games at any steadiness, sees only its seat's view, and never tries a
placement in the physics (its slip is the rules' own, drawn at the seat's steadiness)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cattable
from cattable.agents import AGENT_KINDS, InfoSet, make_agent
from cattable.agents.registry import agent_kinds
from cattable.agents.tower.hand import HandAgent
from cattable.core import Action
from cattable.games.tower.actions import Cat, Choose, Floor, Wall
from cattable.games.tower.game import TowerState
from cattable.games.tower.physics import TowerWorld
from cattable.server.bots import check_bot

from .helpers import new, set_actions, tower

pytestmark = pytest.mark.physics
GAME = cattable.game("tower")


def _game(steadiness: str, seed: int) -> Iterator[tuple[TowerState, int, Action]]:
    """A cooperative game of three hand bots as the calibration plays it (seat ``s`` seeded ``seed * 101 + s``):
    yields the state before each action, the seat, and the action chosen."""
    state = GAME.new(players=3, seed=seed, steadiness=steadiness)
    assert isinstance(state, TowerState)
    bots = [make_agent("hand", GAME, seed=seed * 101 + s) for s in range(3)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        yield state, seat, action
        state.apply(action)


def test_it_is_a_bot_the_cli_and_the_server_can_name() -> None:
    assert "hand" in AGENT_KINDS and "hand" in agent_kinds(GAME) and "hand" not in agent_kinds(cattable.game("cafe"))
    assert isinstance(make_agent("hand", GAME, seed=1), HandAgent)
    check_bot("hand", "tower")  # the server's check of a bot named by a client
    with pytest.raises(ValueError, match="no hand agent"):
        make_agent("hand", cattable.game("cafe"))


@pytest.mark.slow
@pytest.mark.parametrize(("steadiness", "seed"), [("steady", 3), ("wobbly", 4)])
def test_it_plays_whole_games_with_legal_moves_and_replays_them(steadiness: str, seed: int) -> None:
    kinds: set[type] = set()
    history: list[Action] = []
    for state, _, action in _game(steadiness, seed):
        assert action in state.legal_actions() or state.is_legal(action)
        kinds.add(type(action))
        history.append(action)
    assert {Choose, Wall, Floor} <= kinds and state.is_over
    assert state.result().details["outcome"] in ("victory", "defeat")
    again = [a for _, _, a in _game(steadiness, seed)]
    assert again == history  # the seed decides the game: no clock, no trial


def test_it_never_tries_a_placement_in_the_physics(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every world made, copied or run while the bot chooses is counted: none, over a game's first 40 moves
    (cards, walls, floors, cats, Toto)."""
    calls: list[str] = []
    choosing = [False]
    for name in ("__init__", "clone", "_run"):
        real = getattr(TowerWorld, name)

        def counted(self: TowerWorld, *args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            if choosing[0]:
                calls.append(_name)
            return _real(self, *args, **kw)

        monkeypatch.setattr(TowerWorld, name, counted)
    real_choose = HandAgent.choose

    def watched(self: HandAgent, view: Any, legal: Any) -> Action:
        choosing[0] = True
        try:
            return real_choose(self, view, legal)
        finally:
            choosing[0] = False

    monkeypatch.setattr(HandAgent, "choose", watched)
    placed = 0
    for k, (_, _, action) in enumerate(_game("careful", 5)):
        placed += isinstance(action, Wall | Floor | Cat)
        if k >= 40:
            break
    assert placed >= 6 and calls == []


def test_a_re_deal_of_what_the_seat_cannot_see_never_changes_its_move() -> None:
    """Fair play: the hidden decks re-dealt (``determinize``) leave the seat's view, and so its move, alone."""
    checked = 0
    for step, (state, seat, _) in enumerate(_game("normal", 6)):
        if step % 3:
            continue
        move = make_agent("hand", GAME, seed=seat).choose(state.view(seat), state.legal_actions())
        for k in range(2):
            other = state.determinize(seat, random.Random(k))
            assert other.view(seat) == state.view(seat)
            bot = make_agent("hand", GAME, seed=seat)
            assert bot.choose_with(other.view(seat), other.legal_actions(), InfoSet(other, seat)) == move
        checked += 1
        if step > 30:
            break
    assert checked >= 8


def test_it_stands_walls_in_opposite_corners_and_centres_the_floor() -> None:
    s = new(players=3, steadiness="careful")
    tower(s, 2)
    set_actions(s, "A07", "A19")
    s.apply(Choose("choose", 1, "left"))
    bot = HandAgent(seed=1)
    first = bot.choose(s.view(0), s.legal_actions())
    assert isinstance(first, Wall) and first.fold == 90.0
    s.apply(first)
    second = bot.choose(s.view(0), s.legal_actions())
    assert isinstance(second, Wall) and (second.x, second.y) == (-first.x, -first.y)
