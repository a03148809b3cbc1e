"""How hard the conformance suite works each game: player counts, playouts, and option sets.

Physics playouts are slow, so the tower runs fewer (and is marked slow); the card and dice games run
thousands. ``playouts`` is the full count, played in two tiers: the first ``fast_playouts`` in ``make test``
(seeds 0 up), the rest in the long tier (``-m long``, ``make test-all``), so the two together play exactly
the full count. ``checks_every`` is how often (in actions) the costly per-position checks run.
``"schemas": False`` is for a game with no JSON Schemas (a test's toy game); ``"schemas_every_step"``
checks every view (each seat's and the spectator's, to the end) and every legal action of every playout
against the game's JSON Schemas (the others check their first positions). The keys are those of
``cattable.testing.Settings``.
"""

from __future__ import annotations

from cattable.testing import Settings

CONFORMANCE: dict[str, Settings] = {
    "cafe": {
        "players": [1, 2, 3, 4],
        "playouts": 2800,
        "fast_playouts": 250,
        "options": [{}, {}, {"mice": "repeat"}],
        "checks_every": 12,
    },
    "washi": {"players": [2, 3, 4, 5, 6], "playouts": 2000, "fast_playouts": 200, "options": [{}], "checks_every": 9},
    "attack": {
        "players": [2, 4, 6],
        "playouts": 2100,
        "fast_playouts": 150,
        "options": [{"lives": 2}, {}, {"lives": 2, "claws": "items"}, {"lives": 3, "younger": True}],
        "checks_every": 25,
    },
    "tower": {
        "players": [1, 3],
        "playouts": 4,
        "fast_playouts": 2,  # one cooperative and one competitive game
        "options": [
            {},
            {"mode": "competitive", "edition": "fr"},
            {"edition": "fr", "data": {"walls.bricks": 6.0, "walls.pillars": 3.5, "goal.G01": 3}},  # data overrides
            {"mode": "competitive"},
        ],
        "checks_every": 3,
        "slow": True,
        "physics": True,
        "schemas_every_step": True,  # few playouts: each seat's view and every legal action at every step
    },
}
