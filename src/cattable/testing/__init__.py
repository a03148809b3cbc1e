"""The conformance suite, shipped with cattable as OpenSpiel and PettingZoo ship theirs.

Every registered game gets the same checks: seeded random playouts that keep the state contract, clones
independent of their originals, actions that round-trip through text and JSON, bad input refused with
nothing changed, views that leak nothing a re-deal changes, records that round-trip through JSON and
replay exactly, schemas, bad options. A new game gets them all by registering:

* in a test module, ``globals().update(conformance_tests(SETTINGS))`` (``suite.py``): pytest tests over
  every registered game, with the same ids and tiers as cattable's own ``tests/conformance``;
* anywhere, ``check_game(name)``: every check once, raising ``AssertionError`` at the first break.

``registered(GameClass)`` registers a game for the length of a ``with`` (a test's toy). The checks need
pytest for the suite and jsonschema for the schema checks (both in the ``dev`` extra).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager

import cattable
from cattable.core import Game, registry

from . import checks
from .settings import Settings, default_settings, playout_seeds

CHECKS = (
    "random_playouts_keep_the_contract",
    "same_seed_same_game",
    "bad_options_and_player_counts_are_refused",
    "determinize_resamples_hidden_information_only",
    "determinize_depends_only_on_what_the_seat_knows",
    "malformed_json_actions_are_invalid_not_illegal",
    "publishes_schemas",
)
"""What ``check_game`` runs, in order (``publishes_schemas`` only where the settings do not say no)."""


def check_game(name: str, settings: Settings | None = None) -> list[str]:
    """Run every conformance check on game ``name`` (all its playouts, both tiers); returns the checks run.
    The first break raises ``AssertionError`` (or the game's own exception) naming what broke."""
    cfg = settings if settings is not None else default_settings(cattable.game(name))
    checks.random_playouts_keep_the_contract(name, cfg, "all")
    checks.same_seed_same_game(name, cfg)
    checks.bad_options_and_player_counts_are_refused(name)
    checks.determinize_resamples_hidden_information_only(name, cfg)
    checks.determinize_depends_only_on_what_the_seat_knows(name, cfg)
    checks.malformed_json_actions_are_invalid_not_illegal(name)
    run = list(CHECKS[:-1])
    if cfg.get("schemas", True):
        checks.publishes_schemas(name)
        run.append("publishes_schemas")
    return run


@contextmanager
def registered(cls: type[Game]) -> Iterator[str]:
    """Register game class ``cls`` under its ``name`` while the ``with`` lasts (as its entry point would),
    then forget it, so other tests never see it; yields the name."""
    name = cls.name
    if name in registry.GAMES:
        raise ValueError(f"a game called {name!r} is registered already")
    registry.GAMES[name] = f"{cls.__module__}:{cls.__qualname__}"
    registry._loaded[name] = cls()
    try:
        yield name
    finally:
        registry.GAMES.pop(name, None)
        registry._loaded.pop(name, None)
        checks.forget(name)


def conformance_tests(
    settings: Mapping[str, Settings], include: Collection[str] | None = None, exclude: Collection[str] = ()
) -> dict[str, Callable[..., None]]:
    """The conformance checks as pytest tests (``suite.conformance_tests``; imported only when asked, so
    ``check_game`` needs no pytest)."""
    from .suite import conformance_tests as tests

    return tests(settings, include, exclude)


__all__ = [
    "CHECKS",
    "Settings",
    "check_game",
    "checks",
    "conformance_tests",
    "default_settings",
    "playout_seeds",
    "registered",
]
