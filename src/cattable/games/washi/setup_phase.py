"""The setup: seats draw their fish, then their cats, each drawing spaced from the others so that every
drawing still to come keeps the spacing (the revised rules; cattable 0.1's only spaced them apart)."""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .position import CATS, CATS_PER_PLAYER, FISH, FISH_PER_PLAYER, FISH_PER_ROW, PLAY, Position
from .spacing import can_finish, room_on_line

ROOM_MEMO_LIMIT = 100_000
"""How many answers ``Board.room_on_row`` keeps before it starts again (a bound for long custom rows)."""


class SetupPhase(Position):
    """Where a seat may draw a fish or a cat, and what a drawing changes."""

    __slots__ = ()

    def _setup_actions(self, p: int) -> list[A.Fish | A.Cat]:
        """Where seat ``p`` may draw now: its open rows, spaced from every drawing (crowded maps: anywhere free)."""
        b = self.board
        drawn: Sequence[A.Fish | A.Cat]
        if self.phase == FISH:
            home_open, far_open = self.fish_home[p] < FISH_PER_ROW, self.fish_far[p] < FISH_PER_ROW
            cells = b.fish_cells[p] if home_open and far_open else b.home_cells[p] if home_open else b.far_cells[p]
            drawn = b.fish_action
        else:
            cells = b.home_cells[p]
            drawn = b.cat_action
        drawable, crowded = b.drawable, self.crowded
        rows = self._open_rows(p)
        if self.first_rules:
            out = [drawn[c] for c in cells if drawable[c] and not crowded[c]]
        elif all(b.lone_rows[k] for k in rows):  # the answer is remembered per row (the shipped maps)
            spaces = [c for k in rows for c in self._room_on_row(k, self.owed)]
            out = [drawn[c] for c in (sorted(spaces) if len(rows) > 1 else spaces)]
        else:
            out = self._spaced(p, cells, drawn)
        if out:
            return out
        # no space keeps the spacing for every drawing still to come (a cramped custom map; never a shipped
        # one, tests/washi/test_setup_rules.py proves it): any free space in the rows will do
        owner, fish = self.owner, self.fish
        free = [c for c in cells if drawable[c] and owner[c] < 0 and fish[c] < 0]
        free = free or [c for c in range(b.size) if drawable[c] and owner[c] < 0 and fish[c] < 0]
        return [drawn[c] for c in free]

    def _spaced(self, p: int, cells: Sequence[int], drawn: Sequence[A.Fish | A.Cat]) -> list[A.Fish | A.Cat]:
        """The drawings on ``cells`` that keep room for the rest, each looked ahead afresh: the plain rule, used
        where rows crowd each other (custom maps) and by the tests as the reference for ``_room_on_row``."""
        drawable, crowded, owed = self.board.drawable, self.crowded, self._owed()
        return [drawn[c] for c in cells if drawable[c] and not crowded[c] and self.leaves_room(p, c, owed)]

    def _open_rows(self, p: int) -> tuple[int, ...]:
        """The rows (indices into ``Board.rows``) seat ``p`` may draw on now."""
        b = self.board
        if self.phase != FISH:
            return (b.home_row[p],)
        home_open, far_open = self.fish_home[p] < FISH_PER_ROW, self.fish_far[p] < FISH_PER_ROW
        if home_open and far_open:
            return (b.home_row[p], b.far_row[p])
        return (b.home_row[p],) if home_open else (b.far_row[p],)

    def _room_on_row(self, k: int, owed: list[int]) -> tuple[int, ...]:
        """The spaces of row ``k`` (a lone row: ``Board.lone_rows``) where a drawing keeps room for the rest,
        in row order. On a lone row that depends only on which of its spaces are crowded and what it is owed:
        it is worked out for the whole row at once (``spacing.room_on_line``) and remembered on the board."""
        b = self.board
        key = (k, owed[k], self.row_crowd[k])
        found = b.room_on_row.get(key)
        if found is None:
            row, crowded, drawable = b.rows[k], self.crowded, b.drawable
            found = tuple(row[i] for i in room_on_line([bool(drawable[c]) and not crowded[c] for c in row], owed[k]))
            if len(b.room_on_row) >= ROOM_MEMO_LIMIT:
                b.room_on_row.clear()
            b.room_on_row[key] = found
        return found

    def _forget(self) -> None:
        """A position arranged by hand (tests): the rows' crowded spaces and what they are owed counted afresh."""
        super()._forget()
        self.row_crowd = [sum(1 << i for i, c in enumerate(row) if self.crowded[c]) for row in self.board.rows]
        self.owed = self._owed()

    def _owed(self) -> list[int]:
        """How many drawings each of the board's rows is still owed (fish and cats not yet drawn)."""
        b = self.board
        owed = [0] * len(b.rows)
        for q in range(self.players):
            cats = int(self.ends[2 * q] >= 0) + int(self.ends[2 * q + 1] >= 0)
            owed[b.home_row[q]] += FISH_PER_ROW - self.fish_home[q] + CATS_PER_PLAYER - cats
            owed[b.far_row[q]] += FISH_PER_ROW - self.fish_far[q]
        return owed

    def leaves_room(self, p: int, cell: int, owed: list[int] | None = None) -> bool:
        """Whether seat ``p`` drawing at ``cell`` still lets every drawing to come keep the spacing
        (``owed``: ``_owed()``, when the caller has it)."""
        b = self.board
        far = self.phase == FISH and not b.home[p][cell]
        return self._keeps_room(b.far_row[p] if far else b.home_row[p], cell, owed)

    def _keeps_room(self, k: int, cell: int, owed: list[int] | None = None) -> bool:
        """Whether a drawing at ``cell``, one of those row ``k`` is owed, keeps room for the rest."""
        b = self.board
        owed = list(owed if owed is not None else self._owed())
        owed[k] -= 1
        touched = b.rows_near(cell)  # the rows this drawing crowds: the others keep the room they had
        rows = [b.rows[k] for k in touched]
        return can_finish(rows, b.near_on_rows, b.drawable, self.crowded, [owed[k] for k in touched], (cell,))

    def _draw(self, action: A.Fish | A.Cat) -> None:
        b = self.board
        p = self.turn
        cell = action.row * b.width + action.col
        self.drawings.append(cell)
        crowded, row_crowd = self.crowded, self.row_crowd
        for c in b.near[cell]:
            crowded[c] = True
        for k, bits in b.row_marks[cell]:
            row_crowd[k] |= bits
        if action.kind == "fish":
            self.fish[cell] = p
            self.blank &= ~(1 << cell)
            if b.home[p][cell] or self.fish_far[p] >= FISH_PER_ROW:
                self.fish_home[p] += 1
                self.owed[b.home_row[p]] -= 1
            else:
                self.fish_far[p] += 1
                self.owed[b.far_row[p]] -= 1
        else:
            self.owed[b.home_row[p]] -= 1
            k = 0 if self.ends[2 * p] < 0 else 1
            self.ends[2 * p + k] = cell
            self._draw_line(p, cell)
            self.paths[2 * p + k].append(cell)
        self.step += 1
        n = self.players
        if self.step < FISH_PER_PLAYER * n:
            self.turn = self.step % n
        elif self.step < (FISH_PER_PLAYER + CATS_PER_PLAYER) * n:
            self.phase = CATS
            self.turn = self.step % n
        else:
            self.phase = PLAY
            self.turn = n - 1
            self._after_turn(n - 1)
