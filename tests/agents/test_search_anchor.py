"""The heuristic anchor: the search overrules the game's heuristic only when it is sure of a better move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import cattable
from cattable.agents import Agent, InfoSet
from cattable.agents.budget import Budget
from cattable.agents.mcts import MCTSAgent, Node, _sure, make_mcts, parse_budget
from cattable.core import Action
from tests.agents.positions import toy_positions
from tests.core.toy import ToyAction

SEARCH, DEFAULT, UNTRIED = ToyAction("search"), ToyAction("default"), ToyAction("untried")
"""Stand-in moves for hand-built trees (any action will do: the tree only keys its children by them)."""


class Last(Agent):
    """A stand-in heuristic that always names the last legal action, and counts its calls."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.calls = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.calls += 1
        return legal[-1]


def _root(*children: tuple[Action, int, float]) -> Node:
    root = Node(None, 2)
    for action, visits, mean in children:
        child = Node(0, 2)
        child.visits, child.wins = visits, [mean * visits, (1 - mean) * visits]
        root.children[action] = child
    return root


def test_only_a_lead_beyond_z_standard_errors_is_sure() -> None:
    clear = _root((SEARCH, 400, 0.70), (DEFAULT, 100, 0.40))
    assert _sure(clear, SEARCH, DEFAULT, 0, 2.0)
    close = _root((SEARCH, 100, 0.52), (DEFAULT, 100, 0.50))
    assert not _sure(close, SEARCH, DEFAULT, 0, 1.0)
    assert _sure(close, SEARCH, DEFAULT, 0, 0.0)
    assert _sure(close, SEARCH, UNTRIED, 0, 5.0), "a default the search never tried has no evidence for it"


def test_an_unsure_search_keeps_the_heuristics_move_and_a_sure_one_overrules_it(toy: str) -> None:
    budget = Budget(iterations=300, max_seconds=600)
    overruled = 0
    for state in toy_positions(toy, 10, choices=2):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        free = MCTSAgent(seed=3, budget=budget)
        free.stop_early = False
        searched = free.choose_with(view, legal, InfoSet(state, seat))
        stubborn = MCTSAgent(seed=3, budget=budget, anchor=Last(), anchor_z=1e9)
        assert stubborn.choose_with(view, legal, InfoSet(state, seat)) == legal[-1]
        open_minded = MCTSAgent(seed=3, budget=budget, anchor=Last(), anchor_z=0.0)
        chosen = open_minded.choose_with(view, legal, InfoSet(state, seat))
        # with z = 0 the search's move stands whenever its mean beats the default's: the same tree as ``free``
        overruled += chosen == searched != legal[-1]
        assert chosen in (searched, legal[-1])
    assert overruled > 0, "the search never overruled the heuristic, even at z = 0"


def test_without_an_anchor_the_heuristic_is_never_asked(toy: str) -> None:
    state = toy_positions(toy, 1, choices=2)[0]
    seat = state.current_player
    assert seat is not None
    last = Last()
    agent = MCTSAgent(seed=1, budget=Budget(iterations=50, max_seconds=60), anchor=last, anchor_z=-1.0)
    agent.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
    assert last.calls == 0 and agent.anchor is None


def test_the_anchor_is_set_on_the_command_line_or_by_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_budget("mcts:hard/anchor=1.5").anchor == 1.5
    assert parse_budget("mcts:hard/anchor=off").anchor == -1.0
    assert parse_budget("mcts:hard").anchor is None
    with pytest.raises(ValueError, match="anchor"):
        parse_budget("mcts:hard/anchor=high")
    import cattable.agents.washi.heuristic as washi

    monkeypatch.setattr(washi, "ANCHOR", 2.0, raising=False)
    agent = make_mcts("mcts:easy", cattable.game("washi"), 0)
    assert isinstance(agent, MCTSAgent) and agent.anchor is not None and agent.anchor_z == 2.0
    off = make_mcts("mcts:easy/anchor=off", cattable.game("washi"), 0)
    assert isinstance(off, MCTSAgent) and off.anchor is None
