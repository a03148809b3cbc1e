"""How hard the conformance checks work one game: player counts, playouts, option sets and tiers."""

from __future__ import annotations

from typing import Any, TypedDict

from cattable.core import Game


class Settings(TypedDict, total=False):
    """One game's conformance settings (every key but the first five may be left out).

    ``playouts`` is the full count of seeded random games, played in two tiers: the first ``fast_playouts``
    in the quick run (seeds 0 up), the rest in the long tier (``@pytest.mark.long``), so the two together
    play exactly the full count. ``checks_every`` is how often (in actions) the costly per-position checks
    run. ``slow`` and ``physics`` mark the game's tests so. ``"schemas": False`` is for a game with no JSON
    Schemas (a test's toy game); ``"schemas_every_step"`` checks every view (each seat's and the
    spectator's, to the end) and every legal action of every playout against the game's schemas (the
    others check their first positions)."""

    players: list[int]
    playouts: int
    options: list[dict[str, Any]]
    checks_every: int
    fast_playouts: int
    slow: bool
    physics: bool
    schemas: bool
    schemas_every_step: bool


def default_settings(game: Game) -> Settings:
    """Modest settings for a game that names none: its smallest and largest tables, 40 playouts (10 quick),
    default options; a game registered without settings is still checked, not skipped."""
    players = sorted({game.min_players, game.max_players})
    return {"players": players, "playouts": 40, "fast_playouts": 10, "options": [{}], "checks_every": 3}


def playout_seeds(cfg: Settings, part: str) -> range:
    """The seeds a part plays: ``fast`` the first ``fast_playouts``, ``rest`` the others up to ``playouts``,
    ``all`` every one (settings that give no ``fast_playouts`` play them all in ``fast``)."""
    fast = min(cfg.get("fast_playouts", cfg["playouts"]), cfg["playouts"])
    return {"fast": range(fast), "rest": range(fast, cfg["playouts"]), "all": range(cfg["playouts"])}[part]
