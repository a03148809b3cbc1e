"""The rules refuse a placement that cannot land where it is aimed (nothing changes), never offer one in
the menu, and a cat that comes to rest on another floor than the one asked for did not stand."""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from cattable.games.tower import legal, placements
from cattable.games.tower.actions import Cat, Choose, Wall
from cattable.games.tower.game import TowerState

from .helpers import new, refresh, tower, with_reading

pytestmark = pytest.mark.physics


def _cat_card(s: TowerState) -> None:
    s.action_faceup = ["A19", "A20"]
    refresh(s)
    s.apply(Choose("choose", 1, ""))


def test_a_cat_on_a_cat_with_no_room_under_the_floor_above_is_refused_and_nothing_changes() -> None:
    s = new()
    tower(s, 2)  # F2 and F3 on bricks (4.0 cm): no room for two 2 cm cats under F3
    _cat_card(s)
    s.apply(Cat("cat", "blue", 2, 0.0, 0.0, 0.0, "", ""))
    _cat_card(s)
    before = (s.record(), s.table.outcome, list(s.pending))
    on_top = Cat("cat", "blue", 2, 0.0, 0.0, 0.0, "C-blue-1", "")
    with pytest.raises(IllegalAction, match="no room there: C-blue-2 would not fit under F3"):
        s.apply(on_top)
    assert (s.record(), s.table.outcome, list(s.pending)) == before
    menu = legal.place_menu(s)
    assert not [a for a in menu if isinstance(a, Cat) and a.floor == 2 and a.on]  # not offered
    assert [a for a in menu if isinstance(a, Cat) and a.floor == 2]  # beside it there is room


def test_a_wall_aimed_into_a_wall_is_refused_and_left_out_of_the_menu() -> None:
    s = new()
    s.action_faceup = ["A07", "A08"]
    refresh(s)
    s.apply(Choose("choose", 1, "left"))
    s.apply(Wall("wall", "bricks", 3.0, 3.0, 225.0, 90.0))
    before = s.record()
    with pytest.raises(IllegalAction, match="W-bricks-1 is in the way"):
        s.apply(Wall("wall", "bricks", 2.5, 3.0, 225.0, 90.0))
    assert s.record() == before
    assert all(placements.refusal(s, a) is None for a in legal.place_menu(s) if isinstance(a, Wall))
    assert not [a for a in legal.place_menu(s) if isinstance(a, Wall) and (a.x, a.y) == (3.0, 3.0)]


def test_a_cat_resting_on_another_floor_than_the_one_asked_for_did_not_stand() -> None:
    s = new()
    tower(s, 2)
    with_reading(s, support={**s.reading["support"], "C-blue-1": "F2"}, upright={"C-blue-1": True})
    assert placements.cat_ok(s, "C-blue-1", "F2")
    assert not placements.cat_ok(s, "C-blue-1", "F3")  # slid off F3 onto F2: it fell from where it was put
