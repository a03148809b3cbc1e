"""`simulate --export`: learning rows (observation, mask, action index, reward) that replay the games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import cattable
from cattable.analysis.export import export_rows
from cattable.analysis.simulate import simulate
from cattable.interfaces.cli.main import main
from cattable.rl.encodings import encoding
from cattable.rl.rewards import rewards_of


@pytest.mark.parametrize(("name", "players"), [("cafe", 3), ("attack", 2)])
def test_rows_have_the_encodings_shapes_and_replay_the_games(name: str, players: int) -> None:
    game = cattable.game(name)
    results = simulate(name, 3, players, ["heuristic"], seed=40, with_actions=True)
    enc = encoding(name, players, game.validated_options(players, {}))
    rows = export_rows(name, players, {}, results, enc, lambda s: rewards_of(s, "margin"))
    n = sum(r.actions for r in results)
    assert rows["observation"].shape == (n, enc.observation_size) and rows["observation"].dtype == np.float32
    assert rows["mask"].shape == (n, enc.num_actions) and rows["mask"].dtype == np.int8
    assert rows["action"].shape == rows["reward"].shape == rows["done"].shape == (n,)
    assert (rows["mask"][np.arange(n), rows["action"]] == 1).all()  # every chosen action is in its mask
    for g, summary in enumerate(results):  # replay each game from its seed by the rows' indexes alone
        mine = np.flatnonzero(rows["game"] == g)
        state = game.new(players=players, seed=summary.seed)
        for row in mine:
            seat = int(rows["seat"][row])
            assert state.current_player == seat
            assert np.array_equal(enc.observe(state.view(seat)), rows["observation"][row])
            assert np.array_equal(enc.mask(state.legal_actions()), rows["mask"][row])
            state.apply(enc.actions[int(rows["action"][row])])
        assert state.is_over and tuple(state.result().winners) == summary.winners
        final = rewards_of(state, "margin")
        for seat in range(players):  # the reward comes once, on the seat's last row; the return on every row
            its = mine[rows["seat"][mine] == seat]
            assert rows["done"][its].tolist() == [False] * (len(its) - 1) + [True]
            assert rows["reward"][its].tolist() == [0.0] * (len(its) - 1) + [pytest.approx(final[seat])]
            assert np.allclose(rows["return"][its], final[seat])


def test_rows_need_the_games_actions() -> None:
    results = simulate("cafe", 1, 2, ["random"], seed=0)
    with pytest.raises(ValueError, match="with_actions"):
        export_rows("cafe", 2, {}, results, encoding("cafe", 2, {}), lambda s: rewards_of(s))


def test_cli_export_writes_an_npz_that_loads_without_pickles(tmp_path: Path) -> None:
    out = tmp_path / "rows.npz"
    args = ["simulate", "cafe", "--games", "4", "--players", "2", "--agents", "heuristic,random"]
    assert main([*args, "--export", str(out), "--export-reward", "score"]) == 0
    with np.load(out) as f:  # allow_pickle is off by default: plain arrays only
        meta = json.loads(str(f["meta"]))
        assert meta["game"] == "cafe" and meta["reward"] == "score" and meta["games"] == 4
        assert f["observation"].shape == (meta["rows"], meta["observation_size"])
        assert f["action_text"].shape == (meta["actions"],) and f["action_text"][156] == "pass"
        assert f["done"].sum() == 8  # one last row per seat per game
        assert (f["reward"][f["done"]] > 0).all()  # Cat Cafe scores are positive
