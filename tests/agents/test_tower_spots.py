"""Which Feline Friend spots the tower's search tries first for a card side: the ones its goals could use."""

from __future__ import annotations

from cattable.agents.tower.view_reading import cat_spots, spot_use
from tests.tower.test_search_bot import _competitive


def test_a_touching_goal_tries_a_spot_beside_a_cat_before_one_on_top() -> None:
    # G11 "Two yellow Feline Friends are touching": a stacked pair does not touch (the French card), so a
    # yellow on top of a cat serves it not at all, and one beside the yellow does.
    view = _competitive("G11", "G09").view(0)
    spots = cat_spots(view, "yellow")
    best = max(spots, key=lambda c: spot_use(view, c))
    assert not best.on and spot_use(view, best) > 0
    assert all(spot_use(view, c) == 0 for c in spots if c.on)


def test_a_blue_on_blue_goal_tries_the_blue_on_the_blue_first() -> None:
    # G13 "A blue Feline Friend is on top of another blue one."
    view = _competitive("G13", "G14").view(0)
    spots = cat_spots(view, "blue")
    best = max(spots, key=lambda c: spot_use(view, c))
    assert best.on == "C-blue-1"
    assert all(spot_use(view, c) == 0 for c in spots if not c.on)
