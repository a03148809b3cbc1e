"""Options are validated once with errors that list what is allowed; results rank seats with ties."""

from __future__ import annotations

import pytest

from cattable.core import Option, OptionError, ranking_from_scores
from cattable.core.options import validate_options

DECLARED = [
    Option("edition", "en", "which rulebook", choices=("en", "fr")),
    Option("lives", 9, "lives per cat", kind=int, check=lambda v: None if 1 <= v <= 9 else "from 1 to 9"),
    Option("fast", False, "short game", kind=bool),
]


def test_defaults_fill_in_and_text_values_are_read() -> None:
    assert validate_options("g", DECLARED, {}) == {"edition": "en", "lives": 9, "fast": False}
    assert validate_options("g", DECLARED, {"lives": "3", "fast": "yes"}) == {"edition": "en", "lives": 3, "fast": True}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"colour": "red"}, "unknown option.*colour.*known options: edition"),
        ({"edition": "de"}, "allowed: 'en', 'fr'"),
        ({"lives": "many"}, "expected a whole number"),
        ({"lives": 12}, "from 1 to 9"),
        ({"lives": True}, "expected a whole number"),
        ({"fast": "perhaps"}, "expected true or false"),
    ],
)
def test_bad_options_say_what_is_allowed(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        validate_options("g", DECLARED, given)


def test_ranking_groups_ties_and_all_tied_leaders_win() -> None:
    r = ranking_from_scores([10, 30, 30, 5])
    assert r.winners == (1, 2)
    assert r.ranking == ((1, 2), (0,), (3,))
    assert r.scores == (10.0, 30.0, 30.0, 5.0)
    broken = ranking_from_scores([30, 30], keys=[1, 2])
    assert broken.winners == (1,)
    assert r.to_json()["ranking"] == [[1, 2], [0], [3]]
