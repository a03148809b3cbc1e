"""Ties a rules test to the rulebook sentence it checks, and proves the quote is really there.

    @rule("cat-cafe.txt", "a 6 cannot be changed into a 1")
    def test_no_wrap(): ...

The quote is matched against ``../shared/rulebooks/<file>`` with case and white space folded, when the
test module is imported, so a misquoted or invented rule fails loudly. ``tests/test_rule_trace.py``
lists every citation, so the coverage of each rulebook can be read off.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
CITATIONS: list[tuple[str, str, str]] = []
"""(rulebook file, quote, test name) for every ``@rule`` seen so far."""


def fold(text: str) -> str:
    """Lower case, straight quotes, one space for any run of white space or markup stars."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("*", "")
    return re.sub(r"\s+", " ", text).strip().lower()


@cache
def rulebook_text(name: str) -> str:
    path = RULEBOOKS / name
    if not path.exists():
        raise FileNotFoundError(f"no rulebook {name} in {RULEBOOKS}")
    return fold(path.read_text(encoding="utf-8"))


def rule(book: str, quote: str) -> Callable[[F], F]:
    """Mark a test as checking ``quote`` from rulebook ``book``; fails at import if the quote is absent."""
    if fold(quote) not in rulebook_text(book):
        raise AssertionError(f"quote not found in {book}: {quote!r}")

    def mark(fn: F) -> F:
        CITATIONS.append((book, quote, f"{fn.__module__.removeprefix('tests.')}::{fn.__qualname__}"))
        own = vars(fn)  # the test function's own attributes (typing cannot declare one on a function)
        cited: list[tuple[str, str]] = own.get("rules", [])
        own["rules"] = [*cited, (book, quote)]
        return fn

    return mark
