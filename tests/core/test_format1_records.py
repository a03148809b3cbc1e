"""Records saved in format 1 (before actions shared one JSON shape) still replay, to the same game.

Each ``data/format1/*.json`` is a real record saved by cattable 0.1 with its ``.expected.json`` beside
it: every seat's final view, the spectator's, and the result, written when the record was made.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cattable

DATA = Path(__file__).parent / "data" / "format1"
RECORDS = sorted(p for p in DATA.glob("*.json") if not p.name.endswith(".expected.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_format1_record_replays_to_the_same_game(path: Path) -> None:
    record = _load(path)
    assert record["format"] == 1
    expected = _load(path.with_name(path.stem + ".expected.json"))
    state = cattable.replay(record)
    assert state.is_over == expected["is_over"]
    assert len(state.history) == expected["actions"]
    views = [state.view(s) for s in [*range(state.players), None]]
    assert json.loads(json.dumps(views)) == expected["views"]
    if state.is_over:
        assert state.result().to_json() == expected["result"]
    # saved again, it is a record of today's format that replays the same way
    again = cattable.replay(json.loads(json.dumps(state.record())))
    assert json.dumps(again.view(None), sort_keys=True) == json.dumps(state.view(None), sort_keys=True)


def test_every_game_has_a_format1_record() -> None:
    assert {p.name.split("-")[0] for p in RECORDS} == set(cattable.game_names())
