"""Every sentence of the Cat Cafe rulebook, each checked in the exact situation it is about."""

from __future__ import annotations

import json

import pytest

from cattable.core import IllegalAction, State
from cattable.games.cafe import scoring
from cattable.games.cafe.actions import CAT, DRAFT, PASS, Mark
from cattable.games.cafe.phases import CHOOSING_CAT, MARKING
from cattable.games.cafe.rules import mark_cost
from cattable.games.cafe.sheet import (
    FLOOR_SPACES,
    HOUSE,
    ITEMS,
    SPACE_AT,
    TRACK,
    sheet_from_text,
)
from tests.rulebook import rule

from .helpers import forget_legal_moves, new, over, play_round, set_dice, set_footprints, set_sheet, to_play

BOOK = "cat-cafe.txt"
EMPTY = """
# . . . #
. . . . #
# . . . .
. . # . .
. . . . #
. . . . .
"""


def snap(state: State) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def marks_of(state: State) -> set[tuple[int, int, int]]:
    """(tower, floor, item) of every legal mark."""
    return {(a.tower, a.floor, a.item) for a in state.legal_actions() if isinstance(a, Mark)}


# -- the dice ------------------------------------------------------------------------------------------
@rule(BOOK, "Dice equal to the number of players +1 are rolled each turn.")
def test_players_plus_one_dice_each_round() -> None:
    for players in (2, 3, 4):
        state = new(players, seed=players)
        assert len(state.view(None)["dice"]) == players + 1
        assert len(state.chance.log) == players + 1
        play_round(state, {})
        assert state.round == 2
        assert len(state.view(None)["dice"]) == players + 1
        assert len(state.chance.log) == 2 * (players + 1)


@rule(BOOK, "Each player takes one die, and the die not chosen is used by all players.")
def test_draft_one_die_each_and_share_the_rest() -> None:
    state = new(3)
    state.dice, state.pool = [2, 4, 4, 6], [2, 4, 4, 6]
    forget_legal_moves(state)
    assert state.current_player == 0
    assert state.legal_actions() == [DRAFT[2], DRAFT[4], DRAFT[6]]
    state.apply_text("take 6")
    assert state.current_player == 1
    before = snap(state)
    with pytest.raises(IllegalAction, match="no die showing 6"):
        state.apply_text("take 6")
    assert snap(state) == before
    state.apply_text("take 4")
    state.apply_text("take 2")
    assert state.phase == MARKING and state.shared == 4
    assert state.view(None)["shared"] == 4
    assert [row["die"] for row in state.view(None)["sheets"]] == [6, 4, 2]
    # all three mark with their own die and the shared 4: with no footprints, floor 6 + item 4 for seat 0,
    # floor 4 + item 4 for seat 1, floor 2 + item 4 (or floor 4 + item 2) for seat 2
    for seat in range(3):
        set_footprints(state, seat, 0)
    assert {(f, i) for _, f, i in marks_of(state)} == {(6, 4), (4, 6)}


def test_draft_goes_in_turn_order_from_the_rounds_first_player() -> None:
    """CONTENT-NOTES.md: players draft one each in turn order; the first player moves on each round."""
    state = new(4)
    assert state.first == 0
    order = []
    while state.phase != MARKING:
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 2, 3]
    play_round(state, {}, free=False)
    assert state.first == 1
    order = []
    while state.phase != MARKING:
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 3, 0]


@rule(BOOK, "Players use one die's value to choose a spot on a cat tower column.")
@rule(BOOK, "The other die's value is used to place one of the six items.")
def test_one_die_for_the_floor_the_other_for_the_item() -> None:
    state = new(2)
    set_dice(state, [2, 3], 5)
    set_footprints(state, 0, 0)
    expected = {(t + 1, 2, 5) for t, f in (SPACE_AT_LIST[s] for s in FLOOR_SPACES[2])}
    expected |= {(t + 1, 5, 2) for t, f in (SPACE_AT_LIST[s] for s in FLOOR_SPACES[5])}
    assert marks_of(state) == expected  # any empty space of that floor, in any tower
    assert len(expected) == 8
    with pytest.raises(IllegalAction, match="needs 1 footprint"):
        state.apply_text("mark 1 3 cushion")


