"""End-of-game scoring of sheets, item by item, so a breakdown can be shown and checked by hand.

A sheet is a list of NSPACES item codes (0 empty). Immediate points (cat houses' cats, tower bonuses)
are kept by the state as they happen; this module scores what the rulebook scores "at the end".
"""

from __future__ import annotations

from collections.abc import Sequence

from .sheet import (
    BOWL,
    BUTTERFLY,
    BUTTERFLY_POINTS,
    CUSHION,
    FLOOR_OF,
    MOUSE,
    MOUSE_GROUPS,
    NEIGHBOURS,
    NSPACES,
    TOWER_SPACES,
    TOWERS,
    YARN,
    YARN_MOST,
    YARN_OTHER,
)

MICE_RULES = ("cap", "repeat")
"""How a group of more than four mice scores: ``cap`` 20 at most; ``repeat`` 20 per four plus the rest."""

SOLO_GHOST_YARN = 2
"""In solo, a ghost rival holds this many balls of yarn in every tower (cattable's own rule)."""


def cat_house_points(sheet: Sequence[int], cat: int, per_item: int) -> int:
    """A cat's points: ``per_item`` for each item of its favourite kind on the sheet (houses just drawn count)."""
    return per_item * sum(1 for x in sheet if x == cat)


def yarn_points(sheets: Sequence[Sequence[int]], solo_ghost: int = SOLO_GHOST_YARN) -> list[int]:
    """Per tower: the most balls of yarn score 8 (ties all 8), any fewer but at least one score 3."""
    n = len(sheets)
    out = [0] * n
    for spaces in TOWER_SPACES:
        counts = [sum(1 for s in spaces if sheet[s] == YARN) for sheet in sheets]
        most = max(counts) if n > 1 else max(counts[0], solo_ghost)
        for p in range(n):
            c = counts[p]
            if c:
                out[p] += YARN_MOST if c == most else YARN_OTHER
    return out


def butterfly_points(sheet: Sequence[int]) -> int:
    return BUTTERFLY_POINTS * sum(1 for x in sheet if x == BUTTERFLY)


def bowl_points(sheet: Sequence[int]) -> int:
    """Each food bowl: one point per different item among the spaces it touches (bowls count as an item)."""
    total = 0
    for s in range(NSPACES):
        if sheet[s] == BOWL:
            total += len({sheet[n] for n in NEIGHBOURS[s] if sheet[n]})
    return total


def cushion_points(sheet: Sequence[int]) -> int:
    return sum(FLOOR_OF[s] for s in range(NSPACES) if sheet[s] == CUSHION)


def mouse_group_points(size: int, rule: str = "cap") -> int:
    """2/6/12/20 for groups of 1/2/3/4; beyond four by ``rule`` (see MICE_RULES)."""
    top = len(MOUSE_GROUPS) - 1
    if size <= top:
        return MOUSE_GROUPS[size]
    if rule == "repeat":
        return (size // top) * MOUSE_GROUPS[top] + MOUSE_GROUPS[size % top]
    return MOUSE_GROUPS[top]


def mouse_groups(sheet: Sequence[int]) -> list[int]:
    """Sizes of the groups of mouse toys that touch one another."""
    seen = [False] * NSPACES
    sizes = []
    for s in range(NSPACES):
        if sheet[s] == MOUSE and not seen[s]:
            seen[s] = True
            stack, size = [s], 0
            while stack:
                cur = stack.pop()
                size += 1
                for n in NEIGHBOURS[cur]:
                    if sheet[n] == MOUSE and not seen[n]:
                        seen[n] = True
                        stack.append(n)
            sizes.append(size)
    return sizes


def mouse_points(sheet: Sequence[int], rule: str = "cap") -> int:
    return sum(mouse_group_points(g, rule) for g in mouse_groups(sheet))


def tower_yarn_counts(sheet: Sequence[int]) -> list[int]:
    return [sum(1 for s in TOWER_SPACES[t] if sheet[s] == YARN) for t in range(TOWERS)]
