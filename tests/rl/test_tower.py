"""The tower's environments: the menu discretisation and the Box variant pass PettingZoo's and
Gymnasium's checks (a few steps each: every placement runs the MuJoCo world)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cattable.rl import env, gym_env
from cattable.rl.encodings.tower import SLOT0
from cattable.rl.tower_box import shifted

pytestmark = [pytest.mark.slow, pytest.mark.physics]


@pytest.mark.parametrize("box", [False, True])
def test_api_and_seed(box: bool) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("tower", players=2, box=box), num_cycles=10)
        seed_test(lambda: env("tower", players=2, box=box), num_cycles=6)


def test_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env("tower", players=2, opponents="random"))


def test_menu_slots_name_the_games_placements_in_order() -> None:
    e = env("tower", players=2)
    e.reset(seed=2)
    rng = random.Random(0)
    assert e.game_state is not None
    seen_slots = 0
    for _ in range(6):
        legal = e.game_state.legal_actions()
        mask = e.observe(e.agent_selection)["action_mask"]
        assert int(mask.sum()) == len(legal)
        slots = [a for a in legal if a.to_json()["kind"] in ("wall", "floor", "cat", "pet", "move")]
        for k, a in enumerate(slots):
            assert e.encoding.index_of(a, legal) == SLOT0 + k
            assert e.encoding.action_at(SLOT0 + k, legal) == a
        seen_slots += len(slots)
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_slots > 0


def test_box_shifts_the_placement_within_the_rules() -> None:
    e = env("tower", players=2, box=True)
    e.reset(seed=2)
    assert e.game_state is not None
    e.step(np.array([-1, 0, 0, 0, 0], dtype=np.float32))  # the first card side
    base = e.game_state.legal_actions()[0]
    moved = e.decode(np.array([-1.0, 0.5, -0.5, 1.0, 0.0], dtype=np.float32))
    assert moved == shifted(base, np.array([0.5, -0.5, 1.0, 0.0]))
    assert moved.x == pytest.approx(base.x + 0.5) and moved.yaw == pytest.approx(base.yaw + 15.0)
    with pytest.raises(ValueError, match="five finite numbers"):
        e.decode(np.array([0.0, np.nan, 0, 0, 0]))


def test_gym_env_plays_the_towers_continuous_variant() -> None:
    """Issue #33: "the tower's continuous variant missing from `gym_env`": ``box=True`` gives the Box action
    there too; Gymnasium's checker passes, and a step shifts the placement the rules accept."""
    made = gym_env("tower", seat=0, opponents="random", players=2, box=True)
    assert made.action_space.shape == (5,) and made.observation_space.shape is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(made, skip_render_check=True)
    made.reset(seed=3)
    before = len(made.state.history)
    _obs, _reward, _done, _truncated, info = made.step(np.zeros(5, dtype=np.float32))
    assert "illegal" not in info and len(made.state.history) > before
