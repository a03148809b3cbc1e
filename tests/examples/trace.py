"""``@rule(quote)`` for Cat Nap's own rulebook, and its sentences, as ``tests/rulebook.py`` and
``tests/trace`` do for the rulebooks in ``shared/rulebooks``.

The example's rulebook lives in its package (``examples/catnap/rulebook.txt``), where ``tests/rulebook``
does not look; the quote is folded and matched the same way (``tests.rulebook.fold``), and a misquoted
rule fails when the test module is imported.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from tests.rulebook import fold

from . import EXAMPLE

F = TypeVar("F", bound=Callable[..., Any])

RULEBOOK = EXAMPLE / "rulebook.txt"
CITATIONS: list[tuple[str, str]] = []
"""(quote, test name) for every ``@rule`` seen so far."""

EXEMPT = {
    "CAT NAP": "the title",
    "COMPONENTS": "a heading",
    "SETUP": "a heading",
    "ON YOUR TURN": "a heading",
    "END OF THE GAME": "a heading",
    "VARIANT: A HOUSE FULL OF DOGS": "a heading",
}
"""Sentences that state no rule, with the reason."""


def text() -> str:
    return fold(RULEBOOK.read_text(encoding="utf-8"))


def sentences() -> list[tuple[int, str]]:
    """(line, sentence): one per line, then split after '.', '!' or '?' (as ``tests/trace`` splits)."""
    out = []
    for number, raw in enumerate(RULEBOOK.read_text(encoding="utf-8").splitlines(), start=1):
        for part in re.split(r"(?<=[.!?])\s+", raw.strip()):
            if len(fold(part)) >= 3 and re.search(r"[A-Za-z]", part):
                out.append((number, part.strip()))
    return out


def rule(quote: str) -> Callable[[F], F]:
    """Mark a test as checking ``quote`` from Cat Nap's rulebook; fails at import if the quote is absent."""
    if fold(quote) not in text():
        raise AssertionError(f"quote not found in {RULEBOOK.name}: {quote!r}")

    def mark(fn: F) -> F:
        CITATIONS.append((quote, f"{fn.__module__.removeprefix('tests.')}::{fn.__qualname__}"))
        return fn

    return mark
