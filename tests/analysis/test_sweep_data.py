"""`cattable sweep` over a game's data paths (``--param data.PATH=LOW:HIGH``), end to end."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import cattable
from cattable.analysis.sweep import Param, parse_param
from cattable.interfaces.cli.main import main


def test_data_params_are_read_and_checked() -> None:
    assert parse_param("data.deck.cat3=1:6", "attack") == Param("data.deck.cat3", 1, 6)
    assert parse_param("data.walls.pillars=4.5:6", "tower") == Param("data.walls.pillars", 4.5, 6.0, step=0.1)
    assert parse_param("data.walls.pillars=4:6:0.5", "tower").step == 0.5
    assert parse_param("data.footprints.pass=1|3|5", "cafe").choices == (1, 3, 5)
    for bad, game, why in [
        ("data.deck.cat9=1:6", "attack", "no data path 'deck.cat9'; its paths: deck.cat1"),
        ("data.deck.cat3=1:40", "attack", "out of range"),
        ("data.deck.cat3=6:1", "attack", "LOW <= HIGH"),
        ("data.deck.cat3=1:6:2", "attack", "want data.deck.cat3=LOW:HIGH or"),
        ("data.walls.pillars=4:6:0", "tower", "step must be positive"),
        ("data.fish=1:3", "washi", "it has no tunable data"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_param(bad, game)


def test_a_cli_sweep_over_deck_counts_saves_trials_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["sweep", "attack", "--players", "2", "--param", "data.deck.speedy=0:12", "--param", "lives=2:3"]
    args += ["--target", "seat-balance", "--trials", "3", "--games", "3", "--out", str(out)]
    assert main(args) == 0
    result = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    assert result["params"] == ["data.deck.speedy=0:12", "lives=2:3"]
    rows = list(csv.DictReader((out / "trials.csv").open(encoding="utf-8")))
    assert len(rows) == 3 and all(0 <= int(r["data.deck.speedy"]) <= 12 for r in rows)
    assert set(result["best"]["setting"]) == {"data.deck.speedy", "lives"}
    assert (out / "sweep.png").stat().st_size > 0
    best = result["best"]["setting"]  # a game played with the best setting is an ordinary, replayable game
    state = cattable.game("attack").new(players=2, seed=0, **best)
    assert state.options["data"] == {"deck.speedy": best["data.deck.speedy"]}
    assert cattable.replay(state.record()).snapshot() == state.snapshot()
    assert main(["sweep", "attack", "--param", "data.deck.cat3=0:99", "--out", str(tmp_path / "x")]) == 2
