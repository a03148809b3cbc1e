"""A broken record is a ``RecordError`` that names what is wrong, never a ``TypeError`` or ``KeyError``.

Each case takes a real record (format 1 from ``data/format1``, or format 2 made by playing a seeded game)
and breaks it in one way: a field missing, unknown or of the wrong type, players out of range, an unknown
format, a chance outcome that does not fit its draw, an action unreadable or illegal, actions cut short.
The record given to ``replay`` is left as it was.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.core import RecordError

DATA = Path(__file__).parent / "data" / "format1"
Record = dict[str, Any]
Edit = Callable[[Record], None]


@cache
def _format1(name: str) -> str:
    return (DATA / f"{name}.json").read_text(encoding="utf-8")


@cache
def _format2() -> str:
    """A whole Cat Cafe game for three, played by random bots from seed 5, saved in today's format."""
    state = cattable.game("cafe").new(players=3, seed=5)
    agent = RandomAgent(seed=5)
    while not state.is_over:
        state.apply(agent.choose({}, state.legal_actions()))
    return json.dumps(state.record())


SOURCES: dict[str, Callable[[], str]] = {
    "format2-cafe": _format2,
    "format1-cafe": lambda: _format1("cafe-1p-seed12"),  # actions as {"type": ...}
    "format1-attack": lambda: _format1("attack-2p-seed15"),  # actions as text
    "format1-tower": lambda: _format1("tower-2p-seed17"),  # physics outcomes in the chance list
}


def _record(source: str) -> Record:
    record: Record = json.loads(SOURCES[source]())
    return record


def _drop(key: str) -> Edit:
    return lambda r: r.pop(key)


def _set(key: str, value: Any) -> Edit:
    return lambda r: r.__setitem__(key, value)


def _set_at(key: str, index: int, value: Any) -> Edit:
    return lambda r: r[key].__setitem__(index, value)


