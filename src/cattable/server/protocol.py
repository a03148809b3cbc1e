"""The shapes of the table server's messages (docs/PROTOCOL.md), written once.

The server's own code builds its messages as these types (mypy checks each field it writes), the JSON
Schema the browser client's TypeScript types are generated from is made from them
(``python -m cattable.interfaces.web.schemas`` writes ``client/schemas/protocol.json``), and a test checks
the committed schema is still what they say. A game's ``view`` and actions are the game's own schemas
(``cattable schema GAME``): here they are any JSON.

``typing_extensions.TypedDict`` rather than ``typing``'s: Pydantic reads only that one on Python 3.11.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

PROTOCOL_VERSION = 1

Json = Any

Number = int | float
"""A number kept as it was made (Pydantic would turn an int into a float)."""
"""A game's view, action or option value: described by the game's own schemas, not here."""


# -- pieces ----------------------------------------------------------------------------------------------
class SeatInfo(TypedDict):
    """What everyone may know of a seat: who sits there and its clock (never its webhook)."""

    seat: int
    name: str
    bot: str | None
    autopilot: bool
    bank: Number | None
    """Seconds left on a live clock."""
    deadline: Number | None
    """Seconds since the epoch when the seat's time runs out (compare with ``now``)."""
    overdue: bool
    """Its time ran out and the table waits for it (``on_timeout`` is ``"wait"``)."""


class WebhookInfo(TypedDict):
    """A seat's own "your turn" webhook, shown to that seat only."""

    url: str
    failing: bool
    """Every try of the last signal failed; ``error`` says why."""
    error: str | None


class Message(TypedDict):
    """A sentence as a translatable message: an English gettext msgid with {named} fields, and their values."""

    msgid: str
    args: dict[str, Json]


class LogLine(TypedDict):
    """A move as this seat may read it: its text, and the same as a message (core/i18n.py)."""

    version: int
    seat: int | None
    text: str
    msg: Message


class GameResult(TypedDict):
    winners: list[int]
    ranking: list[list[int]]
    scores: list[Number] | None
    team_win: Json
    details: dict[str, Json]


class PatchOp(TypedDict):
    """One operation of an RFC 6902 JSON Patch: ``add``, ``remove`` or ``replace`` at a JSON Pointer
    (``deltas.py`` makes and applies them)."""

    op: Literal["add", "remove", "replace"]
    path: str
    """An RFC 6901 JSON Pointer: ``""`` is the whole view, ``/hand/2`` the third card of its hand."""
    value: NotRequired[Json]
    """The value added or put in place (not with ``remove``)."""


# -- server to client -------------------------------------------------------------------------------------
class SeatMessage(TypedDict):
    """The position as one seat (or a spectator) may see it; the ``state`` message adds the log."""

    type: Literal["state"]
    table: str
    game: str
    version: int
    seat: int | None
    to_play: int | None
    over: bool
    view: NotRequired[Json]
    """The seat's whole view; absent from a ``state`` that carries ``delta`` instead."""
    delta: NotRequired[list[PatchOp]]
    """Instead of ``view``: what changed in this seat's view since version ``base`` (an RFC 6902 JSON Patch),
    to apply to the view of ``base`` the client holds; on any other version it asks with ``sync``."""
    base: NotRequired[int]
    """With ``delta``: the version whose view the patch applies to."""
    legal: list[Json]
    queued: Json | None
    seats: list[SeatInfo]
    clock: dict[str, Json] | None
    may_undo: bool
    """An ``undo`` from this seat would be accepted now (its own last move may be taken back)."""
    webhook: NotRequired[WebhookInfo]
    """The viewer's own webhook, when its seat has one."""
    result: NotRequired[GameResult]
    """Once the game is over."""
    views: NotRequired[list[Json]]
    """Once the game is over: every seat's view."""
    next: NotRequired[str]
    """Once a seat asked to play again: the new table (each seat gets its token there with its own)."""


class StateMessage(SeatMessage):
    log: list[LogLine]
    now: float
    """The server's clock, seconds since the epoch."""
    reset: NotRequired[bool]
    """The version went back (an undo): redraw from this message and its full log."""


class AckMessage(TypedDict):
    type: Literal["ack"]
    id: str | None
    version: NotRequired[int]
    queued: NotRequired[bool]
    repeat: NotRequired[bool]
    undone: NotRequired[bool]
    reclaimed: NotRequired[bool]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    id: str | None
    error: str
    """A code: invalid, illegal, not_your_turn, over, ... (docs/PROTOCOL.md)."""
    reason: str
    """For people."""
    retry_after: NotRequired[int]
    """With ``rate_limited`` only: whole seconds to wait before sending again."""


class PongMessage(TypedDict):
    type: Literal["pong"]
    id: str | None


class SettleFrame(TypedDict):
    t: float
    poses: dict[str, list[float]]


