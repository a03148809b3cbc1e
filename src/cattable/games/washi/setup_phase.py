"""The setup: seats draw their fish, then their cats, each drawing spaced from the others so that every
drawing still to come keeps the spacing (the revised rules; cattable 0.1's only spaced them apart)."""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .position import CATS, CATS_PER_PLAYER, FISH, FISH_PER_PLAYER, FISH_PER_ROW, PLAY, Position
from .spacing import can_finish


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
        first = self.first_rules
        owed = [] if first else self._owed()
        out = [drawn[c] for c in cells if drawable[c] and not crowded[c] and (first or self.leaves_room(p, c, owed))]
        if out:
            return out
        # no space keeps the spacing for every drawing still to come (a cramped custom map; never a shipped
        # one, tests/washi/test_setup_rules.py proves it): any free space in the rows will do
        owner, fish = self.owner, self.fish
        free = [c for c in cells if drawable[c] and owner[c] < 0 and fish[c] < 0]
        free = free or [c for c in range(b.size) if drawable[c] and owner[c] < 0 and fish[c] < 0]
        return [drawn[c] for c in free]

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
        owed = list(owed if owed is not None else self._owed())
        far = self.phase == FISH and not b.home[p][cell]
        owed[b.far_row[p] if far else b.home_row[p]] -= 1
        touched = b.rows_near(cell)  # the rows this drawing crowds: the others keep the room they had
        rows = [b.rows[k] for k in touched]
        return can_finish(rows, b.near_on_rows, b.drawable, self.crowded, [owed[k] for k in touched], (cell,))

    def _draw(self, action: A.Fish | A.Cat) -> None:
        b = self.board
        p = self.turn
        cell = action.row * b.width + action.col
        self.drawings.append(cell)
        crowded = self.crowded
        for c in b.near[cell]:
            crowded[c] = True
        if action.kind == "fish":
            self.fish[cell] = p
            if b.home[p][cell] or self.fish_far[p] >= FISH_PER_ROW:
                self.fish_home[p] += 1
            else:
                self.fish_far[p] += 1
        else:
            k = 0 if self.ends[2 * p] < 0 else 1
            self.ends[2 * p + k] = cell
            self.owner[cell] = p
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