def _truncate_actions(r: Record) -> None:
    """Half the actions: the dice of the later rounds are left in the chance list, never drawn."""
    r["actions"] = r["actions"][: len(r["actions"]) // 2]


def _repeat_first_action(r: Record) -> None:
    """The first action played twice: Cat Cafe's spot is taken, Cat Attack's placement is done."""
    r["actions"].insert(1, r["actions"][0])


def _one_more_outcome(r: Record) -> None:
    r["chance"].append(r["chance"][-1])


def _swap_players(r: Record) -> None:
    """Solo Cat Cafe's record claiming two players: the actions no longer follow the game."""
    r["players"] = 2


# (edit, the records it applies to, a pattern the message must contain)
EVERY = tuple(SOURCES)
CASES: dict[str, tuple[Edit, tuple[str, ...], str]] = {
    # the fields themselves
    "missing format": (_drop("format"), EVERY, "no format"),
    "missing players": (_drop("players"), EVERY, "no players"),
    "missing seed": (_drop("seed"), EVERY, "no seed"),
    "missing options": (_drop("options"), EVERY, "no options"),
    "missing actions": (_drop("actions"), EVERY, "no actions"),
    "missing chance": (_drop("chance"), EVERY, "no chance"),
    "missing game": (_drop("game"), EVERY, "'game'"),
    "unknown field": (_set("comment", "hi"), EVERY, "unknown record field.*comment"),
    # format
    "format as text": (_set("format", "2"), EVERY, "'format' must be a whole number"),
    "format as true": (_set("format", True), EVERY, "'format' must be a whole number"),
    "format 3": (_set("format", 3), EVERY, "record format 3 is not known"),
    "format 0": (_set("format", 0), EVERY, "record format 0 is not known"),
    # game
    "unknown game": (_set("game", "chess"), EVERY, "'game': 'chess' is not a known game"),
    "game as a number": (_set("game", 4), EVERY, "'game': 4 is not a known game"),
    # players and seed
    "players as text": (_set("players", "3"), EVERY, "'players' must be a whole number"),
    "players as a float": (_set("players", 3.0), EVERY, "'players' must be a whole number"),
    "players 0": (_set("players", 0), EVERY, "'players': 0 is not allowed"),
    "players 99": (_set("players", 99), EVERY, "'players': 99 is not allowed"),
    "seed as text": (_set("seed", "12"), EVERY, "'seed' must be a whole number"),
    "seed missing a value": (_set("seed", None), EVERY, "'seed' must be a whole number"),
    # options
    "options as a list": (_set("options", []), EVERY, "'options' must be an object"),
    "unknown option": (_set("options", {"no_such_option": 1}), EVERY, "'options':.*no_such_option"),
    "bad option value": (
        _set("options", {"mice": "sometimes"}),
        ("format2-cafe", "format1-cafe"),
        "'options':.*mice",
    ),
    "cafe option for attack": (_set("options", {"mice": "cap"}), ("format1-attack",), "'options':.*mice"),
    # the lists
    "actions as an object": (_set("actions", {}), EVERY, "'actions' must be a list"),
    "chance as text": (_set("chance", "dice"), EVERY, "'chance' must be a list"),
    "an action of no kind": (_set_at("actions", 3, {"kind": "nonsense"}), EVERY, r"'actions\[3\]'"),
    "an action as a number": (_set_at("actions", 2, 42), EVERY, r"'actions\[2\]'"),
    "an action as a list": (_set_at("actions", 0, ["mark"]), EVERY, r"'actions\[0\]'"),
    "an action as unreadable text": (_set_at("actions", 1, "fly away"), EVERY, r"'actions\[1\]'"),
    "an action missing a field": (
        _set_at("actions", 0, {"kind": "mark"}),
        ("format2-cafe", "format1-cafe"),
        r"'actions\[0\]'",
    ),
    # the replay
    "an illegal action": (_repeat_first_action, EVERY, r"action 1 \(.*\) does not replay"),
    "players changed": (_swap_players, ("format1-cafe",), "does not replay|'chance'|chance\\["),
    "truncated actions": (_truncate_actions, EVERY, "'chance' has [0-9]+ outcome"),
    "one outcome too many": (_one_more_outcome, EVERY, "'chance' has 1 outcome"),
    "a die as text": (_set_at("chance", 0, "six"), ("format2-cafe", "format1-cafe"), r"chance\[0\] must be"),
    "a die of 7": (_set_at("chance", 1, 7), ("format2-cafe", "format1-cafe"), r"chance\[1\] must be"),
    "a die of 0": (_set_at("chance", 0, 0), ("format2-cafe", "format1-cafe"), r"chance\[0\] must be"),
    "a shuffle that is no ordering": (_set_at("chance", 0, [0, 0, 1]), ("format1-attack",), r"chance\[0\] must be"),
    "a shuffle as a number": (_set_at("chance", 0, 3), ("format1-attack",), r"chance\[0\] must be"),
    "a hand's slip as text": (_set_at("chance", 4, "x"), ("format1-tower",), r"chance\[4\] must be"),
    # a physics outcome is the game's own JSON: the core cannot check it, so the replay names the step
    "a physics outcome that is a number": (_set_at("chance", 0, 5), ("format1-tower",), "the setup does not replay"),
    "a physics outcome with no reading": (_set_at("chance", 0, {}), ("format1-tower",), "the setup does not replay"),
}

PARAMS = [
    pytest.param(case, source, id=f"{source}-{case.replace(' ', '-')}")
    for case, (_, sources, _) in CASES.items()
    for source in sources
]


@pytest.mark.parametrize(("case", "source"), PARAMS)
def test_a_broken_record_is_a_record_error_naming_the_field(case: str, source: str) -> None:
    edit, _, pattern = CASES[case]
    record = _record(source)
    edit(record)
    given = copy.deepcopy(record)
    with pytest.raises(RecordError, match=pattern):
        cattable.replay(record)
    assert record == given, "replay changed the record it was given"


@pytest.mark.parametrize("source", EVERY)
def test_the_unbroken_records_replay(source: str) -> None:
    """The records the cases break are good ones: every error above comes from its one edit."""
    record = _record(source)
    state = cattable.replay(record)
    assert len(state.history) == len(record["actions"]) > 4
    assert state.record()["format"] == 2


@pytest.mark.parametrize("source", EVERY)
def test_a_record_checked_by_its_game_names_the_field_too(source: str) -> None:
    """``Game.replay`` (not only ``cattable.replay``) checks every field: a record with no game, or
    another game's, is refused by name."""
    record = _record(source)
    game = cattable.game(record["game"])
    del record["game"]
    with pytest.raises(RecordError, match="no game"):
        game.replay(record)
    record["game"] = "washi" if game.name != "washi" else "cafe"
    with pytest.raises(RecordError, match=f"'game': this record is for '{record['game']}'"):
        game.replay(record)


@pytest.mark.parametrize("record", [[], "record", None, 17], ids=["list", "text", "null", "number"])
def test_a_record_that_is_not_an_object(record: Any) -> None:
    with pytest.raises(RecordError, match="record"):
        cattable.replay(record)


def test_format1_text_in_a_format2_record_is_refused() -> None:
    """Format 2 writes every action as JSON: a text action is format 1's, and is read only there."""
    record = _record("format1-attack")
    record["format"] = 2
    with pytest.raises(RecordError, match=r"'actions\[0\]'"):
        cattable.replay(record)
