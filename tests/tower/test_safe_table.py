"""Issue #31, the tower in a player's hands: safe physics. An outside review's random games (``cattable
simulate tower --players 3 --agents random --seed SEED`` as it played them then, kept in ``data/``), and a
sweep at every steadiness: no piece ends up inside another after any physical event, nothing is thrown off
the table, and the French "whole tower" is every floor and wall of it."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import cattable
from cattable.core import Action
from cattable.games.tower import debris
from cattable.games.tower import table as tower_table
from cattable.games.tower.events import texts as told
from cattable.games.tower.game import TowerState
from cattable.games.tower.physics import STEADINESS, TowerWorld
from cattable.games.tower.physics.reading import deepest_overlap
from cattable.games.tower.table import tilt_of
from tests.rulebook import rule

from .helpers import random_game

EN = "cat-and-the-tower.en.txt"
FR = "cat-and-the-tower.fr.txt"
DEEPEST_MM = 1.0
"""The review counted a put-back more than 1 mm inside another piece as unsafe."""
TABLE_CM = 40.0
"""The table's nearest edge from the tower's axis: a piece thrown past it leaves the table."""
DATA = Path(__file__).parent / "data"


def review_game(seed: int, index: int) -> Iterator[tuple[TowerState, Action]]:
    """The review's game of ``seed`` (``data/review-seedSEED.json``, recorded before the live world was reset
    to its record after every event: playing the seed again no longer takes the same course): replayed up to
    its ``index``-th action, which and the review's actions after it are then carried out live. Yields the
    state after each live action, with the action."""
    game = cattable.game("tower")
    record = json.loads((DATA / f"review-seed{seed}.json").read_text(encoding="utf-8"))["record"]
    state = game.replay(record, upto=index - 1)
    assert isinstance(state, TowerState)
    for data in record["actions"][index - 1 :]:
        action = game.action_from_json(data)
        state.apply(action)
        yield state, action


@dataclass(frozen=True)
class Event:
    """What one physical event left: the deepest overlap of two pieces (mm, and which), the piece furthest
    from the tower's axis (cm), and the solver blow-ups it undid."""

    action: int
    depth_mm: float
    pair: tuple[str, str]
    furthest_cm: float
    furthest: str
    recoveries: int


def watch(monkeypatch: pytest.MonkeyPatch, events: list[Event], actions: Callable[[], int]) -> None:
    """Record an ``Event`` for every physical event the rules simulate (``Table.simulate``)."""
    simulate = tower_table.Table.simulate

    def watched(self: tower_table.Table, run: Callable[[TowerWorld], object]) -> tower_table.Outcome:
        world = self.live()
        blown = world.instabilities
        out = simulate(self, run)
        depth, a, b = deepest_overlap(world)
        far, piece = max((math.hypot(*pose[:2]), p) for p, pose in out["poses"].items())
        events.append(Event(actions(), depth * 1000, (a, b), far, piece, world.instabilities - blown))
        return out

    monkeypatch.setattr(tower_table.Table, "simulate", watched)


def assert_safe(events: list[Event]) -> None:
    for e in events:
        assert e.depth_mm <= DEEPEST_MM, f"action {e.action}: {e.pair[0]} {e.depth_mm:.1f} mm inside {e.pair[1]}"
        assert e.furthest_cm < TABLE_CM, f"action {e.action}: {e.furthest} thrown {e.furthest_cm:.0f} cm"


