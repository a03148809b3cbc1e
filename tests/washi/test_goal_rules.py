"""Fish, deliveries, winning, and the end of a game by being trapped (including our decisions)."""

from __future__ import annotations

import pytest

import cattable
from cattable.core import IllegalAction
from tests.rulebook import rule

from .helpers import BOOK, cell, forget_legal_moves, frozen, over, playing, texts

OPEN = """\
......
......
......
......
......
"""


@rule(
    BOOK,
    (
        "GETTING FISH: When you manage to get to the other side of the map, grab a fish, "
        "and then get back to your starting side with as much agility as possible!"
    ),
)
@rule(BOOK, ("PICKING UP A FISH: Once you are on the other side, you may move into a fish space of any color."))
@rule(BOOK, "Pick it up by circling it, and then cross off a fish from your player strip.")
def test_picking_up_a_fish_of_any_colour_on_the_far_side() -> None:
    cats = {(0, 0): ["b5", "b4", "b3", "b2"], (0, 1): ["e5"], (1, 0): ["f1"], (1, 1): ["f3"]}
    state = playing(OPEN, cats, fish={"b1": 1})
    assert "move 1 b1" in texts(state)
    state.apply_text("move 1 b1")  # blue's fish, in red's far row
    assert state.carry[0] is True
    view = state.view(1)
    assert view["players"][0]["fish_crossed_off"] == 1 and view["players"][0]["cats"][0]["fish"] is True
    assert state.owner[cell(state, "b1")] == 0 and state.fish[cell(state, "b1")] == 1  # circled, still drawn


def test_fish_are_picked_up_only_in_the_far_row() -> None:
    """Decision: "the other side" is the far row, where the fish meant for this player were drawn."""
    state = playing(OPEN, {(0, 0): ["b5", "b4", "b3"], (0, 1): ["e5"], (1, 0): ["f1"], (1, 1): ["f3"]}, fish={"a3": 1})
    with pytest.raises(IllegalAction, match="same side"):
        state.apply_text("move 1 a3")


@rule(BOOK, "it is not possible to pick up more than one fish with a single cat")
@rule(BOOK, "it is not possible to enter a space with a fish after you have already picked one up")
def test_no_second_fish_for_a_cat_that_carries_one() -> None:
    cats = {(0, 0): ["b5", "b4", "b3", "b2", "b1", "c1"], (0, 1): ["e5"], (1, 0): ["f1"], (1, 1): ["f3"]}
    state = playing(OPEN, cats, fish={"b1": 1, "d1": 1}, carrying=[(0, 0)])
    before = frozen(state)
    with pytest.raises(IllegalAction, match="after you have already picked one up"):
        state.apply_text("move 1 d1")
    assert frozen(state) == before
    assert "move 1 d1" not in texts(state) and "move 1 c2" in texts(state)


@rule(BOOK, "Players may never enter a fish space on the same side that their cat started on.")
def test_no_fish_on_ones_own_side() -> None:
    cats = {(0, 0): ["b5", "b4", "c4"], (0, 1): ["e5"], (1, 0): ["f1"], (1, 1): ["f3"]}
    state = playing(OPEN, cats, fish={"c5": 1})  # blue's fish on red's own starting row
    before = frozen(state)
    with pytest.raises(IllegalAction, match="never enter a fish space on the same side"):
        state.apply_text("move 1 c5")
    assert frozen(state) == before
    assert "move 1 c5" not in texts(state)


