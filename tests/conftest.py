from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

pytest.register_assert_rewrite("cattable.testing.checks")  # the shipped checks' asserts say what differed

from cattable.core import registry  # noqa: E402


@pytest.fixture
def toy() -> Iterator[str]:
    """Register the toy game for one test."""
    registry.GAMES["toy"] = "tests.core.toy:ToyGame"
    yield "toy"
    registry.GAMES.pop("toy", None)
    registry._loaded.pop("toy", None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tier (``-m long``, left out of ``make test``) never holds a test that quotes a rulebook
    (``@rule``) nor the rule trace: every rule is checked by ``make test``."""
    wrong = [
        item.nodeid
        for item in items
        if item.get_closest_marker("long")
        and (getattr(getattr(item, "function", None), "rules", None) or "tests/trace/" in item.nodeid)
    ]
    if wrong:
        raise pytest.UsageError(f"rule tests must stay out of the long tier (make test runs them): {wrong}")


MISSING_COMPONENT = (
    "offscreen OpenGL unavailable",
    "no chromium",
    "pip install playwright",
    "could not import",
    "is not installed",
    "no axe-core",
)
"""Skip reasons that mean a part of the machine is missing (a browser, OpenGL, HAProxy, a package)."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """In CI a missing component fails the run: a skip for a missing browser, OpenGL or package becomes a
    failure there (on a developer's machine it stays a skip that says what to install)."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") and report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if any(phrase in reason for phrase in MISSING_COMPONENT):
            report.outcome = "failed"
            report.longrepr = f"CI has no missing components, but: {reason}"
