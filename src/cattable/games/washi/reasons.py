"""Why an action is refused, in the rulebook's words (only asked after the legality check failed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cattable.core.action import Action
from cattable.core.errors import InvalidAction

from .actions import DIRECTIONS, Cat, Fish, Jump, Move, Pop
from .coords import cell_name

if TYPE_CHECKING:
    from .game import WashiState


def why_illegal(state: WashiState, action: Action) -> str:
    from .board import SPACING
    from .game import CATS, FISH, PHASE_NAMES, PLAY

    _check_fields(action)
    b = state.board
    kind = action[0]  # type: ignore[index]
    p = state.turn
    phase = PHASE_NAMES[state.phase]
    if kind in ("fish", "cat"):
        wanted = FISH if kind == "fish" else CATS
        if state.phase != wanted:
            return f"{action.text()}: {kind} drawings belong to the {kind} setup; now it is the {phase} phase"
        cell = b.cell_of(action.row, action.col)  # type: ignore[attr-defined]
        if cell < 0 or b.char[cell] == " ":
            return f"{action.text()}: there is no space there on this map"
        if b.char[cell] == "o":
            return f"{action.text()}: storm drains may not be drawn over"
        if not b.drawable[cell]:
            return f"{action.text()}: fish and cats are drawn only on plain street spaces"
        if state.owner[cell] >= 0 or state.fish[cell] >= 0:
            return f"{action.text()}: something is already drawn there"
        if kind == "fish":
            if b.home[p][cell] and state.fish_home[p] >= 2:
                return f"{action.text()}: you already have two fish in the row closest to you"
            if b.far[p][cell] and state.fish_far[p] >= 2:
                return f"{action.text()}: you already have two fish in the row closest to your opponent"
            if not (b.home[p][cell] or b.far[p][cell]):
                return (
                    f"{action.text()}: two fish must be in the row closest to you and two in the opposite row "
                    "closest to your opponent"
                )
        elif not b.home[p][cell]:
            return f"{action.text()}: cats are drawn in your own starting row"
        w = b.width
        for d in state.drawings:
            if abs(d // w - action.row) < SPACING and abs(d % w - action.col) < SPACING:  # type: ignore[attr-defined]
                return (
                    f"{action.text()}: there must be at minimum 2 spaces in between any fish or cat drawings "
                    f"(too close to {cell_name(d // w, d % w)})"
                )
        if not state.leaves_room(p, cell):
            return (
                f"{action.text()}: that would leave no room for the drawings still to come with at minimum "
                "2 spaces in between any fish or cat drawings"
            )
        return f"{action.text()} is not a legal drawing now"
    if state.phase != PLAY:
        return f"{action.text()}: the cats move once setup is done; now it is the {phase} phase"
    k = action[1]  # type: ignore[index]
    if k not in (0, 1):
        return f"{action!r}: a player has cats 1 and 2 only"
    i = 2 * p + k
    if state.done[i]:
        return f"{action.text()}: cat {k + 1} has already delivered its fish"
    end = state.ends[i]
    here = cell_name(end // b.width, end % b.width)
    if kind in ("jump", "pop") and state.specials[p] == 0:
        return f"{action.text()}: you have no special moves left (each game you have exactly two)"
    if kind == "move":
        cell = b.cell_of(action.row, action.col)  # type: ignore[attr-defined]
        node = b.node[cell] if cell >= 0 else -1
        if node in {s[0] for s in b.steps[end]} and any(s[0] == node and action in (s[1], s[2]) for s in b.steps[end]):
            return _refused_space(state, i, p, node, action)
        if cell >= 0 and b.char[cell] == "#":
            return f"{action.text()}: you may not enter a space with a jinja shrine"
        if node >= 0 and node in b.building_cells:
            return (
                f"{action.text()}: you may not cross through the black barrier on a building; "
                f"enter only through an opening next to the end of your line ({here})"
            )
        return (
            f"{action.text()}: cats cannot move diagonally or further than one space; draw into a space "
            f"adjacent to the end of cat {k + 1}'s line at {here}"
        )
    if kind == "jump":
        if end in b.building_cells:
            return f"{action.text()}: a super cat jump starts from a street space, not inside a building"
        return (
            f"{action.text()}: a super cat jump needs a cat line in the next space and a straight line over "
            "lines only, without crossing a barrier, to a blank space on the opposite side"
        )
    if kind == "pop":
        cell = b.cell_of(action.row, action.col)  # type: ignore[attr-defined]
        if cell < 0 or b.sewer_pair[cell] < 0:
            return f"{action.text()}: there is no sewer there"
        if all(e[0] != cell for e in b.pops[end]):
            return f"{action.text()}: the sewer must be adjacent to the end of cat {k + 1}'s line at {here}"
        return f"{action.text()}: a line has passed over this sewer or its pair: no player may go in or out of it"
    return f"{action.text()} is not a legal move now"


_CLASS_OF = {"fish": Fish, "cat": Cat, "move": Move, "jump": Jump, "pop": Pop}
_NAMEABLE_ROWS, _NAMEABLE_COLS = 999, 26 * 27
"""Rows and columns a cell name (``a1`` to ``zz999``) can say: beyond them no reason can name the cell."""


def _check_fields(action: Action) -> None:
    """Type and range checks before any rule: an action value built with a field no rule can read (a
    float, None, a number past any cell name, a kind of another class) is an ``InvalidAction``."""
    kind = action[0]  # type: ignore[index]
    if not isinstance(kind, str) or _CLASS_OF.get(kind) is not type(action):
        raise InvalidAction(f"not a Tokyo Washi action: {action!r}")
    if kind in ("move", "jump", "pop") and type(action[1]) is not int:  # type: ignore[index]
        raise InvalidAction(f"not a Tokyo Washi action: the cat is a whole number (0 or 1 inside), in {action!r}")
    if kind == "jump":
        if not (isinstance(action[2], str) and action[2] in DIRECTIONS):  # type: ignore[index]
            raise InvalidAction(f"not a Tokyo Washi action: the direction is one of {', '.join(DIRECTIONS)}")
        return
    row, col = action[-2], action[-1]  # type: ignore[index]
    if not (type(row) is int and type(col) is int and 0 <= row < _NAMEABLE_ROWS and 0 <= col < _NAMEABLE_COLS):
        raise InvalidAction(f"not a Tokyo Washi action: row and column must be whole cell coordinates, in {action!r}")


def _refused_space(state: WashiState, i: int, p: int, node: int, action: Action) -> str:
    owner = state.owner[node]
    if owner >= 0 and owner != p:
        return f"{action.text()}: you may not enter a space that contains an opponent's cat line"
    if owner == p:
        return f"{action.text()}: that space already holds your own line (jump over it with a super cat jump)"
    if state.fish[node] >= 0:
        if state.carry[i]:
            return (
                f"{action.text()}: it is not possible to enter a space with a fish after you have already picked one up"
            )
        return f"{action.text()}: players may never enter a fish space on the same side that their cat started on"
    return f"{action.text()} is not a legal move now"
