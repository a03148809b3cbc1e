"""The Mog Land board: a graph read from ``board.json``, checked on load, indexed for fast moves.

The printed board's wall network is not published, so ``board.json`` is a design (see README.md). The
loader turns it into integer-indexed tables (neighbours, kinds, distances) so that move generation in
the rules engine is list look-ups only. Any board file that passes ``validate`` plays.
"""

from __future__ import annotations

import itertools
import json
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

BOARD_FILE = Path(__file__).with_name("board.json")

KINDS = (
    "street",
    "shop_garden",
    "burglar",
    "home",
    "garden",
    "wall",
    "curiosity",
    "mouse_space",
    "bird_space",
    "mouse_hole",
    "bird_house",
)
HOUSES = 6
SHOPS = 4
STREETS = 4
STREET_LENGTH = 5
SHOP_GARDEN_SIZE = 3
HOUSE_GARDEN_SIZE = 4


class BoardError(ValueError):
    """A board file that breaks one of the rulebook's facts about the board."""


@dataclass(frozen=True)
class Board:
    """Integer-indexed board tables. Space ``i`` has id ``ids[i]``."""

    ids: tuple[str, ...]
    index: dict[str, int]
    kind: tuple[str, ...]
    at: tuple[tuple[int, int], ...]
    size: tuple[int, int]
    neighbours: tuple[tuple[int, ...], ...]
    cat_ok: tuple[bool, ...]
    """Cats may stand here (not the mouse-hole or the bird-house)."""
    street_of: tuple[int, ...]
    """Street number 0..3, or -1."""
    shop_garden_of: tuple[int, ...]
    """Shop number whose garden this is, or -1 (the Cat Burglar paw-print is not in the garden)."""
    burglar_of: tuple[int, ...]
    """Shop number whose Cat Burglar paw-print this is, or -1."""
    house_of: tuple[int, ...]
    """House whose Home space or garden this is, or -1."""
    home: tuple[int, ...]
    """Home space of each house."""
    burglar: tuple[int, ...]
    """Cat Burglar paw-print of each shop."""
    streets: tuple[tuple[int, ...], ...]
    """The five spaces of each street, in the car's clockwise driving order."""
    street_names: tuple[str, ...]
    shop_names: tuple[str, ...]
    shop_items: tuple[str, ...]
    shop_label_at: tuple[tuple[int, int], ...]
    curiosity: tuple[bool, ...]
    mouse_hole: int
    mouse_space: int
    bird_house: int
    bird_space: int
    car_park_at: tuple[int, int]
    distance: tuple[tuple[int, ...], ...]
    """Shortest walk between two cat spaces, ignoring pieces, the car and closed shops (for 'no more than
    six spaces away')."""
    street_distance: tuple[tuple[int, ...], ...]
    """Fewest steps from a space to each street."""
    shop_distance: tuple[tuple[int, ...], ...]
    """Fewest steps from a space to each shop's garden."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Memoised move walks (filled by the rules engine; they depend only on the board and the key)."""

    def id(self, space: int) -> str:
        return self.ids[space]


