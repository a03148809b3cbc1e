"""Malformed JSON actions are InvalidAction in every registered game, never IllegalAction.

core/errors.py draws the line: InvalidAction is "the input is not an action of this game at all",
IllegalAction "a well-formed action that the rules forbid here". A server relays whichever the game
raises, so a client that sends a missing field, an unknown field, a list where a number goes or a
card -1 must hear that its message is malformed, not that the rules forbid it now. Each case is built
from a real legal action's JSON and broken one way (``cattable.testing.checks.broken``); it is refused by
``action_from_json`` or, if that reads it, by ``apply`` in the position where the original was legal, and
the position is unchanged.
"""

from __future__ import annotations

from cattable.testing import conformance_tests

from .settings import CONFORMANCE

globals().update(conformance_tests(CONFORMANCE, include={"test_malformed_json_actions_are_invalid_not_illegal"}))
