"""The tower's published schemas say what its rules say: the placement ranges are the rules' own
constants, the words are the actions' own, and a spectator's view with a seat's goal hand is refused.

(The conformance playouts check that every view and legal action keeps to the schemas; this checks that
the schemas are no looser than the rules where they state a range or a list.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import cattable
from cattable.core import IllegalAction, InvalidAction
from cattable.games.tower import actions, menu, pieces, placing, reasons

GOLDEN = Path(__file__).parents[1] / "golden" / "data"


def _kinds() -> dict[str, dict[str, Any]]:
    schema = cattable.game("tower").schema("action")
    return {k["properties"]["kind"]["const"]: k for k in schema["oneOf"]}


def _resolve(field: dict[str, Any]) -> dict[str, Any]:
    defs = cattable.game("tower").schema("action")["$defs"]
    if "$ref" in field:
        return {**defs[field["$ref"].rpartition("/")[2]], **{k: v for k, v in field.items() if k != "$ref"}}
    return field


def _bounds(kind: str, name: str) -> tuple[float, float]:
    field = _resolve(_kinds()[kind]["properties"][name])
    return (field["minimum"], field["maximum"])


def test_every_action_kind_has_a_schema_with_the_actions_fields() -> None:
    kinds = _kinds()
    assert set(kinds) == {cls.__name__.lower() for cls in actions.ACTION_TYPES}  # Wall's kind is "wall"
    for cls in actions.ACTION_TYPES:
        kind, fields = cls.__name__.lower(), set(cls.__annotations__)  # the NamedTuple fields
        assert set(kinds[kind]["properties"]) == fields, kind
        assert set(kinds[kind]["required"]) == fields, kind


@pytest.mark.parametrize(
    ("kind", "name", "bounds"),
    [
        ("wall", "x", (-menu.XY_LIMIT, menu.XY_LIMIT)),
        ("cat", "y", (-menu.XY_LIMIT, menu.XY_LIMIT)),
        ("floor", "yaw", reasons.TURN),
        ("wall", "fold", placing.FOLD_RANGE),
        ("pet", "angle", reasons.TURN),
        ("pet", "height", reasons.PET_HEIGHT),
        ("pet", "push", reasons.PET_PUSH),
        ("move", "floor", (1, pieces.FLOORS)),
    ],
)
def test_placement_ranges_are_the_rules(kind: str, name: str, bounds: tuple[float, float]) -> None:
    assert _bounds(kind, name) == bounds


def test_words_are_the_actions_words() -> None:
    kinds = _kinds()
    assert kinds["wall"]["properties"]["type"]["enum"] == list(actions.WALL_TYPES)
    assert kinds["cat"]["properties"]["colour"]["enum"] == list(actions.COLOURS)
    assert kinds["choose"]["properties"]["side"]["enum"] == list(actions.SIDES)


def test_out_of_range_placements_are_refused_by_the_schema() -> None:
    validator = Draft202012Validator(cattable.game("tower").schema("action"))
    good = actions.Wall("wall", "bricks", 3.0, 3.0, -135.0, 90.0)
    assert validator.is_valid(good.to_json())
    for bad in (good._replace(x=4.6), good._replace(fold=20.0), good._replace(yaw=400.0)):
        assert not validator.is_valid(bad.to_json()), bad


def _golden_views(name: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for line in (GOLDEN / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("view "):
            who, _, data = line[5:].partition(": ")
            out.setdefault(who, json.loads(data))
    return out


def test_a_spectator_view_showing_a_hand_is_refused() -> None:
    """Hidden information: in the competitive game a seat sees its own Goal cards, a spectator counts only."""
    validator = Draft202012Validator(cattable.game("tower").schema("view"))
    views = _golden_views("tower-3p-seed4-random-edition=fr-mode=competitive.txt")
    spectator, seat0 = views["spectator"], views["0"]
    assert validator.is_valid(spectator) and validator.is_valid(seat0)
    assert not validator.is_valid({**spectator, "hands": seat0["hands"]})
    two_hands = [seat0["hands"][0], views["1"]["hands"][1], *seat0["hands"][2:]]
    assert isinstance(two_hands[0], list) and isinstance(two_hands[1], list)
    assert not validator.is_valid({**seat0, "hands": two_hands})  # a seat sees its own hand only
    assert not validator.is_valid({**seat0, "hands": views["spectator"]["hands"]})  # and does see its own
    assert not validator.is_valid({**seat0, "toto_name": "Toto"})  # the French table's Toto is Neko
    assert not validator.is_valid({**seat0, "goal_faceup": []})  # the competitive game shows no face-up goals


# -- the readers refuse what the schema refuses (issue #30: `card 7` and `floors -1` were read) -------------
_EDGES: dict[str, list[Any]] = {
    "whole": [-1, 0, 1, 2, 3, 4, 7, 24, 25, 10**6],
    "number": [
        -400.0,
        -360.04,
        -360,
        -4.55,
        -4.5,
        -0.0,
        0,
        0.45,
        0.5,
        1.0,
        2.04,
        4.5,
        4.54,
        20,
        20.04,
        29.96,
        30,
        180,
        180.04,
        360.0,
        361,
    ],
    "text": [
        "",
        "left",
        "right",
        "Left",
        "bricks",
        "granite",
        "blue",
        "C-blue-2",
        "c-blue-2",
        "C-blue-5",
        "toto",
        "B-red",
    ],
}
"""Values on and either side of every bound in the action schema, for each JSON type of field."""


def _field_type(kind: str, name: str) -> str:
    field = _resolve(_kinds()[kind]["properties"][name])
    if "anyOf" in field or field.get("type") == "string" or "enum" in field:
        return "text"
    return "whole" if field["type"] == "integer" else "number"


@st.composite
def _documents(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(_kinds())))
    names = [n for n in _kinds()[kind]["properties"] if n != "kind"]
    return {"kind": kind, **{n: draw(st.sampled_from(_EDGES[_field_type(kind, n)])) for n in names}}


def _read(data: Any) -> actions.TowerAction | None:
    try:
        return actions.action_from_json(data)
    except InvalidAction:
        return None


@settings(max_examples=600, deadline=None, database=None, derandomize=True)
@given(_documents())
def test_the_json_reader_reads_exactly_what_the_schema_allows(data: dict[str, Any]) -> None:
    valid = Draft202012Validator(cattable.game("tower").schema("action")).is_valid(data)
    read = _read(data)
    assert (read is not None) == valid, (data, read)
    if read is not None:
        assert actions.action_from_json(read.to_json()) == read


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(_documents())
def test_the_text_reader_reads_nothing_the_schema_refuses(data: dict[str, Any]) -> None:
    """The text form of the same document (``card 7``, ``goal 1 floors=-1``, ``move toto ...``): read only if
    the schema allows its JSON, else an ``InvalidAction``."""
    if data["kind"] == "choose":
        words = ["card", str(data["card"]), data["side"]]
    else:
        words = [data["kind"]] + [f"{k}={v}" for k, v in data.items() if k != "kind" and v != ""]
    validator = Draft202012Validator(cattable.game("tower").schema("action"))
    try:
        action = actions.parse_action(" ".join(words))
    except InvalidAction:
        return
    assert validator.is_valid(action.to_json()), (words, action)


@pytest.mark.parametrize(
    "text",
    [
        "card 7",
        "card 0",
        "goal 1 floors=-1",
        "goal 3 floors=1",
        "refresh 9",
        "cat blue floor=0 x=0 y=0 yaw=0",
        "move toto floor=4 x=0 y=0 yaw=0",
        "wall bricks x=4.6 y=0 yaw=0 fold=90",
        "pet angle=0 height=1 push=50",
    ],
)
def test_out_of_schema_actions_are_invalid_not_illegal_and_change_nothing(text: str) -> None:
    """docs/GAME-API.md: unreadable input is an ``InvalidAction``, never an ``IllegalAction``."""
    state = cattable.game("tower").new(players=2, seed=1, mode="competitive")
    before = json.dumps(state.snapshot(), sort_keys=True)
    for read in (lambda: actions.parse_action(text), lambda: state.apply_text(text)):
        with pytest.raises(InvalidAction, match=r"out of range|no Feline Friend") as refused:
            read()
        assert not isinstance(refused.value, IllegalAction)
    data = {**actions.parse_action("card 1").to_json(), "card": 7}
    with pytest.raises(InvalidAction, match="out of range"):
        actions.action_from_json(data)
    assert json.dumps(state.snapshot(), sort_keys=True) == before
