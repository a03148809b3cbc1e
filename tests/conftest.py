from __future__ import annotations

from collections.abc import Iterator

import pytest

from cattable.core import registry


@pytest.fixture
def toy() -> Iterator[str]:
    """Register the toy game for one test."""
    registry.GAMES["toy"] = "tests.core.toy:ToyGame"
    yield "toy"
    registry.GAMES.pop("toy", None)
    registry._loaded.pop("toy", None)
