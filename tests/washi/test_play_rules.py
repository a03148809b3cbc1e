"""Play rules, each on a small map drawn here: red (seat 0) starts on the bottom row, blue (seat 1) on top.

Columns are letters and rows numbers from the top: a1 is the top left space.
"""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from tests.rulebook import rule

from .helpers import BOOK, cell, forget_legal_moves, frozen, playing, texts

OPEN = """\
......
......
......
......
......
"""
BLUE_AWAY = {(1, 0): ["a1"], (1, 1): ["f1"]}
"""Blue's cats, parked in the top corners, out of the way."""


def red(*paths: list[str]) -> dict[tuple[int, int], list[str]]:
    cats = dict(BLUE_AWAY)
    for k, path in enumerate(paths):
        cats[(0, k)] = path
    return cats


# -- turns and normal movement -----------------------------------------------------------------------
@rule(
    BOOK,
    (
        "ON YOUR TURN: Alternating back and forth, each player performs one of two "
        "actions on their turn: Move a single space or make a special move."
    ),
)
@rule(BOOK, "Only one of your cats can move per turn.")
def test_one_move_of_one_cat_then_the_turn_passes() -> None:
    state = playing(OPEN, red(["b5"], ["e5"]))
    state.apply_text("move 1 b4")
    assert state.current_player == 1
    assert state.ends[0] == cell(state, "b4") and state.ends[1] == cell(state, "e5")
    assert all(a.text().startswith(("move", "jump", "pop")) for a in state.legal_actions())
    state.apply_text("move 1 a2")
    assert state.current_player == 0


@rule(
    BOOK,
    ("MOVEMENT & MOVEMENT RULES: To move, pick one of your two cats and draw a line into a single, adjacent space."),
)
@rule(BOOK, "Cats cannot move diagonally.")
def test_a_move_is_one_adjacent_space_never_diagonal() -> None:
    state = playing(OPEN, red(["c5"], ["f5"]))
    assert {"move 1 b5", "move 1 d5", "move 1 c4"} <= texts(state)
    before = frozen(state)
    for bad in ("move 1 d4", "move 1 b4", "move 1 c3"):
        with pytest.raises(IllegalAction, match="cannot move diagonally or further than one space"):
            state.apply_text(bad)
    assert frozen(state) == before


@rule(
    BOOK,
    (
        "NORMAL MOVEMENT: Draw a line extending from the furthest point of your cat's "
        "line into an adjacent space that does not contain an opponent's cat line."
    ),
)
def test_lines_grow_only_from_their_far_end() -> None:
    state = playing(OPEN, red(["c5", "c4", "c3"], ["f5"]))
    with pytest.raises(IllegalAction, match="adjacent to the end of cat 1's line at c3"):
        state.apply_text("move 1 b4")  # next to the middle of the line, not its end
    assert {"move 1 b3", "move 1 d3", "move 1 c2"} <= texts(state)


@rule(BOOK, "into an adjacent space that does not contain an opponent's cat line")
@rule(
    BOOK,
    (
        "OPPONENT CATS: You may not cross over or jump your opponent's cat lines, unless "
        "using the super amazing cat jump special move."
    ),
)
def test_no_moving_into_an_opponents_line() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 1, "b4": 1})
    before = frozen(state)
    with pytest.raises(IllegalAction, match="opponent's cat line"):
        state.apply_text("move 1 c3")
    assert frozen(state) == before
    assert "move 1 d4" in texts(state) and "move 1 b4" not in texts(state)


def test_own_lines_are_not_walked_over_either() -> None:
    """Decision (README): a space holds one line; one's own line is crossed only with a super cat jump."""
    state = playing(OPEN, red(["c5", "c4", "d4", "d5"], ["f5"]))
    with pytest.raises(IllegalAction, match="already holds your own line"):
        state.apply_text("move 1 c5")
    assert texts(state) >= {"move 1 e5"}


