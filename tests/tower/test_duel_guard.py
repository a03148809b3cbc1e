"""Duels (``guard.py``): the search bots play the heuristic's move, checked by shaky replays of what it asks for."""

from __future__ import annotations

import cattable
from cattable.agents.budget import LEVELS
from cattable.games.tower import guard
from cattable.games.tower.actions import Choose, Wall
from cattable.games.tower.game import TowerState
from cattable.games.tower.heuristic import HeuristicAgent, side_of
from cattable.games.tower.search import SearchAgent

from .helpers import new, refresh, set_actions, tower

GAME = cattable.game("tower")


def _duel_at_the_top(steadiness: str) -> TowerState:
    """A duel on six well-built storeys; seat 0's Black Cat stands on the top floor, so the heuristic wants a
    storey above it (rulebook: "each player must help their Black Cat climb as high as possible"). Face up:
    two wall cards and a cat card (A17: a purple or an orange Feline Friend)."""
    s = new(players=2, mode="competitive", steadiness=steadiness)
    tower(s, 6)
    s.black[0] = s.view(0)["tower"]["reading"]["top_floor"]
    set_actions(s, "A01", "A02", "A17")
    refresh(s)
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


def test_in_a_duel_a_storey_whose_shaky_replays_fall_is_passed_over_for_a_safe_cat() -> None:
    """Wobbly hands (four times a careful one) fell walls from most storeys; a Feline Friend on a tower under
    16 storeys is taken as safe. The toppler loses a duel (rulebook, END OF GAME: "The player who causes the
    Tower to fall immediately moves their Ranking Token to last place")."""
    s = _duel_at_the_top("wobbly")
    view, legal = s.view(0), s.legal_actions()
    pick = HeuristicAgent(0).choose(view, legal)
    assert side_of(view, pick).walls
    bot = SearchAgent(0, LEVELS["hard"])
    base = guard._world(view)
    risk = guard.side_risk(bot, view, base, pick)
    assert risk is not None and risk > 0.0  # the replays brought walls down
    chosen = bot.choose(view, legal)
    assert isinstance(chosen, Choose) and side_of(view, chosen).cat  # the cat card instead
    assert guard.side_risk(bot, view, base, chosen) == 0.0


def test_only_duels_are_guarded_and_the_flat_search_stays_an_option() -> None:
    s = _duel_at_the_top("steady")
    view = s.view(0)
    assert guard.choose.__module__ == "cattable.games.tower.guard"
    assert SearchAgent(0, LEVELS["hard"]).duel_guard and not SearchAgent(0, LEVELS["easy"]).plan.lookahead
    three = new(players=3, mode="competitive", steadiness="steady")
    assert len(three.view(0)["black"]) == 3 and len(view["black"]) == 2
    legal = [a for a in s.legal_actions() if isinstance(a, Choose)]
    assert legal and all(not isinstance(a, Wall) for a in legal)
