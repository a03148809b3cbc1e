"""cattable: cat board games, played faithfully, by people and bots.

>>> import cattable
>>> state = cattable.game("cafe").new(players=3, seed=1)
"""

from .core import (
    Action,
    Game,
    GameDescriptor,
    GameNotOver,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    Result,
    State,
    descriptor,
    game,
    game_names,
    replay,
)

__all__ = [
    "Action",
    "Game",
    "GameDescriptor",
    "GameNotOver",
    "IllegalAction",
    "InvalidAction",
    "OptionError",
    "RecordError",
    "Result",
    "State",
    "descriptor",
    "game",
    "game_names",
    "replay",
]
