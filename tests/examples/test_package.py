"""The example is a package like any other: its entry points name real objects, and its JSON Schemas
sit beside the game's module (where ``Game.schemas()`` looks), valid and in step with the parser."""

from __future__ import annotations

import importlib
import inspect
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from catnap.game import CatNapGame
from jsonschema import Draft202012Validator

import cattable
from cattable.agents import Agent
from cattable.core import InvalidAction

from . import EXAMPLE


def entry_points() -> dict[str, dict[str, str]]:
    """The ``[project.entry-points]`` table of the example's pyproject.toml."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups: dict[str, dict[str, str]] = project["entry-points"]
    return groups


def schema(kind: str) -> dict[str, Any]:
    """``schemas/<kind>.schema.json`` beside the module that defines the game class."""
    path = Path(inspect.getfile(CatNapGame)).parent / "schemas" / f"{kind}.schema.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_one_entry_point_names_the_game_class() -> None:
    groups = entry_points()
    assert groups["cattable.games"] == {"catnap": "catnap.game:CatNapGame"}
    module, _, attr = groups["cattable.games"]["catnap"].partition(":")
    cls = getattr(importlib.import_module(module), attr)
    assert cls is CatNapGame and cls.name == "catnap"
    assert isinstance(cattable.game("catnap"), CatNapGame)


def test_the_companions_are_a_heuristic_agent_and_a_drawing() -> None:
    groups = entry_points()
    heuristic = importlib.import_module(groups["cattable.heuristics"]["catnap"])
    assert issubclass(heuristic.HeuristicAgent, Agent)
    drawing = importlib.import_module(groups["cattable.drawings"]["catnap"])
    assert callable(drawing.render)


def test_the_schemas_are_shipped_with_the_package() -> None:
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schemas/*.json" in project["tool"]["setuptools"]["package-data"]["catnap"]
    assert project["project"]["dependencies"] == ["cattable"]


@pytest.mark.parametrize("kind", ["action", "view"])
def test_the_schemas_are_draft_2020_12(kind: str) -> None:
    data = schema(kind)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(data)


GOOD = [{"kind": "draw"}, {"kind": "nap", "colour": "black"}, {"kind": "nap", "colour": "white"}]
BAD: list[Any] = [
    None,
    17,
    ["draw"],
    {},
    {"kind": "nap"},
    {"kind": "nap", "colour": "purple"},
    {"kind": "nap", "colour": 3},
    {"kind": "draw", "colour": "black"},
    {"kind": "stop"},
    {"type": "draw"},
]


def test_the_action_schema_and_the_parser_agree() -> None:
    validator = Draft202012Validator(schema("action"))
    game = cattable.game("catnap")
    for data in GOOD:
        assert validator.is_valid(data)
        assert game.action_from_json(data).to_json() == data
    for data in BAD:
        assert not validator.is_valid(data), data
        with pytest.raises(InvalidAction):
            game.action_from_json(data)
