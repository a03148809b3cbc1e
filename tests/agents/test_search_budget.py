"""The search's savings and hooks: stopping early never changes the move; evaluators and custom bots plug in."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import cattable
from cattable.agents import Agent, InfoSet, RandomAgent, make_agent
from cattable.agents.budget import Budget
from cattable.agents.mcts import MCTSAgent, Node, _settled, make_mcts
from cattable.core import Action, State
from tests.agents.positions import toy_positions
from tests.core.toy import ToyAction


def test_settled_only_when_the_leader_cannot_be_caught() -> None:
    root = Node(None, 2)
    for visits, action in ((50, ToyAction("a")), (20, ToyAction("b"))):
        child = Node(0, 2)
        child.visits = visits
        root.children[action] = child
    assert _settled(root, 29)
    assert not _settled(root, 30)


def test_stopping_early_picks_the_same_move_as_the_full_budget(toy: str) -> None:
    budget = Budget(iterations=400, max_seconds=600)
    stopped = 0
    for state in toy_positions(toy, 12):
        seat = state.current_player
        assert seat is not None
        quick = MCTSAgent(seed=4, budget=budget)
        full = MCTSAgent(seed=4, budget=budget)
        full.stop_early = False
        a = quick.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
        b = full.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
        assert a == b
        assert full.last_iterations == 400
        stopped += quick.last_iterations < 400
    assert stopped > 0, "no position ever stopped early: the saving is not working"


def test_an_evaluator_judges_positions_after_the_rollout_depth(toy: str) -> None:
    calls: list[int] = []

    def judge(state: State) -> list[float]:
        calls.append(len(state.history))
        return [0.5] * state.players

    state = toy_positions(toy, 1)[0]
    seat = state.current_player
    assert seat is not None
    agent = MCTSAgent(seed=1, budget=Budget(iterations=30, max_seconds=60), evaluate=judge, rollout_depth=0)
    agent.stop_early = False
    agent.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
    assert len(calls) > 0 and all(n >= len(state.history) for n in calls)


def test_a_game_can_supply_its_own_search_bot(monkeypatch: pytest.MonkeyPatch, toy: str) -> None:
    made: list[tuple[str, int, int]] = []

    class Fixed(Agent):
        def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
            return legal[0]

    def search_agent(spec: str, budget: Budget, seed: int) -> Agent:
        made.append((spec, budget.iterations, seed))
        return Fixed(seed)

    import cattable.agents.cafe.heuristic as cafe_heuristic

    monkeypatch.setattr(cafe_heuristic, "search_agent", search_agent, raising=False)
    agent = make_mcts("mcts:hard", cattable.game("cafe"), 7)
    assert isinstance(agent, Fixed) and made == [("mcts:hard", cafe_heuristic.LEVELS["hard"].iterations, 7)]


def test_cafe_search_uses_the_sheet_evaluator() -> None:
    agent = make_agent("mcts:easy", cattable.game("cafe"), seed=0)
    assert isinstance(agent, MCTSAgent) and agent.evaluate is not None and agent.depth == 0
    state = cattable.game("cafe").new(players=2, seed=3)
    rng = random.Random(0)
    walker = RandomAgent(0)
    while not state.is_over and rng.random() < 0.97:
        state.apply(walker.choose({}, state.legal_actions()))
    assert agent.evaluate is not None
    values = agent.evaluate(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)


def test_the_towers_competitive_variant_is_a_tournament_game_and_the_base_game_is_not() -> None:
    from cattable.analysis.tournament import run_tournament

    tower = cattable.game("tower")
    assert tower.is_cooperative({}) and tower.is_cooperative({"mode": "coop"})
    assert not tower.is_cooperative({"mode": "competitive"})
    assert run_tournament("tower", ["random", "heuristic"], games=0, players=2, options={"mode": "competitive"}) == []
    with pytest.raises(ValueError, match="cooperative"):
        run_tournament("tower", ["random", "heuristic"], games=0, players=2)


def test_a_logged_tournament_resumes_where_it_stopped_with_the_same_games(toy: str, tmp_path: Path) -> None:
    from cattable.analysis.tournament import run_tournament

    agents = ["random", "mcts:iters=20"]
    log = tmp_path / "t.jsonl"
    first = run_tournament(toy, agents, games=3, players=2, seed=5, log=log)
    assert len(log.read_text().splitlines()) == 3
    played: list[int] = []
    resumed = run_tournament(toy, agents, games=6, players=2, seed=5, log=log, progress=played.append)
    straight = run_tournament(toy, agents, games=6, players=2, seed=5)
    assert sorted(resumed, key=lambda m: m.seed) == sorted(straight, key=lambda m: m.seed)
    assert resumed[:3] == first and sum(played) == 6 and played[0] == 3
    assert len(log.read_text().splitlines()) == 6


def test_a_tournament_log_from_another_game_setup_is_not_reused(toy: str, tmp_path: Path) -> None:
    import json

    from cattable.analysis.tournament import load_log, log_identity, run_tournament

    agents = ["random", "mcts:iters=20"]
    log = tmp_path / "t.jsonl"
    run_tournament(toy, agents, games=2, players=2, seed=5, log=log)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(r["game"] == toy and r["players"] == 2 and r["options"] == {} for r in rows)
    assert len(load_log(log, agents, log_identity(toy, 2, {}))) == 2
    assert load_log(log, agents, log_identity(toy, 3, {})) == {}
    assert load_log(log, agents, log_identity(toy, 2, {"mode": "x"})) == {}
    assert load_log(log, agents, log_identity("other", 2, {})) == {}


def test_a_tournament_log_keeps_each_games_cpu_seconds_and_reads_older_lines_without_them(
    toy: str, tmp_path: Path
) -> None:
    import json

    from cattable.analysis.tournament import load_log, log_identity, run_tournament

    agents = ["random", "mcts:iters=200"]
    log = tmp_path / "t.jsonl"
    run_tournament(toy, agents, games=2, players=2, seed=5, log=log)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(isinstance(r["seconds"], float) and r["seconds"] >= 0.0 for r in rows)
    assert any(r["seconds"] > 0.0 for r in rows)  # 200 iterations a move take measurable time
    old = {k: v for k, v in rows[0].items() if k != "seconds"}  # a line written before the field existed
    log.write_text(json.dumps(old) + "\n")
    (match,) = load_log(log, agents, log_identity(toy, 2, {})).values()
    assert match.seconds == 0.0 and match.score == rows[0]["score"]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_is_named_and_the_other_games_are_still_played_and_logged(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    """A bug that breaks one game (here: seed 12) must not stall or lose the rest of a long run."""
    import json

    import cattable.analysis.tournament as tournament

    real = tournament.play_match

    def broken(*args: *tournament.Job) -> tournament.Match:
        if args[6] == 12:
            raise ValueError("the rules refused a listed move")
        return real(*args)

    monkeypatch.setattr(tournament, "play_match", broken)
    log = tmp_path / "t.jsonl"
    with pytest.raises(tournament.TournamentError, match=r"random vs mcts:iters=20 on seed 12: ValueError: the rules"):
        tournament.run_tournament(
            toy, ["random", "mcts:iters=20"], games=5, players=2, seed=10, workers=workers, log=log
        )
    seeds = sorted(json.loads(line)["seed"] for line in log.read_text().splitlines())
    assert seeds == [10, 11, 13, 14]
    monkeypatch.setattr(tournament, "play_match", real)
    again = tournament.run_tournament(toy, ["random", "mcts:iters=20"], games=5, players=2, seed=10, log=log)
    assert [m.seed for m in again] == [10, 11, 12, 13, 14]  # resumed: only the failed game is played


def test_the_tournament_command_reports_a_failed_game_and_exits_1(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cattable.analysis.tournament as tournament
    from cattable.interfaces.cli.main import main

    def broken(*args: *tournament.Job) -> tournament.Match:
        raise ValueError("boom")

    monkeypatch.setattr(tournament, "play_match", broken)
    assert main(["tournament", toy, "--agents", "random,mcts:easy", "--games", "1"]) == 1
    assert "1 game(s) failed" in capsys.readouterr().err