@rule(EN, "As closely as possible, place the component back where it fell from.")
@rule(EN, "it is not considered to have fallen from the Tower and is not “Debris” and can be placed again")
@pytest.mark.parametrize(
    ("seed", "index", "text"),
    [
        (22, 11, "floor x=0.0 y=0.0 yaw=5.0"),  # was: 200 blow-ups, the whole 2 s settle undone 10 ms at a time
        (25, 12, "floor x=-0.3 y=0.0 yaw=0.0"),  # was: F2 thrown 180 cm, a wall 129 cm
    ],
)
def test_the_reviews_put_backs_go_into_free_space_and_throw_nothing(
    monkeypatch: pytest.MonkeyPatch, seed: int, index: int, text: str
) -> None:
    """Three random bots, wobbly hands: the floor laid as the review's ``index``-th action brings the storey
    below down, and walls that fell still touching F1 are put back. Before, they went back to their old
    poses, where F2 had fallen: up to 23.7 mm inside it. Now the debris (F2) is set aside first, and a piece
    goes back only where it lies inside nothing (the nearest free pose within a centimetre, else it has
    fallen). The review's game is replayed to just before that action, which and the three after it are
    carried out live, every physical event checked."""
    events: list[Event] = []
    played: list[str] = []
    watch(monkeypatch, events, lambda: index + len(played))
    for state, action in review_game(seed, index):
        played.append(action.text())
        if len(played) == 1:
            assert action.text() == text, f"the review's game is not reproduced: {played}"
            assert any("fell but still touches a floor: put back" in t for t in told(state.events))
    assert len(played) == 4
    assert_safe(events)
    assert sum(e.recoveries for e in events) == 0


@pytest.mark.long  # the review's seeds stay in the fast tier; the sweep over every steadiness is long
def test_a_sweep_at_every_steadiness_leaves_no_piece_inside_another(monkeypatch: pytest.MonkeyPatch) -> None:
    """One random game per steadiness (3 players, 25 actions each, seeds that put pieces back), every
    physical event checked; the solver's undos stay within its bound."""
    seeds = {"steady": 0, "careful": 4, "normal": 0, "shaky": 2, "wobbly": 0}
    assert set(seeds) == set(STEADINESS)
    events: list[Event] = []
    count = [0]
    watch(monkeypatch, events, lambda: count[0] + 1)
    backs: list[str] = []
    put_back = debris.put_back

    def counted(s: TowerState, old: dict[str, list[float]], aside: set[str]) -> set[str]:
        backs.extend(old)
        return put_back(s, old, aside)

    monkeypatch.setattr(debris, "put_back", counted)
    most = int(TowerWorld().settings["settle"]["recoveries"])
    for level, seed in seeds.items():
        count[0] = 0
        for _state, _action in random_game(seed, steadiness=level):
            count[0] += 1
            if count[0] == 25:
                break
        assert_safe(events)
        assert all(e.recoveries <= most * 2 for e in events)  # a put-back's event settles once, a placement once
        events.clear()
    assert len(backs) >= 5


# -- the French whole tower ---------------------------------------------------------------------------------
@rule(FR, "La partie prend fin si la tour s'effondre entièrement")
@rule(FR, "L'ensemble des tuiles Étage et Mur placées durant la partie constituera la Tour")
def test_seed_61_the_second_floor_sliding_off_while_the_first_storeys_walls_stand_is_not_the_whole_tower() -> None:
    """The review's French table (three random bots, normal hands): the 41st action's floor brings F2 down
    with its cats, and both walls of the first storey still stand on F1, with no wall down. Before, this
    lost the game as "the whole tower has fallen" (about 1 French table in 18); the tower is every floor
    and wall tile, and its walls still stand, so the game goes on."""
    for state, action in review_game(61, 41):
        assert action.text() == "floor x=0.0 y=0.0 yaw=5.0", "the review's game is not reproduced"
        assert "F2 falls: back to the stock" in told(state.events)
        assert state.wall_debris == [] and state.reading["floor_levels"] == {"F1": 1}
        standing = [
            p
            for p, pose in state.table.outcome["poses"].items()
            if p.startswith("W-") and state.reading["support"].get(p) == "F1" and tilt_of(pose) < debris.LYING_DEG
        ]
        assert len(standing) >= 2
        assert not state.is_over and "the whole tower has fallen" not in " ".join(told(state.events))
        break