def validate(data: Any) -> None:
    """Raise ``BoardError`` unless ``data`` describes a board with every fact the rulebook gives."""
    if not isinstance(data, dict):
        raise BoardError("a board is a JSON object")
    for key in ("spaces", "edges", "streets", "shops", "size", "car_park"):
        if key not in data:
            raise BoardError(f"board has no {key!r}")
    spaces = data["spaces"]
    ids = [s.get("id") for s in spaces]
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i and " " not in i for i in ids):
        raise BoardError("space ids must be unique words")
    if any(i in ("cornered", "pass", "hole", "house") for i in ids):
        raise BoardError("space ids may not be action words (cornered, pass, hole, house)")
    by_id = {s["id"]: s for s in spaces}
    rows, cols = data["size"]
    seen_at: set[tuple[int, int]] = set()
    for s in spaces:
        if s.get("kind") not in KINDS:
            raise BoardError(f"space {s['id']}: unknown kind {s.get('kind')!r}")
        r, c = s["at"]
        if not (0 <= r < rows and 0 <= c < cols):
            raise BoardError(f"space {s['id']} is off the drawing")
        if (r, c) in seen_at:
            raise BoardError(f"two spaces drawn at {r},{c}")
        seen_at.add((r, c))
    adj: dict[str, set[str]] = {i: set() for i in by_id}
    for a, b in data["edges"]:
        if a not in by_id or b not in by_id or a == b:
            raise BoardError(f"bad edge {a}-{b}")
        adj[a].add(b)
        adj[b].add(a)

    def count(kind: str) -> int:
        return sum(1 for s in spaces if s["kind"] == kind)

    for kind, want in (("mouse_hole", 1), ("mouse_space", 1), ("bird_house", 1), ("bird_space", 1)):
        if count(kind) != want:
            raise BoardError(f"the board needs exactly {want} {kind}")
    if count("curiosity") < 1:
        raise BoardError("the board needs Curiosity spaces")
    for hole, space in (("mouse_hole", "mouse_space"), ("bird_house", "bird_space")):
        h = next(s["id"] for s in spaces if s["kind"] == hole)
        if {by_id[n]["kind"] for n in adj[h]} != {space} or len(adj[h]) != 1:
            raise BoardError(f"the {hole} must join only its {space}")
    # houses: a Home space and four garden paw-prints; leaving home means stepping into the garden
    for h in range(HOUSES):
        homes = [s for s in spaces if s["kind"] == "home" and s.get("house") == h]
        garden = [s["id"] for s in spaces if s["kind"] == "garden" and s.get("house") == h]
        if len(homes) != 1 or len(garden) != HOUSE_GARDEN_SIZE:
            raise BoardError(f"house {h} needs one Home space and {HOUSE_GARDEN_SIZE} garden paw-prints")
        if not adj[homes[0]["id"]] or not adj[homes[0]["id"]] <= set(garden):
            raise BoardError(f"house {h}: the Home space must lead only into its own garden")
    # streets: four of five spaces in a chain
    if len(data["streets"]) != STREETS:
        raise BoardError(f"the board needs {STREETS} streets")
    for k, st in enumerate(data["streets"]):
        cells = st["spaces"]
        if len(cells) != STREET_LENGTH or any(by_id.get(c, {}).get("street") != k for c in cells):
            raise BoardError(f"street {k} must list its {STREET_LENGTH} street spaces")
        for a, b in itertools.pairwise(cells):
            if b not in adj[a]:
                raise BoardError(f"street {k}: {a} and {b} are not joined")
    # shops: a garden of three reached only from a street, and a Cat Burglar paw-print outside
    if len(data["shops"]) != SHOPS:
        raise BoardError(f"the board needs {SHOPS} shops")
    for k in range(SHOPS):
        shop_garden = {s["id"] for s in spaces if s["kind"] == "shop_garden" and s.get("shop") == k}
        if len(shop_garden) != SHOP_GARDEN_SIZE:
            raise BoardError(f"shop {k} needs a garden of {SHOP_GARDEN_SIZE} paw-prints")
        for g in shop_garden:
            for nb in adj[g]:
                if nb not in shop_garden and by_id[nb]["kind"] != "street":
                    raise BoardError(f"shop {k}'s garden may be reached only from a street ({g}-{nb})")
        if not any(by_id[nb]["kind"] == "street" for g in shop_garden for nb in adj[g]):
            raise BoardError(f"shop {k}'s garden must touch a street")
        burglars = [s["id"] for s in spaces if s["kind"] == "burglar" and s.get("shop") == k]
        if len(burglars) != 1 or adj[burglars[0]] & shop_garden:
            raise BoardError(f"shop {k} needs one Cat Burglar paw-print, outside its garden")
    # every cat space is reachable from every other, and none is a dead end
    cat_ids = [i for i in by_id if by_id[i]["kind"] not in ("mouse_hole", "bird_house")]
    start = cat_ids[0]
    seen = {start}
    todo = deque([start])
    while todo:
        x = todo.popleft()
        for nb in adj[x]:
            if nb not in seen and nb in cat_ids:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(cat_ids):
        raise BoardError(f"cat spaces not joined to the rest: {sorted(set(cat_ids) - seen)[:5]}")
    for i in cat_ids:
        if len([nb for nb in adj[i] if nb in cat_ids]) < 2:
            raise BoardError(f"space {i} is a dead end for cats")
    enters = data["car_park"].get("enters")
    if enters != data["streets"][0]["spaces"][0]:
        raise BoardError("the car leaves the car park onto the first space of the first street")


