"""Three complete sheets of one 3-player game, built mark by mark through the rules engine, scored by hand.

Sheets are drawn floor 6 at the top, towers 1 to 5 left to right; H house, Y yarn, B butterfly,
F food bowl, C cushion, M mouse, ``.`` empty, ``#`` scratching post. Adjacency (CONTENT-NOTES.md): a space
touches the spaces above and below it, and in the neighbouring towers the same floor and the one above
(towers 1, 3, 5) or the same floor and the one below (towers 2 and 4, which sit half a hex lower).

The marks are made round by round (one seat marking, the others passing, until the last round in which
A and C both complete tower 2), so cat points and tower bonuses come from the real rules.
"""

from __future__ import annotations

from cattable.games.cafe.game import CafeState
from cattable.games.cafe.sheet import ITEMS, sheet_to_text
from tests.rulebook import rule

from .helpers import new, play_round

SHEET_A = """
# M Y . #
C M F . #
# B . H M
Y F # . B
H Y C . #
F H Y . C
"""
SHEET_B = """
# M M M #
Y . M M #
# . C Y .
. . # C .
. . B H #
. . F F .
"""
SHEET_C = """
# C . . #
. F . . #
# Y . . .
Y Y # . .
M F . . #
M H . . .
"""

# The order of each seat's marks: (tower, floor, item[, cat]).
A_MARKS = [
    "mark 1 1 bowl",
    "mark 1 3 yarn",
    "mark 1 5 cushion",
    "mark 2 2 yarn",
    "mark 2 3 bowl",
    "mark 2 4 butterfly",
    "mark 2 5 mouse",
    "mark 2 6 mouse",
    "mark 3 1 yarn",
    "mark 3 2 cushion",
    "mark 3 5 bowl",
    "mark 3 6 yarn",
    "mark 5 1 cushion",
    "mark 5 3 butterfly",
    "mark 5 4 mouse",  # round 15: completes tower 5 without a house: smaller bonus 2
    "mark 1 2 house, cat yarn",  # round 16: yarn cat, 4 yarn (T1F3 T2F2 T3F1 T3F6) = 8; tower 1 first + house: 6
    "mark 4 4 house, cat house",  # round 17: house cat, 2 houses (T1F2 T4F4) = 4
    "mark 2 1 house, cat mouse",  # round 18: mouse cat, 3 mice (T2F5 T2F6 T5F4) = 6; tower 2 first (with C): 9
]
B_MARKS = [
    "mark 3 1 bowl",
    "mark 3 2 butterfly",
    "mark 3 4 cushion",
    "mark 3 5 mouse",
    "mark 3 6 mouse",  # round 5: completes tower 3, no house: smaller bonus 3
    "mark 4 1 bowl",
    "mark 4 3 cushion",
    "mark 4 4 yarn",
    "mark 4 5 mouse",
    "mark 4 6 mouse",
    "mark 1 5 yarn",
    "mark 2 6 mouse",
    "mark 4 2 house, cat mouse",  # round 13: mouse cat, 5 mice = 10; tower 4 first with a house: 8
]
C_MARKS = [
    "mark 1 1 mouse",
    "mark 1 2 mouse",
    "mark 1 3 yarn",
    "mark 2 2 bowl",
    "mark 2 3 yarn",
    "mark 2 4 yarn",
    "mark 2 5 bowl",
    "mark 2 6 cushion",
]
C_LAST = "mark 2 1 house, cat yarn"  # round 18: yarn cat, 3 yarn (T1F3 T2F3 T2F4) = 6; tower 2, same round as A: 9


def _play(**options: object) -> CafeState:
    state = new(3, seed=5, max_rounds=1000, **options)
    for r in range(18):
        marks = {}
        if r < len(A_MARKS):
            marks[0] = A_MARKS[r]
        if r < len(B_MARKS):
            marks[1] = B_MARKS[r]
        if r < len(C_MARKS):
            marks[2] = C_MARKS[r]
        if r == 17:
            marks[2] = C_LAST
        assert not state.is_over, f"ended early, in round {state.round}"
        play_round(state, marks)
    assert state.is_over, "A's third tower must end the game after round 18"
    assert state.round == 18
    return state


def test_the_sheets_are_the_ones_drawn_above() -> None:
    state = _play()
    for seat, text in enumerate((SHEET_A, SHEET_B, SHEET_C)):
        assert sheet_to_text(state.sheets[seat]) == text.strip()


