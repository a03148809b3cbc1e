"""The tower's search bot (``mcts:*``): legal, reproducible, fair, fast enough, and it plays its own goals."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.budget import LEVELS, Budget
from cattable.agents.tower.heuristic import CAP, GUARD_SECONDS, HeuristicAgent
from cattable.agents.tower.search import DUEL_LOSS, FEW_CANDIDATES, LIVE_STOREYS, Plan, SearchAgent, _level_of
from cattable.games.tower import placing
from cattable.games.tower.actions import Cat, Choose, Floor, Wall
from cattable.games.tower.game import TowerState
from cattable.games.tower.phases import Edition, Phase
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.table import world_of

from .helpers import new, refresh, scene, set_actions, storey, tower

GAME = cattable.game("tower")
ROOMY = Budget(iterations=400, max_seconds=60.0)
"""The medium level's plan with a trial count too large to bind (60 s: 1,325 // storeys trials)."""


def _mid_game(players: int = 3, **options: Any) -> TowerState:
    s = new(players=players, steadiness="normal", **options)
    tower(s, 4)
    return s


def _competitive(*hand: str) -> TowerState:
    """Three storeys (windows walls over F2, high enough for a cat on a cat), a yellow and a blue Feline
    Friend on F2, every Black Cat outside the tower; the three face-up cards are a yellow, a blue and a
    purple|orange cat; seat 0 holds ``hand``."""
    s = new(players=3, mode="competitive", steadiness="normal")

    def build(w: TowerWorld) -> None:
        for kind in ("bricks", "windows", "bricks"):
            storey(w, (kind, kind))

    scene(s, build)

    def friends(w: TowerWorld) -> None:
        w.place_cat("C-yellow-1", "F2", 0.0, 1.5, 0.0)
        w.place_cat("C-blue-1", "F2", 0.0, -2.0, 0.0)

    scene(s, friends)
    s.hands[0] = list(hand)
    set_actions(s, "A15", "A16", "A17")
    return s


def test_every_level_is_the_tower_search_bot_and_grows_with_the_budget() -> None:
    agents = {lv: make_agent(f"mcts:{lv}", GAME, seed=1) for lv in LEVELS}
    assert all(isinstance(a, SearchAgent) for a in agents.values())
    assert isinstance(make_agent("mcts:iters=800", GAME, seed=1), SearchAgent)
    plans = [Plan.of(LEVELS[lv]) for lv in ("easy", "medium", "hard")]
    assert [p.cap * (1 + p.keep * p.trials) for p in plans] == sorted(p.cap * (1 + p.keep * p.trials) for p in plans)
    assert plans[0].cap < plans[1].cap < plans[2].cap and plans[0].trials < plans[2].trials
    few = [Plan.of(LEVELS[lv], FEW_CANDIDATES) for lv in ("easy", "medium", "hard")]
    assert [p.cap for p in few] == [3, FEW_CANDIDATES, FEW_CANDIDATES]  # at most the heuristic's sample
    assert [p.keep * p.trials for p in few] == [2, 6, 25]  # shaky hands: what hard adds to the heuristic's one
    assert not plans[0].lookahead and plans[2].lookahead


def test_the_moves_are_legal_from_the_first_card_to_the_goal_step() -> None:
    s = new(players=1, steadiness="normal")
    tower(s, 1)
    bot = SearchAgent(seed=2, budget=Budget(iterations=200, max_seconds=60.0))
    phases = set()
    for _ in range(8):
        if s.is_over:
            break
        legal = s.legal_actions()
        action = bot.choose(s.view(0), legal)
        assert action in legal or s.is_legal(action)
        phases.add(s.phase)
        s.apply(action)
    assert {"action", "place"} <= phases


def test_the_same_seed_makes_the_same_move_on_the_same_position() -> None:
    s = _mid_game()
    set_actions(s, "A07", "A19")
    view, legal = s.view(0), s.legal_actions()
    card = [SearchAgent(seed=4, budget=ROOMY).choose(view, legal) for _ in range(2)]
    assert card[0] == card[1]
    s.apply(Choose("choose", 1, "left"))
    view, legal = s.view(0), s.legal_actions()
    walls = [SearchAgent(seed=4, budget=ROOMY).choose(view, legal) for _ in range(2)]
    assert walls[0] == walls[1] and isinstance(walls[0], Wall)


