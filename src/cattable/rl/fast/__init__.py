"""Observations and masks written into reused arrays, straight from the state, for the hot loop.

The view-based encoding (``Encoding.observe(state.view(seat))``) stays the reference: it is built from
what the seat is shown and nothing else, and it is what a bot at that seat reads. Building the view
dictionary every step is most of an environment step's cost, so a game may add a writer here that reads
the state's fields directly, but only the fields its view function reads, into a preallocated row.
``tests/rl/test_fast_encoding.py`` checks every writer equals the reference after every step of seeded
random games, and that re-dealing what the seat cannot see (``determinize``) leaves it unchanged.

A game's descriptor names its writer (``fast_writer``); a game without one gets ``ViewWriter``: the
reference, copied into the row.
"""

from __future__ import annotations

from collections.abc import Sequence

from cattable.core import Action, State
from cattable.core.registry import descriptor, game_names
from cattable.rl.encoding import Encoding, EncodingError, Mask, Vector


class ViewWriter:
    """The reference: build the seat's view, encode it, copy it into ``out``."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.size = encoding.observation_size

    def write(self, state: State, seat: int, out: Vector) -> None:
        out[:] = self.encoding.observe(state.view(seat))


def writer(encoding: Encoding) -> ViewWriter:
    """The fastest writer of ``encoding``'s observations: the game's own, else the view-based one."""
    make = descriptor(encoding.game_name).fast_writer.load()
    if make is None:
        return ViewWriter(encoding)
    made = make(encoding)
    assert isinstance(made, ViewWriter), f"{encoding.game_name}: its fast writer is not a ViewWriter"
    return made


def __getattr__(name: str) -> dict[str, str]:
    """``WRITERS`` (from before the descriptors): the games with a fast writer."""
    if name == "WRITERS":
        return {game: game for game in game_names() if descriptor(game).fast_writer.declared}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class MaskWriter:
    """Legal actions to a mask in a reused row, through the encoding's index (a dict, built once)."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.index = encoding.index
        self.menu = type(encoding).index_of is not Encoding.index_of
        """Menu-based encodings (the tower) place an action by the legal list: ask the encoding."""

    def write(self, legal: Sequence[Action], out: Mask) -> None:
        """1 at each legal action's index; index 0 alone when ``legal`` is empty (the placeholder)."""
        out.fill(0)
        if not legal:
            out[0] = 1
        elif self.menu:
            out[:] = self.encoding.mask(legal)
        else:
            index = self.index
            try:
                out[[index[a] for a in legal]] = 1
            except KeyError:
                for a in legal:
                    self.encoding.index_of(a, legal)  # raises, naming the action
                raise EncodingError(f"{self.encoding.game_name}: an action outside the table") from None
