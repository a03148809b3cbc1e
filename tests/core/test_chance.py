"""The seeded chance source: reproducible, logged, replayable, and blind to the future after a re-deal."""

from __future__ import annotations

from cattable.core import Chance


def test_same_seed_same_outcomes_and_log() -> None:
    a, b = Chance(5), Chance(5)
    rolls_a = [a.die() for _ in range(50)]
    rolls_b = [b.die() for _ in range(50)]
    assert rolls_a == rolls_b
    assert a.log == rolls_a
    assert set(rolls_a) <= set(range(1, 7)) and len(set(rolls_a)) > 3


def test_a_script_overrides_the_generator_then_play_goes_on() -> None:
    c = Chance(5, script=[6, 6, [2, 0, 1]])
    assert c.die() == 6 and c.die() == 6
    items = ["a", "b", "c"]
    c.shuffle(items)
    assert items == ["c", "a", "b"]
    assert not c.replaying
    assert 1 <= c.die() <= 6
    assert c.log[:3] == [6, 6, [2, 0, 1]]


def test_external_outcomes_are_not_recomputed_when_replayed() -> None:
    calls = []

    def physics() -> dict[str, float]:
        calls.append(1)
        return {"z": 0.25}

    live = Chance(1)
    assert live.external(physics) == {"z": 0.25}
    again = Chance(1, script=live.log)
    assert again.external(lambda: {"z": 99.0}) == {"z": 0.25}
    assert len(calls) == 1


def test_clone_is_independent_and_reseed_forgets_the_future() -> None:
    c = Chance(9)
    c.die()
    twin = c.clone()
    assert [c.die() for _ in range(20)] == [twin.die() for _ in range(20)]
    twin.die()
    assert len(twin.log) == len(c.log) + 1
    seen = [Chance(9).clone() for _ in range(2)]
    seen[1].reseed(1234)
    assert [seen[0].die() for _ in range(30)] != [seen[1].die() for _ in range(30)]
