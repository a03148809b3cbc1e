"""Setup rules: colours, fish and cats drawn one at a time, the spacing and the storm drains."""

from __future__ import annotations

import random

import pytest

import cattable
from cattable.core import IllegalAction
from tests.rulebook import rule

from .helpers import BOOK, cell, drawings, fresh, frozen, texts

WIDE = """\
................
................
................
................
................
................
"""
# red (seat 0) draws along the bottom row 6, blue (seat 1) along the top row 1


@rule(BOOK, "A unique color of a writing instrument per player.")
@rule(BOOK, "Each player will need unique color of writing instrument.")
@rule(
    BOOK,
    (
        "Each player should now fill in the box in the grey strip facing them, with their"
        " pen or marker color as shown above."
    ),
)
def test_every_player_has_a_colour_box_of_their_own() -> None:
    for players in range(2, 7):
        view = cattable.game("washi").new(players=players, seed=1).view(None)
        colours = [p["colour"] for p in view["players"]]
        assert len(set(colours)) == players
        assert all(p["edge"] in ("top", "bottom", "left", "right") for p in view["players"])


@rule(BOOK, ("DRAW SOME FISH: Each player draws one fish at a time until both players have drawn four fish each."))
@rule(BOOK, ("DRAW YOUR CATS: Continue in the same way, drawing two cats each, one at a time on each side of the map."))
def test_fish_then_cats_one_at_a_time_taking_turns() -> None:
    state = fresh(WIDE)
    seen = []
    while state.phase != 2:
        seen.append((state.current_player, drawings(state)[0].kind))
        state.apply(state.legal_actions()[0])
    assert seen == [(p % 2, "fish") for p in range(8)] + [(p % 2, "cat") for p in range(4)]
    assert state.fish.count(0) == 4 and state.fish.count(1) == 4
    assert sorted(e >= 0 for e in state.ends) == [True] * 4
    assert state.current_player == 0


@rule(BOOK, "Two fish must be in the row closest to them.")
def test_only_two_fish_in_ones_own_nearest_row() -> None:
    state = fresh(WIDE)
    for text in ("fish a6", "fish p1", "fish d6", "fish m1"):
        state.apply_text(text)
    before = frozen(state)
    with pytest.raises(IllegalAction, match="already have two fish in the row closest to you"):
        state.apply_text("fish h6")
    assert frozen(state) == before
    assert all(t.endswith("1") for t in texts(state))  # only the far row is left for seat 0


@rule(BOOK, "The other two fish must be in the opposite row closest to their opponent.")
def test_the_other_two_fish_go_in_the_row_nearest_the_opponent() -> None:
    state = fresh(WIDE)
    with pytest.raises(IllegalAction, match="two in the opposite row"):
        state.apply_text("fish a3")
    state.apply_text("fish a1")  # seat 0's far row: the row nearest blue
    state.apply_text("fish p6")  # seat 1's far row: the row nearest red
    state.apply_text("fish d1")
    state.apply_text("fish m6")
    with pytest.raises(IllegalAction, match="two fish in the row closest to your opponent"):
        state.apply_text("fish h1")
    assert state.fish_far == [2, 2] and state.fish_home == [0, 0]
    assert all(t.endswith("6") for t in texts(state))


