"""One table: a game state, its seats, and the event log that rebuilds it. No I/O and no clock here.

Everything a seat is sent is built in ``seat_message``/``log_lines``/refusal texts from ``view(seat)``,
the legal actions and ``public_text``: nothing else of the state leaves, so the leak test can compare
exactly these bytes against a re-dealt state.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from cattable.core import Action, Game, InvalidAction, State
from cattable.core import game as get_game
from cattable.core.game import RECORD_FORMAT
from cattable.core.i18n import render

from . import protocol as wire
from .deltas import diff
from .encoding import canonical, frame
from .store import EventRow, QueuedRow, SeatRow, TableRow
from .undo import undo_refusal

Viewer = int | None
"""A seat number, or None for a spectator."""

SPECTATORS = ("off", "public", "after")
"""Who may watch: nobody; anyone, live, with the spectator's view; or nobody until the end, when the whole
game is revealed. Every setting reveals the whole game to the seats once it is over."""


class Refusal(ValueError):
    """A message the table will not act on; ``code`` is for programs, the text for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


class Diverged(RuntimeError):
    """The stored events replay to a different position than the one they recorded (the rules changed)."""


def state_hash(state: State, views: Callable[[Viewer], dict[str, Any]] | None = None) -> str:
    """A digest of the whole position, secrets included (``snapshot``): replays are checked against it.
    A game without secrets snapshots as its views, so views already built (``views``) are reused."""
    if views is not None and type(state).snapshot is State.snapshot:
        # views are plain JSON (every one is sent to a browser): the fast encoder, where its bytes are the same
        snap: dict[str, Any] = {"seats": [views(s) for s in range(state.players)], "spectator": views(None)}
        return hashlib.sha256(canonical(snap)).hexdigest()
    text = json.dumps(state.snapshot(), sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Table:
    """A running or finished game at one table, rebuilt from its events."""

    row: TableRow
    seats: list[SeatRow]
    state: State
    log: list[list[str]] = field(default_factory=list)
    """For each event, the line each viewer may read: seats first, then the spectator."""
    messages: list[list[wire.Message]] = field(default_factory=list)
    """The same announcements as translatable messages (``msgid`` and ``args``), per viewer."""
    reveals: list[list[tuple[int, wire.Message]]] = field(default_factory=list)
    """For each event, what it revealed to everyone (``State.revealed``): (seat, message) lines."""
    movers: list[int] = field(default_factory=list)
    """The seat that played each event."""
    drawn: list[int] = field(default_factory=list)
    """For each event, how many chance outcomes the game had drawn once it was played (set-up included)."""
    acked: dict[tuple[int, str], int] = field(default_factory=dict)
    """(seat, client message id) -> the version it made, so a resent message is applied once."""
    queued: dict[int, tuple[Action, str | None]] = field(default_factory=dict)
    """Choices made ahead of the seat's turn in a simultaneous phase, applied when the turn comes."""
    settle: dict[str, Any] | None = None
    """The last move's settle message (``settle.py``): in memory only, never stored nor hashed."""
    slow_moves: bool = True
    """Whether the next move should run off the event loop (the hub learns it from the last move)."""
    wall: Callable[[], float] = field(default=time.time, repr=False, compare=False)
    """Seconds since the epoch, by which a seat is told overdue: the hub's clock (``sources.Clock``)."""
    _views: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    _views_at: int = -1
    _prev_views: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    _prev_at: int = -1
    """The views of the version before ``_views_at``, as built then: what a watcher that saw that version
    holds, so it can be sent only what changed (``state_message``)."""
    _before: State | None = None
    """The position before the last move when a person played it (a bot never takes a move back): what
    ``may_undo`` judges the move against without replaying the game."""
    _revealed: tuple[int, bool] = (-1, True)
    """(version, whether the move that made it revealed something): judged once per version."""

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """``view(viewer)`` of the current position, built once per version (every watcher and the hash
        share it). Callers must not change it."""
        if self._views_at != self.version:
            if self._views_at == self.version - 1:
                self._prev_views, self._prev_at = self._views, self._views_at
            else:
                self._prev_views, self._prev_at = {}, -1
            self._views, self._views_at = {}, self.version
        if viewer not in self._views:
            self._views[viewer] = self.state.view(viewer)
        return self._views[viewer]

    # -- building ------------------------------------------------------------------------------------
    @classmethod
    def rebuild(cls, row: TableRow, seats: list[SeatRow], events: list[EventRow], queued: list[QueuedRow]) -> Table:
        """Replay the stored set-up and events, each checked against the chance outcomes and the hash it
        recorded; ``Diverged`` (never another error) if they no longer replay. A hash made in an older
        ``snapshot_form`` of the game is not compared: such a table replays on its chance outcomes alone."""
        try:
            game = get_game(row.game)
            script = list(row.setup_chance) + [outcome for ev in events for outcome in ev.chance]
            # options a game added since the table was stored read as its older records do (record_options)
            stored = game.record_options(RECORD_FORMAT, dict(row.options))
            options = game.validated_options(row.players, stored)
            table = cls(row=row, seats=seats, state=game._new(row.players, row.seed, options, script))
        except Exception as exc:
            raise Diverged(f"the set-up no longer replays: {exc}") from exc
        form = game.snapshot_form
        if table.state.chance.log != row.setup_chance or (
            not events and row.setup_form == form and state_hash(table.state) != row.setup_hash
        ):
            raise Diverged("the set-up replays to a different position than the one stored")
        for i, ev in enumerate(events):
            drawn_before = len(table.state.chance.log)
            if i == len(events) - 1 and table.player_of(ev.seat) is None:
                table._before = table.state.clone()
            try:
                table._record_and_apply(ev.seat, game.action_from_json(ev.action), ev.msg_id)
            except Exception as exc:
                raise Diverged(f"event {ev.seq} no longer applies: {exc}") from exc
            if table.state.chance.log[drawn_before:] != ev.chance or (
                ev.snapshot_form == form and state_hash(table.state, table.view) != ev.state_hash
            ):
                raise Diverged(f"event {ev.seq} replays to a different position than the one stored")
        for q in queued:
            table.queued[q.seat] = (game.action_from_json(q.action), q.msg_id)
        return table

    # -- reading ---------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def viewers(self) -> list[Viewer]:
        return [*range(self.row.players), None]

    def may_watch(self, viewer: Viewer) -> bool:
        """Seats always; a spectator as the table's setting says."""
        if viewer is not None:
            return True
        return self.row.spectators == "public" or (self.row.spectators == "after" and self.over)

    def choices(self, seat: Viewer) -> list[Action]:
        """What ``seat`` may send now: its legal actions on its turn, its early choices in a simultaneous
        phase if it has not queued one, else nothing."""
        if seat is None or self.over or seat in self.queued:  # a queued choice is played when its turn comes
            return []
        if seat == self.state.current_player:
            return self.state.legal_actions()
        return self.state.early_choices(seat) or []

    def player_of(self, seat: int) -> str | None:
        """The bot playing ``seat`` now: its own bot, or the table's autopilot while the person is away."""
        row = self.seats[seat]
        if row.bot is not None:
            return row.bot
        if row.autopilot and self.row.on_timeout.startswith("autopilot:"):
            return self.row.on_timeout.split(":", 1)[1]
        return None

    def _seat_info(self, s: SeatRow, now: float) -> wire.SeatInfo:
        """What everyone may know of a seat: who sits there and its clock (never its webhook). ``bank`` is
        the bank when the seat's turn started; ``deadline`` when it runs out."""
        waits = self.row.on_timeout == "wait" and not self.over
        return {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "autopilot": s.autopilot,
            "bank": s.bank,
            "deadline": s.deadline,
            "overdue": waits and s.deadline is not None and s.deadline <= now,
        }

    def seat_message(self, viewer: Viewer) -> wire.SeatMessage:
        """The whole position as ``viewer`` may see it: what a client draws after connecting or a move."""
        reveal, now = self.over, self.wall()
        msg: wire.SeatMessage = {
            "type": "state",
            "table": self.row.id,
            "game": self.row.game,
            "version": self.version,
            "seat": viewer,
            "to_play": self.state.current_player,
            "over": self.over,
            "view": self.view(viewer),
            "legal": [a.to_json() for a in self.choices(viewer)],
            "queued": self.queued[viewer][0].to_json() if viewer is not None and viewer in self.queued else None,
            "seats": [self._seat_info(s, now) for s in self.seats],
            "clock": self.row.clock,
            "may_undo": self.may_undo(viewer),
        }
        own = self.seats[viewer] if viewer is not None else None
        if own is not None and own.webhook is not None:
            msg["webhook"] = {"url": own.webhook, "failing": own.webhook_error is not None, "error": own.webhook_error}
        if self.row.next_table is not None:
            msg["next"] = self.row.next_table
        if reveal:
            msg["result"] = cast(wire.GameResult, self.state.result().to_json())  # core knows no wire types
            msg["views"] = [self.view(s) for s in range(self.row.players)]
        return msg

    def state_message(self, viewer: Viewer, since: int, now: float, *, patch: bool = False) -> wire.StateMessage:
        """The ``state`` message for a watcher last sent version ``since``: the position and the log after
        ``since`` (the whole log, with ``reset``, when ``since`` is ahead: a move was taken back). With
        ``patch``, the view is replaced by ``delta`` from ``base`` (docs/PROTOCOL.md) when ``since`` is this
        version or the one before, this table still holds ``viewer``'s view of it, and the patch is shorter
        than the view; otherwise the full view goes. The patch is made from ``viewer``'s own two views only,
        so it carries nothing that viewer could not see."""
        reset = since > self.version
        msg: wire.StateMessage = {
            **self.seat_message(viewer),
            "log": self.log_lines(viewer, 0 if reset else since),
            "reset": reset,
            "now": now,
        }
        if patch and not reset:
            ops = self.view_patch(viewer, since)
            if ops is not None and len(frame(ops)) < len(frame(msg["view"])):
                del msg["view"]
                msg["delta"], msg["base"] = ops, since
        return msg

    def view_patch(self, viewer: Viewer, base: int) -> list[wire.PatchOp] | None:
        """The patch from ``viewer``'s view at version ``base`` to its view now, or None when this table no
        longer (or never) held the view of ``base``: only this version and the one before are kept."""
        now = self.view(viewer)
        if base == self.version:
            return []
        if base != self.version - 1 or self._prev_at != base or viewer not in self._prev_views:
            return None
        return diff(self._prev_views[viewer], now)

    def may_undo(self, viewer: Viewer) -> bool:
        """Whether an ``undo`` from ``viewer`` would be accepted now (``undo.py``'s fair rules, as the hub
        judges it). It tells the mover nothing an undo's refusal would not, and every other viewer False."""
        if viewer is None or not self.movers or self.movers[-1] != viewer or self.over or self.queued:
            return False
        start, end = self.drawn_by(self.version)
        if end != start:
            return False
        if self._revealed[0] != self.version:
            before = self._before
            if before is None or len(before.history) != self.version - 1:
                before = self.game.replay(self.state.record(), self.version - 1)
            why = undo_refusal(
                before, self.state.history[-1], self.state, seat=viewer, mover=viewer, drew=False, queued=()
            )
            self._revealed = (self.version, why is not None)
        return not self._revealed[1]

    def log_lines(self, viewer: Viewer, since: int = 0) -> list[wire.LogLine]:
        """The announced moves after version ``since``, as ``viewer`` may read them: a move not told to
        ``viewer`` (an empty message) has no line, and what a move revealed to everyone follows it, one
        line per seat it names, with the same version."""
        col = self.row.players if viewer is None else viewer
        lines: list[wire.LogLine] = []
        for i in range(max(0, since), len(self.log)):
            if self.messages[i][col]["msgid"]:
                lines.append(
                    {"version": i + 1, "seat": self.movers[i], "text": self.log[i][col], "msg": self.messages[i][col]}
                )
            lines.extend(
                {"version": i + 1, "seat": seat, "text": render(m["msgid"], m["args"]), "msg": m}
                for seat, m in self.reveals[i]
            )
        return lines

    # -- acting ----------------------------------------------------------------------------------------
    def parse(self, data: Any) -> Action:
        """An action's JSON form read by the game's rules; a clear refusal for anything malformed."""
        try:
            return self.game.action_from_json(data)
        except InvalidAction as exc:
            raise Refusal("invalid", str(exc)) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise Refusal("invalid", f"not an action of {self.row.game}") from None

    def check(self, seat: int, action: Action) -> str:
        """``"now"`` if ``seat`` may play ``action`` at once, ``"early"`` if it is a choice made ahead of its
        turn; a refusal saying why otherwise. Nothing changes."""
        if self.over:
            raise Refusal("over", "the game is over")
        if seat in self.queued:
            raise Refusal("already_chosen", "you have already chosen this round")
        if seat == self.state.current_player:
            try:
                legal = self.state.is_legal(action)
            except (TypeError, ValueError):
                legal = False
            if not legal:
                raise Refusal("illegal", self._why(action))
            return "now"
        early = self.state.early_choices(seat)
        if early is None:
            raise Refusal("not_your_turn", f"it is not your turn: seat {self.state.current_player} is to play")
        if action not in early:
            raise Refusal("illegal", f"{action.text()} is not one of your choices now")
        return "early"

    def _why(self, action: Action) -> str:
        try:
            return self.state._why_illegal(action)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            return f"{action.text()} is not a legal move now"

    def apply(self, seat: int, action: Action, msg_id: str | None) -> EventRow:
        """Play an action already checked as ``"now"``; the event to store (nothing is stored here)."""
        drawn_before = len(self.state.chance.log)
        self._before = self.state.clone() if self.player_of(seat) is None else None
        self._record_and_apply(seat, action, msg_id)
        return EventRow(
            seq=self.version,
            seat=seat,
            action=action.to_json(),
            chance=list(self.state.chance.log[drawn_before:]),
            state_hash=state_hash(self.state, self.view),
            msg_id=msg_id,
            snapshot_form=self.game.snapshot_form,
        )

    def _record_and_apply(self, seat: int, action: Action, msg_id: str | None) -> None:
        texts = [self.state.public_text(action, v) for v in self.viewers()]
        said = [self.state.public_message(action, v) for v in self.viewers()]
        messages: list[wire.Message] = [{"msgid": m.msgid, "args": dict(m.args)} for m in said]
        self.state.apply(action)
        self.drawn.append(len(self.state.chance.log))
        self.log.append(texts)
        self.messages.append(messages)
        self.reveals.append(
            [(seat, {"msgid": m.msgid, "args": dict(m.args)}) for seat, m in self.state.revealed(action)]
        )
        self.movers.append(seat)
        if msg_id is not None:
            self.acked[(seat, msg_id)] = self.version
        if seat in self.queued and self.queued[seat][0] == action:
            del self.queued[seat]

    def drawn_by(self, version: int) -> tuple[int, int]:
        """The span of the record's chance outcomes that the move making ``version`` (1 or more) drew."""
        before = self.drawn[version - 2] if version >= 2 else len(self.row.setup_chance)
        return before, self.drawn[version - 1]

    def next_queued(self) -> tuple[int, Action, str | None] | None:
        """A queued choice whose seat is now to play, if any."""
        seat = self.state.current_player
        if seat is None or seat not in self.queued:
            return None
        action, msg_id = self.queued[seat]
        return seat, action, msg_id

    def record(self) -> dict[str, Any]:
        """The finished game's record (seed and chance included): only ever sent once the game is over."""
        if not self.over:
            raise Refusal("not_over", "the record is published when the game ends")
        return self.state.record()
