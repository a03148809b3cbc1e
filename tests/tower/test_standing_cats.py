"""The rules stand Toto, Neko and the Black Cats themselves (a goal met, a fall): such a move is nobody's
placement, so the world's refusal of an aim inside a piece (``Blocked``) must never reach a player. A spot
blocked by a piece the room count cannot see is passed over for the next roomiest."""

from __future__ import annotations

import pickle

import pytest

import cattable
from cattable.games.tower.game import TowerState
from cattable.games.tower.menu import roomiest_spot
from cattable.games.tower.physics import Blocked
from cattable.games.tower.pieces import TOTO
from cattable.games.tower.table import outcome_of
from tests.rulebook import rule

FR = "cat-and-the-tower.fr.txt"

pytestmark = pytest.mark.physics


def _tile_lying_on_the_first_floor(off: float = 4.0, edition: str = "en") -> TowerState:
    """A table where floor tile F2 lies flat on F1, ``off`` cm off centre: at 4 cm the middle of F1 is
    covered, its left side free; at 0 all of it. The room count sees only pieces standing on a floor, so it
    still rates the middle roomiest."""
    s = cattable.game("tower").new(players=2, seed=1, edition=edition)
    assert isinstance(s, TowerState)
    world = s.table.live()
    f1 = s.table.outcome["poses"]["F1"]
    world.restore(
        {"F1": {"kind": "floor"}, "F2": {"kind": "floor"}},
        {"F1": f1, "F2": [f1[0] + off, f1[1], f1[2] + 0.25, 1.0, 0.0, 0.0, 0.0]},
    )
    world.settle()
    s.table.adopt(outcome_of(world), True)
    return s


def test_a_cat_the_rules_stand_passes_over_a_spot_blocked_by_a_piece_lying_there() -> None:
    s = _tile_lying_on_the_first_floor()
    assert roomiest_spot(s.table.outcome, "F1", TOTO) == (0.0, 0.0)  # under the lying tile
    assert s.stand(TOTO, "F1") == "F1"  # raised Blocked (a ValueError out of apply) before the fix
    assert s.reading["support"][TOTO] == "F1"
    assert s.reading["upright"][TOTO]
    x = s.table.outcome["poses"][TOTO][0]
    assert x < -0.5  # stood clear of the tile (F2 covers x > -0.5 cm)


def test_a_refusal_of_the_world_crosses_a_process_pool() -> None:
    """``Blocked`` pickles (a worker's error reaches the parent with its words, not as a pickling error)."""
    error = Blocked("toto", "F2", 1.7, False)
    again = pickle.loads(pickle.dumps(error))
    assert (again.piece, again.obstacle, again.depth_mm, again.from_above, str(again)) == (
        "toto",
        "F2",
        1.7,
        False,
        str(error),
    )


@rule(FR, "Si un chat Nakama ou Neko tombent, replacez-le(s) où il se trouvait sur la tour")
def test_a_french_feline_friend_with_no_room_left_on_any_floor_goes_to_the_stock() -> None:
    """Put back "where it was", but a tile lying flat covers the whole of the only floor: the cat leaves
    the table (to the stock) instead of the game raising (seed 747, careful hands, found by
    experiments/tower_safety.py). Toto and the Black Cats must stand: for them it is still an error."""
    s = _tile_lying_on_the_first_floor(off=0.0, edition="fr")
    assert s.stand("C-blue-1", "F1", may_leave=True) == ""
    assert "C-blue-1" not in s.table.outcome["pieces"] and "C-blue-1" not in s.reading["support"]
    with pytest.raises(RuntimeError, match="no floor of the tower has room"):
        s.stand(TOTO, "F1")