SPACE_AT_LIST = {s: tf for tf, s in SPACE_AT.items()}


@rule(BOOK, "Footprints at the track to the right allow players to change die values.")
def test_footprints_change_die_values() -> None:
    state = new(2)
    set_dice(state, [2, 3], 5)
    set_footprints(state, 0, 1, circled=1)
    state.apply_text("mark 1 3 cushion")  # the 2 raised to 3 for the floor
    state.apply_text("pass")
    assert state.used[0] == 1
    assert state.sheets[0][SPACE_AT[(0, 3)]] == 5
    assert state.view(None)["sheets"][0]["last"]["footprints"] == 1


@rule(BOOK, "Multiple footprints can be used on a single die")
def test_several_footprints_on_one_die() -> None:
    state = new(2)
    set_dice(state, [1, 1], 1)
    set_footprints(state, 0, 4, circled=4)
    assert (1, 1, 5) in marks_of(state)  # the shared 1 turned into a 5 (cushion) with four footprints
    state.apply_text("mark 1 1 cushion")
    state.apply_text("pass")
    assert (state.circled[0], state.used[0]) == (4, 4)


@rule(BOOK, "but a 6 cannot be changed into a 1 nor a 1 into a 6.")
def test_no_wrap_between_six_and_one() -> None:
    assert mark_cost(6, 3, 1, 3) == 5  # a wrap would make it 1
    state = new(2)
    set_dice(state, [6, 6], 3)
    set_footprints(state, 0, 1)
    assert all(f != 1 for _, f, _ in marks_of(state))
    before = snap(state)
    with pytest.raises(IllegalAction, match="needs 5 footprint"):
        state.apply_text("mark 2 1 butterfly")
    assert snap(state) == before
    set_dice_again = new(2)
    set_dice(set_dice_again, [1, 1], 4)
    set_footprints(set_dice_again, 0, 1)
    assert all(f != 6 for _, f, _ in marks_of(set_dice_again))


# -- towers ----------------------------------------------------------------------------------------------
TOWER1_ALMOST = """
# . . . #
. . . . #
# . . . .
C . # . .
Y . . . #
H . . . .
"""
TOWER1_ALMOST_NO_HOUSE = TOWER1_ALMOST.replace("H", "C")


@rule(
    BOOK,
    "When a column is completed for the first time in the game, the player will receive the larger number "
    "indicated at the top if they have a cat house symbol in that column.",
)
def test_larger_bonus_for_first_completion_with_a_house() -> None:
    state = new(3)
    set_sheet(state, 0, TOWER1_ALMOST)
    play_round(state, {0: "mark 1 5 yarn"})
    assert state.completed[0][0] == 6
    assert state.view(1)["sheets"][0]["tower_bonuses"] == [6, 0, 0, 0, 0]


def test_players_completing_in_the_same_round_are_all_first() -> None:
    """CONTENT-NOTES.md: several players completing it in the same round may all take the larger bonus."""
    state = new(3)
    for seat in range(3):
        set_sheet(state, seat, TOWER1_ALMOST)
    play_round(state, {0: "mark 1 5 yarn", 1: "mark 1 5 mouse", 2: "mark 1 5 bowl"})
    assert [state.completed[p][0] for p in range(3)] == [6, 6, 6]


@rule(BOOK, "Otherwise that player and all other players will receive the smaller value when a column is completed.")
def test_smaller_bonus_without_a_house_or_after_the_first_round() -> None:
    state = new(3)
    set_sheet(state, 0, TOWER1_ALMOST_NO_HOUSE)
    set_sheet(state, 1, TOWER1_ALMOST)
    set_sheet(state, 2, TOWER1_ALMOST)
    # seat 0 completes first but has no house: smaller; seat 1 completes in the same round with a house: larger
    play_round(state, {0: "mark 1 5 yarn", 1: "mark 1 5 yarn"})
    assert state.completed[0][0] == 4
    assert state.completed[1][0] == 6
    # a round later, seat 2 completes it with a house: the tower was completed before, so smaller
    play_round(state, {2: "mark 1 5 yarn"})
    assert state.completed[2][0] == 4
    assert state.view(None)["towers"][0]["claimed"] is True


