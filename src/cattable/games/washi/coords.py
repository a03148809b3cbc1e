"""Cell names as people type them: a column of letters (a..z, then aa, ab, ...) and a row number from 1.

``c5`` is the third column of the fifth row from the top. The same names are used in map files (doors),
in actions and in views, so a player can read a coordinate off the drawn map and type it back.
"""

from __future__ import annotations

import re

_CELL = re.compile(r"^([a-z]{1,2})(\d{1,3})$")


def column_name(col: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa."""
    if col < 26:
        return chr(97 + col)
    return chr(96 + col // 26) + chr(97 + col % 26)


def cell_name(row: int, col: int) -> str:
    return f"{column_name(col)}{row + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """(row, col) for a cell name, or None when the text is not one (case and spaces forgiven)."""
    m = _CELL.match(text.strip().lower())
    if m is None:
        return None
    letters, digits = m.groups()
    col = ord(letters[0]) - 97 if len(letters) == 1 else (ord(letters[0]) - 96) * 26 + ord(letters[1]) - 97
    row = int(digits) - 1
    if row < 0:
        return None
    return row, col