# -- shrines and buildings -------------------------------------------------------------------------------
@rule(BOOK, "JINJA SHRINES & BUILDING WALLS: You may not enter a space with a jinja shrine")
def test_shrines_cannot_be_entered() -> None:
    grid = "......\n......\n..#...\n......\n......\n"
    state = playing(grid, red(["c5", "c4"], ["f5"]))
    with pytest.raises(IllegalAction, match="jinja shrine"):
        state.apply_text("move 1 c3")
    assert "move 1 c3" not in texts(state)


BUILDING = """\
......
..AA..
..AA..
......
......
"""
DOORS = "door: c2 north\ndoor: d3 east\n"


@rule(BOOK, "or cross through the black barrier on a building")
def test_building_walls_are_barriers() -> None:
    state = playing(BUILDING, red(["b5", "b4", "b3"], ["f5"]), doors=DOORS)
    with pytest.raises(IllegalAction, match="black barrier on a building"):
        state.apply_text("move 1 c3")
    assert "move 1 c3" not in texts(state)


@rule(
    BOOK, ("ENTER A BUILDING: If the end of your line is adjacent to a building's opening, you can enter the building.")
)
@rule(BOOK, "Fill the entire inside area as shown.")
def test_entering_a_building_fills_it() -> None:
    state = playing(BUILDING, red(["e5", "e4", "e3"], ["b5"]), doors=DOORS)
    assert "move 1 d3" in texts(state)  # the east opening of A is next to e3
    state.apply_text("move 1 d3")
    for name in ("c2", "d2", "c3", "d3"):
        assert state.owner[state.board.node[cell(state, name)]] == 0
    assert sorted(state.paths[0][-4:]) == sorted(cell(state, n) for n in ("c2", "d2", "c3", "d3"))
    view = state.view(None)
    assert all(view["lines"][cell(state, name)] == 0 for name in ("c2", "d2", "c3", "d3"))


@rule(
    BOOK,
    (
        "EXIT A BUILDING: If you occupy a building, you can exit that building through "
        "any unblocked exit into an empty, adjacent space."
    ),
)
def test_leaving_a_building_through_an_unblocked_exit() -> None:
    state = playing(BUILDING, red(["e5", "e4", "e3", "d3"], ["b5"]), doors=DOORS)
    # cat 1 is inside A (entered from e3, so the east exit is blocked by its own line)
    assert {t for t in texts(state) if t.startswith("move 1")} == {"move 1 c1"}
    state.owner[cell(state, "c1")] = 1  # now the north exit is blocked too
    forget_legal_moves(state)
    assert not {t for t in texts(state) if t.startswith("move 1")}
    with pytest.raises(IllegalAction, match="opponent's cat line"):
        state.apply_text("move 1 c1")


# -- sewers ---------------------------------------------------------------------------------------------
SEWERS = """\
......
......
r....r
......
......
"""


@rule(
    BOOK,
    (
        "SUPER SEWER POPPER: If you use a special move, you can choose to enter into an "
        "adjacent sewer, and exit out of the matching color sewer along the same "
        "horizontal row."
    ),
)
@rule(BOOK, "Surprise!")
@rule(BOOK, "exit out of the matching color sewer along the same horizontal row")
def test_the_sewer_popper_comes_out_of_the_matching_sewer() -> None:
    state = playing(SEWERS, red(["b5", "b4", "b3"], ["e5"]))
    assert "pop 1 a3" in texts(state)
    state.apply_text("pop 1 a3")
    assert state.ends[0] == cell(state, "f3")
    assert state.specials[0] == 1
    assert state.owner[cell(state, "a3")] == 0 and state.owner[cell(state, "f3")] == 0


@rule(
    BOOK,
    (
        "BLOCKING A SEWER: It is possible to move over the top of a sewer without using "
        "it as a special move, in which case, no player may go in or out of that sewer "
        "for the rest of the game."
    ),
)
@rule(BOOK, "no player may go in or out of that sewer for the rest of the game")
def test_walking_over_a_sewer_blocks_it_for_everyone() -> None:
    state = playing(
        SEWERS, {(0, 0): ["a5", "a4"], (0, 1): ["e5", "e4", "e3"], (1, 0): ["b1", "b2", "b3"], (1, 1): ["f1"]}
    )
    state.apply_text("move 1 a3")  # red walks over the sewer: no special move used
    assert state.specials[0] == 2
    assert "pop 1 a3" not in texts(state)  # blue, next to it, cannot go in
    state.apply_text("move 1 c3")
    before = frozen(state)
    with pytest.raises(IllegalAction, match="no player may go in or out"):
        state.apply_text("pop 2 f3")  # red's other cat cannot use the pair either
    assert frozen(state) == before


