"""The game API every game implements: a ``Game`` that makes states, and a ``State`` that plays.

The base ``State`` does the bookkeeping shared by all games once (the one legality check before any
change, the action log, the record, the chance source), so each game writes only its rules:
``_legal()``, ``_apply()``, ``_why_illegal()``, ``current_player``, ``is_over``, ``_result()``,
``view()``, ``_copy()`` and ``_redeal()`` (and ``_rule_check()`` if its actions cannot all be listed).
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from itertools import repeat
from operator import is_
from types import ModuleType
from typing import Any, ClassVar

from .action import Action
from .chance import Chance
from .declared import Declaration
from .descriptor import Parts
from .errors import GameNotOver, IllegalAction, InvalidAction, OptionError, RecordError
from .i18n import Message
from .options import Option, validate_options
from .records import REPLAY_ERRORS, read_record
from .result import Result
from .tuning import DATA, Tunable, copy_options, split_data, validate_data

JSON = Any
RECORD_FORMAT = 2
"""The record format ``State.record()`` writes: actions as ``{"kind": ...}`` (format 1 still replays)."""
SCHEMA_PARTS = ("action", "view")
"""The JSON Schemas every game publishes, as ``schemas/<part>.schema.json`` beside its game module."""


class Game(ABC):
    """A rulebook: its name, player counts, options, and how to read its actions."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[Option]] = ()
    cooperative: ClassVar[bool] = False
    """Whether the game is played as one team by default (a variant may change it: ``is_cooperative``)."""
    default_agent: ClassVar[str] = "random"
    """The agent ``simulate`` uses when none is named."""
    has_hidden_information: ClassVar[bool] = False
    action_types: ClassVar[tuple[type, ...]]
    """The classes of this game's actions (a fast type check before anything else)."""
    declared: ClassVar[Declaration | None] = None
    """The game's action kinds declared once (``core/declared.py``): its readers and action schema come
    from it. None for a game whose actions are still written by hand."""
    tunables: ClassVar[Sequence[Tunable]] = ()
    """The values of the game's data files it may be played with changed (option ``data``, ``tuning.py``)."""
    snapshot_form: ClassVar[int] = 1
    """The form of ``snapshot()`` (and of the views): raised when it changes without the rules changing (a
    field renamed, events worded as messages). A stored game checked against digests of an older form
    replays on its chance outcomes alone, so it survives the upgrade (``tests/server/data/snapshot_forms.json``)."""
    parts: ClassVar[Parts] = Parts()
    """What the game offers beyond its rules (heuristic, drawing, features, encoding...), each named once and
    imported only when asked (``core/descriptor.py``); ``cattable.descriptor(name)`` gives them."""

    def is_cooperative(self, options: Mapping[str, Any] | None = None) -> bool:
        """Whether a game with these options is won or lost by everyone together."""
        return self.cooperative

    def new(self, players: int = 2, seed: int = 0, **options: Any) -> State:
        """A fresh game; ``options`` are validated against ``self.options``."""
        checked = self.check_table(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"{self.name}: seed must be a whole number")
        return self._new(players, seed, checked, None)

    def check_table(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The player count and the options checked, as ``new`` checks them (an ``OptionError`` if not), so
        that a command can refuse a bad table before it starts any work; the options, filled."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"{self.name}: players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name}: players={players} is not allowed; allowed: {self.min_players} to {self.max_players}"
            )
        return self.validated_options(players, options)

    def validated_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option filled and checked, alone and against the player count (an ``OptionError`` if not)."""
        plain, data = split_data(self.name, options)
        opts = validate_options(self.name, self.options, plain)
        if data:  # none: no key at all, so a game without overrides keeps the options it always had
            opts[DATA] = validate_data(self.name, self.tunables, data)
        self.check_options(players, opts)
        return opts

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """Cross-checks between options and the player count (override to add some)."""

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[JSON] | None) -> State:
        """Build the starting state; ``script`` holds recorded chance outcomes when replaying."""

    def parse_action(self, text: str) -> Action:
        """Read an action's text form; raise ``InvalidAction`` for anything unreadable."""
        if self.declared is None:
            raise NotImplementedError(f"{self.name} declares no actions: it must read their text itself")
        return self.declared.parse(text)  # type: ignore[no-any-return]

    def action_from_json(self, data: JSON) -> Action:
        """Read an action's JSON form; raise ``InvalidAction`` for anything malformed."""
        if self.declared is None:
            raise NotImplementedError(f"{self.name} declares no actions: it must read their JSON itself")
        return self.declared.from_json(data)  # type: ignore[no-any-return]

    def format1_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a record saved in format 1, as they read today: a game whose rules changed since
        adds the option that keeps the old ones (so the game replays as it was played)."""
        return options

    def record_options(self, fmt: int, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a record saved in format ``fmt``, as they read today (format 1: ``format1_options``).
        A game that adds an option later names here the value its older records were played with."""
        return self.format1_options(options) if fmt == 1 else options

    def describe(self) -> dict[str, Any]:
        """What ``cattable games`` prints."""
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "cooperative": self.cooperative,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "help": o.help,
                    "allowed": o.allowed(),
                    "allowed_msg": o.allowed_message().to_json(),
                }
                for o in self.options
            ],
            "data": [
                {"path": f"{DATA}.{t.path}", "default": t.default, "low": t.low, "high": t.high, "help": t.help}
                for t in self.tunables
            ],
        }

    # -- schemas -----------------------------------------------------------------------------
    def schema(self, part: str) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of this game's ``part``: ``"action"`` (every action's JSON form)
        or ``"view"`` (every seat's and the spectator's view). The action schema of a game that declares
        its actions comes from the declaration; any other is read from ``schemas/<part>.schema.json``
        beside the module of the game's class."""
        if part not in SCHEMA_PARTS:
            raise ValueError(f"unknown schema part {part!r}; parts: {', '.join(SCHEMA_PARTS)}")
        if part == "action" and self.declared is not None:
            return self.declared.schema()
        return json.loads(_schema_text(type(self).__module__, part))  # type: ignore[no-any-return]

    def schemas(self) -> dict[str, dict[str, Any]]:
        """Every schema of this game, by part."""
        return {part: self.schema(part) for part in SCHEMA_PARTS}

    # -- records -------------------------------------------------------------------------------
    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> State:
        """Rebuild a state from its record (all of it, or the first ``upto`` actions).

        The whole record is checked first (``records.read_record``); then any error while replaying,
        from the rules or from a chance outcome of the wrong kind, is a ``RecordError`` naming the action."""
        if upto is not None and (type(upto) is not int or upto < 0):
            raise ValueError(f"upto must be a whole number of actions, not {upto!r}")
        read = read_record(self, record)
        try:
            state = self._new(read.players, read.seed, read.options, read.chance)
        except REPLAY_ERRORS as exc:
            raise RecordError(f"the setup does not replay: {exc}") from exc
        actions = read.actions if upto is None else read.actions[:upto]
        for i, action in enumerate(actions):
            try:
                state.apply(action)
            except REPLAY_ERRORS as exc:
                raise RecordError(f"action {i} ({action.text()}) does not replay: {exc}") from exc
        if upto is None and state.chance.replaying:
            raise RecordError(
                f"record field 'chance' has {len(read.chance) - len(state.chance.log)} outcome(s) more than "
                "the game drew"
            )
        return state


