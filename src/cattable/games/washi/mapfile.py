"""The plain-text map format: read, check, and say exactly where a broken map is broken.

A map file is a header of ``key: value`` lines, then ``map:`` and the grid, one text line per row of
spaces. See README.md in this folder for the full format; in short::

    name: standard
    title: The standard two-player map
    players: 2            # or a range, 3-6
    strip: red bottom 1-16   # a player's grey strip: colour, edge, span along the edge (1-based)
    door: d3 south        # an opening in a building: a building cell and the side it opens on
    map:
    ....AA..
    ....AA.#

Grid characters: ``.`` street, ``%`` forest (walkable), ``#`` jinja shrine, ``o`` storm drain,
a lowercase letter a sewer of that colour (two per row), an uppercase letter a building cell (one letter
per building), a blank no tape at all (the tape may be torn to any shape).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .coords import cell_name, parse_cell

EDGES = ("top", "bottom", "left", "right")
SIDES = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
SIDE_SHORT = {"n": "north", "e": "east", "s": "south", "w": "west"}
STREET, FOREST, SHRINE, DRAIN, HOLE = ".", "%", "#", "o", " "
COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "orange", "purple", "pink", "brown", "grey", "white")
"""Pen colours a strip may name (the renderer knows how to draw each)."""
LINES_CROSS_STORM_DRAINS = True
"""Decision: "Storm drains may not be drawn over" is read as a setup rule (no fish or cat drawn on one);
cat lines may cross them. Set False to make them obstacles like shrines."""
MIN_DRAWABLE = 6
"""Each strip's rows must offer this many plain street spaces: 2 own fish + 2 cats + 2 opposing fish."""


class MapError(ValueError):
    """A map that cannot be played; the message names the file, line and column."""


@dataclass(frozen=True)
class Strip:
    """One player's grey strip: their colour, the edge it lies on, and the span of that edge (0-based)."""

    colour: str
    edge: str
    first: int
    last: int


@dataclass(frozen=True)
class MapSpec:
    """A checked map, exactly as written (the board module compiles it into lookup tables)."""

    name: str
    title: str
    min_players: int
    max_players: int
    grid: tuple[str, ...]
    doors: tuple[tuple[int, int, str], ...]
    strips: tuple[Strip, ...]

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0])

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "grid": list(self.grid),
            "doors": [[cell_name(r, c), side] for r, c, side in self.doors],
            "strips": [{"colour": s.colour, "edge": s.edge, "span": [s.first + 1, s.last + 1]} for s in self.strips],
        }


def spec_from_json(data: dict[str, Any]) -> MapSpec:
    """The map back from ``MapSpec.to_json`` (a view carries its map, so bots and renderers need no file)."""
    doors = []
    for name, side in data["doors"]:
        pos = parse_cell(name)
        assert pos is not None
        doors.append((pos[0], pos[1], side))
    strips = tuple(Strip(s["colour"], s["edge"], s["span"][0] - 1, s["span"][1] - 1) for s in data["strips"])
    lo, hi = data["players"]
    return MapSpec(data["name"], data["title"], lo, hi, tuple(data["grid"]), tuple(doors), strips)


def is_sewer(ch: str) -> bool:
    return ch.islower() and ch != DRAIN


def is_building(ch: str) -> bool:
    return ch.isupper()


def is_walkable(ch: str) -> bool:
    """A space a line can be drawn through on foot (not a building, shrine or torn-off tape)."""
    return ch in (STREET, FOREST) or (ch == DRAIN and LINES_CROSS_STORM_DRAINS) or is_sewer(ch)


def strip_cells(strip: Strip, width: int, height: int, far: bool = False) -> list[tuple[int, int]]:
    """The row (or column) of spaces nearest the strip's edge, or the far one across the map."""
    edge = strip.edge
    if far:
        edge = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[edge]
    span = range(strip.first, strip.last + 1)
    if edge == "top":
        return [(0, c) for c in span]
    if edge == "bottom":
        return [(height - 1, c) for c in span]
    if edge == "left":
        return [(r, 0) for r in span]
    return [(r, width - 1) for r in span]


class _Reader:
    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, line: int, col: int, message: str) -> MapError:
        return MapError(f"{self.where}: line {line}, column {col}: {message}")


