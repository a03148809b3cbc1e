"""Duels and the cooperative game (``guard.py``): the search bots play the heuristic's move, checked by
shaky replays of what it asks for."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from cattable.agents.budget import LEVELS
from cattable.agents.tower import guard
from cattable.agents.tower.heuristic import HeuristicAgent, side_of
from cattable.agents.tower.search import SearchAgent
from cattable.core import Action
from cattable.games.tower.actions import Choose, Wall
from cattable.games.tower.game import TowerState
from cattable.games.tower.table import world_of

from .helpers import new, set_actions, tower


def _duel_at_the_top(steadiness: str) -> TowerState:
    """A duel on six well-built storeys; seat 0's Black Cat stands on the top floor, so the heuristic wants a
    storey above it (rulebook: "each player must help their Black Cat climb as high as possible"). Face up:
    two wall cards and a cat card (A17: a purple or an orange Feline Friend)."""
    s = new(players=2, mode="competitive", steadiness=steadiness)
    tower(s, 6)
    s.black[0] = s.view(0)["tower"]["reading"]["top_floor"]
    set_actions(s, "A01", "A02", "A17")
    return s


def test_in_a_duel_the_search_bot_takes_the_heuristics_storey_when_its_replays_stand() -> None:
    s = _duel_at_the_top("steady")
    view, legal = s.view(0), s.legal_actions()
    for seed in range(2):
        pick = HeuristicAgent(seed).choose(view, legal)
        assert isinstance(pick, Choose) and side_of(view, pick).walls  # the heuristic builds here
        bot = SearchAgent(seed, LEVELS["hard"])
        assert bot.choose(view, legal) == pick
        assert bot.trials_run >= 1  # it did replay the storey before taking it


def _doomed(mode: str = "competitive") -> dict[str, Any]:
    """The saved duel tower of ``slow-collapse.json`` (seed 3000: nine storeys) before the storey that felled
    it: every storey built on it falls. Seat 0's Black Cat (in the cooperative game, Toto) is doctored onto
    the top floor, so the heuristic wants that storey; face up: two wall cards and a cat card (A17: a purple
    or an orange Feline Friend)."""
    data = json.loads((Path(__file__).parent / "data" / "slow-collapse.json").read_text())
    view: dict[str, Any] = copy.deepcopy(data["view"])
    for piece in view["placed"]:  # the storey's two walls, placed this turn
        del view["tower"]["pieces"][piece], view["tower"]["poses"][piece]
    view["placed"] = []
    view["action_faceup"] = [{"id": "A07"}, {"id": "A04"}, {"id": "A17"}]
    view["black"] = [view["tower"]["reading"]["top_floor"], ""]
    if mode == "coop":  # the same table in the cooperative game: Toto on top, the hidden goals face up
        view.update(mode="coop", toto=view["black"][0], black=["", ""], goal_faceup=view.pop("hands")[0])
        del view["ranking"], view["toppler"]
    return view


DOOMED_LEGAL = [Choose("choose", 1, "left"), Choose("choose", 1, "right"), Choose("choose", 2, "")]
CATS = [Choose("choose", 3, "left"), Choose("choose", 3, "right")]


@pytest.mark.long  # many physics replays; the guard's other cases stay in make test
def test_in_a_duel_a_storey_whose_shaky_replays_lose_is_passed_over_for_a_feline_friend() -> None:
    """The toppler loses a duel (rulebook, END OF GAME: "The player who causes the Tower to fall immediately
    moves their Ranking Token to last place"), so a storey seen to fall is left to the other player."""
    view = _doomed()
    legal = DOOMED_LEGAL + CATS
    bot = SearchAgent(0, LEVELS["hard"])
    bot.choose(view, legal)  # starts the clock for the replays below
    base = world_of(view["tower"])
    for a in DOOMED_LEGAL:
        risk = guard.side_risk(bot, view, base, a)
        assert risk is not None and risk > 0.5  # most replays bring the fifth wall down
    assert guard.side_risk(bot, view, base, CATS[0]) == 0.0  # a Feline Friend under 16 storeys
    for seed in range(2):
        pick = HeuristicAgent(seed).choose(view, legal)
        assert side_of(view, pick).walls  # the heuristic would build here, and lose
        bot = SearchAgent(seed, LEVELS["hard"])
        chosen = bot.choose(view, legal)
        assert chosen in CATS and bot.trials_run >= 1


def test_when_every_side_is_a_storey_it_takes_the_one_whose_replays_fell_least() -> None:
    view = _doomed()
    bot = SearchAgent(1, LEVELS["hard"])
    chosen = bot.choose(view, DOOMED_LEGAL)
    assert chosen in DOOMED_LEGAL and bot.trials_run >= 1


def test_in_a_duel_placements_are_the_heuristics_own() -> None:
    s = new(players=2, mode="competitive", steadiness="normal")
    tower(s, 1)  # low enough that the heuristic's trial cap (24 // storeys) tries every candidate, as the search does
    set_actions(s, "A09", "A10", "A13")
    s.apply(Choose("choose", 3, ""))
    view, legal = s.view(s.current_player), s.legal_actions()
    assert all(isinstance(a, Wall) for a in legal)
    for seed in range(2):
        assert SearchAgent(seed, LEVELS["hard"]).choose(view, legal) == HeuristicAgent(seed).choose(view, legal)


def test_only_duels_and_the_cooperative_game_are_guarded_at_medium_and_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def spy(agent: SearchAgent, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        calls.append(f"{view['mode']}/{len(view['black'])}")
        return legal[0]

    monkeypatch.setattr(guard, "choose", spy)
    duel, three = _duel_at_the_top("steady"), new(players=3, mode="competitive", steadiness="steady")
    coop = new(players=3, mode="coop", steadiness="steady")
    set_actions(three, "A01", "A02", "A17")
    set_actions(coop, "A01", "A02", "A17")
    for s, spec in ((duel, "hard"), (duel, "medium"), (three, "hard"), (duel, "easy"), (coop, "hard"), (coop, "easy")):
        SearchAgent(0, LEVELS[spec]).choose(s.view(0), s.legal_actions())
    SearchAgent(0, LEVELS["hard"], duel_guard=False).choose(duel.view(0), duel.legal_actions())
    SearchAgent(0, LEVELS["hard"], coop_guard=False).choose(coop.view(0), coop.legal_actions())
    # hard and medium in the duel, hard in the cooperative game; not three competitors, not easy, not switched off
    assert calls == ["competitive/2", "competitive/2", "coop/3"]


def test_in_the_cooperative_game_the_guard_leaves_a_doomed_storey_for_a_cat() -> None:
    """The slow-collapse tower as a cooperative game's (rulebook, DEFEAT: "The Tower is considered to have
    collapsed when 5 or more Wall Tiles have fallen from the Tower as Debris", "the game ends in defeat for
    all players"): every storey replay falls, so hard places a Feline Friend instead."""
    view = _doomed(mode="coop")
    legal = DOOMED_LEGAL + CATS
    for seed in range(2):
        assert side_of(view, HeuristicAgent(seed).choose(view, legal)).walls  # the heuristic builds here
        bot = SearchAgent(seed, LEVELS["hard"])
        assert bot.choose(view, legal) in CATS and bot.trials_run >= 1