# -- passing and the end -------------------------------------------------------------------------------
@rule(BOOK, "You can pass your turn to circle three footprints on the track at the right.")
def test_pass_circles_three_footprints() -> None:
    state = new(2)
    set_dice(state, [3, 3], 3)
    assert PASS in state.legal_actions()
    set_footprints(state, 0, 2, circled=4)
    set_footprints(state, 1, 2, circled=17)
    state.apply_text("pass")
    state.apply_text("  PASS ")
    assert state.circled == [7, TRACK]  # never past the end of the track
    assert state.used == [2, 15]


TOWERS_1_5_DONE_2_ALMOST = """
# . . . #
Y Y . . #
# Y . . Y
Y Y # . .
Y Y . . #
Y Y . . Y
"""


@rule(BOOK, "The game ends when a player completes three columns and all players have had an equal number of turns.")
def test_game_ends_after_the_round_of_a_third_tower() -> None:
    state = new(3)
    set_sheet(state, 1, TOWERS_1_5_DONE_2_ALMOST)
    state.completed[1][0] = 4
    state.completed[1][4] = 2
    state.claimed[0] = state.claimed[4] = True
    set_footprints(state, 1, TRACK, TRACK)
    set_dice(state, [1, 1, 1], 1)
    state.apply_text("pass")  # seat 0
    state.apply_text("mark 2 6 yarn")  # seat 1 completes a third tower
    assert not state.is_over and state.current_player == 2  # seat 2 still has its turn this round
    state.apply_text("pass")
    assert over(state) and to_play(state) is None
    assert state.legal_actions() == []
    assert state.round == 1


def test_two_towers_do_not_end_the_game() -> None:
    state = new(2)
    set_sheet(state, 0, TOWER1_ALMOST)
    play_round(state, {0: "mark 1 5 yarn"})
    assert not state.is_over and state.round == 2


# -- the six items ---------------------------------------------------------------------------------------
@rule(BOOK, "1 Cat house: After placing a cat house on your sheet, choose a cat that has not yet been scored.")
def test_a_house_asks_the_same_seat_for_an_unscored_cat() -> None:
    state = new(2)
    set_dice(state, [1, 1], 1)
    state.points[0][2] = 4  # the yarn cat was chosen before
    state.apply_text("mark 1 1 house")
    assert state.phase == CHOOSING_CAT and state.current_player == 0
    assert state.legal_actions() == [CAT[1], CAT[3], CAT[4], CAT[5], CAT[6]]
    before = snap(state)
    with pytest.raises(IllegalAction, match="already been chosen"):
        state.apply_text("cat yarn")
    with pytest.raises(IllegalAction, match="choose a cat"):
        state.apply_text("pass")
    assert snap(state) == before
    state.apply_text("cat mouse")
    assert state.current_player == 1


@rule(BOOK, "Immediately score 2 points for each item on your sheet matching the chosen cat's favourite item.")
def test_cat_scores_two_per_matching_item_at_once() -> None:
    state = new(2)
    set_sheet(
        state,
        0,
        """
        # . . . #
        Y . . . #
        # . . . .
        Y . # . .
        . H . . #
        . Y . . .
        """,
    )
    play_round(state, {0: "mark 1 1 house, cat yarn", 1: "mark 1 1 house, cat house"})
    assert state.points[0][2] == 6  # three balls of yarn
    assert state.points[1][HOUSE] == 2  # the house just drawn counts for the house cat
    assert [row["house"] for row in state.breakdown()] == [6, 2]  # scored at once, before the end
    assert state.view(1)["sheets"][0]["cats"]["yarn"] == 6