# -- special moves -----------------------------------------------------------------------------------
@rule(
    BOOK,
    (
        "SUPER CAT JUMP: If you are adjacent to a space with your own movement color "
        "line, from either of your cats, you can make a super cat jump!"
    ),
)
@rule(BOOK, "A super cat jump may move across multiple spaces.")
def test_super_cat_jump_over_ones_own_line() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["b5", "b4", "b3", "c3", "d3", "d2", "c2", "b2"]))
    # cat 1 at c4 faces its own lines at c3 and c2; c1 beyond is blank
    assert "jump 1 north" in texts(state)
    state.apply_text("jump 1 north")
    assert state.ends[0] == cell(state, "c1")
    assert state.owner[cell(state, "c1")] == 0


@rule(BOOK, "You must be able to trace a straight line over the spaces without crossing an illegal barrier")
def test_a_jump_cannot_cross_a_shrine_or_a_building() -> None:
    grid = "......\n..#...\n......\n......\n......\n"
    state = playing(grid, red(["c5", "c4"], ["f5"]), lines={"c3": 0})  # own line c3, then the shrine c2
    with pytest.raises(IllegalAction, match="without crossing a barrier"):
        state.apply_text("jump 1 north")
    state = playing(BUILDING, red(["e5", "e4", "e3", "e2"], ["f5"]), doors=DOORS, lines={"e1": 0})
    assert "jump 1 west" not in texts(state)  # over A's wall: refused


@rule(BOOK, "you must have a blank space to land on the opposite side")
def test_a_jump_needs_a_blank_space_to_land_on() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 0, "c2": 0}, fish={"c1": 1})
    with pytest.raises(IllegalAction, match="blank space on the opposite side"):
        state.apply_text("jump 1 north")  # c1 holds a fish: not blank
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 0, "c2": 0, "c1": 0})
    assert "jump 1 north" not in texts(state)  # lines run to the edge of the map


@rule(
    BOOK,
    (
        "SUPER AMAZING CAT JUMP: If you use a special move, you can jump over an "
        "opponent's cat line as if it were your own!"
    ),
)
def test_super_amazing_cat_jump_over_an_opponents_line() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 1, "c2": 1})
    assert "move 1 c3" not in texts(state)
    state.apply_text("jump 1 north")
    assert state.ends[0] == cell(state, "c1") and state.specials[0] == 1


@rule(
    BOOK,
    (
        "It is also possible to jump over your own line and your opponent's at the same "
        "time if they follow the normal super cat jump rules."
    ),
)
def test_a_jump_over_both_colours_at_once() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 0, "c2": 1})
    state.apply_text("jump 1 north")
    assert state.ends[0] == cell(state, "c1")


@rule(BOOK, "Each game you have exactly two special moves to use.")
@rule(BOOK, "These can be used in one of two ways, in any combination you choose.")
@rule(BOOK, "CROSS IT OFF: If you use a special move, be sure to cross it off from your player strip!")
def test_exactly_two_special_moves_crossed_off_the_strip() -> None:
    state = playing(SEWERS, red(["b5", "b4", "b3"], ["e5", "e4", "e3"]), lines={"d3": 1})
    assert state.view(0)["players"][0]["specials_left"] == 2
    state.apply_text("pop 1 a3")
    assert state.view(0)["players"][0]["specials_left"] == 1
    state.apply_text("move 1 a2")
    state.apply_text("jump 2 west")  # from e3 over blue's d3 to c3
    assert state.ends[1] == cell(state, "c3")
    assert state.view(0)["players"][0]["specials_left"] == 0