class SettleMessage(TypedDict):
    """The recorded frames of a move's settle (Cat and the Tower), sent before its ``state``."""

    type: Literal["settle"]
    table: str
    version: int
    seconds: float
    pieces: dict[str, Json]
    frames: list[SettleFrame]


class NoticeMessage(TypedDict):
    """Something that happened at the table without a move: a seat's time ran out and the table waits."""

    type: Literal["notice"]
    table: str
    seat: int
    msg: Message


class ChatLine(TypedDict):
    """A line of a table's chat: what a person typed, shown as text (never as HTML)."""

    n: int
    """Its number: lines of one table are numbered in order (a client drops a line it has)."""
    seat: int | None
    """The seat that wrote it, or null for a spectator."""
    name: str
    text: str
    at: float
    """Seconds since the epoch."""


class ChatMessage(TypedDict):
    """Chat lines: the last 100 after a ``hello``, then each new line to every watcher of the table."""

    type: Literal["chat"]
    table: str
    lines: list[ChatLine]


ServerMessage = StateMessage | AckMessage | ErrorMessage | PongMessage | SettleMessage | NoticeMessage | ChatMessage


# -- client to server -------------------------------------------------------------------------------------
class HelloMessage(TypedDict):
    type: Literal["hello"]
    token: str | None
    since: int


class ActMessage(TypedDict):
    type: Literal["act"]
    id: str
    action: Json


class UndoMessage(TypedDict):
    type: Literal["undo"]
    id: str


class ReclaimMessage(TypedDict):
    type: Literal["reclaim"]
    id: str


class SyncMessage(TypedDict):
    type: Literal["sync"]
    since: int


class PingMessage(TypedDict):
    type: Literal["ping"]
    id: str


class ChatSendMessage(TypedDict):
    """Post a line to the table's chat (a seat, or a spectator where the table admits them)."""

    type: Literal["chat"]
    id: str
    text: str


ClientMessage = HelloMessage | ActMessage | UndoMessage | ReclaimMessage | SyncMessage | PingMessage | ChatSendMessage


# -- HTTP replies ---------------------------------------------------------------------------------------
class Opened(TypedDict):
    """``POST /api/tables``: the host token and one invite code per person's seat, shown once."""

    table: str
    host: str
    invites: dict[str, str]


class Joined(TypedDict):
    """``POST /api/join``: the seat token an invite was exchanged for."""

    table: str
    seat: int
    token: str


class MyTable(TypedDict):
    """``POST /api/my-tables``: a table a token sits at, and whether it is that seat's move."""

    table: str
    game: str
    seat: int
    version: int
    over: bool
    your_move: bool


class Hint(TypedDict):
    """``POST /api/tables/{id}/hint``: what the game's heuristic bot would play in your seat."""

    action: Json | None
    text: str


class Presence(TypedDict):
    connected: list[int]
    spectators: int


class Catalogue(TypedDict):
    """``GET /api/i18n/{lang}``: a language's translations, msgid to text."""

    lang: str
    messages: dict[str, str]


class Rest(TypedDict):
    """The table at rest after one physical event of a move (the tower): what a replay tweens through."""

    pieces: dict[str, Json]
    poses: dict[str, list[float]]


class PastView(TypedDict):
    """``GET /api/tables/{id}/replay``: a past position as one seat saw it, and (the tower) the table at
    rest after each physical event of the move that led to it, from the record (empty for other games),
    with that move (its action, null when no piece moved): a replay starts its piece where it was let go."""

    version: int
    seat: int | None
    view: Json
    rests: list[Rest]
    move: Json


class GameOption(TypedDict):
    name: str
    default: Json
    help: str
    allowed: str
    allowed_msg: Message
    """`allowed` as a message to translate (`help` is a msgid itself)."""


class GameData(TypedDict):
    """A value of a game's data files a table may be opened with changed (``options.data``)."""

    path: str
    default: int | float
    low: int | float
    high: int | float
    help: str


class GameInfo(TypedDict):
    """``GET /api/games``: a game, its player counts, options, tunable data and the bot levels a seat may take."""

    name: str
    title: str
    players: tuple[int, int]
    """The fewest and the most."""
    cooperative: bool
    options: list[GameOption]
    data: list[GameData]
    bots: list[str]


class OpenSeat(TypedDict):
    seat: int
    name: str
    bot: str | None
    free: bool
    """Nobody holds this person's seat yet: a stranger may take it."""


class OpenTable(TypedDict):
    """``GET /api/open-tables``: a running table open to strangers with a seat free (never an invite)."""

    table: str
    game: str
    players: int
    seats: list[OpenSeat]
    created: float
    fill_after: Number | None
    """Seconds after ``created`` when the seats still free are given to bots (null: never)."""


class SeatTaken(TypedDict):
    """``POST /api/open-tables/{id}/seats``, ``POST /api/quick-play`` and ``POST /api/tables/{id}/again``:
    the seat token of the seat taken."""

    table: str
    seat: int
    token: str
    opened: bool
    """Quick play opened this table (no open table of the game had a seat free)."""