@pytest.mark.parametrize("phase", ["card", "goal"])
def test_a_re_deal_of_what_the_seat_cannot_see_never_changes_its_move(phase: str) -> None:
    s = _competitive("G11", "G09")
    if phase == "goal":  # two yellows touching on F2: the goal step offers G11 (and, French, refreshes)
        s = _competitive("G11", "G13")
        s.edition = Edition.FR
        scene(s, lambda w: w.place_cat("C-yellow-2", "F2", 0.0, 2.5, 0.0))
        s.phase = Phase.GOAL
        refresh(s)
    legal = s.legal_actions()
    assert len(legal) > 1
    moves = set()
    for k in range(3):
        other = s.determinize(0, random.Random(k)) if k else s
        assert other.view(0) == s.view(0)
        bot = make_agent("mcts:iters=400", GAME, seed=3)
        moves.add(bot.choose_with(other.view(0), other.legal_actions(), InfoSet(other, 0)))
    assert len(moves) == 1


def test_hard_takes_under_two_seconds_a_move_in_mid_game() -> None:
    s = _mid_game()
    set_actions(s, "A01", "A20")
    bot = make_agent("mcts:hard", GAME, seed=5)
    for _ in range(2):  # the card, then the first wall
        start = time.perf_counter()
        s.apply(bot.choose(s.view(0), s.legal_actions()))
        assert time.perf_counter() - start < 2.0


def test_in_the_competitive_game_it_takes_the_card_its_hidden_goal_wants() -> None:
    wants_yellow = _competitive("G11", "G09")  # two yellow touching (3 floors)
    wants_blue = _competitive("G13", "G14")  # blue on blue (3 floors)
    picks = []
    for s in (wants_yellow, wants_blue):
        choice = SearchAgent(seed=6, budget=ROOMY).choose(s.view(0), s.legal_actions())
        assert isinstance(choice, Choose)
        picks.append(s.action_faceup[choice.card - 1])
    assert picks == ["A15", "A16"]


def test_kept_placements_are_compared_on_the_same_shaky_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    # Common random numbers: each kept candidate is tried with the very same noisy hands, so the choice
    # reflects the placement rather than which candidate drew the steadiest hand (the winner's curse).
    s = _mid_game()
    seat = s.current_player
    assert seat is not None
    bot = SearchAgent(seed=4, budget=ROOMY, coop_guard=False)  # the flat search
    tries: dict[object, list[object]] = {}

    def fake_try(base: object, view: object, a: object, hand: object) -> float:
        tries.setdefault(a, []).append(hand)
        return float(len(tries))  # any fixed scores: the test is about the hands

    monkeypatch.setattr(bot, "_try", fake_try)
    bot.mark = time.process_time()
    bot.deadline = bot.mark + 60.0  # what choose() sets before it searches
    bot.allowance = bot.trial_allowance(s.view(seat))
    bot._search(s.view(seat), s.legal_actions())
    noisy = [hands[1:] for hands in tries.values() if len(hands) > 1]
    assert len(noisy) == bot.plan.keep and all(len(h) == bot.plan.trials for h in noisy)
    assert all(h == noisy[0] for h in noisy) and all(x is y for h in noisy for x, y in zip(h, noisy[0], strict=True))


@pytest.mark.parametrize(
    ("players", "mode", "loss", "climb"),
    [(2, "competitive", -2000.0, 0.1), (3, "competitive", -500.0, 1.0), (2, "coop", -500.0, 1.0)],
)
def test_a_fifth_wall_costs_the_game_in_a_duel_and_climbing_counts_little(
    players: int, mode: str, loss: float, climb: float
) -> None:
    # "The player who causes the Tower to fall immediately moves their Ranking Token to last place": with
    # two players that is the whole game, whatever the climb.
    from cattable.agents.tower import view_reading

    s = new(players=players, mode=mode, steadiness="normal")
    view = s.view(0)
    view["wall_debris"] = ["W-bricks-1", "W-bricks-2", "W-bricks-3", "W-bricks-4"]
    bot = SearchAgent(seed=1, budget=ROOMY)
    assert bot._risk_weight(view, {"W-arches-1"}) == loss
    assert bot._risk_weight(view, {"C-yellow-1"}) == 0.0
    view["wall_debris"] = []
    assert bot._risk_weight(view, {"W-arches-1"}) == 0.0
    assert view_reading.climb_weight(view) == climb


