"""The heuristic finishes games the rulebook's way, and ``evaluate`` judges positions for the search."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.attack import heuristic
from cattable.agents.attack.heuristic import ROLLOUT_DEPTH, HeuristicAgent, _Plan, evaluate
from cattable.agents.mcts import MCTSAgent, make_mcts, rewards
from cattable.core import State
from cattable.games.attack.cards import FULL_LARDER
from cattable.games.attack.game import AttackState

from .helpers import items, new, sp

GAME = cattable.game("attack")


def _bots(state: AttackState, seeds: tuple[int, ...]) -> None:
    """Play ``state`` out with heuristic bots seeded ``seeds`` (one a seat), as the bug report did."""
    agents = [make_agent("heuristic", GAME, k) for k in seeds]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat)))


@pytest.mark.parametrize("seed", range(1, 9))
def test_heuristic_games_end_with_six_foods_and_home(seed: int) -> None:
    # seeds 1 and 2 used to run 14,000 rounds: both cats waited at home for a closed shop
    s = new(2, seed=seed)
    _bots(s, (1, 2))
    assert s.result().details["reason"] == "six foods and home"
    assert s.rounds <= 40


def test_a_closed_shop_sends_the_cat_to_the_curiosity_spaces() -> None:
    s = new(2)
    s.larder[s.house_of[0]] = FULL_LARDER & ~items("fish")
    s.larder[s.house_of[1]] = items("milk")
    s.shop_open[0] = False
    plan = _Plan(s.view(0))
    curiosity = min(range(len(plan.b.ids)), key=lambda i: (not plan.b.curiosity[i], plan.b.distance[s.pos[0]][i]))
    assert plan.pot(curiosity) > plan.pot(s.pos[0])


def test_with_a_full_larder_the_cat_waits_where_rolls_lead_home() -> None:
    s = new(2)
    s.larder[s.house_of[0]] = FULL_LARDER
    plan = _Plan(s.view(0))
    # next to the Home space: a 1, 5 or 6 lands on it; on it, no roll can (a move never revisits)
    assert plan.pot(sp("g0a")) > plan.pot(sp("h0"))
    assert plan.pot(sp("g0a")) > plan.pot(sp("n3"))


def _positions(players: int, seed: int, **options: Any) -> list[State]:
    """Every fifth position of a random game, and its end."""
    s = new(players, seed=seed, **options)
    rng = random.Random(seed)
    out: list[State] = []
    while not s.is_over:
        if len(s.history) % 5 == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return [*out, s]


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {"time_limit": 15}), (4, {"teams": 2}), (3, {"lives": 2})]
)
def test_evaluate_gives_every_seat_a_chance_between_0_and_1(players: int, options: dict[str, Any]) -> None:
    for state in _positions(players, 3, **options):
        values = evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)


def test_the_opening_is_even() -> None:
    assert evaluate(new(2)) == pytest.approx([0.5, 0.5])


def test_more_food_is_better() -> None:
    s = new(2)
    s.larder[s.house_of[0]] = items("fish", "milk", "mouse")
    first = evaluate(s)
    assert first[0] > 0.7 > 0.3 > first[1]
    s.larder[s.house_of[1]] = items("fish", "milk", "mouse", "bird")
    assert evaluate(s)[1] > 0.5


def test_more_lives_are_better() -> None:
    s = new(2)
    s.lives[s.house_of[1]] = 3
    values = evaluate(s)
    assert values[0] > values[1]


def test_a_full_larder_is_best_next_to_home() -> None:
    s = new(2)
    s.larder = [FULL_LARDER] * 6
    s.pos[0] = sp("g0a")  # three rolls of six land home
    s.pos[1] = s.home_of(1)  # on the Home space: the cat must first walk out
    values = evaluate(s)
    assert values[0] > values[1]


def test_near_the_time_limit_lives_plus_food_count() -> None:
    def position(**options: Any) -> AttackState:
        s = new(2, **options)
        s.larder[s.house_of[0]] = items("fish")  # 9 lives + 1 item = 10
        s.larder[s.house_of[1]] = FULL_LARDER & ~items("vitamins")  # 2 lives + 5 items = 7
        s.lives[s.house_of[1]] = 2
        s.rounds = 19
        return s

    untimed, timed = evaluate(position()), evaluate(position(time_limit=20))
    assert untimed[1] > untimed[0]  # one item from a full larder: the food race favours seat 1
    assert timed[0] > timed[1]  # one round left: seat 0 leads 10 to 7


def test_a_finished_game_scores_as_the_search_rewards_it() -> None:
    s = new(2, seed=4)
    _bots(s, (1, 2))
    values = evaluate(s)
    assert values == rewards(s.result(), 2)
    assert sorted(values) == [0.0, 1.0]


def test_the_search_uses_the_evaluator_and_plays_legal_moves() -> None:
    agent = make_mcts("mcts:iters=40", GAME, 1)
    assert isinstance(agent, MCTSAgent)
    assert agent.evaluate is heuristic.evaluate
    assert agent.depth == ROLLOUT_DEPTH
    s = new(2, seed=5)
    for _ in range(6):
        seat = s.current_player
        assert seat is not None
        legal = s.legal_actions()
        choice = agent.choose_with(s.view(seat), legal, InfoSet(s, seat))
        assert choice in legal
        s.apply(choice)


def test_the_heuristic_reads_only_the_view() -> None:
    s = new(2, seed=6)
    seat = s.current_player
    assert seat is not None
    view = s.view(seat)
    before = repr(view)
    choice = HeuristicAgent(1).choose(view, s.legal_actions())
    assert choice in s.legal_actions()
    assert repr(view) == before
