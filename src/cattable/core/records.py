"""Reading a game record: every field checked before anything is replayed, and old formats upgraded.

A record (``State.record()``) is the setup, every action's JSON form and every chance outcome. Format 2
writes actions as ``{"kind": ..., fields}`` in every game. Format 1 (cattable 0.1) wrote some games'
actions differently; they are upgraded here, generically, so no game carries old readers:

- a bare string was the action's text form: it is read with ``game.parse_action`` (then written as JSON);
- an object with ``"type"`` and no ``"kind"`` had its kind under the old key: the key is renamed.

Anything malformed is a ``RecordError`` that names the field (``players``, ``actions[12]``,
``chance[3]``), never a ``TypeError`` or ``KeyError`` from deep inside a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .action import Action
from .errors import RecordError

if TYPE_CHECKING:
    from .game import Game

READABLE_FORMATS = (1, 2)
"""The formats ``replay`` reads (``RECORD_FORMAT`` in ``game.py``, the one written, is the last)."""
RECORD_FIELDS = ("format", "game", "players", "seed", "options", "actions", "chance")
"""Every field of a record; all are required and no other is allowed."""
REPLAY_ERRORS: tuple[type[Exception], ...] = (ValueError, TypeError, KeyError, IndexError, ZeroDivisionError)
"""What a game may raise on input it was never meant to see; while replaying, each becomes a RecordError."""


@dataclass(frozen=True)
class ReadRecord:
    """A record whose every field has been checked: the setup, the actions read, the chance script."""

    players: int
    seed: int
    options: dict[str, Any]
    actions: list[Action]
    chance: list[Any]


def _whole(record: Mapping[str, Any], key: str) -> int:
    value = record[key]
    if type(value) is not int:
        raise RecordError(f"record field {key!r} must be a whole number, not {value!r}")
    return value


def upgrade_action(game: Game, data: Any) -> Any:
    """A format-1 action in today's JSON form (values that were never format 1 pass unchanged)."""
    if isinstance(data, str):
        return game.parse_action(data).to_json()
    if isinstance(data, dict) and "type" in data and "kind" not in data:
        return {"kind": data["type"], **{k: v for k, v in data.items() if k != "type"}}
    return data


def read_record(game: Game, record: Any) -> ReadRecord:
    """Check every field of ``record`` for ``game`` and read its actions; a ``RecordError`` names the
    first field that is wrong."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    missing = [k for k in RECORD_FIELDS if k not in record]
    if missing:
        raise RecordError(f"the record has no {', '.join(missing)}; a record has the fields {', '.join(RECORD_FIELDS)}")
    extra = sorted(map(str, set(record) - set(RECORD_FIELDS)))
    if extra:
        raise RecordError(f"unknown record field(s) {', '.join(extra)}; a record has {', '.join(RECORD_FIELDS)}")
    fmt = _whole(record, "format")
    if fmt not in READABLE_FORMATS:
        known = " and ".join(map(str, READABLE_FORMATS))
        raise RecordError(f"record format {fmt} is not known: this cattable reads formats {known}")
    if record["game"] != game.name:
        raise RecordError(f"record field 'game': this record is for {record['game']!r}, not {game.name!r}")
    players = _whole(record, "players")
    if not game.min_players <= players <= game.max_players:
        raise RecordError(
            f"record field 'players': {players} is not allowed in {game.name} "
            f"({game.min_players} to {game.max_players})"
        )
    seed = _whole(record, "seed")
    if not isinstance(record["options"], dict):
        raise RecordError(f"record field 'options' must be an object, not {record['options']!r}")
    raw = game.record_options(fmt, dict(record["options"]))
    try:
        options = game.validated_options(players, raw)
    except ValueError as exc:
        raise RecordError(f"record field 'options': {exc}") from exc
    for key in ("actions", "chance"):
        if not isinstance(record[key], list):
            raise RecordError(f"record field {key!r} must be a list, not {type(record[key]).__name__}")
    actions = []
    for i, data in enumerate(record["actions"]):
        try:
            actions.append(game.action_from_json(upgrade_action(game, data) if fmt == 1 else data))
        except REPLAY_ERRORS as exc:
            raise RecordError(f"record field 'actions[{i}]' ({data!r}) is not an action of {game.name}: {exc}") from exc
    return ReadRecord(players, seed, options, actions, list(record["chance"]))
