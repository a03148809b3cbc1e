"""Every game as an OpenSpiel Python game, ``python_cattable_<name>`` (``cattable.rl.register_openspiel()``).

Actions are the encoding's indexes (``cattable.rl.encodings``). Chance is declared SAMPLED_STOCHASTIC, the
mode OpenSpiel offers for games that roll their own dice inside ``apply_action``: cattable's chance is
seeded and logged inside the state, so there are no chance nodes. A consequence to know: a ``clone()``
keeps the seed, so a searcher that clones the true state foresees the dice and the hidden cards; give
OpenSpiel's bots ``state.resample(seat, rng)`` instead (a fair re-deal of what the seat cannot see,
with the future chance reseeded), as cattable's own searchers do.

Observation strings and tensors come from the seat's view (the tensor is the encoding's vector); the
information-state string adds, for perfect recall, every move as it was announced to that seat
(``State.public_text``: Cat Cafe's marks stay secret until revealed).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import cattable
from cattable.core import State

from .encoding import Encoding
from .encodings import MODULES, encoding
from .rewards import rewards_of

_REGISTERED: set[str] = set()
MAX_GAME_LENGTH = 5000


class CattableObserver:
    """OpenSpiel's observer protocol over one seat's view."""

    def __init__(self, enc: Encoding, perfect_recall: bool) -> None:
        self.encoding = enc
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(enc.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CattableSpielState, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.game_state.view(player))

    def string_from(self, state: CattableSpielState, player: int) -> str:
        view = json.dumps(state.game_state.view(player), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        return "\n".join([*state.heard[player], view])


def like_a_copy(state: State) -> None:
    """Make the tower simulate the next move the way a clone of it would.

    A tower state keeps its live MuJoCo world between moves, while a clone rebuilds one from the recorded
    poses (rounded to a micrometre, at rest): the two can settle the same placement differently, and
    OpenSpiel requires a clone to play exactly like the original. Marking the world out of step makes the
    original rebuild it too (about a millisecond, beside some ten for a placement). Other games have no
    world: nothing changes."""
    table = getattr(state, "table", None)
    if table is not None and hasattr(table, "synced"):
        table.synced = False


class Holder:
    """The cattable state inside an OpenSpiel state: pyspiel clones a Python state by deep-copying its
    attributes, and a cattable state copies itself (``clone``) far faster and more safely than that."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Holder:
        return Holder(self.state.clone())


class CattableSpielState(pyspiel.State):  # type: ignore[misc]
    """One cattable state behind OpenSpiel's state API."""

    def __init__(self, game: CattableSpielGame, inner: State, heard: list[list[str]] | None = None) -> None:
        super().__init__(game)
        self.holder = Holder(inner)
        self.encoding: Encoding = game.encoding
        self.heard = heard if heard is not None else [[] for _ in range(inner.players)]

    @property
    def game_state(self) -> State:
        return self.holder.state

    def current_player(self) -> int:
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.game_state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state.is_over or player != self.game_state.current_player:
            return []
        legal = self.game_state.legal_actions()
        index_of = self.encoding.index_of
        return sorted({index_of(a, legal) for a in legal})

    def _apply_action(self, action: int) -> None:
        like_a_copy(self.game_state)
        legal = self.game_state.legal_actions()
        chosen = self.encoding.action_at(int(action), legal)
        for seat in range(self.game_state.players):
            self.heard[seat].append(self.game_state.public_text(chosen, seat))
        self.game_state.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        legal = self.game_state.legal_actions()
        try:
            return self.encoding.action_at(int(action), legal).text()
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.game_state.is_over

    def returns(self) -> list[float]:
        if not self.game_state.is_over:
            return [0.0] * self.game_state.players
        return rewards_of(self.game_state)

    def __str__(self) -> str:
        """The spectator's view; measurements to a millimetre (the tower's physics does not repeat bit
        for bit after a clone, and OpenSpiel compares a clone's string with the original's)."""
        return json.dumps(_rounded(self.game_state.view(None)), sort_keys=True, separators=(",", ":"))

    def resample(self, seat: int, rng: random.Random) -> CattableSpielState:
        """A fair sample of the positions ``seat`` cannot tell from this one (``State.determinize``)."""
        return CattableSpielState(
            self.get_game(), self.game_state.determinize(seat, rng), [list(h) for h in self.heard]
        )


def _rounded(data: Any) -> Any:
    if isinstance(data, float):
        return round(data, 1) + 0.0
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data


class CattableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Game ``name``; ``players`` and the game's options are OpenSpiel parameters."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        rules = cattable.game(self.name)
        spec = _params(self.name)
        given = dict(spec, **(params or {}))
        self.players = int(given.pop("players"))
        self.seed = int(given.pop("seed"))
        self.options = rules.validated_options(self.players, given)
        self.encoding = encoding(self.name, self.players, self.options)
        super().__init__(
            _game_type(self.name, self.players),
            pyspiel.GameInfo(
                num_distinct_actions=self.encoding.num_actions,
                max_chance_outcomes=0,
                num_players=self.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            ),
            dict(spec, **(params or {})),
        )
        self._deals = random.Random(self.seed)

    def new_initial_state(self) -> CattableSpielState:
        inner = cattable.game(self.name).new(players=self.players, seed=self._deals.getrandbits(62), **self.options)
        return CattableSpielState(self, inner)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CattableObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CattableObserver(self.encoding, recall)


def _params(name: str) -> dict[str, Any]:
    rules = cattable.game(name)
    players = max(rules.min_players, 2) if rules.max_players >= 2 else rules.min_players
    out: dict[str, Any] = {"players": players, "seed": 0}
    out.update({o.name: o.default for o in rules.options})
    return out


def _game_type(name: str, players: int) -> Any:
    rules = cattable.game(name)
    return pyspiel.GameType(
        short_name=f"python_cattable_{name}",
        long_name=f"cattable: {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if rules.has_hidden_information or name in ("cafe", "tower")
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.IDENTICAL if rules.cooperative else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_params(name),
    )


def register() -> list[str]:
    """Register every game once (later calls change nothing); returns the OpenSpiel short names."""
    names = []
    for name in MODULES:
        short = f"python_cattable_{name}"
        if name not in _REGISTERED:
            cls = type(f"Cattable{name.title()}Game", (CattableSpielGame,), {"name": name})
            pyspiel.register_game(_game_type(name, 2), cls)
            _REGISTERED.add(name)
        names.append(short)
    return names
