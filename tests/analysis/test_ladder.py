"""`cattable ladder`: one agent against the reference bots, with Elo placed by the rungs' own games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cattable.analysis.ladder import ladder_pairs, run_ladder, verdict
from cattable.interfaces.cli.main import main


def test_pairs_put_the_agent_against_every_rung_and_each_rung_against_the_next() -> None:
    assert ladder_pairs(3) == [(0, 1), (0, 2), (0, 3), (1, 2), (2, 3)]
    assert ladder_pairs(3, "none") == [(0, 1), (0, 2), (0, 3)]
    with pytest.raises(ValueError, match="adjacent"):
        ladder_pairs(2, "all")


def test_a_ladder_plays_only_its_pairings_and_places_the_agent() -> None:
    summary = run_ladder("cafe", "heuristic", 4, levels=["random", "mcts:iters=4"], seed=3)
    matrix = summary["matrix"]
    assert matrix[0][1]["games"] == matrix[0][2]["games"] == matrix[1][2]["games"] == 4
    assert [r["level"] for r in summary["rungs"]] == ["random", "mcts:iters=4"]
    assert summary["rungs"][0]["score"]["win_rate"] == 1.0  # the heuristic beats random at Cat Cafe
    assert summary["elo"]["heuristic"]["rating"] > summary["elo"]["random"]["rating"]
    assert summary["verdict"].startswith("heuristic beats random")
    with pytest.raises(ValueError, match="rung of the ladder"):
        run_ladder("cafe", "random", 2, levels=["random"])


def test_the_verdict_says_when_a_rung_is_within_noise() -> None:
    cell = {"win_rate": 0.5, "low": 0.3, "high": 0.7, "games": 20}
    summary = {"agent": "me", "rungs": [{"level": "heuristic", "score": cell}],
               "elo": {"me": {"rating": 1500, "low": 1400, "high": 1600}}}  # fmt: skip
    assert "is not told apart from heuristic" in verdict(summary)


def test_cli_ladder_prints_json_and_draws_the_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ladder.png"
    args = ["ladder", "washi", "--agent", "heuristic", "--levels", "random", "--games", "2", "--plot", str(plot)]
    assert main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["agent"] == "heuristic" and summary["pairings"] == 1
    assert plot.stat().st_size > 10_000
    assert main(["ladder", "washi", "--agent", "heuristic", "--levels", "random", "--games", "2"]) == 0
    assert "Elo" in capsys.readouterr().out