def test_a_tight_trial_cap_still_leaves_the_kept_placements_their_shaky_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    # On a tall tower the still look at every candidate could eat the whole allowance; a candidate never met
    # by a shaky hand would then be judged on its still try alone, too kindly. Here the decision may run 10
    # trials: the still look stops at half of them (5 candidates), the 4 kept meet one shaky hand, and the
    # second hand, cut short by the cap after the first candidate, counts for none. It is rigged to make
    # that candidate look best if it counted: the bot must take the runner-up. The CPU clock, running 0.1 s
    # a trial, decides nothing: it is only the outer guard.
    clock = [0.0]
    monkeypatch.setattr(time, "process_time", lambda: clock[0])
    s = _mid_game()
    s.apply(s.legal_actions()[0])  # card 1, left: bricks + bricks + floor
    seat = s.current_player
    assert seat is not None
    bot = SearchAgent(seed=4, budget=Budget(iterations=1500, max_seconds=1.0), coop_guard=False)
    tries: dict[object, list[bool]] = {}

    def fake_try(base: object, view: object, a: object, hand: object) -> float:
        clock[0] += 0.1
        tries.setdefault(a, []).append(hand is placing.STILL)
        rank, shaken = list(tries).index(a), tries[a].count(False)
        if hand is placing.STILL:
            return 10.0 - 0.1 * rank
        return (-50.0 if rank == 0 else 0.0) if shaken == 1 else 1000.0

    monkeypatch.setattr(bot, "_try", fake_try)
    bot.mark = bot.slowest = 0.0
    bot.deadline = GUARD_SECONDS
    bot.allowance = 10
    legal = s.legal_actions()
    assert isinstance(legal[0], Wall) and len(legal) > 5
    choice = bot._search(s.view(seat), legal)
    order = list(tries)
    assert [tries[a].count(True) for a in order] == [1, 1, 1, 1, 1]
    assert [tries[a].count(False) for a in order] == [2, 1, 1, 1, 0]
    assert choice == order[1] and bot.trials_run == 10 and not bot.timed_out


