"""One descriptor per game: its parts beyond the rules are named once and found through the registry."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

import cattable
from cattable.core import GameDescriptor, Part, Parts
from cattable.core.registry import DRAWING_GROUP, HEURISTIC_GROUP, companion, descriptor


@pytest.mark.parametrize("name", ["cafe", "washi", "attack", "tower"])
def test_each_game_names_its_parts_once(name: str) -> None:
    found = cattable.descriptor(name)
    assert isinstance(found, GameDescriptor) and found.name == name and found.game is cattable.game(name)
    assert found.snapshot_form == found.game.snapshot_form
    heuristic, drawing, features = found.heuristic.load(), found.drawing.load(), found.features.load()
    assert isinstance(heuristic, ModuleType) and hasattr(heuristic, "HeuristicAgent")
    assert isinstance(drawing, ModuleType) and hasattr(drawing, "render")
    assert isinstance(features, ModuleType) and callable(features.features)
    assert found.encoding.declared and callable(found.encoding.load())
    assert companion(HEURISTIC_GROUP, name) is heuristic and companion(DRAWING_GROUP, name) is drawing


def test_only_the_tower_settles_and_has_a_box_but_no_fast_writer() -> None:
    for name in ("cafe", "washi", "attack", "tower"):
        found = descriptor(name)
        assert found.settle_recorder.declared == found.box_env.declared == (name == "tower")
        assert found.fast_writer.declared == (name != "tower")


def test_a_part_is_imported_only_when_asked() -> None:
    part: Part[ModuleType] = Part("tests.core.never_imported_module_xyz")
    assert part.declared and "tests.core.never_imported_module_xyz" not in sys.modules
    with pytest.raises(ModuleNotFoundError):  # declared but broken says so, never passes for absent
        part.load()
    assert Part[ModuleType]().load() is None and not Part[ModuleType]().declared


def test_a_game_with_no_parts_has_none(toy: str) -> None:
    found = descriptor(toy)
    assert found.parts == Parts() and found.heuristic.load() is None and found.drawing.load() is None
    assert companion(HEURISTIC_GROUP, toy) is None


def test_an_unknown_game_is_refused_with_the_known_names() -> None:
    with pytest.raises(ValueError, match="known games"):
        descriptor("nope")
