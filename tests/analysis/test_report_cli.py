"""`cattable report`, `cattable sweep` and `simulate --parquet` from the command line, on small batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from cattable.analysis import sweep as sweep_module
from cattable.analysis.simulate import GameSummary, simulate
from cattable.analysis.sweep import Target, parse_param, parse_target, run_sweep
from cattable.interfaces.cli.main import main


def test_report_writes_page_plots_stats_and_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report"
    assert main(["report", "cafe", "--games", "16", "--players", "2,3", "--out", str(out), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert [b["players"] for b in stats["batches"]] == [2, 3] and stats["games"] == 32
    for name in ("index.html", "stats.json", "seats.png", "first-player.png", "lengths.png", "games.parquet"):
        assert (out / name).stat().st_size > 0, name
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "First-player advantage" in page and "What goes with winning" in page
    assert pq.read_table(out / "games.parquet").num_rows == 32
    again = tmp_path / "again"
    parquet = str(out / "games.parquet")
    assert main(["report", "cafe", "--from-parquet", parquet, "--out", str(again), "--json"]) == 0
    redone = json.loads(capsys.readouterr().out)
    assert redone["batches"] == stats["batches"]  # the same figures from the saved games
    assert redone["files"]["games"] == parquet and "games.parquet" in (again / "index.html").read_text()


def test_report_grid_over_option_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "grid"
    args = ["report", "cafe", "--games", "6", "--players", "2", "--option", "mice=cap,repeat", "--out", str(out)]
    assert main([*args, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert [b["options"] for b in stats["batches"]] == [{"mice": "cap"}, {"mice": "repeat"}]


def test_report_refuses_bad_input_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r"
    assert main(["report", "cafe", "--games", "5", "--players", "2,9", "--out", str(out)]) == 2
    assert "1 to 4 players" in capsys.readouterr().err
    assert main(["report", "cafe", "--games", "5", "--option", "mice=lots", "--out", str(out)]) == 2
    assert "mice" in capsys.readouterr().err
    assert not out.exists()


def test_simulate_parquet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sim.parquet"
    assert (
        main(["simulate", "cafe", "--games", "8", "--players", "2", "--parquet", str(path), "--actions", "--json"]) == 0
    )
    summary = json.loads(capsys.readouterr().out)
    table = pq.read_table(path)
    assert table.num_rows == 8 and sum(table.column("actions").to_pylist()) == summary["length"]["mean"] * 8
    assert pq.read_table(tmp_path / "sim.actions.parquet").num_rows == sum(table.column("actions").to_pylist())
    assert main(["simulate", "cafe", "--games", "2", "--actions"]) == 2
    assert main(["simulate", "cafe", "--games", "2", "--parquet", str(tmp_path / "no" / "x.parquet")]) == 2


def test_sweep_params_and_targets_are_checked() -> None:
    assert parse_param("goal_floor=11:17", "tower").choices == (13, 15, 17)
    assert parse_param("lives=3:9", "attack").low == 3
    assert parse_param("map=standard|long", "washi").choices == ("standard", "long")
    for bad, why in [("speed=1:3", "options"), ("lives=9:3", "LOW <= HIGH"), ("goal_floor=1:5", "no allowed")]:
        with pytest.raises(ValueError, match=why):
            parse_param(bad, "tower" if "goal" in bad else "attack")
    assert parse_target("seat0=0.25") == Target("seat0", 0.25)
    balance = parse_target("seat-balance")
    summary = {"players": 2, "seats": [{"win_rate": 0.6}, {"win_rate": 0.4}]}
    assert balance.distance(summary) == pytest.approx(0.1)
    tied = {"players": 2, "seats": [{"win_rate": 0.6}, {"win_rate": 0.6}]}  # every game shared: balanced
    assert balance.distance(tied) == 0.0
    for bad in ("seat0=2", "length=-1", "fairness", "team=x"):
        with pytest.raises(ValueError):
            parse_target(bad)


def test_sweep_finds_the_solo_target_that_wins_half(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []

    def counted(*args: Any, **kwargs: Any) -> list[GameSummary]:
        calls.append(dict(kwargs["options"]))
        return simulate(*args, **kwargs)

    monkeypatch.setattr(sweep_module, "simulate", counted)
    params = [parse_param("solo_target=60:160", "cafe")]
    result = run_sweep("cafe", params, Target("team", 0.5), trials=8, games=10, players=1, seed=2, confirm=0)
    rows = result["trials"]
    assert len(rows) == 8 and len(calls) == sum(not r["repeat"] for r in rows)  # a setting is played once
    best = min(rows, key=lambda r: r["distance"])
    assert result["best"]["distance"] == best["distance"]
    assert all(r["distance"] == pytest.approx(abs(r["team"] - 0.5), abs=1e-4) for r in rows)
    assert (
        main(
            [
                "sweep",
                "cafe",
                "--param",
                "solo_target=60:160",
                "--target",
                "team=0.5",
                "--trials",
                "3",
                "--games",
                "5",
                "--players",
                "1",
                "--out",
                str(tmp_path / "s"),
            ]
        )
        == 0
    )
    for name in ("trials.csv", "sweep.json", "sweep.png"):
        assert (tmp_path / "s" / name).stat().st_size > 0
