"""What a new table is opened with, checked before anything is stored (a mistake is refused with
``bad_table`` and changes nothing), and the rows it is stored as. The hub (``Hub.create``) draws its id,
seed and secrets and stores it."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from cattable.core import Game, OptionError, State
from cattable.core import game as get_game

from . import clocks
from .bots import check_bot
from .store import SeatRow, TableRow
from .table import SPECTATORS, Refusal, state_hash


def cattable_version() -> str:
    try:
        return version("cattable")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without metadata
        return "0+unknown"


@dataclass(frozen=True)
class SeatSpec:
    name: str
    bot: str | None = None


def guided_seed(game_name: str) -> int:
    """The fixed deal of a guided table (``guided: true``, the browser's "Learn by playing"): the CRC-32 of
    ``"guided <game>"``, so every guided game of a game starts from the same position and the server names
    no game. Only a table of one person against bots, not open to strangers, may be guided: its deal is
    public knowledge, so a person could otherwise know another's hidden cards. Any other table's seed is
    secret and random, and no creator ever chooses it."""
    return zlib.crc32(f"guided {game_name}".encode())


@dataclass(frozen=True)
class Opening:
    """A table's settings, checked (``check_opening``)."""

    game_name: str
    game: Game
    players: int
    options: dict[str, Any]
    seats: list[SeatSpec]
    spectators: str
    clock: dict[str, Any] | None
    on_timeout: str
    open: bool
    fill_after: float | None


def check_opening(
    game_name: str,
    players: int,
    options: dict[str, Any],
    seats: list[SeatSpec],
    spectators: str,
    clock: Any,
    on_timeout: Any,
    *,
    open: bool,
    fill_after: Any,
    guided: bool,
) -> Opening:
    """The settings of ``Hub.create``, checked; a ``bad_table`` refusal says what is wrong."""
    try:
        game = get_game(game_name)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError("players must be a whole number")
        if not game.min_players <= players <= game.max_players:
            raise OptionError(f"{game_name} is played by {game.min_players} to {game.max_players} players")
        opts = game.validated_options(players, options)
        if spectators not in SPECTATORS:
            raise ValueError(f"spectators must be one of {', '.join(SPECTATORS)}")
        if len(seats) != players:
            raise ValueError(f"give {players} seats (a name, and a bot level for a bot), not {len(seats)}")
        for bot in [s.bot for s in seats if s.bot is not None] + _autopilot_level(on_timeout):
            check_bot(bot, game_name)
        clock = clocks.check_clock(clock)
        on_timeout = clocks.check_on_timeout(on_timeout)
        if fill_after is not None and (
            isinstance(fill_after, bool) or not isinstance(fill_after, int | float) or not 0 <= fill_after <= 3600
        ):
            raise ValueError("fill_after must be a number of seconds from 0 to 3600, or null (never)")
        if fill_after is not None and not open:
            raise ValueError("fill_after is for open tables (open: true)")
        if guided and (open or sum(s.bot is None for s in seats) != 1):
            raise ValueError("a guided table is one person against bots, not open to strangers")
    except (OptionError, ValueError) as exc:
        raise Refusal("bad_table", str(exc)) from None
    return Opening(
        game_name,
        game,
        players,
        opts,
        seats,
        spectators,
        clock,
        on_timeout,
        bool(open),
        None if fill_after is None else float(fill_after),
    )


def table_rows(
    opening: Opening, state: State, *, table_id: str, seed: int, host_hash: str, now: float
) -> tuple[TableRow, list[SeatRow]]:
    """The stored rows of a table dealt ``state`` from ``seed`` at ``now``: the first person to play has
    their clock started."""
    row = TableRow(
        id=table_id,
        game=opening.game_name,
        players=opening.players,
        seed=seed,
        options=opening.options,
        spectators=opening.spectators,
        version_started=cattable_version(),
        status="running",
        host_hash=host_hash,
        setup_chance=list(state.chance.log),
        setup_hash=state_hash(state),
        setup_form=opening.game.snapshot_form,
        clock=opening.clock,
        on_timeout=opening.on_timeout,
        open=opening.open,
        fill_after=opening.fill_after,
        created=now,
    )
    bank = clocks.start_bank(opening.clock)
    first = state.current_player
    seats = [
        SeatRow(
            seat=i,
            name=s.name[:64],
            bot=s.bot,
            generation=0,
            bank=bank,
            deadline=clocks.deadline_for(opening.clock, bank, now) if i == first and s.bot is None else None,
        )
        for i, s in enumerate(opening.seats)
    ]
    return row, seats


def _autopilot_level(on_timeout: Any) -> list[str]:
    if isinstance(on_timeout, str) and on_timeout.startswith("autopilot:"):
        return [on_timeout.split(":", 1)[1]]
    return []
