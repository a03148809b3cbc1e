"""The seeded steadiness model: how far a hand misses the pose it aims for.

At scale 1.0 ("careful") one placement is off by about 1.5 mm in position, 2 degrees in yaw and 0.5
degree in tilt, is let go 0.3 to 1.5 mm above its support (0.3 mm by the world, the rest here), and a
wall's fold is off by a few degrees; the world turns the tilt into a small release spin too. Measured on
ten-storey towers of same-type pairs (6 seeds each): all stand at 1 and 1.6 times that; 2.7 times fails
two towers in six, 3.3 three, 4 five, and 5 times collapses every tower within five storeys. The rules pass
`draw(sigma)` (a seeded Gaussian), so noise is reproducible and logged.
"""

from __future__ import annotations

import math
from collections.abc import Callable

STEADINESS: dict[str, float] = {
    "steady": 0.5,
    "careful": 1.0,
    "normal": 1.6,
    "shaky": 2.7,
    "wobbly": 4.0,
}

# one standard deviation at scale 1.0, in cm and degrees
SIGMA = {"dx": 0.15, "dy": 0.15, "droll": 0.5, "dpitch": 0.5, "dyaw": 2.0, "dfold": 2.5}
RELEASE_EXTRA = 0.05  # cm: sigma of the extra release height at scale 1.0
RELEASE_CAP = 0.12  # cm: the world releases 0.3 mm above; a careful hand adds at most 1.2 mm


def scale_of(steadiness: str | float) -> float:
    """The noise scale of a named level or a number (0 is a perfect hand)."""
    if isinstance(steadiness, str):
        key = steadiness.strip().lower()
        if key in STEADINESS:
            return STEADINESS[key]
        try:
            value = float(key)
        except ValueError:
            raise ValueError(
                f"unknown steadiness {steadiness!r}; use a number or one of {', '.join(STEADINESS)}"
            ) from None
    else:
        value = float(steadiness)
    if not value >= 0.0:
        raise ValueError(f"steadiness must be a number >= 0, not {steadiness!r}")
    return value


def noise(steadiness: str | float, draw: Callable[[float], float]) -> dict[str, float]:
    """The pose error of one placement: dx, dy, dz (cm), droll, dpitch, dyaw, dfold (degrees).

    dz is the extra release height, always upwards: the world lets go 0.3 mm above the support and a
    careful hand adds 0 to 1.2 mm (capped at 1.2 mm times the scale when shakier).
    """
    k = scale_of(steadiness)
    if k == 0.0:
        return dict.fromkeys(("dx", "dy", "dz", "droll", "dpitch", "dyaw", "dfold"), 0.0)
    out = {name: draw(sigma * k) for name, sigma in SIGMA.items()}
    out["dz"] = min(RELEASE_CAP * max(k, 1.0), abs(draw(RELEASE_EXTRA * k)))
    return {key: out[key] for key in ("dx", "dy", "dz", "droll", "dpitch", "dyaw", "dfold")}


# A finger's imprecision when it pets a cat, one standard deviation at scale 1.0 ("careful")
PET_SIGMA = {"dx": 0.15, "dy": 0.15, "dheight": 0.15, "push": 0.25}
"""Where the fingertip lands sideways (dx, dy) and up or down (dheight), in cm, as a placement's slip; how
hard it pushes, as the spread of a log-normal factor on the push aimed at (0.25: about a quarter more or
less at scale 1, at "wobbly" (4) a factor of e = 2.7 either way at one sigma)."""
PET_PUSH_CAP = 3.0
"""A finger misjudges how hard it pushes by at most this factor either way: a slight touch, never a blow
(uncapped, three sigmas of a wobbly finger would push twenty times harder and throw a cat off the table)."""
PET_STILL: dict[str, float] = {"dx": 0.0, "dy": 0.0, "dheight": 0.0, "push": 1.0}
"""A perfect finger."""


def pet_noise(steadiness: str | float, draw: Callable[[float], float]) -> dict[str, float]:
    """A finger's imprecision for one pet: dx, dy, dheight (cm, where it touches) and push (the factor on
    how hard). Why a finger: the rulebook's pet is a touch "with their finger", and a hand that shakes
    placing a piece shakes petting it too; before, only where it touched slipped (1.5 mm at scale 1), and
    the largest push on a lone cat's head along its length felled it 0 times in 40 up to "shaky" and 2 at
    "wobbly" (now 3 at "normal", 8 at "shaky" and "wobbly"; still 0 at "careful").

    It draws exactly what a placement's ``noise`` draws, in the same order, and reads its own slips from
    those draws (the tilt draws, rescaled, give the height and the push): the number of draws is part of
    a record's chance, so records made before replay unchanged."""
    n = noise(steadiness, draw)
    k = scale_of(steadiness)
    if k == 0.0:
        return dict(PET_STILL)
    unit_height = n["droll"] / (SIGMA["droll"] * k)
    unit_push = n["dpitch"] / (SIGMA["dpitch"] * k)
    return {
        "dx": n["dx"] / SIGMA["dx"] * PET_SIGMA["dx"],
        "dy": n["dy"] / SIGMA["dy"] * PET_SIGMA["dy"],
        "dheight": unit_height * PET_SIGMA["dheight"] * k,
        "push": min(PET_PUSH_CAP, max(1.0 / PET_PUSH_CAP, math.exp(unit_push * PET_SIGMA["push"] * k))),
    }
