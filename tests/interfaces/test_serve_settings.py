"""Every ``cattable serve`` setting is read from a flag, else a ``CATTABLE_*`` variable, else the ``--config``
TOML file, else its default (docs/SETTINGS.md), and docs/SETTINGS.md lists every one of them."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cattable.interfaces.cli.main import build_parser
from cattable.interfaces.cli.settings import Setting, resolve

ROOT = Path(__file__).resolve().parents[2]


def _serve(argv: list[str], env: dict[str, str]) -> argparse.Namespace:
    return resolve(build_parser().parse_args(["serve", *argv]), env)


def _settings() -> list[Setting]:
    found: list[Setting] = build_parser().parse_args(["serve"]).settings
    return found


def test_a_flag_wins_over_the_environment_which_wins_over_the_file(tmp_path: Path) -> None:
    config = tmp_path / "cattable.toml"
    config.write_text(
        '[serve]\nport = 7000\nhost = "0.0.0.0"\ntables-per-minute = 3\nlog_format = "json"\n'
        'trusted-proxy = ["10.0.0.1", "10.0.0.2"]\ncompress = true\n',
        encoding="utf-8",
    )
    env = {"CATTABLE_PORT": "7100", "CATTABLE_HOST": "10.1.1.1", "CATTABLE_WEBHOOK_HTTP": "yes"}
    args = _serve(["--config", str(config), "--port", "7200"], env)
    assert args.port == 7200  # flag over environment and file
    assert args.host == "10.1.1.1"  # environment over file
    assert args.tables_per_minute == 3 and args.log_format == "json"  # the file, by either spelling
    assert args.trusted_proxy == ["10.0.0.1", "10.0.0.2"] and args.compress is True
    assert args.webhook_http is True
    assert args.lease_seconds == 15.0 and args.messages_per_second == 20.0  # defaults
    assert args.db.endswith(".db") or "://" in args.db


def test_the_environment_alone_and_the_config_file_named_by_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "c.toml"
    config.write_text('sockets-per-address = 7\ndb = "x.db"\n', encoding="utf-8")
    monkeypatch.setenv("CATTABLE_CONFIG", str(config))  # read as --config's default when the parser is built
    env = {"CATTABLE_TRUSTED_PROXY": "127.0.0.1, 10.0.0.0/8", "CATTABLE_DB": "y.db"}
    args = _serve([], env)
    assert args.trusted_proxy == ["127.0.0.1", "10.0.0.0/8"]
    assert args.sockets_per_address == 7 and args.db == "y.db"


@pytest.mark.parametrize(
    ("env", "file", "says"),
    [
        ({"CATTABLE_PORT": "eighty"}, "", "CATTABLE_PORT is not a valid value for --port"),
        ({"CATTABLE_LOG_FORMAT": "xml"}, "", "CATTABLE_LOG_FORMAT must be one of text, json"),
        ({"CATTABLE_COMPRESS": "maybe"}, "", "CATTABLE_COMPRESS must be true or false"),
        ({}, "prot = 80\n", "unknown settings prot"),
        ({}, "port = [1]\n", "port must be a single value"),
        ({}, "port = \n", "not TOML"),
    ],
)
def test_a_bad_setting_names_where_it_came_from(tmp_path: Path, env: dict[str, str], file: str, says: str) -> None:
    config = tmp_path / "c.toml"
    config.write_text(file, encoding="utf-8")
    with pytest.raises(ValueError, match=says):
        _serve(["--config", str(config)], env)


def test_every_serve_setting_is_in_the_settings_document() -> None:
    doc = (ROOT / "docs" / "SETTINGS.md").read_text(encoding="utf-8")
    missing = [s.flag for s in _settings() if f"`{s.flag}`" not in doc or f"`{s.env}`" not in doc]
    assert not missing, f"docs/SETTINGS.md does not list: {missing}"
    assert "`--config`" in doc and "`CATTABLE_CONFIG`" in doc