def _distances(n: int, nbrs: list[list[int]], cat_ok: list[bool]) -> tuple[tuple[int, ...], ...]:
    far = 10**6
    rows = []
    for s in range(n):
        d = [far] * n
        if cat_ok[s]:
            d[s] = 0
            todo = deque([s])
            while todo:
                x = todo.popleft()
                for y in nbrs[x]:
                    if cat_ok[y] and d[y] == far:
                        d[y] = d[x] + 1
                        todo.append(y)
        rows.append(tuple(d))
    return tuple(rows)


def build(data: dict[str, Any]) -> Board:
    """Validate ``data`` and index it."""
    validate(data)
    spaces = data["spaces"]
    ids = tuple(s["id"] for s in spaces)
    index = {s: i for i, s in enumerate(ids)}
    n = len(ids)
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for a, b in data["edges"]:
        ia, ib = index[a], index[b]
        if ib not in nbrs[ia]:
            nbrs[ia].append(ib)
            nbrs[ib].append(ia)
    kind = tuple(s["kind"] for s in spaces)
    cat_ok = [k not in ("mouse_hole", "bird_house") for k in kind]

    def field(s: dict[str, Any], key: str, want: str) -> int:
        return int(s[key]) if s["kind"] == want else -1

    dist = _distances(n, nbrs, cat_ok)
    street_of = tuple(field(s, "street", "street") for s in spaces)
    garden_of = tuple(field(s, "shop", "shop_garden") for s in spaces)
    return Board(
        ids=ids,
        index=index,
        kind=kind,
        at=tuple((int(s["at"][0]), int(s["at"][1])) for s in spaces),
        size=(int(data["size"][0]), int(data["size"][1])),
        neighbours=tuple(tuple(sorted(x)) for x in nbrs),
        cat_ok=tuple(cat_ok),
        street_of=street_of,
        shop_garden_of=garden_of,
        burglar_of=tuple(field(s, "shop", "burglar") for s in spaces),
        house_of=tuple(int(s["house"]) if s["kind"] in ("home", "garden") else -1 for s in spaces),
        home=tuple(
            next(i for i, s in enumerate(spaces) if s["kind"] == "home" and s["house"] == h) for h in range(HOUSES)
        ),
        burglar=tuple(
            next(i for i, s in enumerate(spaces) if s["kind"] == "burglar" and s["shop"] == k) for k in range(SHOPS)
        ),
        streets=tuple(tuple(index[c] for c in st["spaces"]) for st in data["streets"]),
        street_names=tuple(st["name"] for st in data["streets"]),
        shop_names=tuple(sh["name"] for sh in data["shops"]),
        shop_items=tuple(sh["item"] for sh in data["shops"]),
        shop_label_at=tuple((int(sh["label_at"][0]), int(sh["label_at"][1])) for sh in data["shops"]),
        curiosity=tuple(k == "curiosity" for k in kind),
        mouse_hole=kind.index("mouse_hole"),
        mouse_space=kind.index("mouse_space"),
        bird_house=kind.index("bird_house"),
        bird_space=kind.index("bird_space"),
        car_park_at=(int(data["car_park"]["at"][0]), int(data["car_park"]["at"][1])),
        distance=dist,
        street_distance=tuple(
            tuple(min(row[j] for j in range(n) if street_of[j] == k) for k in range(STREETS)) for row in dist
        ),
        shop_distance=tuple(
            tuple(min(row[j] for j in range(n) if garden_of[j] == k) for k in range(SHOPS)) for row in dist
        ),
    )


@cache
def standard_board() -> Board:
    """The board shipped with cattable (loaded once per process)."""
    return build(json.loads(BOARD_FILE.read_text(encoding="utf-8")))