@rule(
    BOOK,
    (
        "GETTING HOME WITH A FISH: If you manage to pick up a fish and return to any "
        "space on the horizontal starting row of that cat, you have made a fish delivery!"
    ),
)
@rule(BOOK, "Yum!")
@rule(
    BOOK, ("one fish for each of them, and then return to any space on their horizontal starting row to eat the fish.")
)
def test_a_delivery_on_any_space_of_the_starting_row() -> None:
    cats = {
        (0, 0): ["b5", "b4", "b3", "b2", "b1", "c1", "c2", "c3", "c4"],
        (0, 1): ["e5"],
        (1, 0): ["f1"],
        (1, 1): ["f3"],
    }
    state = playing(OPEN, cats, fish={"b1": 1}, carrying=[(0, 0)])
    state.apply_text("move 1 c5")
    assert state.done[0] is True and not state.is_over
    state.apply_text("move 1 f2")
    assert all(not t.startswith("move 1") for t in texts(state))  # a delivered cat moves no more
    assert state.view(None)["players"][0]["cats"][0]["home"] is True


def test_coming_home_without_a_fish_is_no_delivery() -> None:
    state = playing(OPEN, {(0, 0): ["b5", "b4", "c4"], (0, 1): ["e5"], (1, 0): ["f1"], (1, 1): ["f3"]})
    state.apply_text("move 1 c5")
    assert state.done[0] is False


@rule(BOOK, "OBJECTIVE: Move both of your cats to the opposite side from where they begin, collect")
@rule(BOOK, "The first player to manage to pick up a fish with both of their cats")
@rule(BOOK, "and return back to their starting side with both cats, will be the winner!")
def test_both_cats_delivered_wins() -> None:
    cats = {
        (0, 0): ["b5", "b4", "b3", "b2", "b1", "c1", "c2", "c3", "c4"],
        (0, 1): ["e5"],
        (1, 0): ["f1"],
        (1, 1): ["f3"],
    }
    state = playing(OPEN, cats, fish={"b1": 1}, carrying=[(0, 0)])
    state.done[1] = True  # cat 2 is already home with its fish
    state.carry[1] = True
    state.apply_text("move 1 c5")
    assert state.is_over and state.current_player is None
    result = state.result()
    assert result.winners == (0,) and result.ranking[0] == (0,)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_text("move 2 f4")


# -- trapped ------------------------------------------------------------------------------------------
@rule(
    BOOK,
    (
        "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
        "player's cat line, and they no longer have any special moves, that player will "
        "automatically lose the game and it will end immediately."
    ),
)
def test_trapped_without_special_moves_loses_at_once() -> None:
    # red's cat 1 sits in the corner a5 with blue's line on b5; blue closes a4 and red loses there and then
    cats = {(0, 0): ["a5"], (0, 1): ["e5"], (1, 0): ["b1", "b2", "b3", "b4", "b5"], (1, 1): ["a1", "a2", "a3"]}
    state = playing(OPEN, cats, turn=1, specials=[0, 2])
    state.apply_text("move 2 a4")
    assert state.is_over
    assert state.result().winners == (1,)
    assert state.result().details["trapped"] == [0]


@rule(
    BOOK,
    (
        "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
        "player's cat line, and they no longer have any special moves, that player will "
        "automatically lose the game and it will end immediately."
    ),
)
def test_walled_off_from_every_fish_loses_even_with_steps_left() -> None:
    """Our reading: trapped means no route home with a fish is left, not merely no step; and a line never
    crosses itself, so a single gap in a wall cannot take a cat out to the fish and back. Blue's lines
    leave c3 and d3 open in row 3; blue closes d3, and red, who can still step along rows 4 and 5, loses."""
    cats = {(0, 0): ["a5"], (0, 1): ["f5"], (1, 0): ["a1", "a2", "a3", "b3"], (1, 1): ["f1", "f2", "f3", "e3"]}
    state = playing(OPEN, cats, turn=1, fish={"c1": 1}, specials=[0, 2])
    assert not state.is_trapped(0)  # out through c3 to the fish at c1, home through d1, d2 and d3
    state.apply_text("move 2 d3")
    assert state.owner[cell(state, "a4")] < 0 and state.owner[cell(state, "b5")] < 0  # red could still step
    assert state.is_over
    assert state.result().winners == (1,) and state.result().details["trapped"] == [0]


