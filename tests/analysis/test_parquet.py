"""Parquet files of a batch: one row per game (and per action), read back into the same summaries."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from cattable.analysis.parquet import actions_path, column, read_games, write_games
from cattable.analysis.report_stats import Batch, first_player
from cattable.analysis.simulate import simulate


def test_games_round_trip_with_query_columns(tmp_path: Path) -> None:
    results = simulate("cafe", 12, 3, seed=5, with_actions=True)
    path = tmp_path / "games.parquet"
    written = write_games(path, [Batch("cafe", 3, ("heuristic",), {"mice": "cap"}, results)], with_actions=True)
    assert written == [path, tmp_path / "games.actions.parquet"]
    table = pq.read_table(path)
    assert table.num_rows == 12
    assert table.column("seed").to_pylist() == list(range(5, 17))
    yarn = table.column(column("seat0", "item:yarn")).to_pylist()
    assert yarn == [r.features["seats"][0].get("item:yarn") for r in results]
    back = read_games(path)
    assert len(back) == 1 and back[0].players == 3 and back[0].options == {"mice": "cap"}
    for a, b in zip(results, back[0].results, strict=True):
        assert (a.seed, a.winners, a.scores, a.actions, a.features) == (
            b.seed,
            b.winners,
            b.scores,
            b.actions,
            b.features,
        )
        assert json.loads(json.dumps(a.details)) == b.details
    moves = pq.read_table(actions_path(path))
    assert moves.num_rows == sum(r.actions for r in results)
    first = results[0].moves
    assert first is not None
    rows = moves.slice(0, 3).to_pylist()
    assert [(r["seat"], r["action"]) for r in rows] == list(first[:3])


def test_per_action_rows_need_the_actions(tmp_path: Path) -> None:
    results = simulate("cafe", 2, 2, seed=1)
    with pytest.raises(ValueError, match="--actions"):
        write_games(tmp_path / "g.parquet", [Batch("cafe", 2, ("heuristic",), {}, results)], with_actions=True)


def test_reading_something_else_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no such Parquet file"):
        read_games(tmp_path / "missing.parquet")
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet", encoding="utf-8")
    with pytest.raises(ValueError, match="not a games file"):
        read_games(bad)


def test_duckdb_reads_the_games_and_agrees_with_the_report(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    results = simulate("cafe", 30, 2, seed=3)
    batch = Batch("cafe", 2, ("heuristic",), {}, results)
    path = tmp_path / "games.parquet"
    write_games(path, [batch])
    query = f"SELECT avg(list_contains(winners, first_player)::INT), sum(actions) FROM '{path}'"
    ((first_won, actions),) = duckdb.sql(query).fetchall()
    expected = first_player(batch)
    assert expected is not None and first_won == pytest.approx(expected["rate"])
    assert actions == sum(r.actions for r in results)
