"""Large batches as Parquet: one row per game (and, when asked, one per action), for pandas, polars, DuckDB.

The games file has a column per figure a designer queries (``seat0_item_yarn``, ``game_map``, ``winners``)
and, beside them, the game's summary as JSON (``details``, ``features``) so that ``cattable report
--from-parquet`` rebuilds the very summaries it was written from. Rows are written in groups, so a batch
of 100,000 games never needs its table in memory twice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .report_stats import Batch
from .simulate import GameSummary

ROW_GROUP = 5_000
FIXED = ("game", "players", "agents", "options", "seed", "winners", "scores", "team_win", "actions", "first_player")


def _pa() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ModuleNotFoundError as exc:
        raise ValueError("Parquet needs pyarrow: pip install 'cattable[reports]'") from exc
    return pa, pq


def column(prefix: str, key: str) -> str:
    """A feature's column name, plain enough for SQL: ``seat0`` + ``item:yarn`` gives ``seat0_item_yarn``."""
    return f"{prefix}_{re.sub(r'[^0-9A-Za-z]+', '_', key).strip('_')}"


def actions_path(path: Path) -> Path:
    """Where the per-action rows of ``games.parquet`` go: ``games.actions.parquet`` beside it."""
    return path.with_name(path.name.removesuffix(".parquet") + ".actions.parquet")


def _flat_columns(batches: Sequence[Batch]) -> dict[str, Any]:
    """Every flat feature column of the batch and its Arrow type (numbers as float64, the rest text)."""
    pa, _ = _pa()
    types: dict[str, Any] = {}
    for b in batches:
        for r in b.results:
            for key, value in r.features.get("game", {}).items():
                types.setdefault(column("game", key), pa.string() if isinstance(value, str) else pa.float64())
            for seat, row in enumerate(r.features.get("seats", [])):
                for key in row:
                    types.setdefault(column(f"seat{seat}", key), pa.float64())
    return dict(sorted(types.items()))


def _game_row(b: Batch, r: GameSummary, flat: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(flat)
    row.update(
        game=b.game,
        players=b.players,
        agents=",".join(b.agents),
        options=json.dumps(b.options, sort_keys=True),
        seed=r.seed,
        winners=list(r.winners),
        scores=None if r.scores is None else list(r.scores),
        team_win=r.team_win,
        actions=r.actions,
        first_player=r.features.get("first_player"),
        details=json.dumps(r.details, sort_keys=True),
        features=json.dumps(r.features, sort_keys=True),
    )
    for key, value in r.features.get("game", {}).items():
        row[column("game", key)] = value
    for seat, seat_row in enumerate(r.features.get("seats", [])):
        for key, value in seat_row.items():
            row[column(f"seat{seat}", key)] = value
    return row


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def write_games(path: str | Path, batches: Sequence[Batch], with_actions: bool = False) -> list[Path]:
    """Write one row per game to ``path`` (and per action beside it); returns the files written."""
    pa, pq = _pa()
    path = Path(path)
    flat = _flat_columns(batches)
    schema = pa.schema(
        [
            ("game", pa.string()),
            ("players", pa.int64()),
            ("agents", pa.string()),
            ("options", pa.string()),
            ("seed", pa.int64()),
            ("winners", pa.list_(pa.int64())),
            ("scores", pa.list_(pa.float64())),
            ("team_win", pa.bool_()),
            ("actions", pa.int64()),
            ("first_player", pa.int64()),
            ("details", pa.string()),
            ("features", pa.string()),
            *flat.items(),
        ]
    )
    written = [path]
    with pq.ParquetWriter(path, schema) as out:
        for b in batches:
            for part in _chunks(b.results, ROW_GROUP):
                out.write_table(pa.Table.from_pylist([_game_row(b, r, flat) for r in part], schema=schema))
    if with_actions:
        written.append(_write_actions(actions_path(path), batches))
    return written


def _write_actions(path: Path, batches: Sequence[Batch]) -> Path:
    pa, pq = _pa()
    schema = pa.schema(
        [
            ("players", pa.int64()),
            ("options", pa.string()),
            ("seed", pa.int64()),
            ("index", pa.int64()),
            ("seat", pa.int64()),
            ("action", pa.string()),
        ]
    )
    with pq.ParquetWriter(path, schema) as out:
        for b in batches:
            options = json.dumps(b.options, sort_keys=True)
            for part in _chunks(b.results, ROW_GROUP // 10):
                cols: dict[str, list[Any]] = {name: [] for name in schema.names}
                for r in part:
                    if r.moves is None:
                        raise ValueError("per-action rows need games simulated with their actions (--actions)")
                    for i, (seat, text) in enumerate(r.moves):
                        cols["seed"].append(r.seed)
                        cols["index"].append(i)
                        cols["seat"].append(seat)
                        cols["action"].append(text)
                k = len(cols["seed"])
                cols["players"] = [b.players] * k
                cols["options"] = [options] * k
                out.write_table(pa.table(cols, schema=schema))
    return path


def read_games(path: str | Path) -> list[Batch]:
    """The batches in a games file written by ``write_games`` (one per player count and options)."""
    _, pq = _pa()
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path}: no such Parquet file")
    try:
        table = pq.read_table(path, columns=[*FIXED, "details", "features"])
    except Exception as exc:  # pyarrow raises its own types for a file that is not ours or not Parquet
        raise ValueError(f"{path}: not a games file written by cattable ({exc})") from exc
    groups: dict[tuple[str, int, str, str], list[GameSummary]] = {}
    for row in table.to_pylist():
        key = (row["game"], row["players"], row["agents"], row["options"])
        summary = GameSummary(
            seed=row["seed"],
            winners=tuple(row["winners"]),
            scores=None if row["scores"] is None else tuple(row["scores"]),
            team_win=row["team_win"],
            actions=row["actions"],
            details=json.loads(row["details"]),
            features=json.loads(row["features"]),
        )
        groups.setdefault(key, []).append(summary)
    return [
        Batch(game, players, tuple(agents.split(",")), json.loads(options), results)
        for (game, players, agents, options), results in groups.items()
    ]