@cache
def _schema_text(module: str, part: str) -> str:
    """The text of a game's schema file, read once (a ``ValueError`` if the game ships none)."""
    package = module.rpartition(".")[0] or module
    try:
        return (resources.files(package) / "schemas" / f"{part}.schema.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise ValueError(f"the game in {module} publishes no {part} schema (schemas/{part}.schema.json)") from exc


@cache
def _messages_module(module: str) -> ModuleType | None:
    """The ``messages`` module beside a game's module, or None for a game that ships none."""
    name = (module.rpartition(".")[0] or module) + ".messages"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


class State(ABC):
    """One position of one game. Mutable: ``apply`` changes it in place; ``clone`` copies it."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    chance: Chance

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[JSON] | None):
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.chance = Chance(seed, script)
        self.history: list[Action] = []
        self._legal_cache: list[Action] | None = None

    _by_rule: ClassVar[bool] = False
    """Whether the game judges actions by its ``_rule_check`` rather than by its list: set by the core."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The core owns the one legality check: a game that overrides ``is_legal`` is refused when its
        class is made, and one that defines ``_rule_check`` is judged by it."""
        super().__init_subclass__(**kwargs)
        if "is_legal" in cls.__dict__:
            raise TypeError(
                f"{cls.__qualname__} overrides is_legal: the core owns the legality check; a game whose "
                "actions cannot all be listed defines _rule_check instead"
            )
        cls._by_rule = cls._rule_check is not State._rule_check

    # -- what every game provides ---------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal(self) -> list[Action]:
        """Every legal action for ``current_player`` (never empty before the end)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    def _rule_check(self, action: Action) -> str | None:
        """Why ``action`` (of one of the game's action types, the game not over) is not legal now, or None
        if it is: the rules asked directly. A game defines it when its actions cannot all be listed (the
        tower's placements are judged by range) or when its list costs more to build than the rules cost to
        ask (Cat Cafe's marks); the core then judges by it, not by the list. Others leave it alone."""
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        """Say why a well-formed action is not legal here: the rule check's reason for a game judged by
        rule; override for better reasons than the plain sentence."""
        reason = self._rule_check(action) if self._by_rule else None
        return reason or f"{action.text()} is not a legal move now"

    def result(self) -> Result:
        """The outcome of a finished game; ``GameNotOver`` before the end."""
        if not self.is_over:
            raise GameNotOver(f"{self.game.name}: the game is not over yet, so it has no result")
        return self._result()

    @abstractmethod
    def _result(self) -> Result:
        """The outcome, computed by the game once it is over."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see and nothing more (None: a spectator). JSON-able."""

    @abstractmethod
    def _copy(self) -> State:
        """A deep, independent copy of the game's own fields (the base fields are copied by ``clone``)."""

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """Resample in place whatever ``seat`` cannot see (games with hidden information override)."""

    def public_text(self, action: Action, viewer: int | None) -> str:
        """How ``action`` (about to be applied) may be announced to ``viewer``: its text unless it is secret
        (a simultaneous choice, say); games with such moves override."""
        return action.text()

    def public_message(self, action: Action, viewer: int | None) -> Message:
        """``public_text`` as a translatable message. A game's ``messages`` module (beside its game module)
        may hide a secret move (``announce``); otherwise the kind's declared template (``core/declared.py``)
        or the module's ``ANNOUNCEMENTS`` tells it, filled from its JSON fields. A move announced differently
        to ``viewer`` than its text is never filled from its fields. ``SILENT`` (an empty msgid) means the
        move is not told to ``viewer`` at all: its log has no line for it."""
        module = _messages_module(type(self.game).__module__)
        secret = self.public_text(action, viewer) != action.text()
        hook = getattr(module, "announce", None) if module is not None else None
        message = hook(self, action, viewer) if hook is not None else None
        if isinstance(message, Message):
            return message
        declared = self.game.declared
        told = declared.message(action) if declared is not None and not secret else None
        if told is not None:
            return told
        if module is not None:
            data = action.to_json()
            templates: dict[str, str] = getattr(module, "ANNOUNCEMENTS", {})
            if not secret and isinstance(data, dict) and data.get("kind") in templates:
                return Message(templates[data["kind"]], {k: v for k, v in data.items() if k != "kind"})
        return Message("{move}", {"move": self.public_text(action, viewer)})

    def revealed(self, action: Action) -> list[tuple[int, Message]]:
        """What ``action``, just applied, revealed to everyone: a line per seat it concerns, ``(seat,
        message)`` (Cat Cafe's marks of the round, once every seat has chosen). A table writes them into
        the log after the move's own line. None by default; a game's ``messages`` module may define
        ``revealed(state, action)``."""
        module = _messages_module(type(self.game).__module__)
        hook = getattr(module, "revealed", None) if module is not None else None
        return list(hook(self, action)) if hook is not None else []

    def early_choices(self, seat: int) -> list[Action] | None:
        """What ``seat`` may choose now, ahead of its turn, when the rules have every seat choose at once
        (Cat Cafe's marking): a table accepts such a choice and plays it when the seat's turn comes. None
        (the default) when the seat must wait; only a choice that no other seat's choice can change may be
        offered here."""
        return None

    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON, secrets included: what tests compare to prove a state unchanged.
        Never sent to a seat.

        Games with hidden information override this to add what no view shows (decks, hands). This
        default, for games without secrets, is every seat's view and the spectator's, which together hold
        all there is."""
        return {"seats": [self.view(s) for s in range(self.players)], "spectator": self.view(None)}

    def forget_caches(self) -> None:
        """Drop whatever the state cached from its position (the legal actions, and what a game keeps
        besides): for tests and tools that arrange a position by hand. Play never needs it: ``apply`` keeps
        the caches right."""
        self._legal_cache = None
        self._forget()

    def _forget(self) -> None:
        """Games that cache more than the legal actions drop it here."""

    # -- shared machinery ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over else self._legal()
        return list(self._legal_cache)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be played now: the one legality check, which no game overrides (``apply``
        makes the same check inline). A value of no action type, or any after the end, is not legal.

        A game judged by rule (``_rule_check``) is asked directly. Otherwise the action must be in the
        legal list: one of the list's own objects (found by identity, what bots and playouts pass) was
        made by the rules, so it is exact; anything else equal to one must also match it class for class
        and field type for field type (tuples compare by value: ``Move("move", 5.0) == Move("move", 5)``).
        A scan of the list is cheaper than hashing it into a set for every move."""
        if not isinstance(action, self.game.action_types) or self.is_over:
            return False
        if self._by_rule:
            return self._rule_check(action) is None
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal()
        return any(map(is_, cache, repeat(action))) or _listed_exactly(action, cache)

    def apply(self, action: Action) -> None:
        """Play one action; an unreadable one raises InvalidAction, a forbidden one IllegalAction, unchanged."""
        if not isinstance(action, self.game.action_types):
            raise InvalidAction(f"not an action of {self.game.name}: {action!r}")
        try:
            hash(action)  # every action is hashable; one with a list or dict in a field is malformed
        except TypeError:
            raise InvalidAction(
                f"not an action of {self.game.name} (a field is not a plain value): {action!r}"
            ) from None
        if self.is_over:
            raise IllegalAction("the game is over")
        if self._by_rule:  # is_legal's check, inline: apply is the hottest path of every playout
            reason = self._rule_check(action)
            if reason is not None:
                raise IllegalAction(reason)
        else:
            cache = self._legal_cache
            if cache is None:
                cache = self._legal_cache = self._legal()
            if not (any(map(is_, cache, repeat(action))) or _listed_exactly(action, cache)):
                raise IllegalAction(self._why_illegal(action))
        self._apply(action)
        self.history.append(action)
        self._legal_cache = None

    def apply_text(self, text: str) -> Action:
        action = self.game.parse_action(text)
        self.apply(action)
        return action

    def clone(self) -> State:
        other = self._copy()
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = dict(self.options)
        other.chance = self.chance.clone()
        other.history = list(self.history)
        other._legal_cache = self._legal_cache
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot see is re-dealt, and future chance is reseeded."""
        other = self.clone()
        other._redeal(seat, rng)
        other.chance.reseed(rng.getrandbits(63))
        other._legal_cache = None
        return other

    def record(self) -> dict[str, Any]:
        """Setup, every action and every chance outcome, as JSON; ``cattable.replay`` rebuilds the state."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": copy_options(self.options),
            "actions": [a.to_json() for a in self.history],
            "chance": list(self.chance.log),
        }

    def __repr__(self) -> str:
        return f"<{self.game.name} state: {len(self.history)} actions, to play: {self.current_player}>"


def _listed_exactly(action: Action, listed: list[Action]) -> bool:
    """Whether ``action``, not one of ``listed``'s own objects, equals one of them exactly: of the same class,
    each field of the same type (inside nested tuples too), since ``5.0 == 5`` and ``True == 1``. A plain
    whole number or word also stands for the list's enum member of equal value (a suit read from text)."""
    try:
        twin = listed[listed.index(action)]
    except ValueError:
        return False
    return _same_types(action, twin)


def _same_types(a: object, b: object) -> bool:
    kind = type(a)
    if kind is not type(b):
        return (kind is int or kind is str) and isinstance(b, kind) and not isinstance(b, bool)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return all(map(_same_types, a, b))
    return True
