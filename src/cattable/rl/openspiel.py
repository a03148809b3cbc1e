"""Every game as an OpenSpiel Python game, ``python_cattable_<name>`` (``cattable.rl.register_openspiel()``).

Actions are the encoding's indexes (``cattable.rl.encodings``). Chance is explicit, as in OpenSpiel's own
games, but drawn once: the first node of every game is a chance node choosing one of ``deals`` seeds
uniformly (outcome k deals cattable's game of seed ``seed + k``), and cattable's seeded chance then rolls
every die and shuffle from that seed. So ``new_initial_state()`` is the same every time, a history
identifies a game and replays by ``apply_action``, and a state serialises (and pickles) as its record.

The true state knows the future (its seed): bots must be shown ``resample_from_infostate`` (cattable's
``determinize``: what the seat cannot see re-dealt, future chance reseeded), which
``cattable.rl.openspiel_fair`` does for OpenSpiel's ``evaluate_bots``. A re-deal keeps nothing that tells
the true game apart (``redealt``: fresh seed, empty chance log, secret moves withheld). Observers are in
``openspiel_observers``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyspiel

import cattable
from cattable.core import Action, State

from .encoding import Encoding
from .encodings import encoding, learnable
from .openspiel_fair import FairBot, fair_evaluate_bots
from .openspiel_observers import CattableObserver, make_observer
from .rewards import rewards_of

__all__ = ["CattableSpielGame", "CattableSpielState", "FairBot", "fair_evaluate_bots", "register"]

_REGISTERED: set[str] = set()
MAX_GAME_LENGTH = 5000
DEALS = 4096
"""The default number of deals the opening chance node chooses from (the parameter ``deals``): enough for
learning not to see the same dice twice in a while, few enough that listing and drawing the outcomes
stays cheap (measured: half a millisecond a game; 65,536 would cost some 30 ms)."""
CHANCE = int(pyspiel.PlayerId.CHANCE)


def like_a_copy(state: State) -> None:
    """Make the tower simulate the next move the way a clone of it would.

    A tower state keeps its live MuJoCo world between moves, while a clone rebuilds one from the recorded
    poses (rounded to a micrometre, at rest): the two can settle the same placement differently, and
    OpenSpiel requires a clone to play exactly like the original. Marking the world out of step makes the
    original rebuild it too (about a millisecond, beside some ten for a placement). Other games have no
    world: nothing changes. Since issue #31 the tower's table resets its live world to the recorded outcome
    after every physical event (``Table.simulate``), so this is a second guard, kept for worlds changed
    outside the rules."""
    table = getattr(state, "table", None)
    if table is not None and hasattr(table, "synced"):
        table.synced = False


class Holder:
    """The cattable state inside an OpenSpiel state (None before the deal).

    pyspiel clones a Python state by deep-copying its attributes, and serialises it by pickling them: a
    cattable state copies itself (``clone``) faster and more safely than a deep copy, and a state reached by
    the deal and moves alone (``dealt``) pickles as its record, which replays exactly. A re-deal replays
    from no record (its hidden cards were sampled), so it pickles whole."""

    __slots__ = ("dealt", "state")

    def __init__(self, state: State | None, dealt: bool = True) -> None:
        self.state = state
        self.dealt = dealt

    def __deepcopy__(self, memo: dict[int, Any]) -> Holder:
        return Holder(None if self.state is None else self.state.clone(), self.dealt)

    def __reduce__(self) -> tuple[Callable[..., Holder], tuple[Any, ...]]:
        if self.state is not None and self.dealt:
            return _replayed, (self.state.record(),)
        return Holder, (self.state, self.dealt)


def _replayed(record: dict[str, Any]) -> Holder:
    return Holder(cattable.replay(record))


class CattableSpielState(pyspiel.State):  # type: ignore[misc]
    """One cattable state behind OpenSpiel's state API: the deal's chance node, then the game's moves.

    ``CattableSpielState(game, inner)`` wraps a cattable position found elsewhere (a benchmark's, a
    table's): no OpenSpiel history leads to it, so its ``history()`` starts empty, as a re-deal's does."""

    def __init__(self, game: CattableSpielGame, inner: State | None = None, heard: list[list[str]] | None = None):
        super().__init__(game)
        self.holder = Holder(inner)
        # Each seat's moves as announced to it, and last the spectator's (perfect-recall observers).
        self.heard: list[list[str]] = heard if heard is not None else [[] for _ in range(game.players + 1)]

    @property
    def game_state(self) -> State:
        """The cattable state (an error before the deal: the opening chance node has none)."""
        if self.holder.state is None:
            raise ValueError("no game is dealt yet: apply the opening chance outcome first")
        return self.holder.state

    @property
    def encoding(self) -> Encoding:
        enc: Encoding = self.get_game().encoding
        return enc

    def current_player(self) -> int:
        inner = self.holder.state
        if inner is None:
            return CHANCE
        if inner.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = inner.current_player
        assert seat is not None
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely (empty once dealt)."""
        if self.holder.state is not None:
            return []
        outcomes: list[tuple[int, float]] = self.get_game().deal_outcomes
        return outcomes

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.holder.state
        if inner is None or inner.is_over or player != inner.current_player:
            return []
        legal = inner.legal_actions()
        index_of = self.encoding.index_of
        return sorted({index_of(a, legal) for a in legal})

    def _apply_action(self, action: int) -> None:
        inner = self.holder.state
        if inner is None:
            self.holder = Holder(self.get_game().deal(int(action)))
            return
        like_a_copy(inner)
        chosen = self.encoding.action_at(int(action), inner.legal_actions())
        for seat, heard in enumerate(self.heard):
            heard.append(inner.public_text(chosen, seat if seat < inner.players else None))
        inner.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {self.get_game().seed + int(action)}"
        inner = self.holder.state
        try:
            assert inner is not None
            return self.encoding.action_at(int(action), inner.legal_actions()).text()
        except (AssertionError, ValueError):
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.holder.state is not None and self.holder.state.is_over

    def returns(self) -> list[float]:
        inner = self.holder.state
        if inner is None or not inner.is_over:
            return [0.0] * self.get_game().players
        return rewards_of(inner)

    def __str__(self) -> str:
        """The spectator's view; measurements to a millimetre (the tower's physics does not repeat bit
        for bit after a clone, and OpenSpiel compares a clone's string with the original's)."""
        inner = self.holder.state
        if inner is None:
            return f"dealing one of {self.get_game().deals} games"
        return json.dumps(_rounded(inner.view(None)), sort_keys=True, separators=(",", ":"))

    def announced(self, action: int, seat: int) -> bool:
        """Whether ``action``, about to be played, is shown to ``seat`` as it is (a chance outcome never
        is: it is the hidden deal; Cat Cafe's marks are not until the round reveals them)."""
        inner = self.holder.state
        if inner is None:
            return False
        chosen = self.encoding.action_at(int(action), inner.legal_actions())
        return inner.public_text(chosen, seat) == chosen.text()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> CattableSpielState:
        """OpenSpiel's re-deal: a state ``player_id`` cannot tell from this one, drawn with the sampler's
        numbers (one of them seeds ``resample``)."""
        return self.resample(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resample(self, seat: int, rng: random.Random) -> CattableSpielState:
        """A fair sample of the positions ``seat`` cannot tell from this one (``State.determinize``).

        No history reaches it (its hidden cards and future chance are sampled), so its ``history()`` is
        empty rather than the true one, whose opening outcome would give the true deal away."""
        other: CattableSpielState = self.get_game().new_initial_state()
        spectator = self.heard[-1]
        # another seat heard its own secret marks as they are: the re-deal gives it the spectator's account
        other.heard = [list(h if p in (seat, len(self.heard) - 1) else spectator) for p, h in enumerate(self.heard)]
        inner = self.holder.state
        other.holder = Holder(None if inner is None else redealt(inner, seat, rng, self.heard[seat]), dealt=False)
        return other


@dataclass(frozen=True)
class Withheld:
    """A past move in a re-deal's history that its seat was not shown as it is (another seat's secret
    mark): it keeps the history's length (Washi's view counts the moves) and says what the seat heard."""

    heard: str

    def text(self) -> str:
        return self.heard

    def to_json(self) -> Any:
        return {"kind": "withheld", "heard": self.heard}


def redealt(inner: State, seat: int, rng: random.Random, heard: list[str]) -> State:
    """``inner.determinize(seat, rng)`` with nothing left in it that tells the true game apart: the core's
    copy keeps the true seed (a bot could deal the game again from it), the chance log (every shuffle and
    roll so far, hidden ones included) and the history (another seat's secret mark of this round). Here the
    seed is a fresh draw, the log starts empty (the re-deal replays from no record anyway) and a move
    ``seat`` did not hear as it is becomes ``Withheld``; ``heard`` is what ``seat`` heard of the last
    moves, one text each (a wrapped position's earlier moves it has no text for are withheld too)."""
    other = inner.determinize(seat, rng)
    other.seed = rng.getrandbits(63)
    other.chance.log = []
    offset = len(inner.history) - len(heard)
    history: list[Action] = []
    for i, action in enumerate(inner.history):
        told = heard[i - offset] if i >= offset else ""
        history.append(action if told == action.text() else Withheld(told))
    other.history = history
    return other


def _rounded(data: Any) -> Any:
    if isinstance(data, float):
        return round(data, 1) + 0.0
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data


class CattableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Game ``name``; ``players``, ``seed``, ``deals`` and the game's options are OpenSpiel parameters."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        rules = cattable.game(self.name)
        spec = _params(self.name)
        given = dict(spec, **(params or {}))
        self.players = int(given.pop("players"))
        self.seed = int(given.pop("seed"))
        self.deals = int(given.pop("deals"))
        if self.deals < 1:
            raise ValueError(f"python_cattable_{self.name}: deals must be at least 1, not {self.deals}")
        self.options = rules.validated_options(self.players, given)
        self.encoding = encoding(self.name, self.players, self.options)
        self.deal_outcomes = [(k, 1.0 / self.deals) for k in range(self.deals)]
        super().__init__(
            _game_type(self.name, self.players),
            pyspiel.GameInfo(
                num_distinct_actions=self.encoding.num_actions,
                max_chance_outcomes=self.deals,
                num_players=self.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            ),
            dict(spec, **(params or {})),
        )

    def new_initial_state(self) -> CattableSpielState:
        """The opening chance node, the same every time."""
        return CattableSpielState(self)

    def deal(self, outcome: int) -> State:
        """The cattable game of the opening chance outcome ``outcome``: seed ``seed + outcome``."""
        if not 0 <= outcome < self.deals:
            raise ValueError(f"python_cattable_{self.name}: deal {outcome} is outside 0..{self.deals - 1}")
        return cattable.game(self.name).new(players=self.players, seed=self.seed + outcome, **self.options)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CattableObserver:
        """An observer for ``iig_obs_type`` (``openspiel_observers``: unsupported types are refused)."""
        return make_observer(self.encoding, iig_obs_type, params)


def _params(name: str) -> dict[str, Any]:
    rules = cattable.game(name)
    players = max(rules.min_players, 2) if rules.max_players >= 2 else rules.min_players
    out: dict[str, Any] = {"players": players, "seed": 0, "deals": DEALS}
    out.update({o.name: o.default for o in rules.options})
    return out


def _game_type(name: str, players: int) -> Any:
    rules = cattable.game(name)
    return pyspiel.GameType(
        short_name=f"python_cattable_{name}",
        long_name=f"cattable: {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if rules.has_hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.IDENTICAL if rules.cooperative else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_params(name),
    )


def register() -> list[str]:
    """Register every game once (later calls change nothing); returns the OpenSpiel short names."""
    names = []
    for name in learnable():
        short = f"python_cattable_{name}"
        if name not in _REGISTERED:
            cls = type(f"Cattable{name.title()}Game", (CattableSpielGame,), {"name": name})
            pyspiel.register_game(_game_type(name, 2), cls)
            _REGISTERED.add(name)
        names.append(short)
    return names