@pytest.mark.parametrize("mode", ["coop", "competitive"])
def test_a_busy_clock_never_changes_the_moves_of_a_seed(monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """The trials are counted, not timed: hard's card and first wall on a 4-storey tower (the cooperative
    game's guarded moves, the competitive game's flat search) are the same, trial for trial, whether the CPU
    clock runs as it does or 0.3 s a look (a machine many times slower, or a busy one)."""

    def play() -> list[tuple[object, int]]:
        s = _mid_game(mode=mode)
        set_actions(s, "A01", "A20", "A15")
        bot = make_agent("mcts:hard", GAME, seed=5)
        assert isinstance(bot, SearchAgent)
        out: list[tuple[object, int]] = []
        for _ in range(2):  # the card, then its first piece
            seat = s.current_player
            assert seat is not None
            action = bot.choose(s.view(seat), s.legal_actions())
            out.append((action, bot.trials_run + bot.trials))
            s.apply(action)
        return out

    steady = play()
    clock = [0.0]

    def busy() -> float:
        clock[0] += 0.3
        return clock[0]

    monkeypatch.setattr(time, "process_time", busy)
    assert play() == steady
    assert any(trials > 1 for _, trials in steady), steady  # the trials ran (they would cross the old cap)


@pytest.mark.parametrize(("first", "taken"), [(5.0, 0), (-1000.0, 1)])
def test_the_card_sides_the_trial_cap_did_not_reach_are_taken_only_over_a_collapse(
    monkeypatch: pytest.MonkeyPatch, first: float, taken: int
) -> None:
    # The heuristic's favourite side is simulated first; then the cap is reached. A simulated side is kept
    # over untried ones unless it brings the tower down, when the next favourite (untried) is better.
    s = _competitive("G01", "G03")
    seat = s.current_player
    assert seat is not None
    view, legal = s.view(seat), s.legal_actions()
    bot = SearchAgent(seed=4, budget=ROOMY)
    favourites = sorted(legal, key=lambda a: -bot._card_score(view, a))
    simulated: list[object] = []

    def fake_side(view: object, base: object, side: object) -> float:
        simulated.append(side)
        bot.trials_run += 1  # a side costs a trial here: the allowance of one is reached after this side
        return first

    monkeypatch.setattr(bot, "_cat_side", fake_side)
    monkeypatch.setattr(bot, "_wall_side", fake_side)
    bot.mark, bot.deadline = time.process_time(), time.process_time() + 60.0
    bot.allowance = 1
    assert bot._choose_card(view, legal) == favourites[taken]
    assert len(simulated) == 1


def _live_levels(view: dict[str, Any], world: TowerWorld) -> set[int]:
    """Floor levels whose floor still collides in a trial world (a held-still storey's floor does not)."""
    levels = view["tower"]["reading"]["floor_levels"]
    return {lv for f, lv in levels.items() if world.model.geom_contype[world.geoms[f][0]]}


def test_with_live_storeys_a_trial_simulates_the_top_storeys_and_every_floor_it_builds_on() -> None:
    s = new(players=2, mode="competitive", steadiness="normal")
    tower(s, 6)
    view = s.view(0)
    levels = view["tower"]["reading"]["floor_levels"]
    assert max(levels.values()) == 7
    assert _live_levels(view, SearchAgent(0, LEVELS["hard"])._base(view, 7)) == set(range(1, 8))  # the default
    bot = SearchAgent(0, LEVELS["hard"], live_storeys=LIVE_STOREYS)
    assert _live_levels(view, bot._base(view, 7)) == {4, 5, 6, 7}  # LIVE_STOREYS below the top, and the top
    assert _live_levels(view, bot._base(view, 3)) == {2, 3, 4, 5, 6, 7}  # a cat for floor 3 keeps it on F2
    assert _live_levels(view, bot._base(view, 2)) == set(range(1, 8))  # nothing under F2 worth holding
    top = max(levels, key=lambda f: levels[f])
    third = next(f for f, lv in levels.items() if lv == 3)
    assert _level_of(view, Cat("cat", "yellow", int(third[1:]), 0.0, 0.0, 0.0, "", "")) == 3
    assert _level_of(view, Wall("wall", "bricks", 3.0, 3.0, -135.0, 90.0)) == levels[top] == 7


def _slow_collapse() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "slow-collapse.json").read_text())
    return dict(data["view"])


CENTRED = Floor("floor", 0.0, 0.0, 0.0)


def _walls_down(view: dict[str, Any], cap: float) -> int:
    world = world_of(view["tower"])
    placing.floor(world, str(view["stock"]["floors"][0]), CENTRED, placing.STILL, cap)
    return sum(1 for p in world.read().debris if p.startswith("W-"))


@pytest.mark.slow
def test_with_settle_a_trial_runs_as_long_as_the_rules_so_a_slow_collapse_is_seen() -> None:
    """A tall tower can start to fall slowly: at the bots' 0.8 s its walls still stand, at the rules' 2 s
    they lie on the table. With ``settle`` set to the rules' time, the search bot's trial sees the fall."""
    view = _slow_collapse()
    assert _walls_down(view, CAP) == 0
    assert _walls_down(view, placing.SETTLE) >= 5
    base = world_of(view["tower"])
    assert SearchAgent.settle_cap == HeuristicAgent.settle_cap == CAP  # the default: the cheap look
    blind = SearchAgent(0, LEVELS["hard"])._try(base, view, CENTRED, placing.STILL)
    seeing = SearchAgent(0, LEVELS["hard"], settle=placing.SETTLE)._try(base, view, CENTRED, placing.STILL)
    assert blind > -5 * 60.0  # the floor does not lie level yet, but no wall has fallen
    assert seeing <= DUEL_LOSS  # five walls down: a lost duel


def test_cooperative_cards_and_without_card_lookahead_every_card_follow_the_heuristics_rules_of_thumb() -> None:
    cases = ((_competitive("G11", "G09"), False), (_competitive("G13", "G14"), False), (_mid_game(), True))
    for s, lookahead in cases:
        view, legal = s.view(0), s.legal_actions()
        assert isinstance(legal[0], Choose)
        for seed in range(3):
            bot = SearchAgent(seed, LEVELS["hard"], card_lookahead=lookahead, coop_guard=False)
            assert bot.choose(view, legal) == HeuristicAgent(seed).choose(view, legal)