@rule(BOOK, "drawing two cats each, one at a time on each side of the map")
def test_cats_are_drawn_on_ones_own_side() -> None:
    state = fresh(WIDE)
    for text in ("fish a6", "fish a1", "fish d6", "fish d1", "fish g1", "fish g6", "fish j1", "fish j6"):
        state.apply_text(text)
    assert state.phase == 1
    assert texts(state) and all(t.startswith("cat ") and t.endswith("6") for t in texts(state))
    with pytest.raises(IllegalAction, match="your own starting row"):
        state.apply_text("cat p1")
    state.apply_text("cat p6")
    assert all(t.endswith("1") for t in texts(state))
    state.apply_text("cat p1")
    assert state.ends[0] == cell(state, "p6") and state.ends[2] == cell(state, "p1")


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
def test_two_spaces_between_drawings_along_a_row() -> None:
    state = fresh(WIDE)
    state.apply_text("fish d6")
    state.apply_text("fish p1")
    before = frozen(state)
    for too_close in ("fish b6", "fish f6"):
        with pytest.raises(IllegalAction, match="at minimum 2 spaces in between"):
            state.apply_text(too_close)
    assert frozen(state) == before
    assert {"fish a6", "fish g6"} <= texts(state)
    assert not {"fish b6", "fish c6", "fish e6", "fish f6"} & texts(state)


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
def test_spacing_counts_diagonals_too() -> None:
    """Our reading: 2 spaces between in every direction, i.e. Chebyshev distance 3 or more."""
    # the two strips' rows are two apart, so a drawing crowds both: wide enough for twelve drawings
    state = fresh(("." * 40 + "\n") * 3)
    state.apply_text("fish a1")  # seat 0, far row
    state.apply_text("fish an3")  # seat 1, far row
    with pytest.raises(IllegalAction, match="too close to a1"):
        state.apply_text("fish b3")
    state.apply_text("fish d3")


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
def test_a_drawing_that_would_leave_no_room_for_the_rest_is_refused() -> None:
    """Six drawings fit on a row of 16 spaces only at every third space: a fish at c6 would leave room
    for five, so it is refused with the reason, and the spaced spaces are offered."""
    state = fresh(WIDE)
    before = frozen(state)
    with pytest.raises(IllegalAction, match="leave no room for the drawings still to come"):
        state.apply_text("fish b6")
    assert frozen(state) == before
    assert {t for t in texts(state) if t.endswith("6")} == {f"fish {c}6" for c in "adgjmp"}


def test_a_row_too_crowded_for_the_spacing_still_takes_its_drawings() -> None:
    """Decision: when no space in the row keeps the spacing, any free street space in it will do."""
    grid = "......\n......\n......\n"
    state = fresh(grid)
    while state.phase != 2:
        assert state.legal_actions()
        state.apply(state.legal_actions()[0])
    assert state.fish.count(0) + state.fish.count(1) == 8


@rule(BOOK, "Storm drains may not be drawn over.")
def test_no_fish_or_cat_on_a_storm_drain() -> None:
    state = fresh("o" * 6 + "." * 16 + "\n" + ("." * 22 + "\n") * 5)  # storm drains on a1..f1
    state.apply_text("fish a6")
    with pytest.raises(IllegalAction, match="storm drains may not be drawn over"):
        state.apply_text("fish a1")
    assert not {f"fish {c}1" for c in "abcdef"} & texts(state) and "fish g1" in texts(state)
    state.apply_text("fish g1")
    assert state.fish[cell(state, "g1")] == 1


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
@rule(BOOK, "Storm drains may not be drawn over.")
@pytest.mark.parametrize(("map_name", "players"), [("standard", 2), ("long", 2), *(("city6", n) for n in range(3, 7))])
def test_every_shipped_map_keeps_the_spacing_in_every_sampled_setup(map_name: str, players: int) -> None:
    """The shipped maps never need the crowded-map fallback: 150 random setups each, every drawing at least
    three spaces (Chebyshev) from every other and never on a storm drain."""
    game = cattable.game("washi")
    for seed in range(150):
        state = game.new(players=players, seed=seed, map=map_name)
        rng = random.Random(seed)
        while state.phase != 2:  # type: ignore[attr-defined]
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        board, drawn = state.board, state.drawings  # type: ignore[attr-defined]
        assert len(drawn) == 6 * players
        for i, c in enumerate(drawn):
            assert board.char[c] == "."
            assert not set(drawn[i + 1 :]) & set(board.near[c]), f"{map_name} seed {seed}: drawings too close"
