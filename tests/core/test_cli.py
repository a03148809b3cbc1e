"""The command line on the toy game: games, simulate, bench, play (with help/undo/quit) and replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.interfaces.cli.main import main
from cattable.interfaces.terminal import play, replay


def test_simulate_json_summary_is_consistent(toy: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "sim.png"
    code = main(["simulate", toy, "--games", "60", "--players", "3", "--workers", "2", "--json", "--plot", str(plot)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 60
    assert sum(row["wins"] for row in summary["seats"]) >= 60  # ties give a win to each tied seat
    assert plot.stat().st_size > 10_000


def test_simulate_is_reproducible_whatever_the_workers(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", toy, "--games", "20", "--players", "2", "--seed", "3", "--json"])
    one = json.loads(capsys.readouterr().out)
    main(["simulate", toy, "--games", "20", "--players", "2", "--seed", "3", "--workers", "2", "--json"])
    two = json.loads(capsys.readouterr().out)
    assert one["seats"] == two["seats"] and one["length"] == two["length"]


def test_bench_and_games_and_errors(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", toy, "--players", "2", "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["actions"] > 0 and figures["actions_per_second"] > 0
    assert main(["simulate", toy, "--players", "9", "--games", "1"]) == 2
    assert "allowed: 1 to 4" in capsys.readouterr().err
    assert main(["simulate", toy, "--option", "nope"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def _typed(lines: list[str]) -> Iterator[str]:
    yield from lines


def test_play_help_undo_and_a_record_at_the_end(toy: str, tmp_path: Path) -> None:
    game = cattable.game(toy)
    keys = _typed(["help", "fly", "stop", "undo", "stop"])
    state = play.start(
        game,
        players=2,
        bots=1,
        agent="random",
        seed=5,
        options={},
        save_to=tmp_path / "game.json",
        read=lambda prompt: next(keys),
    )
    assert state.is_over
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["actions"][0] == {"kind": "stop"}
    assert cattable.replay(record).snapshot() == state.snapshot()


def test_undo_is_refused_once_dice_have_been_rolled(toy: str, tmp_path: Path) -> None:
    game = cattable.game(toy)
    state = game.new(players=1, seed=5)
    table = play.TerminalGame(game, state, [0], {}, tmp_path / "g.json", read=lambda p: "quit")
    assert table.try_move(0, "roll")
    assert not table.undo(0)
    assert len(table.state.history) == 1


def test_replay_walks_every_position(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    state = cattable.game(toy).new(players=2, seed=8)
    agent = RandomAgent(1)
    while not state.is_over:
        state.apply(agent.choose({}, state.legal_actions()))
    keys = _typed(["", "b", ""] + [""] * 200)
    replay.run(state.record(), step=True, read=lambda p: next(keys))
    out = capsys.readouterr().out
    assert f"{len(state.history)}. " in out


@pytest.mark.slow
def test_simulate_on_ray_gives_the_same_games_as_the_process_pool(
    toy: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("CATTABLE_GAMES", "toy=tests.core.toy:ToyGame")  # Ray's workers are fresh processes
    monkeypatch.setenv("PYTHONPATH", str(root))
    main(["simulate", toy, "--games", "24", "--players", "2", "--seed", "5", "--json"])
    local = json.loads(capsys.readouterr().out)
    main(
        [
            "simulate",
            toy,
            "--games",
            "24",
            "--players",
            "2",
            "--seed",
            "5",
            "--json",
            "--backend",
            "ray",
            "--workers",
            "2",
        ]
    )
    on_ray = json.loads(capsys.readouterr().out)
    assert on_ray["seats"] == local["seats"] and on_ray["length"] == local["length"]


def test_a_sweep_of_summaries_is_plotted(toy: str, tmp_path: Path) -> None:
    from cattable.analysis.plots import plot_sweep
    from cattable.analysis.simulate import simulate, summarise

    summaries = []
    for seed in (1, 2):
        summary = summarise(toy, 2, ["random"], simulate(toy, 10, 2, ["random"], seed=seed))
        summary["options"] = {"seed": seed}
        summaries.append(summary)
    out = plot_sweep(summaries, "seed", tmp_path / "sweep.png")
    assert out.stat().st_size > 10_000


def test_batches_with_other_seeds_merge_into_one_summary(toy: str) -> None:
    from cattable.analysis.simulate import merge_summaries, simulate, summarise

    whole = summarise(toy, 2, ["random"], simulate(toy, 30, 2, ["random"], seed=0))
    parts = [
        summarise(toy, 2, ["random"], simulate(toy, 10, 2, ["random"], seed=0)),
        summarise(toy, 2, ["random"], simulate(toy, 20, 2, ["random"], seed=10)),
    ]
    for p in (whole, *parts):
        p["options"] = {}
    parts[0]["details"], parts[1]["details"] = {"floors": 1.0}, {"floors": 4.0}
    merged = merge_summaries(parts)
    assert merged["details"] == {"floors": 3.0}  # weighted by 10 and 20 games
    assert merged["games"] == 30
    assert [r["wins"] for r in merged["seats"]] == [r["wins"] for r in whole["seats"]]
    assert merged["length"]["mean"] == pytest.approx(whole["length"]["mean"])
    with pytest.raises(ValueError, match="same game"):
        merge_summaries([parts[0], {**parts[1], "players": 3}])


def test_bots_by_count_or_by_kind() -> None:
    assert play.bot_specs(2, "heuristic") == ["heuristic", "heuristic"]
    assert play.bot_specs("mcts:hard", "heuristic") == ["mcts:hard"]
    assert play.bot_specs("heuristic, mcts:easy", "random") == ["heuristic", "mcts:easy"]
    with pytest.raises(ValueError, match="count"):
        play.bot_specs("-1", "random")


def test_play_with_named_bots_fills_the_last_seats(toy: str, tmp_path: Path) -> None:
    game = cattable.game(toy)
    state = play.start(
        game,
        players=3,
        bots="random,mcts:easy",
        agent=None,
        seed=2,
        options={},
        save_to=tmp_path / "g.json",
        read=lambda prompt: "stop",
    )
    assert state.is_over
    with pytest.raises(ValueError, match="only 2 seats"):
        play.start(game, 2, "random,random,random", None, 1, {}, tmp_path / "h.json", read=lambda p: "stop")
    assert main(["play", toy, "--bots", "alphazero"]) == 2
