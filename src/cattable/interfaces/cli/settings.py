"""Every ``cattable serve`` setting from one of three places: a flag, an environment variable, a config file.

An operator's service manager sets environment variables, a container mounts a file, a person types flags;
each should work for every setting without a second list to keep in step. So the layers are read off the
parser itself: each flag ``--lease-seconds`` is also ``CATTABLE_LEASE_SECONDS`` and ``lease-seconds`` (or
``lease_seconds``) in the TOML file given with ``--config``, in that order of precedence, then the flag's
default. A flag added later is covered without a line here (docs/SETTINGS.md lists them, and a test checks
the list is whole). Values from the environment and the file are checked by the flag's own type and
choices, so a typo fails at start-up with the setting's name, never later.
"""

from __future__ import annotations

import argparse
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENV_PREFIX = "CATTABLE_"


class Unset:
    """What a layered flag holds until ``resolve`` fills it (None is a real value for some); it prints as
    the flag's own default, so ``--help`` still shows that."""

    def __init__(self, default: Any) -> None:
        self.default = default

    def __str__(self) -> str:
        return str(self.default)


@dataclass(frozen=True)
class Setting:
    """One flag as a setting: where it is read from and how its text is turned into a value."""

    dest: str
    flag: str
    default: Any
    kind: str
    """``value`` (one value, read with ``convert``), ``switch`` (true/false) or ``list`` (repeatable)."""
    convert: Any
    choices: tuple[Any, ...] | None

    @property
    def env(self) -> str:
        return ENV_PREFIX + self.dest.upper()

    @property
    def key(self) -> str:
        return self.flag.removeprefix("--")


def layer(parser: argparse.ArgumentParser, skip: tuple[str, ...] = ("help", "config")) -> list[Setting]:
    """Make every flag of ``parser`` a layered setting; call after the last ``add_argument``."""
    found: list[Setting] = []
    for action in parser._actions:  # argparse keeps no public list of its actions
        if action.dest in skip or not action.option_strings:
            continue
        flag = next(o for o in action.option_strings if o.startswith("--"))
        if isinstance(action, argparse._AppendAction):
            kind = "list"
        elif isinstance(action, (argparse._StoreTrueAction, argparse.BooleanOptionalAction)):
            kind = "switch"
        else:
            kind = "value"
        choices = tuple(action.choices) if action.choices is not None else None
        found.append(Setting(action.dest, flag, action.default, kind, action.type or str, choices))
        if kind != "list":  # a repeatable flag appends to its default, so it keeps None for "not given"
            action.default = Unset(action.default)
    parser.set_defaults(settings=found)
    parser.add_argument(
        "--config",
        metavar="FILE",
        default=os.environ.get(ENV_PREFIX + "CONFIG"),
        help="a TOML file of settings (flags and CATTABLE_* variables win over it; docs/SETTINGS.md; default: none)",
    )
    return found


def resolve(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> argparse.Namespace:
    """Fill every setting not given as a flag from the environment, then the config file, then its default."""
    env = os.environ if environ is None else environ
    file = _read_config(args.config) if getattr(args, "config", None) else {}
    settings: list[Setting] = args.settings
    known = {s.key for s in settings} | {s.dest for s in settings}
    stray = sorted(set(file) - known)
    if stray:
        raise ValueError(f"{args.config}: unknown settings {', '.join(stray)} (docs/SETTINGS.md lists them)")
    for s in settings:
        given = getattr(args, s.dest)
        if not isinstance(given, Unset) and given is not None:
            continue
        if s.env in env:
            value = _from_text(s, env[s.env], s.env)
        elif s.key in file or s.dest in file:
            value = _from_file(s, file.get(s.key, file.get(s.dest)), f"{args.config}: {s.key}")
        elif isinstance(s.default, str) and s.kind == "value":
            value = _one(s, s.default, s.flag)  # as argparse reads a default given as text
        else:
            value = s.default
        setattr(args, s.dest, value)
    return args


def _read_config(path: str) -> dict[str, Any]:
    """The file's settings: its top level, or its ``[serve]`` table when it has one."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"--config {path}: cannot read it ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"--config {path}: not TOML ({exc})") from None
    serve = data.get("serve", data)
    if not isinstance(serve, dict):
        raise ValueError(f"--config {path}: [serve] must be a table of settings")
    return serve


def _from_text(s: Setting, text: str, where: str) -> Any:
    if s.kind == "switch":
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off", ""):
            return False
        raise ValueError(f"{where} must be true or false, not {text!r}")
    if s.kind == "list":
        return [_one(s, part.strip(), where) for part in text.split(",") if part.strip()]
    return _one(s, text, where)


def _from_file(s: Setting, value: Any, where: str) -> Any:
    if s.kind == "switch":
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be true or false, not {value!r}")
        return value
    if s.kind == "list":
        items = value if isinstance(value, list) else [value]
        return [_one(s, str(v), where) for v in items]
    if isinstance(value, (dict, list, bool)):
        raise ValueError(f"{where} must be a single value, not {value!r}")
    return _one(s, str(value), where)


def _one(s: Setting, text: str, where: str) -> Any:
    try:
        value = s.convert(text)
    except (TypeError, ValueError):
        raise ValueError(f"{where} is not a valid value for {s.flag}: {text!r}") from None
    if s.choices is not None and value not in s.choices:
        raise ValueError(f"{where} must be one of {', '.join(map(str, s.choices))}, not {text!r}")
    return value
