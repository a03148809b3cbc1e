"""The conformance checks as pytest tests, parametrised over every registered game.

A test module takes them in one line, so that a game registered later (a sixth, a package's own) is
checked without a line written for it::

    from cattable.testing import conformance_tests
    globals().update(conformance_tests(SETTINGS))

Each test is named ``test_<check>`` and parametrised by the game's name (the playouts by ``<name>-fast``
and ``<name>-rest``, the latter marked ``long``). ``include`` and ``exclude`` pick them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

import pytest

import cattable

from . import checks
from .settings import Settings, default_settings, playout_seeds

Test = Callable[..., None]


def settings_of(name: str, settings: Mapping[str, Settings]) -> Settings:
    """The game's own settings, or modest defaults for a game that names none."""
    return settings[name] if name in settings else default_settings(cattable.game(name))


def _marks(cfg: Settings | None) -> list[pytest.MarkDecorator]:
    if cfg is None:
        return []
    return [
        *([pytest.mark.slow] if cfg.get("slow") else []),
        *([pytest.mark.physics] if cfg.get("physics") else []),
    ]


def game_params(settings: Mapping[str, Settings], marks: bool = True) -> list[Any]:
    """Every registered game as a pytest parameter with its settings' marks (``slow``, ``physics``)."""
    return [
        pytest.param(name, id=name, marks=_marks(settings.get(name)) if marks else []) for name in cattable.game_names()
    ]


def playout_params(settings: Mapping[str, Settings]) -> list[Any]:
    """Every game twice: its first ``fast_playouts`` seeds in the quick run, the rest of its ``playouts`` in
    the long tier (marked ``long``), so that both tiers together play every seed once."""
    out = []
    for param in game_params(settings):
        (name,) = param.values
        out.append(pytest.param(name, "fast", id=f"{name}-fast", marks=param.marks))
        out.append(pytest.param(name, "rest", id=f"{name}-rest", marks=[*param.marks, pytest.mark.long]))
    return out


def conformance_tests(
    settings: Mapping[str, Settings], include: Collection[str] | None = None, exclude: Collection[str] = ()
) -> dict[str, Test]:
    """The conformance tests by name, for a test module's globals. ``settings`` is read when a test runs
    (so a fixture may add a game's), the list of games when this is called (at collection)."""
    games = game_params(settings)

    @pytest.mark.parametrize("name", games)
    def test_every_game_publishes_schemas(name: str) -> None:
        if not settings_of(name, settings).get("schemas", True):
            pytest.xfail(f"{name} publishes no JSON Schemas yet")
        checks.publishes_schemas(name)

    def test_the_two_tiers_play_every_seed_once() -> None:
        for name, cfg in settings.items():
            fast, rest = playout_seeds(cfg, "fast"), playout_seeds(cfg, "rest")
            assert list(fast) + list(rest) == list(range(cfg["playouts"])), name
            assert 0 < len(fast) <= len(rest) or cfg["playouts"] <= 4, name

    @pytest.mark.parametrize(("name", "part"), playout_params(settings))
    def test_random_playouts_keep_the_contract(name: str, part: str) -> None:
        checks.random_playouts_keep_the_contract(name, settings_of(name, settings), part)

    @pytest.mark.parametrize("name", games)
    def test_same_seed_same_game(name: str) -> None:
        checks.same_seed_same_game(name, settings_of(name, settings))

    @pytest.mark.parametrize("name", games)
    def test_bad_options_and_player_counts_are_refused(name: str) -> None:
        checks.bad_options_and_player_counts_are_refused(name)

    @pytest.mark.parametrize("name", games)
    def test_determinize_resamples_hidden_information_only(name: str) -> None:
        """Where a game hides something, some re-deal differs in the full state but never in the seat's view."""
        if not cattable.game(name).has_hidden_information:
            pytest.skip(f"{name} has no hidden information")
        checks.determinize_resamples_hidden_information_only(name, settings_of(name, settings))

    @pytest.mark.parametrize("name", games)
    def test_determinize_depends_only_on_what_the_seat_knows(name: str) -> None:
        """Bots play fair: two states a seat cannot tell apart give it the very same re-deal for the same rng."""
        if not cattable.game(name).has_hidden_information:
            pytest.skip(f"{name} has no hidden information")
        checks.determinize_depends_only_on_what_the_seat_knows(name, settings_of(name, settings))

    physics_only = [
        pytest.param(name, marks=[pytest.mark.physics] if settings.get(name, {}).get("physics") else [])
        for name in cattable.game_names()
    ]

    @pytest.mark.parametrize("name", physics_only)
    def test_malformed_json_actions_are_invalid_not_illegal(name: str) -> None:
        checks.malformed_json_actions_are_invalid_not_illegal(name)

    tests: dict[str, Test] = {
        test.__name__: test
        for test in (
            test_every_game_publishes_schemas,
            test_the_two_tiers_play_every_seed_once,
            test_random_playouts_keep_the_contract,
            test_same_seed_same_game,
            test_bad_options_and_player_counts_are_refused,
            test_determinize_resamples_hidden_information_only,
            test_determinize_depends_only_on_what_the_seat_knows,
            test_malformed_json_actions_are_invalid_not_illegal,
        )
    }
    unknown = (set(include or ()) | set(exclude)) - set(tests)
    if unknown:
        raise ValueError(f"no conformance test {sorted(unknown)}; tests: {', '.join(tests)}")
    return {n: t for n, t in tests.items() if (include is None or n in include) and n not in exclude}
