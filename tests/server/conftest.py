"""Every test here runs a real ``cattable serve`` on the loopback: they are marked ``server``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Server, close_sockets


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/server/" in str(item.fspath):
            item.add_marker(pytest.mark.server)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def _close_sockets() -> Iterator[None]:
    yield
    close_sockets()
