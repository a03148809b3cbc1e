"""The fast encoder keeps the bytes that matter: a position's hash is the standard encoder's, byte for byte
(stored events are checked against it when a table replays), and a frame reads back as the same message."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import struct
from typing import Any

import pytest

from cattable.core import game as get_game
from cattable.core import game_names
from cattable.server.encoding import canonical, frame
from cattable.server.store import SeatRow, TableRow
from cattable.server.table import Table


def _standard(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode()


def _floats(n: int) -> list[float]:
    """Floats of every magnitude: random bit patterns and short decimals scaled by powers of ten."""
    rng = random.Random(3)
    out: list[float] = [1e16, 1e-5, 1.5e-7, 0.0001, 9.99e-5, 1e22, 5e-324, -0.0, 100.0, 0.1]
    while len(out) < n:
        if rng.random() < 0.5:
            x = struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0]
        else:
            x = round(rng.random(), rng.randint(0, 17)) * 10.0 ** rng.randint(-25, 25)
        if math.isfinite(x):
            out.append(x)
    return out


def test_every_float_is_written_as_the_standard_encoder_writes_it() -> None:
    values = _floats(20_000)
    for x in values:
        assert canonical(x) == _standard(x), x
    assert canonical({"xs": values}) == _standard({"xs": values})


@pytest.mark.parametrize(
    "value",
    [
        "caf\u00e9 \u732b \U0001f408",  # escaped as \\uXXXX by the standard encoder
        "del\x7f",
        '\x00\x1f\n\t"\\/',
        2**64,  # beyond orjson's integers
        {"b": [1, (2, 3)], "a": {"z": None, "y": True}},
        {"k": "\u00e9"},
    ],
)
def test_values_orjson_writes_differently_take_the_standard_path(value: Any) -> None:
    assert canonical(value) == _standard(value)


def test_anything_but_plain_json_falls_back_to_the_standard_encoder_and_its_repr() -> None:
    @dataclasses.dataclass
    class Point:
        x: int

    class Name(str):
        pass

    for value in [{"p": Point(1)}, [Name("n")], {"d": {1: 2}}]:
        assert canonical(value) == _standard(value)


def _table(game_name: str, players: int, seed: int) -> Table:
    state = get_game(game_name).new(players, seed)
    row = TableRow("t", game_name, players, seed, state.options, "public", "test", "running", "", [], "")
    return Table(row=row, seats=[SeatRow(i, f"seat{i}", None, 0) for i in range(players)], state=state)


@pytest.mark.parametrize("game_name", [g for g in game_names() if g != "tower"])
def test_views_of_played_positions_hash_and_encode_as_before(game_name: str) -> None:
    """Every game's views through a random game (the tower's physics is too slow for here; its views go
    through the same checks): the hash input is the standard bytes, and each seat's message reads back."""
    game = get_game(game_name)
    players = max(2, game.min_players)
    table = _table(game_name, players, seed=11)
    rng = random.Random(11)
    checked = 0
    while not table.over and checked < 40:
        snap = {"seats": [table.view(s) for s in range(players)], "spectator": table.view(None)}
        assert canonical(snap) == _standard(snap)
        for viewer in table.viewers():
            msg = table.seat_message(viewer)
            assert json.loads(frame(msg)) == json.loads(json.dumps(msg))
        legal = table.state.legal_actions()
        table.state.apply(legal[rng.randrange(len(legal))])
        checked += 1
    assert checked > 5


def test_a_frame_reads_back_as_the_message() -> None:
    msg = {"type": "state", "n": 2**70, "int_keys": {3: "c"}, "text": "caf\u00e9", "xs": [0.1, 1e-5, None]}
    assert json.loads(frame(msg)) == json.loads(json.dumps(msg))
    assert json.loads(frame({"small": 1})) == {"small": 1}
