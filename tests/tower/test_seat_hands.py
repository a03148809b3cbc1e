"""Each seat's own hand (#22: "The server adds the player's own hand steadiness (each seat may choose its
own, bots included)"): the option ``seat_steadiness`` names one steadiness a seat, and every placement's slip is drawn
at the steadiness of the seat making it."""

from __future__ import annotations

import random

import pytest

import cattable
from cattable.core import OptionError
from cattable.games.tower.game import TowerState
from cattable.games.tower.physics.hand import STEADINESS


def _new(players: int = 2, **options: object) -> TowerState:
    s = cattable.game("tower").new(players=players, seed=3, **options)
    assert isinstance(s, TowerState)
    return s


def test_each_seat_draws_its_slip_at_its_own_steadiness() -> None:
    s = _new(seat_steadiness="steady,wobbly")
    slips = []
    for seat in (0, 1):
        other = s.clone()
        assert isinstance(other, TowerState)
        other.seat = seat
        slips.append(other.hand_noise())  # the same seeded draws, scaled by each seat's hand
    ratio = STEADINESS["wobbly"] / STEADINESS["steady"]
    for key in ("dx", "dy", "droll", "dpitch", "dyaw", "dfold"):
        assert slips[1][key] == pytest.approx(slips[0][key] * ratio)


def test_without_the_option_every_seat_has_the_tables_steadiness() -> None:
    s = _new(players=3, steadiness="shaky")
    assert s.hands_steadiness == ["shaky"] * 3
    assert s.view(1)["steadiness"] == "shaky"
    assert s.view(None)["seat_steadiness"] == ["shaky"] * 3


def test_a_seat_sees_its_own_hand_and_everyone_sees_every_hand() -> None:
    s = _new(players=3, seat_steadiness="careful,steady,normal")
    assert [s.view(seat)["steadiness"] for seat in range(3)] == ["careful", "steady", "normal"]
    assert s.view(None)["steadiness"] == "careful"  # the table's own option (the default)
    assert s.view(2)["seat_steadiness"] == ["careful", "steady", "normal"]


@pytest.mark.parametrize(
    ("levels", "words"),
    [
        ("steady", "1 steadiness level for 2 seats"),
        ("steady,careful,normal", "3 steadiness levels for 2 seats"),
        ("steady,jelly", "unknown steadiness 'jelly'; give each seat one of steady, careful"),
    ],
)
def test_a_wrong_seat_steadiness_is_refused_with_what_is_wrong(levels: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        _new(seat_steadiness=levels)


@pytest.mark.physics
def test_a_game_with_each_seats_own_hand_replays_from_its_record() -> None:
    s = _new(seat_steadiness="steady,wobbly")
    rng = random.Random(5)
    for _ in range(12):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    again = cattable.replay(s.record())
    assert again.record() == s.record()
    assert again.view(1) == s.view(1)
