"""``cattable serve`` and ``cattable join`` say what is wrong with their flags plainly, never a traceback."""

from __future__ import annotations

import pytest

from cattable.interfaces.cli.main import main
from cattable.interfaces.terminal.join import read_link


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["serve", "--port", "0"], "--port must be from 1 to 65535"),
        (["serve", "--db", "ftp://somewhere/db"], "--db must be sqlite:///FILE or postgresql://"),
        (["serve", "--bot-workers", "0"], "--bot-workers must be at least 1"),
        (["serve", "--lease-seconds", "0.1"], "--lease-seconds must be from 1 to 600"),
        (["serve", "--webhook-allow", "not-a-network"], "--webhook-allow takes a network such as 10.1.2.0/24"),
        (["serve", "--webhook-calls-per-hour", "0"], "--webhook-calls-per-hour must be from 1 to 3600"),
        (["serve", "--webhook-retries", "11"], "--webhook-retries must be from 0 to 10"),
        (["join", "http://example.org/table/5"], "http://HOST:PORT/join/CODE"),
    ],
)
def test_bad_flags_are_said_plainly(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_seat_link_is_read_into_its_server_and_code() -> None:
    assert read_link("http://127.0.0.1:8000/join/abc_DEF-1") == ("http://127.0.0.1:8000", "abc_DEF-1")
    assert read_link(" https://cats.example/join/x/ ") == ("https://cats.example", "x")
    with pytest.raises(ValueError, match="not a seat link"):
        read_link("http://127.0.0.1:8000/join/")