@rule(BOOK, "If all your cats have already been chosen, you may not place more cat houses.")
def test_no_seventh_house() -> None:
    state = new(2)
    set_dice(state, [1, 1], 1)
    state.points[0] = [0, 2, 4, 0, 2, 0, 6]
    forget_legal_moves(state)
    assert all(i != HOUSE for _, _, i in marks_of(state))
    before = snap(state)
    with pytest.raises(IllegalAction, match="all six cats"):
        state.apply_text("mark 1 1 house")
    assert snap(state) == before


THREE_SHEETS_YARN = [
    # T1: A 1, B 1, C 0 (tie for most)   T2: A 2, B 1, C 0   T3: C 1 only
    """
    # . . . #
    . . . . #
    # Y . . .
    Y Y # . .
    . . . . #
    . . . . .
    """,
    """
    # . . . #
    Y . . . #
    # . . . .
    . . # . .
    . Y . . #
    . . . . .
    """,
    """
    # . . . #
    . . . . #
    # . Y . .
    . . # . .
    . . . . #
    . . . . .
    """,
]


@rule(BOOK, "At the end of the game, players will count the number of balls of yarn in each column.")
def test_yarn_is_counted_tower_by_tower() -> None:
    sheets = [sheet_from_text(t) for t in THREE_SHEETS_YARN]
    assert scoring.tower_yarn_counts(sheets[0]) == [1, 2, 0, 0, 0]
    assert scoring.tower_yarn_counts(sheets[1]) == [1, 1, 0, 0, 0]
    assert scoring.tower_yarn_counts(sheets[2]) == [0, 0, 1, 0, 0]
    assert scoring.yarn_points(sheets) == [8 + 8, 8 + 3, 8]


@rule(BOOK, "Players with the most in each column will get 8 points.")
def test_most_yarn_in_a_tower_scores_eight() -> None:
    sheets = [sheet_from_text(t) for t in THREE_SHEETS_YARN]
    # tower 2: A has 2, B 1: A takes 8 there; tower 3: C alone takes 8
    only_t2 = [[x if i in range(4, 10) else 0 for i, x in enumerate(s)] for s in sheets]
    assert scoring.yarn_points(only_t2) == [8, 3, 0]
    only_t3 = [[x if i in range(10, 15) else 0 for i, x in enumerate(s)] for s in sheets]
    assert scoring.yarn_points(only_t3) == [0, 0, 8]


@rule(
    BOOK,
    "If a player doesn't have the most but still has at least one ball of yarn "
    "they will score 3 points for that column.",
)
def test_some_yarn_but_not_the_most_scores_three() -> None:
    a = sheet_from_text(THREE_SHEETS_YARN[0])
    b = sheet_from_text(THREE_SHEETS_YARN[1])
    assert scoring.yarn_points([a, b]) == [16, 8 + 3]  # B: tied in tower 1 (8), fewer in tower 2 (3)


@rule(BOOK, "If players tie for the most balls of yarn in a column, they will each get 8 points.")
def test_tied_most_yarn_all_score_eight() -> None:
    a = sheet_from_text(THREE_SHEETS_YARN[0])
    only_t1 = [x if i < 4 else 0 for i, x in enumerate(a)]
    assert scoring.yarn_points([only_t1, only_t1[:], only_t1[:]]) == [8, 8, 8]


@rule(BOOK, "3 Butterfly toy: Immediately circle two unmarked footprints.")
def test_butterfly_circles_two_footprints_at_once() -> None:
    state = new(2)
    set_dice(state, [3, 3], 3)
    set_footprints(state, 0, 0, circled=5)
    set_footprints(state, 1, 0, circled=17)
    state.apply_text("mark 2 3 butterfly")
    state.apply_text("mark 4 3 butterfly")
    assert state.circled == [7, TRACK]


@rule(BOOK, "At the end of the game, players will score 3 points for each butterfly.")
def test_butterflies_score_three_each() -> None:
    state = new(2)
    set_sheet(state, 1, EMPTY.replace(". . . . .", "B B . . B", 1))
    assert state.breakdown()[1]["butterfly"] == 9
    assert state.breakdown()[0]["butterfly"] == 0