def test_sheet_a_by_hand() -> None:
    # cats (immediate): yarn 8 + house 4 + mouse 6 = 18
    # yarn per tower (A/B/C): T1 1/1/1 tie for most: 8; T2 1/0/2: A has one, not the most: 3;
    #   T3 2/0/0: most: 8; T4 0/1/0; T5 none.                                         yarn = 19
    # butterflies T2F4, T5F3: 2 x 3                                                  butterfly = 6
    # food bowls: T1F1 touches T1F2 H, T2F1 H, T2F2 Y -> {H, Y} = 2
    #             T2F3 touches T2F2 Y, T2F4 B, T1F2 H, T1F3 Y, T3F2 C -> {Y, B, H, C} = 4
    #             T3F5 touches T3F6 Y, T2F5 M, T2F6 M (T3F4, T4F5, T4F6 empty) -> {Y, M} = 2   bowl = 8
    # cushions: T1F5 5 + T3F2 2 + T5F1 1                                             cushion = 8
    # mice: T2F5-T2F6 a group of 2 = 6; T5F4 alone = 2                               mouse = 8
    # towers: T5 no house 2 (round 15), T1 first with house 6 (round 16), T2 first with house 9 (round 18) = 17
    # total 18 + 19 + 6 + 8 + 8 + 8 + 17 = 84
    row = _play().result().details["breakdown"][0]
    assert row["cats"] == {"house": 4, "yarn": 8, "butterfly": None, "bowl": None, "cushion": None, "mouse": 6}
    assert (row["house"], row["yarn"], row["butterfly"], row["bowl"]) == (18, 19, 6, 8)
    assert (row["cushion"], row["mouse"], row["towers"], row["total"]) == (8, 8, 17, 84)
    assert row["tower_bonuses"] == [6, 9, 0, 0, 2]


def test_sheet_b_by_hand() -> None:
    # cats: mouse 10 (five mice when the house was drawn)                             house = 10
    # yarn: T1 tie at one with A and C: 8; T4 only B: 8                               yarn = 16
    # butterfly T3F2: 3
    # food bowls: T3F1 touches T3F2 B, T4F1 F, T4F2 H (T2F1, T2F2 empty) -> 3
    #             T4F1 touches T4F2 H, T3F1 F (T5F1 empty) -> 2                      bowl = 5
    # cushions: T3F4 4 + T4F3 3                                                      cushion = 7
    # mice: T2F6 touches T3F5, T3F6; T3F5 touches T3F6, T4F5, T4F6: one group of 5;
    #   the default rule caps a group at 20                                          mouse = 20
    # towers: T3 no house 3 (round 5), T4 first with house 8 (round 13)              towers = 11
    # total 10 + 16 + 3 + 5 + 7 + 20 + 11 = 72
    row = _play().result().details["breakdown"][1]
    assert (row["house"], row["yarn"], row["butterfly"], row["bowl"]) == (10, 16, 3, 5)
    assert (row["cushion"], row["mouse"], row["towers"], row["total"]) == (7, 20, 11, 72)
    assert row["tower_bonuses"] == [0, 0, 3, 8, 0]


def test_sheet_b_with_the_repeat_rule_for_long_mouse_groups() -> None:
    # the same five mice scored 20 for four plus 2 for the fifth: 22, so the total is 74
    row = _play(mice="repeat").result().details["breakdown"][1]
    assert (row["mouse"], row["total"]) == (22, 74)


def test_sheet_c_by_hand() -> None:
    # cats: yarn 6 (three yarn)                                                       house = 6
    # yarn: T1 tie at one: 8; T2 C has 2, the most: 8                                 yarn = 16
    # no butterflies                                                                  butterfly = 0
    # food bowls: T2F2 touches T2F1 H, T2F3 Y, T1F1 M, T1F2 M (T3F1, T3F2 empty) -> 3
    #             T2F5 touches T2F4 Y, T2F6 C (T1F5, T3F4, T3F5 empty) -> 2           bowl = 5
    # cushion T2F6: 6
    # mice: T1F1-T1F2 a group of 2                                                    mouse = 6
    # towers: T2 completed in the same round as A, with a house: both first: 9
    # total 6 + 16 + 0 + 5 + 6 + 6 + 9 = 48
    row = _play().result().details["breakdown"][2]
    assert (row["house"], row["yarn"], row["butterfly"], row["bowl"]) == (6, 16, 0, 5)
    assert (row["cushion"], row["mouse"], row["towers"], row["total"]) == (6, 6, 9, 48)


def test_the_result_ranks_by_total() -> None:
    result = _play().result()
    assert result.scores == (84.0, 72.0, 48.0)
    assert result.winners == (0,)
    assert result.ranking == ((0,), (1,), (2,))


@rule("cat-cafe.txt", "Scoring and Item Effects")
def test_the_breakdown_scores_every_item_and_the_towers() -> None:
    """The section's six items each have a line in the breakdown (the cats under "house"), as do towers."""
    for row in _play().result().details["breakdown"]:
        assert set(ITEMS) | {"towers"} <= set(row)
        assert set(row["cats"]) == set(ITEMS)
        assert row["total"] == sum(row[k] for k in (*ITEMS, "towers"))
