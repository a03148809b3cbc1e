"""The command line on the toy game: games, simulate, bench, play (with help/undo/quit) and replay."""

from __future__ import annotations

import argparse
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.capture import CaptureResult

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


@pytest.mark.parametrize(
    ("command", "told"),
    [
        (["simulate", "cafe", "--games", "3", "--option", "data.nope=3"], "unknown data path(s) nope"),
        (["simulate", "cafe", "--games", "3", "--players", "9"], "players=9 is not allowed"),
        (["tournament", "cafe", "--agents", "random,heuristic", "--games", "1", "--players", "9"], "players=9"),
    ],
)
def test_a_bad_table_is_refused_before_any_game_or_progress_bar(
    command: list[str], told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(command) == 2
    err = capsys.readouterr().err
    assert told in err and "0/" not in err and "Traceback" not in err, err


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
@pytest.mark.long  # starts a Ray cluster
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


# -- what a new user meets: seats, help, seeds, and mistakes answered without a traceback ----------------


def _no_traceback(captured: CaptureResult[str]) -> None:
    assert "Traceback" not in captured.out + captured.err


def test_one_player_plays_solo_and_the_bots_default_to_every_other_seat(tmp_path: Path) -> None:
    prompts: list[str] = []

    def person(prompt: str) -> str:
        prompts.append(prompt)
        return "quit"

    solo = play.start(cattable.game("cafe"), 1, None, None, 1, {}, tmp_path / "solo.json", read=person)
    assert prompts == ["You > "] and not solo.is_over
    prompts.clear()
    three = play.start(cattable.game("cafe"), 3, None, "random", 1, {}, tmp_path / "three.json", read=person)
    assert prompts == ["You > "] and three.current_player == 0  # seat 0 is the person's, 1 and 2 are bots


def test_players_out_of_range_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "cafe", "--players", "0"]) == 2
    captured = capsys.readouterr()
    assert "--players 0: Cat Cafe is played by 1 to 4 players" in captured.err
    _no_traceback(captured)
    assert main(["play", "washi", "--players", "1"]) == 2
    assert "2 to 6" in capsys.readouterr().err


def test_every_flag_says_what_it_does_and_its_default() -> None:
    from cattable.interfaces.cli.main import _HelpWithDefaults, _with_defaults_in_help, build_parser

    parser = _with_defaults_in_help(build_parser())
    formatter = _HelpWithDefaults("cattable")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    checked = 0
    for name, command in sub.choices.items():
        assert command.formatter_class is _HelpWithDefaults
        for action in command._actions:
            if not action.option_strings or action.dest == "help":
                continue
            text = formatter._get_help_string(action) or ""
            assert action.help, (name, action.dest)
            assert "default" in text or "required" in text, (name, action.dest, text)
            checked += 1
    assert checked > 25


def test_help_shows_defaults_and_version_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "(default: 100)" in out and "(default: processes)" in out and "(default: off)" in out
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("cattable ")


def test_games_shows_every_options_default(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cattable.interfaces.terminal.common import console

    monkeypatch.setattr(console, "width", 400)
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name in cattable.game_names():
        for option in cattable.game(name).describe()["options"]:
            assert f"default {option['default']!r}" in out, (name, option["name"])


def test_the_seed_is_random_unless_given_and_printed(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = []
    for k in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["play", toy, "--players", "2", "--save", str(tmp_path / f"{k}.json")]) == 0
        out = capsys.readouterr().out
        match = re.search(r"Seed (\d+): play this deal again with --seed (\d+)", out)
        assert match and match.group(1) == match.group(2)
        seeds.append(int(match.group(1)))
        assert json.loads((tmp_path / f"{k}.json").read_text())["seed"] == seeds[-1]
    assert seeds[0] != seeds[1]
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["play", toy, "--seed", "77", "--save", str(tmp_path / "s.json")])
    assert "Seed 77:" in capsys.readouterr().out


