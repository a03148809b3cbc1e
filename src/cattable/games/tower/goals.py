"""Goal conditions, judged from what the world reads (which cats touch, which sit on which).

Only upright Feline Friends count (the rulebook: cats "must be placed standing up"). "Touching" is two
cats in contact side by side, not stacked (the French card: "se touchent par leurs côtés sans être
empilés"); "on top of" is the world's reading (balanced on the lower cat, touching no floor tile).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from .pieces import Kind, piece


def colour(cat: str) -> str:
    """``C-blue-2`` -> ``blue``."""
    return piece(cat).family


class Scene:
    """The cats a goal may use and how they touch and stack."""

    __slots__ = ("cats", "on_top", "touching")

    def __init__(self, cats: Collection[str], reading: Mapping[str, Any]) -> None:
        self.cats = sorted(cats)
        chosen = set(self.cats)
        on_top: dict[str, str] = {
            u: lower for u, lower in reading.get("on_top", {}).items() if u in chosen and lower in chosen
        }
        self.on_top = on_top
        stacked = {frozenset((u, lower)) for u, lower in on_top.items()}
        self.touching = [
            (a, b)
            for a, b in (sorted(p) for p in reading.get("touching", []))
            if a in chosen and b in chosen and frozenset((a, b)) not in stacked
        ]


def _same_colour_touching(s: Scene) -> bool:
    return any(colour(a) == colour(b) for a, b in s.touching)


def _different_colours_touching(s: Scene) -> bool:
    return any(colour(a) != colour(b) for a, b in s.touching)


def _two_yellow_touching(s: Scene) -> bool:
    return any(colour(a) == colour(b) == "yellow" for a, b in s.touching)


def _blue_on_blue(s: Scene) -> bool:
    return any(colour(u) == colour(lower) == "blue" for u, lower in s.on_top.items())


def _one_on_another(s: Scene) -> bool:
    return bool(s.on_top)


def _touching_and_one_on_top(s: Scene) -> bool:
    return any(any(u not in (a, b) and lower in (a, b) for u, lower in s.on_top.items()) for a, b in s.touching)


def _three_placed(s: Scene) -> bool:
    return len(s.cats) >= 3


def _purple_orange_yellow(s: Scene) -> bool:
    return {"purple", "orange", "yellow"} <= {colour(c) for c in s.cats}


CONDITIONS: dict[str, Callable[[Scene], bool]] = {
    "same_colour_touching": _same_colour_touching,
    "different_colours_touching": _different_colours_touching,
    "two_yellow_touching": _two_yellow_touching,
    "blue_on_blue": _blue_on_blue,
    "one_on_another": _one_on_another,
    "touching_and_one_on_top": _touching_and_one_on_top,
    "three_placed": _three_placed,
    "purple_orange_yellow": _purple_orange_yellow,
}


def friends_on(floors: Collection[str], reading: Mapping[str, Any]) -> list[str]:
    """Upright Feline Friends resting on any of ``floors`` (a stacked cat rests on the lower cat's floor)."""
    support = reading.get("support", {})
    upright = reading.get("upright", {})
    return sorted(
        p for p, fl in support.items() if piece(p).kind is Kind.CAT and fl in floors and upright.get(p, False)
    )


def met(condition: str, floors: Collection[str], reading: Mapping[str, Any]) -> bool:
    """Is ``condition`` met by the Feline Friends on ``floors``?"""
    return CONDITIONS[condition](Scene(friends_on(floors, reading), reading))


__all__ = ["CONDITIONS", "Scene", "colour", "friends_on", "met"]