@rule(
    BOOK,
    (
        "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
        "player's cat line, and they no longer have any special moves, that player will "
        "automatically lose the game and it will end immediately."
    ),
)
def test_walled_in_by_ones_own_line_loses_the_same_way() -> None:
    """Decision (README, "Trapped"): the rulebook names the other player's line, but a line is a wall
    whoever drew it. Red's cat 1 has walled itself into a5, b4 and b5 with its own line; with no special
    move left it can never reach a fish, so when the check comes (after blue's move) red loses."""
    cats = {(0, 0): ["c5", "c4", "c3", "b3", "a3", "a4"], (0, 1): ["f5"], (1, 0): ["f1"], (1, 1): ["a1"]}
    state = playing(OPEN, cats, turn=1, fish={"d1": 1}, specials=[0, 2])
    pocket = [cell(state, n) for n in ("a4", "a5", "b4", "b5")]
    walls = {t for c in pocket for t in state.board.neighbours[c]} - set(pocket)
    assert {state.owner[t] for t in walls} == {0}  # nothing but red's own line around it
    state.apply_text("move 1 f2")
    assert state.is_over
    assert state.result().winners == (1,) and state.result().details["trapped"] == [0]


@rule(
    BOOK,
    (
        "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
        "player's cat line, and they no longer have any special moves, that player will "
        "automatically lose the game and it will end immediately."
    ),
)
def test_a_cat_with_its_fish_walled_off_from_home_is_trapped() -> None:
    """Red's cat 1 has its fish (b1) on the far side; blue's lines close row 3, so it can never get home."""
    cats = {
        (0, 0): ["a5", "a4", "a3", "a2", "b2", "b1"],
        (0, 1): ["f5"],
        (1, 0): ["c1", "c2", "c3", "d3"],
        (1, 1): ["f1", "f2", "f3"],
    }
    state = playing(OPEN, cats, turn=1, fish={"b1": 1, "d1": 1}, specials=[0, 2], carrying=[(0, 0)])
    state.apply_text("move 2 e3")
    assert state.is_over and state.result().details["trapped"] == [0]


def test_two_gaps_in_the_wall_are_a_way_there_and_back() -> None:
    """Out through one gap to the fish and back home through the other: red plays on."""
    cats = {(0, 0): ["a5"], (0, 1): ["f5"], (1, 0): ["a1", "a2", "a3"], (1, 1): ["f1", "f2", "f3", "e3"]}
    state = playing(OPEN, cats, turn=1, fish={"c1": 1}, specials=[0, 2])
    state.apply_text("move 2 d3")  # b3 and c3 are still open
    assert not state.is_over and state.alive == [True, True]


@rule(
    BOOK,
    (
        "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
        "player's cat line, and they no longer have any special moves, that player will "
        "automatically lose the game and it will end immediately."
    ),
)
def test_walled_off_with_a_special_move_left_plays_on() -> None:
    cats = {(0, 0): ["a5"], (0, 1): ["f5"], (1, 0): ["a1", "a2", "a3", "b3"], (1, 1): ["f1", "f2", "f3", "e3"]}
    state = playing(OPEN, cats, turn=1, fish={"c1": 1}, specials=[1, 2])
    state.apply_text("move 2 d3")
    assert not state.is_over and state.current_player == 0


@rule(BOOK, "Use your Super Amazing Cat Jumps wisely!")
def test_trapped_with_a_special_move_left_plays_on() -> None:
    cats = {(0, 0): ["a5"], (0, 1): ["e5"], (1, 0): ["b1", "b2", "b3", "b4", "b5"], (1, 1): ["a1", "a2", "a3"]}
    state = playing(OPEN, cats, turn=1, specials=[1, 2])
    state.apply_text("move 2 a4")
    assert not state.is_over and state.current_player == 0
    assert "jump 1 east" in texts(state)  # a super amazing cat jump over b5... and on along row 5
    assert all(not t.startswith("move 1") for t in texts(state))