def parse_map(text: str, where: str = "<map>") -> MapSpec:
    """Read and validate a map; a MapError names the line and column of the first problem."""
    rd = _Reader(where)
    lines = text.splitlines()
    header: dict[str, tuple[int, str]] = {}
    strips: list[tuple[int, str]] = []
    doors: list[tuple[int, str]] = []
    grid_start = None
    for i, raw in enumerate(lines, start=1):
        stripped = raw.split("#", 1)[0].strip()
        if not stripped:
            continue
        if ":" not in stripped:
            raise rd.fail(i, 1, f"expected 'key: value' or 'map:', found {raw.strip()!r}")
        key, value = (part.strip() for part in stripped.split(":", 1))
        key = key.lower()
        if key == "map":
            grid_start = i
            break
        if key == "strip":
            strips.append((i, value))
        elif key == "door":
            doors.append((i, value))
        elif key in ("name", "title", "players"):
            if key in header:
                raise rd.fail(i, 1, f"{key} is given twice")
            header[key] = (i, value)
        else:
            raise rd.fail(i, 1, f"unknown key {key!r}; known: name, title, players, strip, door, map")
    if grid_start is None:
        raise rd.fail(len(lines) or 1, 1, "no 'map:' line: the grid of spaces must follow a 'map:' line")
    for key in ("name", "players"):
        if key not in header:
            raise rd.fail(1, 1, f"the header needs a '{key}:' line")

    rows = [r.rstrip() for r in lines[grid_start:]]
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise rd.fail(grid_start, 1, "the grid after 'map:' is empty")
    width = max(len(r) for r in rows)
    grid = tuple(r.ljust(width) for r in rows)
    height = len(grid)

    def at(r: int, c: int) -> tuple[int, int]:
        return grid_start + 1 + r, c + 1

    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if not (ch in (STREET, FOREST, SHRINE, DRAIN, HOLE) or (ch.isalpha() and ch.isascii())):
                raise rd.fail(*at(r, c), f"unknown map character {ch!r}; see the map format in README.md")

    players_line, players_text = header["players"]
    min_p, max_p = _player_range(rd, players_line, players_text)

    # sewers: each colour comes in matching pairs on one row
    for r, row in enumerate(grid):
        seen: dict[str, list[int]] = {}
        for c, ch in enumerate(row):
            if is_sewer(ch):
                seen.setdefault(ch, []).append(c)
        for ch, cols in seen.items():
            if len(cols) != 2:
                raise rd.fail(*at(r, cols[-1]), f"sewer {ch!r} appears {len(cols)} times on this row; needs a pair")

    # buildings: one connected area per letter, each with at least one door
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if is_building(ch):
                cells.setdefault(ch, []).append((r, c))
    for letter, where_cells in cells.items():
        if not _connected(where_cells):
            r, c = where_cells[-1]
            raise rd.fail(*at(r, c), f"building {letter} is in more than one piece; use another letter")

    door_list: list[tuple[int, int, str]] = []
    has_door: set[str] = set()
    for line_no, value in doors:
        parts = value.split()
        pos = parse_cell(parts[0]) if parts else None
        side = SIDE_SHORT.get(parts[1].lower(), parts[1].lower()) if len(parts) == 2 else ""
        if pos is None or side not in SIDES:
            raise rd.fail(line_no, 1, f"door needs a cell and a side, like 'door: d3 south'; found {value!r}")
        r, c = pos
        if not (0 <= r < height and 0 <= c < width) or not is_building(grid[r][c]):
            raise rd.fail(line_no, 1, f"door {parts[0]} is not a building cell")
        dr, dc = SIDES[side]
        nr, nc = r + dr, c + dc
        if not (0 <= nr < height and 0 <= nc < width) or not is_walkable(grid[nr][nc]):
            raise rd.fail(line_no, 1, f"door {parts[0]} {side} opens onto no street space")
        if (r, c, side) in door_list:
            raise rd.fail(line_no, 1, f"door {parts[0]} {side} is given twice")
        door_list.append((r, c, side))
        has_door.add(grid[r][c])
    for letter, where_cells in cells.items():
        if letter not in has_door:
            r, c = where_cells[0]
            raise rd.fail(*at(r, c), f"building {letter} has no door: add a 'door:' line")

    strip_list: list[Strip] = []
    for line_no, value in strips:
        strip_list.append(_strip(rd, line_no, value, width, height))
    if len(strip_list) < max_p:
        raise rd.fail(players_line, 1, f"{max_p} players need {max_p} 'strip:' lines; found {len(strip_list)}")
    for n, ((line_no, _), strip) in enumerate(zip(strips, strip_list, strict=True)):
        if strip.colour in [s.colour for s in strip_list[:n]]:
            raise rd.fail(line_no, 1, f"colour {strip.colour} is used by two strips; each player needs their own")
        own = set(strip_cells(strip, width, height))
        if own & set(strip_cells(strip, width, height, far=True)):
            raise rd.fail(line_no, 1, "the strip's row and its far row share spaces: the map is too narrow")
        for earlier in strip_list[:n]:
            if own & set(strip_cells(earlier, width, height)):
                raise rd.fail(line_no, 1, "this strip's row overlaps an earlier strip's row")
        for far in (False, True):
            spaces = strip_cells(strip, width, height, far)
            for r, c in spaces:
                if grid[r][c] == HOLE or is_building(grid[r][c]):
                    what = "the far row" if far else "the strip's row"
                    raise rd.fail(
                        *at(r, c), f"{what} of the strip on line {line_no} runs over torn-off tape or a building here"
                    )
            drawable = sum(grid[r][c] == STREET for r, c in spaces)
            if drawable < MIN_DRAWABLE:
                what = "far row" if far else "row"
                raise rd.fail(line_no, 1, f"the strip's {what} has {drawable} street spaces; needs {MIN_DRAWABLE}")

    name_line, name = header["name"]
    if not name or not all(ch.isalnum() or ch in "-_" for ch in name):
        raise rd.fail(name_line, 1, f"map name {name!r} must be letters, digits, - or _")
    title = header.get("title", (0, name))[1]
    return MapSpec(name, title, min_p, max_p, grid, tuple(door_list), tuple(strip_list))


