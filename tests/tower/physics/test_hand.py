"""The steadiness model: named levels, seeded draws, sizes of the errors."""

from __future__ import annotations

import statistics

import pytest

from cattable.games.tower.physics.hand import SIGMA, STEADINESS, noise, scale_of
from tests.tower.physics.conftest import seeded

KEYS = {"dx", "dy", "dz", "droll", "dpitch", "dyaw", "dfold"}


def test_levels_are_ordered_from_steady_to_wobbly() -> None:
    values = list(STEADINESS.values())
    assert values == sorted(values)
    assert scale_of("Careful ") == 1.0
    assert scale_of(2) == 2.0
    assert scale_of("1.5") == 1.5
    for bad in ("jittery", -1, float("nan")):
        with pytest.raises(ValueError):
            scale_of(bad)


def test_the_same_seed_gives_the_same_noise() -> None:
    a = noise("normal", seeded(5))
    assert set(a) == KEYS
    assert a == noise("normal", seeded(5))
    assert a != noise("normal", seeded(6))


def test_a_perfect_hand_has_no_noise() -> None:
    assert set(noise(0, seeded(1)).values()) == {0.0}


def test_errors_scale_with_the_level_and_release_is_above_the_support() -> None:
    draw = seeded(11)
    careful = [noise("careful", draw) for _ in range(2000)]
    shaky = [noise("shaky", draw) for _ in range(2000)]
    assert statistics.pstdev(n["dx"] for n in careful) == pytest.approx(SIGMA["dx"], rel=0.1)
    assert statistics.pstdev(n["dyaw"] for n in shaky) == pytest.approx(STEADINESS["shaky"] * SIGMA["dyaw"], rel=0.1)
    assert all(0.0 <= n["dz"] <= 0.12 for n in careful)  # 0.3 mm by the world + 0 to 1.2 mm
    assert all(n["dz"] >= 0.0 for n in shaky)
