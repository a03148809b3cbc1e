"""OpenSpiel observers over cattable's views, one per ``IIGObservationType`` the views can honour.

cattable gives a seat its whole view (``State.view(seat)``) and a spectator the public one
(``view(None)``); it does not split a seat's view into a private and a public part, nor show the true
state to anyone. So four observation types are offered and the others refused, with the list:

| perfect_recall | public_info | private_info  | string                                   | tensor |
|----------------|-------------|---------------|------------------------------------------|--------|
| False          | True        | SINGLE_PLAYER | the seat's view (OpenSpiel's default)    | the encoding's vector |
| True           | True        | SINGLE_PLAYER | every move as announced to it, then the view | none |
| False          | True        | NONE          | the spectator's view                      | none |
| True           | True        | NONE          | every move as announced publicly, then that view | none |

No tensor has perfect recall: a fixed-size vector remembering every view of games hundreds of moves long
would be far larger than the observation, so the game declares ``provides_information_state_tensor=False``
and learners (OpenSpiel's ``rl_environment``) use the observation tensor, as before.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from .encoding import Encoding

if TYPE_CHECKING:
    from .openspiel import CattableSpielState

SPECTATOR = None
SUPPORTED = (
    "IIGObservationType(perfect_recall=False, public_info=True, private_info=SINGLE_PLAYER): the seat's view "
    "(string and tensor; the default)",
    "IIGObservationType(perfect_recall=True, public_info=True, private_info=SINGLE_PLAYER): the information "
    "state (string only)",
    "IIGObservationType(perfect_recall=False, public_info=True, private_info=NONE): the spectator's view (string only)",
    "IIGObservationType(perfect_recall=True, public_info=True, private_info=NONE): public moves and the "
    "spectator's view (string only)",
)


class ObservationTypeError(ValueError):
    """An observation type or parameter the adapter cannot honour; the message lists what it can."""


def _refuse(why: str) -> ObservationTypeError:
    return ObservationTypeError(f"{why}; the cattable games offer:\n  " + "\n  ".join(SUPPORTED))


class CattableObserver:
    """OpenSpiel's observer protocol (``set_from``, ``string_from``, ``tensor``, ``dict``) over one kind of
    cattable view: a seat's (``private``) or the spectator's, with or without the moves announced so far."""

    def __init__(self, enc: Encoding, perfect_recall: bool, private: bool) -> None:
        self.encoding = enc
        self.perfect_recall = perfect_recall
        self.private = private
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if private and not perfect_recall:
            self.tensor = np.zeros(enc.observation_size, np.float32)
            self.dict["observation"] = self.tensor

    def set_from(self, state: CattableSpielState, player: int) -> None:
        """Write the seat's observation vector (zeros before the deal, when there is nothing to see)."""
        if self.tensor is None:
            raise _refuse(
                "this observer has no tensor (cattable offers no tensor with perfect recall nor for the "
                "spectator): use its string, or the observation tensor"
            )
        inner = state.holder.state
        if inner is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.encoding.observe(inner.view(player))

    def string_from(self, state: CattableSpielState, player: int) -> str:
        """The view as sorted JSON, after the announced moves (one a line) when asked for perfect recall."""
        inner = state.holder.state
        if inner is None:
            return ""
        viewer = player if self.private else SPECTATOR
        view = json.dumps(inner.view(viewer), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        return "\n".join([*state.heard[player if self.private else -1], view])


def make_observer(enc: Encoding, iig_obs_type: Any = None, params: Any = None) -> CattableObserver:
    """The observer for ``iig_obs_type`` (None: OpenSpiel's default observation), or an
    ``ObservationTypeError`` listing the types on offer."""
    if isinstance(iig_obs_type, dict):  # pyspiel passes the parameters alone when no type is asked for
        iig_obs_type, params = None, iig_obs_type
    if params:
        raise ObservationTypeError(f"the cattable observers take no parameters, not {dict(params)!r}")
    if iig_obs_type is None:
        return CattableObserver(enc, perfect_recall=False, private=True)
    if not iig_obs_type.public_info:
        raise _refuse("public_info=False is not offered: a cattable view does not split the public part off")
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise _refuse("private_info=ALL_PLAYERS is not offered: no cattable view shows every seat's secrets")
    return CattableObserver(
        enc, perfect_recall=bool(iig_obs_type.perfect_recall), private=private == pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