def _player_range(rd: _Reader, line: int, text: str) -> tuple[int, int]:
    try:
        low, _, high = text.partition("-")
        lo, hi = int(low), int(high or low)
    except ValueError:
        raise rd.fail(line, 1, f"players must be a number or a range like 3-6; found {text!r}") from None
    if not 2 <= lo <= hi <= 6:
        raise rd.fail(line, 1, f"players {text!r}: the game is for 2 to 6 players")
    return lo, hi


def _strip(rd: _Reader, line: int, value: str, width: int, height: int) -> Strip:
    parts = value.split()
    if len(parts) not in (2, 3) or parts[1].lower() not in EDGES:
        raise rd.fail(
            line, 1, f"strip needs a colour, an edge and a span, like 'strip: red bottom 1-16'; found {value!r}"
        )
    colour, edge = parts[0].lower(), parts[1].lower()
    if colour not in COLOURS:
        raise rd.fail(line, 1, f"unknown colour {parts[0]!r}; known: {', '.join(COLOURS)}")
    length = width if edge in ("top", "bottom") else height
    if len(parts) == 3:
        try:
            a, _, b = parts[2].partition("-")
            first, last = int(a) - 1, int(b) - 1
        except ValueError:
            raise rd.fail(line, 1, f"strip span must look like 1-16; found {parts[2]!r}") from None
    else:
        first, last = 0, length - 1
    if not 0 <= first <= last < length:
        raise rd.fail(line, 1, f"strip span {first + 1}-{last + 1} does not fit an edge of {length} spaces")
    return Strip(colour, edge, first, last)


def _connected(cells: list[tuple[int, int]]) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for dr, dc in SIDES.values():
            n = (r + dr, c + dc)
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


MAPS_DIR = Path(__file__).resolve().parent / "maps"


def shipped_maps() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.txt"))


FIRST_MAPS_DIR = MAPS_DIR / "first"
"""cattable 0.1's versions of the maps the audit changed, for games played under the ``first`` rules."""


def map_path(name_or_path: str, first: bool = False) -> Path:
    """The file of a shipped map (by name; under the ``first`` rules its first version, where it changed
    since) or of a map file (by path)."""
    path = FIRST_MAPS_DIR / f"{name_or_path}.txt"
    if not (first and path.exists()):
        path = MAPS_DIR / f"{name_or_path}.txt"
    if not path.exists():
        path = Path(name_or_path)
    if not path.is_file():
        raise MapError(f"no map {name_or_path!r}: shipped maps are {', '.join(shipped_maps())}, or give a file path")
    return path


def load_map(name_or_path: str) -> MapSpec:
    """A shipped map by name, or a map file by path."""
    path = map_path(name_or_path)
    return parse_map(path.read_text(encoding="utf-8"), str(path))