def test_a_path_that_cannot_be_written_is_refused_before_the_game(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    monkeypatch.setattr(play, "TerminalGame", None)  # the game must not even start
    for argv, said in (
        (["--save", str(a_file / "g.json")], "is a file, not a folder"),
        (["--save", str(tmp_path)], "is a folder; give a file name"),
        (["--pictures", str(a_file)], "is a file, not a folder"),
    ):
        assert main(["play", toy, *argv]) == 2
        captured = capsys.readouterr()
        assert said in captured.err, argv
        _no_traceback(captured)


def test_plot_to_a_missing_folder_is_refused_before_the_run(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cattable.analysis.simulate as sim

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started")

    monkeypatch.setattr(sim, "simulate", never)
    assert main(["simulate", toy, "--plot", str(tmp_path / "missing" / "p.png")]) == 2
    captured = capsys.readouterr()
    assert "the folder" in captured.err and "does not exist" in captured.err
    _no_traceback(captured)
    assert main(["tournament", toy, "--agents", "random,random", "--plot", str(tmp_path / "no" / "p.png")]) == 2
    assert "does not exist" in capsys.readouterr().err


def _tower_record() -> dict[str, object]:
    return cattable.game("tower").new(players=2, seed=1).record()


def test_render_out_to_a_missing_folder_or_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "tower.json"
    record.write_text(json.dumps(_tower_record()))
    assert main(["render", str(record), "--out", str(tmp_path / "missing" / "t.png")]) == 2
    captured = capsys.readouterr()
    assert "missing does not exist" in " ".join(captured.err.split())
    _no_traceback(captured)
    assert main(["render", str(record), "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_a_bad_record_file_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "cafe"}')
    cases = [
        (binary, "not UTF-8"),
        (tmp_path / "absent.json", "No such file"),
        (tmp_path, "it is a folder"),
        (broken, "is not a record that can be replayed"),
    ]
    for path, said in cases:
        for command in (["replay", str(path), "--no-step"], ["render", str(path), "--out", str(tmp_path / "o.png")]):
            code = main(command)
            captured = capsys.readouterr()
            err = " ".join(captured.err.split())
            if command[0] == "render" and path == broken:
                assert code == 2 and "no 3D picture" in err  # a Cat Cafe record: refused for what it is
                continue
            assert code == 2 and str(path) in err and said in err, (command, err)
            _no_traceback(captured)


def test_a_game_is_saved_somewhere_when_its_file_fails_at_the_end(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = cattable.game(toy)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    table = play.TerminalGame(game, game.new(players=1, seed=1), [0], {}, blocker / "g.json", read=lambda p: "stop")
    assert table.run().is_over
    out = " ".join(capsys.readouterr().out.split())
    assert "could not write" in out
    spare = re.search(r"Record saved to (\S+\.json)", out)
    assert spare and Path(spare.group(1)).exists()
    Path(spare.group(1)).unlink()


def test_the_cafe_log_shows_the_marks_once_revealed_and_sheet_n_draws_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cattable.agents import make_agent

    game = cattable.game("cafe")
    state = game.new(players=3, seed=2)
    bots = {s: make_agent("heuristic", game, seed=s) for s in (1, 2)}
    me = make_agent("heuristic", game, seed=0)
    typed = iter(["sheet 2", "sheet 9", "show"])

    def person(prompt: str) -> str:
        line = next(typed, None)
        if line is not None:
            return line
        if table.state.view(0)["round"] > 1:
            return "quit"
        return me.choose(table.state.view(0), table.state.legal_actions()).text()

    table = play.TerminalGame(game, state, [0], bots, tmp_path / "c.json", read=person)
    table.run()
    out = capsys.readouterr().out
    assert "seat 2 · " in out and "Which sheet?" in out
    assert "has chosen (revealed when everyone has)" in out  # a bot's mark, hidden when made
    final = table.state.view(0)
    for seat in (1, 2):
        from cattable.interfaces.terminal.drawings.cafe import _describe

        assert f"round 1, Bot {seat + 1}: {_describe(final['sheets'][seat]['last'])}" in out  # seats read from 1
