"""The player sheet: five towers of spaces on a hex grid, read once from ``data/sheet.json``.

Spaces are numbered 0..23 tower by tower, floor by floor; every table here is indexed by that number,
so the rules work on flat lists of small ints (fast to copy, fast to scan).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "sheet.json").read_text(encoding="utf-8"))

FLOORS: int = int(_DATA["floors"])
TOWERS: int = len(_DATA["towers"])
ITEMS: tuple[str, ...] = tuple(_DATA["items"])
"""Item names by die face minus one: 1 house, 2 yarn, 3 butterfly, 4 bowl, 5 cushion, 6 mouse."""
ITEM_TITLES: tuple[str, ...] = tuple(_DATA["item_titles"])

HOUSE, YARN, BUTTERFLY, BOWL, CUSHION, MOUSE = 1, 2, 3, 4, 5, 6
"""Item codes are the die faces; 0 on a sheet means an empty space."""

TRACK: int = int(_DATA["footprints"]["track"])
START_FOOTPRINTS: int = int(_DATA["footprints"]["start"])
PASS_FOOTPRINTS: int = int(_DATA["footprints"]["pass"])
BUTTERFLY_FOOTPRINTS: int = int(_DATA["footprints"]["butterfly"])

_SCORES: dict[str, Any] = _DATA["scores"]
CAT_HOUSE_PER_ITEM: int = int(_SCORES["cat_house_per_item"])
YARN_MOST: int = int(_SCORES["yarn_most"])
YARN_OTHER: int = int(_SCORES["yarn_other"])
BUTTERFLY_POINTS: int = int(_SCORES["butterfly"])
MOUSE_GROUPS: tuple[int, ...] = tuple(int(x) for x in _SCORES["mouse_groups"])
"""Points for a group of 0, 1, 2, 3, 4 mice; longer groups are settled by the ``mice`` option."""

TOWER_FLOORS: tuple[tuple[int, ...], ...] = tuple(tuple(int(f) for f in t["floors"]) for t in _DATA["towers"])
BONUS_LARGE: tuple[int, ...] = tuple(int(t["bonus"][0]) for t in _DATA["towers"])
BONUS_SMALL: tuple[int, ...] = tuple(int(t["bonus"][1]) for t in _DATA["towers"])
_LOWERED_PARITY = 1 if _DATA["lowered"] == "odd" else 0

SPACES: tuple[tuple[int, int], ...] = tuple((t, f) for t in range(TOWERS) for f in TOWER_FLOORS[t])
"""(tower index 0..4, floor 1..6) of each space."""
NSPACES = len(SPACES)
SPACE_AT: dict[tuple[int, int], int] = {tf: i for i, tf in enumerate(SPACES)}
TOWER_OF: tuple[int, ...] = tuple(t for t, _ in SPACES)
FLOOR_OF: tuple[int, ...] = tuple(f for _, f in SPACES)
TOWER_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (t, _) in enumerate(SPACES) if t == tower) for tower in range(TOWERS)
)
TOWER_SIZE: tuple[int, ...] = tuple(len(s) for s in TOWER_SPACES)
FLOOR_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (_, f) in enumerate(SPACES) if f == floor) for floor in range(FLOORS + 1)
)
"""Spaces on each floor (index 0 unused)."""


def _touching(x: int, y: int) -> list[tuple[int, int]]:
    """Hex neighbours of tower x, height y (floor - 1); lowered towers meet their neighbours' y-1 and y."""
    out = [(x, y - 1), (x, y + 1)]
    for nx in (x - 1, x + 1):
        if x % 2 == _LOWERED_PARITY:
            out += [(nx, y - 1), (nx, y)]
        else:
            out += [(nx, y), (nx, y + 1)]
    return out


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SPACE_AT[(nx, ny + 1)] for nx, ny in _touching(t, f - 1) if (nx, ny + 1) in SPACE_AT) for t, f in SPACES
)
"""The spaces each space touches (scratching posts and the sheet's edge are not spaces)."""


def item_code(word: str) -> int:
    """An item's die face from its name, a synonym or its number; 0 if unknown."""
    w = word.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    if w.isdigit() and 1 <= int(w) <= 6:
        return int(w)
    return _ITEM_WORDS.get(w, 0)


_ITEM_WORDS: dict[str, int] = {
    "house": 1,
    "cathouse": 1,
    "h": 1,
    "yarn": 2,
    "ball": 2,
    "ballofyarn": 2,
    "y": 2,
    "butterfly": 3,
    "butterflytoy": 3,
    "b": 3,
    "bowl": 4,
    "foodbowl": 4,
    "food": 4,
    "f": 4,
    "cushion": 5,
    "c": 5,
    "mouse": 6,
    "mousetoy": 6,
    "mice": 6,
    "m": 6,
}


LETTERS = "HYBFCM"
"""One letter per item in text sheets: House, Yarn, Butterfly, Food bowl, Cushion, Mouse."""


def sheet_from_text(text: str) -> list[int]:
    """Read a sheet drawn as text: six rows (floor 6 at the top), five towers each.

    A cell is a letter of LETTERS, ``.`` for an empty space or ``#`` for a scratching post (which must
    match the sheet); anything after the fifth cell of a row is a comment.
    """
    rows = [line.split()[:TOWERS] for line in text.strip().splitlines() if line.strip()]
    if len(rows) != FLOORS or any(len(r) != TOWERS for r in rows):
        raise ValueError(f"a sheet is {FLOORS} rows of {TOWERS} cells")
    sheet = [0] * NSPACES
    for r, row in enumerate(rows):
        floor = FLOORS - r
        for t, cell in enumerate(row):
            space = SPACE_AT.get((t, floor))
            if (cell == "#") != (space is None):
                raise ValueError(f"tower {t + 1} floor {floor}: {cell!r} does not match the sheet's posts")
            if space is not None and cell != ".":
                if cell.upper() not in LETTERS:
                    raise ValueError(f"unknown item letter {cell!r}; use one of {LETTERS}")
                sheet[space] = LETTERS.index(cell.upper()) + 1
    return sheet


def sheet_to_text(sheet: list[int]) -> str:
    """The inverse of ``sheet_from_text``."""
    rows = []
    for floor in range(FLOORS, 0, -1):
        cells = []
        for t in range(TOWERS):
            space = SPACE_AT.get((t, floor))
            cells.append("#" if space is None else (LETTERS[sheet[space] - 1] if sheet[space] else "."))
        rows.append(" ".join(cells))
    return "\n".join(rows)
