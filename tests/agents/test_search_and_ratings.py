"""MCTS, tournaments and Elo on the toy game, where the right play is known to beat random play."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.budget import LEVELS, Budget
from cattable.agents.mcts import MCTSAgent, parse_budget, rewards
from cattable.analysis.ratings import elo_with_intervals, fit_elo, wilson
from cattable.analysis.tournament import Match, run_tournament, seating, summarise
from cattable.core import Result
from cattable.interfaces.cli.main import main


def test_budgets_parse_and_bad_ones_are_refused() -> None:
    assert parse_budget("mcts:hard") == LEVELS["hard"]
    assert parse_budget("mcts:iters=77").iterations == 77
    assert parse_budget("mcts:ms=250").max_seconds == 0.25
    with pytest.raises(ValueError, match="easy, medium, hard"):
        parse_budget("mcts:ultra")
    tuned = parse_budget("mcts:hard/c=0.4/depth=3")
    assert (tuned.iterations, tuned.exploration, tuned.rollout_depth) == (1500, 0.4, 3)
    assert parse_budget("mcts:iters=50/c=0").exploration == 0.0
    for bad in ("mcts:hard/c=-1", "mcts:hard/depth=x", "mcts:hard/speed=2", "mcts:c=0.4", "mcts:hard/hard"):
        with pytest.raises(ValueError, match="unknown MCTS budget"):
            parse_budget(bad)
    assert LEVELS["easy"].iterations < LEVELS["medium"].iterations < LEVELS["hard"].iterations


def test_rewards_share_ties_and_pay_the_whole_team() -> None:
    assert rewards(Result(winners=(1, 2), ranking=((1, 2), (0,))), 3) == [0.0, 0.5, 0.5]
    assert rewards(Result(winners=(), ranking=(), team_win=True), 2) == [1.0, 1.0]


def test_mcts_is_reproducible_for_a_seed(toy: str) -> None:
    state = cattable.game(toy).new(players=2, seed=3)
    picks = set()
    for _ in range(3):
        agent = MCTSAgent(seed=5, budget=Budget(iterations=80, max_seconds=60))
        picks.add(agent.choose_with(state.view(0), state.legal_actions(), InfoSet(state, 0)))
        assert 16 <= agent.last_iterations <= 80  # the budget, less what stopping early saved
    assert len(picks) == 1


def test_elo_orders_a_clear_ladder_and_wilson_brackets_the_rate() -> None:
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 2, 1.0)] * 30 + [(1, 2, 0.0)] * 10
    ratings = fit_elo(3, games)
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings) / 3 - 1500) < 1e-6
    low, high = wilson(30, 40)
    assert low < 0.75 < high


def test_seats_rotate_between_the_two_sides() -> None:
    assert seating(2, 0) == [0, 1] and seating(2, 1) == [1, 0]
    assert seating(3, 1) == [1, 0, 1]


def test_search_beats_random_in_a_seeded_tournament(toy: str, tmp_path: Path) -> None:
    agents = ["random", "mcts:iters=150"]
    matches = run_tournament(toy, agents, games=40, players=2, seed=1, workers=2)
    summary = summarise(toy, agents, 2, matches, seed=1)
    assert summary["matrix"][1][0]["win_rate"] > 0.7
    assert summary["elo"]["mcts:iters=150"]["low"] > summary["elo"]["random"]["high"]


def test_seat_zero_score_follows_the_rotation_of_the_seats() -> None:
    """Game k of a pairing seats side A in seat 0 when k is even (``seating``): seat 0's score is A's score
    then, and B's (1 - A's) otherwise. Here seat 0 wins every game but a shared one."""
    agents = ["x", "y", "z"]
    matches = [
        Match(0, 1, 100, 1.0, 10),  # k=0: x in seat 0, x won -> 1
        Match(0, 1, 101, 0.0, 10),  # k=1: y in seat 0, y won -> 1
        Match(0, 1, 102, 0.5, 10),  # k=2: a shared result -> 0.5
        Match(1, 2, 100, 1.0, 10),  # k=0: y in seat 0, y won -> 1
        Match(1, 2, 101, 0.0, 10),  # k=1: z in seat 0, z won -> 1
    ]
    summary = summarise("toy", agents, 2, matches, seed=100)
    seat0 = summary["seat0"]
    assert seat0["overall"]["win_rate"] == 0.9 and seat0["overall"]["games"] == 5
    assert seat0["overall"]["low"] < 0.9 < seat0["overall"]["high"]
    assert seat0["pairings"]["x vs y"]["win_rate"] == round(2.5 / 3, 4)
    assert seat0["pairings"]["y vs z"]["win_rate"] == 1.0 and seat0["pairings"]["y vs z"]["games"] == 2
    assert summary["matrix"][0][1]["win_rate"] == 0.5  # the matrix itself is seat-blind
    # the run's seed tells who sat where: read with another parity, the same games say the opposite
    assert summarise("toy", agents, 2, matches, seed=99)["seat0"]["overall"]["win_rate"] == 0.1


def test_tournament_command_prints_json_with_elo_and_a_plot(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "t.png"
    code = main(["tournament", toy, "--agents", "random,mcts:easy", "--games", "10", "--json", "--plot", str(plot)])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["elo"]) == {"random", "mcts:easy"} and out["games_per_pairing"] == 10
    assert out["seat0"]["overall"]["games"] == 10 and set(out["seat0"]["pairings"]) == {"random vs mcts:easy"}
    assert plot.stat().st_size > 10_000
    assert main(["tournament", toy, "--agents", "random,mcts:easy", "--games", "4"]) == 0
    assert "Seat 0 scored" in capsys.readouterr().out
    assert main(["tournament", toy, "--agents", "random,alphazero", "--games", "1"]) == 2


def test_an_agent_cannot_tell_a_re_deal_from_the_truth(toy: str) -> None:
    """Bots play fair: re-dealing only what a seat cannot see never changes a bot's move for its seed."""
    game = cattable.game(toy)
    for seed in range(10):
        state = game.new(players=3, seed=seed)
        other = state.determinize(0, random.Random(seed + 100))
        for spec in ("random", "mcts:iters=40"):
            a = make_agent(spec, game, seed=9).choose_with(state.view(0), state.legal_actions(), InfoSet(state, 0))
            b = make_agent(spec, game, seed=9).choose_with(other.view(0), other.legal_actions(), InfoSet(other, 0))
            assert a == b


