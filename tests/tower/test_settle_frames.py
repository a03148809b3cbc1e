"""The settle recorder (physics/settling.py ``recording``) the table server streams to the browsers: frames
about 30 times a simulated second with only the pieces that move, ending where the record's poses are, and
nothing of it in the game: the same record and state hash with and without recording."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cattable.core import Action
from cattable.games.tower.actions import Choose, Floor, Wall
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.settling import FRAME_SECONDS, MOVED_CM, TURNED, recording
from cattable.server.table import state_hash

from .helpers import CORNER_A, CORNER_B, new

pytestmark = pytest.mark.physics

STOREY: list[Action] = [
    Choose("choose", 1, "left"),
    Wall("wall", "bricks", *CORNER_A, 90.0),
    Wall("wall", "bricks", *CORNER_B, 90.0),
    Floor("floor", 0.0, 0.0, 0.0),
]


def _recorded(seed: int) -> tuple[Any, list[tuple[Action, Any]]]:
    s = new(players=2, seed=seed, steadiness="normal")  # seed 3: card 1's left side is bricks + bricks + floor
    out = []
    for action in STOREY:
        with recording() as rec:
            s.apply(action)
        out.append((action, rec))
    return s, out


def test_only_moving_pieces_are_in_the_frames_and_the_placed_piece_comes_first() -> None:
    _, moves = _recorded(3)
    rec = moves[0][1]
    assert rec.frames == [] and rec.seconds == 0.0  # choosing a card moves nothing
    rec = moves[1][1]
    first = rec.frames[0]
    assert first["t"] == 0.0 and list(first["poses"]) == ["W-bricks-1"]  # let go at its aim
    in_frames = {p for f in rec.frames for p in f["poses"]}
    assert in_frames == rec.moved == {"W-bricks-1"}  # F1 and Toto stood still: never sent
    floor_rec = moves[3][1]
    assert "F2" in floor_rec.moved and "F1" not in floor_rec.moved and "toto" not in floor_rec.moved


def test_frames_are_about_thirty_a_simulated_second_and_end_on_the_recorded_poses() -> None:
    s, moves = _recorded(3)
    poses = s.view(0)["tower"]["poses"]
    for _, rec in moves[1:]:
        times = [f["t"] for f in rec.frames]
        assert times == sorted(times) and 0.0 < times[-1] <= rec.seconds + 1e-9
        gaps = [b - a for a, b in itertools.pairwise(times[:-1])]  # the last frame is forced at the end
        assert all(g >= FRAME_SECONDS - 1e-9 for g in gaps if g > 0)
        assert len(rec.frames) <= rec.seconds / FRAME_SECONDS + 3
    last: dict[str, list[float]] = {}
    for _, rec in moves:
        for f in rec.frames:
            last.update(f["poses"])
    assert set(last) >= {"W-bricks-1", "W-bricks-2", "F2"}
    for piece, pose in last.items():  # a piece is sent again once it moved MOVED_CM or turned TURNED; rounded
        assert pose[:3] == pytest.approx(poses[piece][:3], abs=MOVED_CM + 1e-3), piece
        assert pose[3:] == pytest.approx(poses[piece][3:], abs=TURNED + 1e-4), piece


def test_recording_changes_neither_the_record_nor_the_state_hash() -> None:
    recorded, _ = _recorded(3)
    plain = new(players=2, seed=3, steadiness="normal")
    for action in [a for a, _ in _recorded(3)[1]]:
        plain.apply(action)
    assert recorded.record() == plain.record()
    assert state_hash(recorded) == state_hash(plain)
    assert recorded.view(0)["tower"] == plain.view(0)["tower"]


def test_only_the_first_world_with_a_game_on_it_is_recorded() -> None:
    """The bare table a process builds once to copy worlds from is not the game's; a copy settled after the
    game's own world (a check, a trial) is not recorded either."""
    s = new(players=1, seed=1)
    s.apply(s.legal_actions()[0])
    world = s.table.live()
    copy = world.clone()
    with recording() as rec:
        TowerWorld()  # F1 alone settles as it is built
        world.place_wall("W-bricks-1", -3.0, -3.0, 45.0, 90.0)
        world.settle()
        copy.place_wall("W-bricks-2", 3.0, 3.0, -135.0, 90.0)
        copy.settle()
    assert rec.moved == {"W-bricks-1"}
    assert rec.frames[-1]["poses"]["W-bricks-1"][0] < 0  # the game's wall, at x = -3
