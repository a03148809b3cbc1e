"""The same seeds give the same games, features and actions on the process pool and on Ray."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from cattable.analysis.parquet import write_games
from cattable.analysis.report_stats import Batch
from cattable.analysis.simulate import simulate

pytest.importorskip("ray")


@pytest.mark.slow
@pytest.mark.long  # starts a Ray cluster
def test_ray_and_processes_give_identical_summaries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2] / "src"))  # Ray's fresh workers
    pool = simulate("cafe", 60, 3, seed=11, workers=2, with_actions=True)
    on_ray = simulate("cafe", 60, 3, seed=11, workers=2, backend="ray", with_actions=True)
    assert [r.seed for r in on_ray] == list(range(11, 71))
    assert on_ray == pool  # winners, scores, lengths, details, features and every action with its seat
    files = []
    for name, results in (("pool", pool), ("ray", on_ray)):
        files.append(write_games(tmp_path / f"{name}.parquet", [Batch("cafe", 3, ("heuristic",), {}, results)])[0])
    assert pq.read_table(files[0]).equals(pq.read_table(files[1]))
