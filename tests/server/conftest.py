"""Every test here runs a real ``cattable serve`` on the loopback: they are marked ``server``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Server, close_sockets

UNLIMITED = ("--messages-per-second", "0")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/server/" in str(item.fspath):
            item.add_marker(pytest.mark.server)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    # the tests play faster than any person: the per-token message limit is tried apart (test_limits.py)
    srv = Server(db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log", extra=UNLIMITED)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def _close_sockets() -> Iterator[None]:
    yield
    close_sockets()