@rule(
    BOOK,
    "4 Food bowl: At the end of the game, players will score 1 point for each different item adjacent to a food bowl.",
)
def test_food_bowl_counts_different_neighbouring_items() -> None:
    # the bowl at T2F3 touches T2F2 Y, T2F4 B, T1F2 H, T1F3 Y, T3F2 M: {Y, B, H, M} = 4;
    # the cushion at T2F5 is not adjacent
    sheet = sheet_from_text(
        """
        # . . . #
        . C . . #
        # B . . .
        Y F # . .
        H Y M . #
        . . . . .
        """
    )
    assert scoring.bowl_points(sheet) == 4
    # a second bowl at T3F2 touches T2F2 Y and the bowl at T2F3 (T3F1, T4F2, T4F3 are empty): {Y, F} = 2,
    # and the first bowl now sees a bowl instead of a mouse there: {Y, B, H, F} = 4
    sheet[SPACE_AT[(2, 2)]] = 4
    assert scoring.bowl_points(sheet) == 4 + 2


@rule(BOOK, "5 Cushion: At the end of the game, each cushion will score points equal to the floor number it is on.")
@rule(BOOK, "For example, a cushion at height 5 will score 5 points.")
def test_cushion_scores_its_floor() -> None:
    sheet = sheet_from_text(EMPTY)
    sheet[SPACE_AT[(1, 5)]] = 5
    assert scoring.cushion_points(sheet) == 5
    sheet[SPACE_AT[(4, 1)]] = 5
    sheet[SPACE_AT[(3, 6)]] = 5
    assert scoring.cushion_points(sheet) == 5 + 1 + 6


@rule(
    BOOK,
    "6 Mouse toy: At the end of the game, players will receive 2/6/12/20 points according to each group of "
    "mouse toys adjacent to one another.",
)
def test_mouse_groups_score_2_6_12_20() -> None:
    sheet = sheet_from_text(EMPTY)
    chain = [(1, 1), (1, 2), (1, 3), (1, 4)]  # tower 2, floors 1-4: each touches the next
    expected = [2, 6, 12, 20]
    for k, (t, f) in enumerate(chain):
        sheet[SPACE_AT[(t, f)]] = 6
        assert scoring.mouse_groups(sheet) == [k + 1]
        assert scoring.mouse_points(sheet) == expected[k]


@rule(BOOK, "Multiple groups can be scored.")
def test_several_mouse_groups_each_score() -> None:
    sheet = sheet_from_text(
        """
        # . . . #
        . . . . #
        # . . . M
        M . # . .
        M . . . #
        . . . . M
        """
    )
    # T1F2-T1F3 a pair (6); T5F4 alone (2); T5F1 alone (2): T5F1 and T5F4 do not touch
    assert sorted(scoring.mouse_groups(sheet)) == [1, 1, 2]
    assert scoring.mouse_points(sheet) == 6 + 2 + 2


def test_longer_mouse_groups_follow_the_mice_option() -> None:
    """README decision: a group of more than four scores 20 ('cap', the default) or 20 per four plus the rest."""
    assert [scoring.mouse_group_points(k) for k in range(1, 10)] == [2, 6, 12, 20, 20, 20, 20, 20, 20]
    assert [scoring.mouse_group_points(k, "repeat") for k in range(1, 10)] == [2, 6, 12, 20, 22, 26, 32, 40, 42]


@rule(BOOK, "2 Ball of yarn")
@rule(BOOK, "4 Food bowl")
@rule(BOOK, "5 Cushion")
def test_items_are_numbered_like_the_die_faces() -> None:
    assert ITEMS == ("house", "yarn", "butterfly", "bowl", "cushion", "mouse")
    state = new(2)
    set_dice(state, [2, 2], 4)
    set_footprints(state, 0, 0)
    # die 2 and die 4: floor 2 with a food bowl, or floor 4 with a ball of yarn
    assert {(f, ITEMS[i - 1]) for _, f, i in marks_of(state)} == {(2, "bowl"), (4, "yarn")}
