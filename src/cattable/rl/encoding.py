"""What every game's learning encoding provides: a fixed discrete action index and an observation vector.

An encoding is built from the game's player count and options (the map, the edition), never from a state:
the same index means the same action in every position, so a policy's output layer has a meaning. The
observation is built from one seat's view (``State.view(seat)``), so it holds nothing that seat may not
see; the action mask comes from the legal actions, which the acting seat is shown anyway.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cattable.core import Action

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class EncodingError(ValueError):
    """An action or a view that the encoding cannot place: a bug in the table, reported plainly."""


class Features:
    """An observation under construction: values in [0, 1], appended in a fixed order (single values in a
    list, whole layers as numpy blocks, joined once at the end)."""

    __slots__ = ("out", "parts")

    def __init__(self) -> None:
        self.out: list[float] = []
        self.parts: list[Vector] = []

    def flag(self, value: Any) -> None:
        self.out.append(1.0 if value else 0.0)

    def scalar(self, value: float | None, top: float) -> None:
        """``value / top``, clipped into [0, 1] (None counts as 0)."""
        v = 0.0 if value is None else float(value) / top
        self.out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` slots with a 1 at ``index`` (none set when it is None or out of range)."""
        start = len(self.out)
        self.out.extend([0.0] * size)
        if index is not None and 0 <= index < size:
            self.out[start + index] = 1.0

    def counts(self, values: Iterable[int], size: int, top: float = 1.0) -> None:
        """How often each of ``0..size-1`` occurs in ``values``, each divided by ``top`` and clipped."""
        start = len(self.out)
        self.out.extend([0.0] * size)
        for v in values:
            if 0 <= v < size:
                self.out[start + v] = min(1.0, self.out[start + v] + 1.0 / top)

    def block(self, values: npt.NDArray[Any]) -> None:
        """A whole layer at once (already in [0, 1]), flattened."""
        if self.out:
            self.parts.append(np.asarray(self.out, dtype=np.float32))
            self.out = []
        self.parts.append(np.asarray(values, dtype=np.float32).reshape(-1))

    def array(self) -> Vector:
        if self.out:
            self.parts.append(np.asarray(self.out, dtype=np.float32))
            self.out = []
        if len(self.parts) == 1:
            return self.parts[0]
        return np.concatenate(self.parts) if self.parts else np.zeros(0, np.float32)


def seats_from(seat: int, players: int) -> list[int]:
    """The seats in the order an observation lists them: the observer first, then the next in turn."""
    return [(seat + k) % players for k in range(players)]


class Encoding(ABC):
    """One game's discrete actions and observation vector, for a player count and options."""

    game_name: str
    players: int
    options: dict[str, Any]
    actions: tuple[Action, ...]
    """``actions[i]`` is the action with index ``i``."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        self.actions = tuple(self._table())
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise EncodingError(f"{self.game_name}: the action table repeats an action")
        self.observation_size = len(self._blank_view_size())

    # -- what a game writes ----------------------------------------------------------------------
    @abstractmethod
    def _table(self) -> Iterable[Action]:
        """Every action the game could ever offer with these options, in a fixed order."""

    @abstractmethod
    def features(self, view: Mapping[str, Any], out: Features) -> None:
        """Append the observation of ``view`` (one seat's view) to ``out``; always the same length."""

    @abstractmethod
    def sample_view(self) -> Mapping[str, Any]:
        """A view of a fresh game with these options (to size the observation)."""

    # -- shared ------------------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def _blank_view_size(self) -> Vector:
        out = Features()
        self.features(self.sample_view(), out)
        return out.array()

    def observe(self, view: Mapping[str, Any]) -> Vector:
        """The observation vector of one seat's view."""
        out = Features()
        self.features(view, out)
        vec = out.array()
        if len(vec) != self.observation_size:
            raise EncodingError(
                f"{self.game_name}: an observation of {len(vec)} values, expected {self.observation_size}"
            )
        return vec

    def index_of(self, action: Action, legal: Sequence[Action]) -> int:
        """The index of ``action`` (``legal``: the legal actions now, which menu-based encodings need)."""
        try:
            return self.index[action]
        except KeyError:
            raise EncodingError(f"{self.game_name}: the action table has no {action.text()!r}") from None

    def action_at(self, index: int, legal: Sequence[Action]) -> Action:
        """The action with ``index``; an ``EncodingError`` names the range when there is none."""
        if not 0 <= index < len(self.actions):
            raise EncodingError(f"{self.game_name}: action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def mask(self, legal: Sequence[Action]) -> Mask:
        """1 at the index of each legal action, 0 elsewhere."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        if legal:
            m[[self.index_of(a, legal) for a in legal]] = 1
        return m

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # never changed after it is built: copies may share it

    def describe(self) -> dict[str, Any]:
        """Sizes, for docs and error messages."""
        return {"game": self.game_name, "actions": self.num_actions, "observation": self.observation_size}