def test_no_special_move_once_both_are_crossed_off() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 1}, specials=[0, 2])
    before = frozen(state)
    with pytest.raises(IllegalAction, match="no special moves left"):
        state.apply_text("jump 1 north")
    assert frozen(state) == before


def test_a_jump_starts_from_a_street_space_not_from_inside_a_building() -> None:
    """Decision: a cat inside a building leaves it through an opening; it does not jump out over the wall."""
    state = playing(BUILDING, red(["e5", "e4", "e3", "d3"], ["b5"]), doors=DOORS, lines={"b3": 0})
    with pytest.raises(IllegalAction, match="not inside a building"):
        state.apply_text("jump 1 west")


def test_forbidden_actions_say_why_and_change_nothing() -> None:
    from cattable.games.washi import actions as A

    state = playing(OPEN, red(["c5"], ["f5"]))
    before = frozen(state)
    for action, reason in (
        (A.fish(0, 0), "fish drawings belong to the fish setup; now it is the play phase"),
        (A.cat(4, 0), "cat drawings belong to the cat setup"),
        (A.Move("move", 7, 4, 3), "cats 1 and 2 only"),
        (A.move(0, 40, 40), "cannot move diagonally or further than one space"),
        (A.pop(0, 4, 3), "there is no sewer there"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)
    assert frozen(state) == before


def test_lines_may_cross_a_storm_drain() -> None:
    """Decision (README): the storm drain rule is about drawings; a cat's line may pass over a drain."""
    grid = "......\n......\n..o...\n......\n......\n"
    state = playing(grid, red(["c5", "c4"], ["f5"]))
    state.apply_text("move 1 c3")
    assert state.owner[cell(state, "c3")] == 0


def test_a_jump_home_with_a_fish_is_a_delivery() -> None:
    path = ["b5", "b4", "b3", "b2", "b1", "c1", "c2", "c3"]
    cats = {**BLUE_AWAY, (0, 0): path, (0, 1): ["d5", "d4", "c4"]}  # cat 2's line on c4, c5 still blank
    state = playing(OPEN, cats, fish={"b1": 1}, carrying=[(0, 0)])
    state.apply_text("jump 1 south")  # over cat 2's line onto the starting row
    assert state.ends[0] == cell(state, "c5") and state.done[0]
    blocked = playing(OPEN, {**cats, (0, 1): ["c5", "c4"]}, fish={"b1": 1}, carrying=[(0, 0)])
    assert "jump 1 south" not in texts(blocked)  # lines all the way to the map's edge: nowhere to land


def test_a_jump_may_pass_over_a_fish_already_picked_up() -> None:
    state = playing(OPEN, red(["c5", "c4"], ["f5"]), lines={"c3": 1}, fish={"c3": 0})
    state.apply_text("jump 1 north")
    assert state.ends[0] == cell(state, "c2")


def test_landing_on_a_sewer_blocks_it() -> None:
    state = playing(SEWERS, red(["b5", "a5"], ["e5", "e4", "e3"]), lines={"a4": 1})
    assert "pop 2 f3" in texts(state)  # cat 2 could dive into f3 and come out at a3...
    state.apply_text("jump 1 north")  # ...but cat 1 jumps over blue's a4 and lands on the sewer a3
    assert state.ends[0] == cell(state, "a3")
    state.apply_text("move 1 a2")  # blue
    assert "pop 2 f3" not in texts(state) and state.specials[0] == 1


SEWER_DOOR = """\
......
.AA...
.AA...
..r..r
......
"""


def test_a_cat_in_a_building_can_pop_into_a_sewer_at_its_door() -> None:
    doors = "door: b2 north\ndoor: c3 south\n"
    cats = {**BLUE_AWAY, (0, 0): ["b5", "a5", "a4", "a3", "a2", "a1", "b1", "b2"], (0, 1): ["e5"]}
    state = playing(SEWER_DOOR, cats, doors=doors)
    assert "pop 1 c4" in texts(state) and "move 1 c4" in texts(state)
    state.apply_text("pop 1 c4")
    assert state.ends[0] == cell(state, "f4")
