"""The moves each game's README shows are the game's: a table row giving a typed move and its JSON
(| `mark 2 3 yarn` | `{"kind": "mark", ...}` |) reads as the same action both ways, and the JSON is exactly
what ``to_json`` writes (issue #30: Cat Cafe's README still showed an old ``"type"`` key)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cattable

GAMES = Path(__file__).resolve().parents[2] / "src" / "cattable" / "games"
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*`(\{[^`]*\})`\s*\|", re.MULTILINE)
"""A table row whose first two cells are a typed move and a JSON object, each in backticks."""


def _rows() -> list[tuple[str, str, str]]:
    out = []
    for readme in sorted(GAMES.glob("*/README.md")):
        for typed, data in ROW.findall(readme.read_text(encoding="utf-8")):
            out.append((readme.parent.name, typed, data))
    return out


def test_the_readmes_show_moves_with_their_json() -> None:
    assert {game for game, _, _ in _rows()} >= {"cafe"}
    assert len(_rows()) >= 4


@pytest.mark.parametrize(("game", "typed", "data"), _rows(), ids=[f"{g}: {t}" for g, t, _ in _rows()])
def test_a_readmes_move_reads_the_same_typed_and_as_json(game: str, typed: str, data: str) -> None:
    rules = cattable.game(game)
    action = rules.parse_action(typed)
    assert rules.action_from_json(json.loads(data)) == action
    assert json.loads(data) == action.to_json()
    assert action.text() == typed
