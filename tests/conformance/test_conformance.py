"""The same contract, checked over every registered game with seeded random playouts.

Per game: legal actions never empty before the end; every chosen legal action applies; a clone is
independent of its original; actions round-trip through text and JSON; malformed and illegal actions
are rejected with the state unchanged; ``determinize(seat)`` leaves that seat's view unchanged while
re-dealing what it cannot see; views are JSON; records round-trip through JSON and replay exactly.

The checks ship in the package (``cattable.testing``), so a game of another package runs the same; here
they run with this project's settings (``settings.py``) for its own games.
"""

from __future__ import annotations

import cattable
from cattable.testing import conformance_tests
from cattable.testing.settings import playout_seeds

from .settings import CONFORMANCE

__all__ = ["playout_seeds"]


def test_every_registered_game_has_conformance_settings() -> None:
    missing = set(cattable.game_names()) - set(CONFORMANCE)
    assert not missing, f"registered games with no conformance settings (tests/conformance/settings.py): {missing}"


# the malformed-JSON check keeps its own file (test_malformed_values.py), and so its test ids
globals().update(conformance_tests(CONFORMANCE, exclude={"test_malformed_json_actions_are_invalid_not_illegal"}))
