"""Simultaneous marking stays hidden, solo mode, options, actions, records, the renderer and the bot."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import cattable
from cattable.agents import RandomAgent
from cattable.agents.cafe.heuristic import HeuristicAgent
from cattable.core import IllegalAction, InvalidAction, OptionError, State
from cattable.games.cafe.actions import (
    CAT,
    DRAFT,
    INTERNED,
    MARK,
    PASS,
    CafeAction,
    Cat,
    Draft,
    Mark,
    Pass,
    check_value,
)
from cattable.games.cafe.phases import CHOOSING_CAT, MARKING, OVER
from cattable.games.cafe.sheet import NSPACES, SPACE_AT, sheet_from_text, sheet_to_text
from cattable.interfaces.terminal.drawings.cafe import render

from .helpers import GAME, cafe, new, over, play_round, set_dice, set_sheet


def snap(state: State) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


# -- marking is simultaneous: no one sees another's choice before all have chosen ------------------------
def test_a_pending_mark_is_seen_only_by_its_seat() -> None:
    state = new(3)
    set_dice(state, [2, 1, 2], 5)
    state.apply_text("mark 2 2 cushion")  # seat 0
    assert state.view(0)["sheets"][0]["pending"]["item"] == "cushion"
    for seat in (1, 2, None):
        view = state.view(seat)
        assert "pending" not in view["sheets"][0]
        assert view["sheets"][0]["towers"][1]["2"] is None
        assert view["sheets"][0]["chosen"] is True  # that seat 0 has chosen is public; what, is not
    state.apply_text("mark 1 5 house")  # seat 1 drew a house (its 1, the shared 5) and now chooses its cat
    assert state.view(1)["phase"] == "cat"
    assert state.view(0)["phase"] == "mark" and state.view(0)["sheets"][1]["chosen"] is False
    assert "house" not in json.dumps(state.view(0)["sheets"][1]["towers"])
    state.apply_text("cat house")
    state.apply_text("pass")
    # the round resolved: everything is public now
    last = [row["last"] for row in state.view(None)["sheets"]]
    assert [x["kind"] for x in last] == ["mark", "mark", "pass"]
    assert last[1]["cat"] == "house" and last[1]["points"] == 2 and last[1]["footprints"] == 0


def test_public_text_keeps_marks_secret_from_other_seats() -> None:
    state = new(2)
    assert state.public_text(DRAFT[3], 1) == "take 3"  # the draft is open
    set_dice(state, [1, 1], 1)
    mark = GAME.parse_action("mark 1 1 yarn")
    assert state.public_text(mark, 0) == "mark 1 1 yarn"
    assert "mark" not in state.public_text(mark, 1) and "yarn" not in state.public_text(mark, None)
    assert "pass" not in state.public_text(PASS, 1)


def test_determinize_redeals_other_seats_pending_marks_only() -> None:
    state = new(3, seed=4)
    set_dice(state, [2, 3, 4], 5)
    state.apply_text("mark 2 2 cushion")
    view1 = json.dumps(state.view(1), sort_keys=True)
    seen = set()
    for k in range(30):
        other = cafe(state.determinize(1, random.Random(k)))
        assert json.dumps(other.view(1), sort_keys=True) == view1
        assert other.legal_actions() == state.legal_actions()
        seen.add(other.pending[0])
    assert len(seen) > 3
    # seat 0 knows its own choice: nothing of its own is re-dealt
    mine = cafe(state.determinize(0, random.Random(1)))
    assert mine.pending[0] == MARK[SPACE_AT[(1, 2)]][5]


def test_determinize_of_a_seat_choosing_its_cat_hides_the_house() -> None:
    state = new(2, seed=4)
    set_dice(state, [1, 1], 1)
    state.apply_text("mark 1 1 house")
    assert state.phase == CHOOSING_CAT
    other = cafe(state.determinize(1, random.Random(0)))
    assert other.phase == MARKING and other.current_player == 0 and other.pending[0] is None
    assert json.dumps(other.view(1), sort_keys=True) == json.dumps(state.view(1), sort_keys=True)


# -- solo: cattable's own mode -------------------------------------------------------------------------------
def test_solo_rolls_two_dice_and_skips_the_draft() -> None:
    state = new(1, seed=2)
    assert len(state.dice) == 2 and state.phase == MARKING
    assert state.drafted == [state.dice[0]] and state.shared == state.dice[1]
    assert all(not isinstance(a, Draft) for a in state.legal_actions())


def test_solo_wins_by_reaching_the_target() -> None:
    state = new(1, solo_target=30)
    set_sheet(
        state,
        0,
        """
        # . . . #
        C C . . #
        # C . . .
        C C # . .
        . . . . #
        . . . . .
        """,
    )
    state.completed[0] = [4, 0, 0, 0, 0]
    state.claimed[0] = True
    assert state.breakdown()[0]["total"] == 5 + 5 + 4 + 3 + 3 + 4  # 24: short of 30
    short = cafe(state.clone())
    short.phase = OVER
    assert short.result().winners == () and short.result().team_win is False
    play_round(state, {0: "mark 2 6 cushion"})  # +6 = 30
    state.phase = OVER
    result = state.result()
    assert result.scores == (30.0,) and result.winners == (0,) and result.team_win is True
    assert result.details["solo_target"] == 30


def test_solo_yarn_is_measured_against_a_ghost_with_two_in_each_tower() -> None:
    state = new(1)
    set_sheet(
        state,
        0,
        """
        # . . . #
        Y . . . #
        # . . . .
        Y Y # . .
        . Y . . #
        . . Y . .
        """,
    )
    # T1 2 balls (ties the ghost: 8), T2 2 (8), T3 1 (3)
    assert state.breakdown()[0]["yarn"] == 19


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="allowed"):
        GAME.new(players=2, mice="sometimes")
    with pytest.raises(OptionError, match="1 to 500"):
        GAME.new(players=1, solo_target=0)
    with pytest.raises(OptionError, match="allowed"):
        GAME.new(players=5)
    assert GAME.new(players=1, solo_target="75").options["solo_target"] == 75


def test_max_rounds_stops_a_game_of_passes() -> None:
    state = new(2, max_rounds=3)
    while not state.is_over:
        state.apply(PASS if PASS in state.legal_actions() else state.legal_actions()[0])
    assert state.round == 3


# -- actions ------------------------------------------------------------------------------------------------
def every_action() -> list[CafeAction]:
    marks = [MARK[s][i] for s in range(NSPACES) for i in range(1, 7)]
    return [*DRAFT[1:], *marks, *CAT[1:], PASS]


def test_every_action_round_trips_through_text_and_json() -> None:
    for action in every_action():
        assert GAME.parse_action(action.text()) is action
        assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) is action


def test_parsing_is_forgiving_about_case_spaces_and_names() -> None:
    expected = MARK[SPACE_AT[(1, 3)]][2]
    for text in ("mark 2 3 yarn", "  MARK  2 3  Yarn ", "mark tower 2 floor 3 ball", "mark 2 3 2", "mark 2,3,yarn"):
        assert GAME.parse_action(text) is expected
    assert GAME.parse_action("cat Food-Bowl") is CAT[4]
    assert GAME.parse_action("Take 5") is DRAFT[5]


@pytest.mark.parametrize(
    "junk", ["", "   ", "?!", "zzz 99 99", "{}", "mark", "mark 2 3", "take 7", "cat dog", "pass 2"]
)
def test_unreadable_text_is_invalid(junk: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action(junk)


@pytest.mark.parametrize(
    "junk",
    [None, 17, {}, [], ["x"], "pass", {"type": "mark"}, {"type": "take", "die": 0}, {"type": "take", "die": True},
     {"type": "mark", "tower": 1, "floor": 4, "item": "yarn"}, {"type": "pass", "extra": 1}, {"type": "cat", "cat": 9}],
)  # fmt: skip
def test_malformed_json_is_invalid(junk: object) -> None:
    with pytest.raises(InvalidAction):
        GAME.action_from_json(junk)


def test_a_scratching_post_is_not_a_space() -> None:
    with pytest.raises(InvalidAction, match="scratching post"):
        GAME.parse_action("mark 1 4 yarn")


def test_forbidden_moves_say_why_and_change_nothing() -> None:
    state = new(2)
    before = snap(state)
    for text, why in (("mark 2 2 yarn", "must take a die"), ("cat yarn", "must take a die")):
        with pytest.raises(IllegalAction, match=why):
            state.apply_text(text)
    with pytest.raises(InvalidAction):
        state.apply(("mark", 0, 1))  # not an action on purpose: apply must refuse it
    with pytest.raises(InvalidAction, match="not a Cat Cafe action"):
        state.apply(Mark("mark", 99, 9))  # no such space: malformed, not forbidden
    assert snap(state) == before
    set_dice(state, [3, 3], 3)
    set_sheet(state, 0, sheet_to_text([2] + [0] * (NSPACES - 1)))
    with pytest.raises(IllegalAction, match="already holds a yarn"):
        state.apply_text("mark 1 1 butterfly")


@pytest.mark.parametrize(
    "value",
    [Mark("mark", 99, 2), Mark("mark", -1, 2), Mark("mark", 0, 0), Mark("mark", 0, 7), Mark("mark", True, 2),
     Mark("mark", 0.0, 2),  # type: ignore[arg-type]  # malformed on purpose, as are the next three
     Mark("mark", 0, [2]),  # type: ignore[arg-type]
     Draft("take", 3.0),  # type: ignore[arg-type]
     Draft("take", "3"),  # type: ignore[arg-type]
     Mark("draw", 0, 2), Draft("take", 0), Draft("take", 7), Draft("mark", 3), Cat("cat", 0), Cat("cat", 9),
     Cat("take", 4), Draft("cat", 2),  # equal, as tuples, to take 4 and cat yarn: tag and class disagree
     Pass("skip")],
)  # fmt: skip
def test_a_malformed_action_value_is_invalid_not_illegal(value: CafeAction) -> None:
    """core/errors.py: InvalidAction is "not an action of this game at all", IllegalAction "a well-formed
    action that the rules forbid here". A tower or item out of range, a float, a bool or a wrong kind tag
    is no Cat Cafe action in any position, so the rules never judge it; the position is unchanged."""
    state = new(2)
    before = snap(state)
    with pytest.raises(InvalidAction, match="not a Cat Cafe action") as refused:
        state.apply(value)
    assert not isinstance(refused.value, IllegalAction)
    assert snap(state) == before and state.history == []


def test_the_interned_actions_skip_only_a_check_they_pass() -> None:
    """``CafeState.apply`` skips the value check for the game's own action objects (by identity): each of
    them passes it, every legal action is one of them, and an equal copy is still checked."""
    for action in INTERNED.values():
        check_value(action)
    rng = random.Random(5)
    for seed in range(6):
        state = new(1 + seed % 4, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(INTERNED.get(id(a)) is a for a in legal)
            state.apply(legal[rng.randrange(len(legal))])
    copy = Cat("take", 4)  # equal to take 4 as a tuple, but not the game's object
    with pytest.raises(InvalidAction, match="not a Cat Cafe action"):
        new(2).apply(copy)


def test_a_well_formed_action_the_rules_forbid_is_illegal_not_invalid() -> None:
    """The other side of the line: a real sheet action that is wrong only now is an IllegalAction."""
    state = new(2)  # drafting: every move but taking a die is forbidden now
    before = snap(state)
    taken = set(range(1, 7)) - set(state.view(0)["pool"])
    wrong_now = [(MARK[0][2], "must take a die"), (CAT[2], "must take a die"), (PASS, "must take a die")]
    wrong_now += [(DRAFT[v], "no die showing") for v in sorted(taken)]
    for action, why in wrong_now:
        with pytest.raises(IllegalAction, match=why) as refused:
            state.apply(action)
        assert not isinstance(refused.value, InvalidAction)
    assert snap(state) == before


def test_the_rule_check_agrees_with_the_legal_list() -> None:
    rng = random.Random(3)
    for seed in range(12):
        state = new(2 + seed % 3, seed=seed)
        while not state.is_over:
            legal = set(state.legal_actions())
            for action in every_action():
                assert state.is_legal(action) == (action in legal), (action, state)
            for _ in range(rng.randrange(1, 8)):
                if over(state):
                    break
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])


# -- records, render, bot ----------------------------------------------------------------------------------
def test_a_record_replays_to_the_same_state() -> None:
    state = new(4, seed=9)
    agent = RandomAgent(9)
    while not state.is_over:
        state.apply(agent.choose({}, state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    again = cattable.replay(record)
    assert snap(again) == snap(state)
    assert again.result() == state.result()


def test_a_record_made_mid_round_replays_the_hidden_marks_too() -> None:
    state = new(3, seed=12)
    agent = RandomAgent(12)
    while state.phase != MARKING:
        state.apply(agent.choose({}, state.legal_actions()))
    for _ in range(2):
        state.apply(agent.choose({}, state.legal_actions()))
    assert any(p is not None for p in state.pending)
    again = cattable.replay(json.loads(json.dumps(state.record())))
    assert snap(again) == snap(state)
    assert again.legal_actions() == state.legal_actions()


def test_text_sheets_round_trip() -> None:
    text = "# M Y . #\nC M F . #\n# B . H M\nY F # . B\nH Y C . #\nF H Y . C"
    assert sheet_to_text(sheet_from_text(text)) == text
    with pytest.raises(ValueError, match="posts"):
        sheet_from_text(text.replace("#", ".", 1))


def test_render_draws_every_seat_and_the_dice() -> None:
    state = new(3, seed=1)
    agent = RandomAgent(1)
    for _ in range(40):
        state.apply(agent.choose({}, state.legal_actions()))
    console = Console(width=200, record=True, color_system=None)
    console.print(render(state.view(0), 0))
    text = console.export_text()
    for p in range(3):
        assert f"seat {p + 1}" in text  # seats count from 1 on screen
    assert "footprints" in text and "T5 3/2" in text and "dice rolled" in text
    assert "▒" in text  # scratching posts
    console.print(render(state.view(None), None))


def test_heuristic_beats_random_and_reads_only_the_view() -> None:
    wins = 0
    for seed in range(6):
        state = new(2, seed=seed)
        agents = [HeuristicAgent(seed), RandomAgent(seed)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = json.loads(json.dumps(state.view(seat)))
            legal = state.legal_actions()
            action = agents[seat].choose(view, legal)
            assert action in legal
            state.apply(action)
        wins += state.result().winners == (0,)
    assert wins >= 5
