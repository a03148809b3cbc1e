from __future__ import annotations

from collections.abc import Iterator

import pytest

from cattable.core import registry


@pytest.fixture(autouse=True)
def catnap() -> Iterator[str]:
    """Register Cat Nap for one test, as its entry point would, and forget it afterwards.

    Other tests (the conformance suite's list of games, say) never see it."""
    registry.GAMES["catnap"] = "catnap.game:CatNapGame"
    yield "catnap"
    registry.GAMES.pop("catnap", None)
    registry._loaded.pop("catnap", None)


@pytest.fixture
def companions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the example's heuristic and drawing entry points visible, as an installed package's would be."""
    from .golden import with_companions

    monkeypatch.setattr(registry, "_entries", with_companions(registry._entries))