def test_a_clean_sweep_still_gets_an_interval_of_real_width() -> None:
    elo = elo_with_intervals(2, [(0, 1, 1.0)] * 10)
    assert elo[0]["rating"] > elo[1]["rating"]
    assert elo[0]["high"] - elo[0]["low"] > 50
    assert elo[0]["low"] < elo[0]["rating"] < elo[0]["high"]
    wide = elo_with_intervals(2, [(0, 1, 1.0), (0, 1, 0.0)] * 5)
    narrow = elo_with_intervals(2, [(0, 1, 1.0), (0, 1, 0.0)] * 100)
    assert narrow[0]["high"] - narrow[0]["low"] < wide[0]["high"] - wide[0]["low"]


def test_a_game_may_set_its_own_levels_and_the_rest_stay_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    import cattable
    from cattable.agents import make_agent
    from cattable.agents.cafe import heuristic
    from cattable.agents.mcts import levels_for

    cafe = cattable.game("cafe")
    assert levels_for(cafe)["hard"] == heuristic.LEVELS["hard"] != LEVELS["hard"]
    assert levels_for(cafe)["medium"] == LEVELS["medium"]
    own = Budget(iterations=4321, max_seconds=1.5)
    monkeypatch.setattr(heuristic, "LEVELS", {"hard": own}, raising=False)
    assert levels_for(cafe)["hard"] == own and levels_for(cafe)["easy"] == LEVELS["easy"]
    bot = make_agent("mcts:hard/c=0.3", cafe)
    assert isinstance(bot, MCTSAgent) and bot.budget == Budget(4321, 1.5, exploration=0.3)
    assert levels_for(cattable.game("washi"))["hard"] == LEVELS["hard"]