def test_no_legal_action_at_all_loses_even_with_special_moves() -> None:
    """Decision: special moves that cannot be used are no way out; a player who cannot act is trapped."""
    # red's cats sit in the bottom corners; blue's lines fill row 5 between them and both side columns,
    # so no step, no jump (the lines run to the map's edge) and no sewer is left to red
    cats = {(0, 0): ["a5"], (0, 1): ["f5"], (1, 0): ["a1", "a2", "a3", "a4"], (1, 1): ["f1", "f2", "f3", "f4"]}
    state = playing(OPEN, cats, turn=1, lines={"b5": 1, "c5": 1, "d5": 1, "e5": 1}, specials=[2, 2])
    state.apply_text("move 1 b4")
    assert state.is_over
    assert state.result().winners == (1,)
    assert state.specials[0] == 2


def test_both_players_trapped_at_once_is_a_draw() -> None:
    """Decision: when a move leaves every player trapped, nobody can progress: the game is a draw."""
    cats = {(0, 0): ["b3", "b2"], (0, 1): ["e5"], (1, 0): ["a1"], (1, 1): ["f1"]}
    state = playing(OPEN, cats, lines={"b1": 0, "a3": 1}, specials=[0, 0])
    state.apply_text("move 1 a2")  # closes blue's a1 in, and red's own cat 1 has nowhere to go
    assert state.is_over
    result = state.result()
    assert result.winners == () and result.is_draw and result.details["draw"] is True
    assert set(result.ranking[0]) == {0, 1}


THREE = """\
name: three
players: 3
strip: red bottom
strip: blue top
strip: green left 2-7
map:
.......
.......
.......
.......
.......
.......
.......
.......
"""


def test_with_more_players_the_trapped_one_is_out_and_the_last_one_left_wins() -> None:
    """Decision: with three or more players, a trapped player loses and leaves; the rest play on."""
    header = THREE.split("map:\n")[0]
    grid = THREE.split("map:\n")[1]
    cats = {
        (0, 0): ["a8"],
        (0, 1): ["g8"],
        (1, 0): ["c1", "b1"],
        (1, 1): ["g1"],
        (2, 0): ["a2"],
        (2, 1): ["a7", "a6", "a5", "a4"],
    }
    state = playing(grid, cats, players=3, turn=1, lines={"b2": 0, "a3": 0, "b8": 1}, specials=[2, 2, 0], header=header)
    state.apply_text("move 1 a1")  # blue shuts green's cat in at a2 (green has no special move left)
    assert state.alive == [True, True, False] and not state.is_over
    assert state.current_player == 0  # green's turn is skipped from now on
    assert "move 2 g7" in texts(state)
    state.specials[0] = 0  # red's cat 1 (a8) is shut in too; with no special move left, red is out
    forget_legal_moves(state)
    state.apply_text("move 2 g7")
    assert over(state)
    result = state.result()
    assert result.winners == (1,)
    assert result.ranking == ((1,), (0,), (2,))
    assert result.details["trapped"] == [2, 0]


def test_under_the_first_rules_a_walled_off_cat_that_can_step_plays_on() -> None:
    """Games saved before the audit replay under cattable 0.1's reading (option ``rules=first``): trapped
    only when a cat cannot step."""
    cats = {(0, 0): ["a5"], (0, 1): ["f5"], (1, 0): ["a1", "a2", "a3", "b3"], (1, 1): ["f1", "f2", "f3", "e3"]}
    state = playing(OPEN, cats, turn=1, fish={"c1": 1}, specials=[0, 2])
    state.first_rules = True
    state.apply_text("move 2 d3")
    assert not state.is_over and state.current_player == 0


def test_the_first_rules_use_the_first_maps() -> None:
    revised = cattable.game("washi").new(players=2, seed=1)
    first = cattable.game("washi").new(players=2, seed=1, rules="first")
    assert revised.view(None)["width"] == 20 and first.view(None)["width"] == 16
