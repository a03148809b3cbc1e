"""Cat and the Tower's events are messages (games/tower/events.py): every template is in the French
catalogue with the same fields, renders whole in French with no English word left, and the events of a
seeded game, told in French, leave no field unfilled; the English edition's stories are the cards'."""

from __future__ import annotations

import random
import re
from typing import Any

import cattable
from cattable.core.i18n import catalogue, fields, render
from cattable.games.tower import events as ev
from cattable.games.tower.cards import cards

TEMPLATES = sorted(
    {v for k, v in vars(ev).items() if k.isupper() and isinstance(v, str)}
    | {v for d in (ev.RETRY, ev.GIVEN_UP) for v in d.values()}
    | set(ev.STORIES)
)
SAMPLE: dict[str, Any] = {
    "seat": 1,
    "card": "A08",
    "goal": "G04",
    "cat": "C-yellow-1",
    "floor": 3,
    "lower": 2,
    "piece": "W-bricks-1",
    "first": "bricks",
    "second": "windows",
    "colour": "yellow",
    "attempt": 2,
    "tries": 3,
    "n": 2,
    "limit": 5,
    "wall": "W-bricks-1",
    "walls": ["W-bricks-1", "W-arches-2"],
    "last": "W-angels-1",
    "more": 2,
    "where": ev.SET_ASIDE,
    "count": ev.message(ev.WALLS_SO_FAR, n=2, limit=5),
    "why": ev.message(ev.COLLAPSE, why=ev.message(ev.WALLS_FALLEN, n=5)),
    "toto": "Toto",
    "story": ev.STORIES[0],
}
KEPT = {"Action", "Toto", "Mission", "face"}
"""Words a French sentence may share with the English one."""


def english_left(en: str, fr: str, args: dict[str, Any]) -> set[str]:
    """The English words of ``en`` (not its arguments' ids and names) that ``fr`` still holds."""
    own = {w for v in args.values() if isinstance(v, str | list) for w in re.findall(r"[A-Za-z]+", str(v))}
    words = set(re.findall(r"[A-Za-z]{3,}", en)) - own - KEPT
    return {w for w in words if re.search(rf"\b{w}\b", fr)}


def test_every_tower_event_template_is_translated_with_the_same_fields() -> None:
    french = catalogue("fr")
    assert len(TEMPLATES) >= 45
    for template in TEMPLATES:
        assert template in french, template
        assert fields(french[template]) == fields(template), template


def test_every_tower_event_renders_in_french_with_no_english_and_no_field_left() -> None:
    for template in TEMPLATES:
        args = {k: SAMPLE[k] for k in fields(template)}
        en, fr = render(template, args), render(template, args, "fr")
        assert "{" not in fr and fr != en, (template, fr)
        assert not english_left(en, fr, args), (template, fr, english_left(en, fr, args))


def test_the_events_of_seeded_games_render_whole_in_french() -> None:
    met: set[str] = set()
    for options in ({}, {"edition": "fr", "mode": "competitive"}):
        state = cattable.game("tower").new(players=2, seed=11, turn_limit=6, **options)
        rng = random.Random(3)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            for event in state.view(None)["events"]:
                met.add(event["msgid"])
                assert fields(event["msgid"]) <= set(event["args"]), event
                fr = ev.text(event, "fr")
                assert "{" not in fr and fr != ev.text(event), (event, fr)
    assert {ev.TAKES_WALLS, ev.PLACES, ev.GAME_OVER} <= met, met


def test_the_english_editions_stories_are_the_cards() -> None:
    assert set(ev.STORIES) == set(cards().editions["en"]["stories"].values())
