"""Play: extending a cat's line by one space, the special moves (a jump over lines, a pop through a
sewer), picking up and delivering fish, and who is trapped, wins or plays next after each turn."""

from __future__ import annotations

from cattable.core.action import Action

from . import actions as A
from .position import OVER, Position
from .routes import Route, repair, route, step_aside, still_open


class PlayPhase(Position):
    """The moves of play and what follows each one."""

    __slots__ = ()

    def _play_actions(self, p: int) -> list[Action]:
        b = self.board
        owner, fish, far = self.owner, self.fish, b.far[p]
        out: list[Action] = []
        special = self.specials[p] > 0
        for k in (0, 1):
            i = 2 * p + k
            if self.done[i]:
                continue
            end = self.ends[i]
            carrying = self.carry[i]
            for target, a0, a1 in b.steps[end]:
                if owner[target] < 0 and (fish[target] < 0 or (not carrying and far[target])):
                    out.append(a1 if k else a0)
            if special:
                for cells, j0, j1 in b.rays[end]:
                    if self._landing(cells) >= 0:
                        out.append(j1 if k else j0)
                for entry, mate, p0, p1 in b.pops[end]:
                    if owner[entry] < 0 and owner[mate] < 0:
                        out.append(p1 if k else p0)
        return out

    def _landing(self, cells: tuple[int, ...]) -> int:
        """Where a jump along ``cells`` lands: the first blank space after one or more lined ones, or -1."""
        owner = self.owner
        if owner[cells[0]] < 0:
            return -1
        for c in cells:
            if owner[c] < 0:
                return c if self.fish[c] < 0 else -1
        return -1

    def _can_step(self, i: int, p: int) -> bool:
        """Whether cat ``i`` (of seat ``p``) has a normal move."""
        owner, fish = self.owner, self.fish
        for target in self.board.neighbours[self.ends[i]]:
            if owner[target] < 0 and (fish[target] < 0 or (not self.carry[i] and self.board.far[p][target])):
                return True
        return False

    def is_trapped(self, p: int) -> bool:
        """Lost at once: with no special move left, a cat that no route of normal moves can bring to a fish
        and home (``routes.can_deliver``); with special moves left, no legal action at all."""
        done = self.done
        i0 = 2 * p
        i1 = i0 + 1
        if self.specials[p]:
            if (not done[i0] and self._can_step(i0, p)) or (not done[i1] and self._can_step(i1, p)):
                return False
            return not self._play_actions(p)
        if self.first_rules:
            return not ((done[i0] or self._can_step(i0, p)) and (done[i1] or self._can_step(i1, p)))
        return not ((done[i0] or self._has_route(i0, p)) and (done[i1] or self._has_route(i1, p)))

    def _has_route(self, i: int, p: int) -> bool:
        """Whether cat ``i`` can still deliver by normal moves. The route found is kept: a cat that walks
        along it keeps the rest, one that steps beside it joins it again (``routes.step_aside``); where a
        line lands on it or the cat leaves it, a short detour mends it (``routes.repair``), and a new search
        is made only when none does. Whether a line landed on it is one test of its bits against the lined
        spaces (``route_bits``, ``lined``)."""
        end = self.ends[i]
        kept = self.routes[i]
        if kept is not None:
            at, way = kept
            if at == end:  # the cat has not moved since: the route holds unless a line landed on it
                if not self.route_bits[i] & self.lined:
                    return True
                attached = True
            else:
                there, back = way
                attached = True
                if there and there[0] == end:
                    way = there[1:], back
                elif not there and back and back[0] == end:
                    way = there, back[1:]
                else:
                    attached = False
            if (way[0] or way[1]) and self.carry[i] != bool(way[0]):
                owner = self.owner
                if attached and not (self.route_bits[i] & ~(1 << end)) & self.lined:
                    self.routes[i] = (end, way)
                    self.route_bits[i] &= ~(1 << end)
                    return True
                if not attached and still_open(way, owner):
                    beside = step_aside(self.board, owner, self.fish, end, way)
                    if beside is not None:
                        return self._keep(i, end, beside)
                mended = repair(self.board, owner, self.fish, p, end, way, attached, self.blank)
                if mended is not None:
                    return self._keep(i, end, mended)
        found = route(self.board, self.owner, self.fish, p, end, self.carry[i], self.blank)
        if found is None:
            self.routes[i] = None
            return False
        return self._keep(i, end, found)

    def _keep(self, i: int, end: int, way: Route) -> bool:
        """Keep ``way`` as cat ``i``'s route from ``end``, with its bits."""
        self.routes[i] = (end, way)
        bits = 0
        for c in way[0]:
            bits |= 1 << c
        for c in way[1]:
            bits |= 1 << c
        self.route_bits[i] = bits
        return True

    def _arrive(self, i: int, p: int, node: int, cell: int) -> None:
        self._draw_line(p, node)
        self.ends[i] = node
        self.paths[i].append(cell)
        if self.fish[node] >= 0:
            self.carry[i] = True
            self.fish_taken[p] += 1
        elif self.carry[i] and self.board.home[p][node]:
            self.done[i] = True

    def _move(self, action: A.Move) -> None:
        p = self.turn
        b = self.board
        cell = action.row * b.width + action.col
        node = b.node[cell]
        i = 2 * p + action.cat
        if node != cell:  # a building: the line fills it
            self.paths[i].extend(c for c in b.building_cells[node] if c != cell)
        self._arrive(i, p, node, cell)
        self._after_turn(p)

    def _jump(self, action: A.Jump) -> None:
        p = self.turn
        b = self.board
        i = 2 * p + action.cat
        for cells, j0, j1 in b.rays[self.ends[i]]:
            if j0 is action or j1 is action or j0 == action or j1 == action:
                land = self._landing(cells)
                self.specials[p] -= 1
                self._arrive(i, p, land, land)
                break
        self._after_turn(p)

    def _pop(self, action: A.Pop) -> None:
        p = self.turn
        b = self.board
        i = 2 * p + action.cat
        entry = action.row * b.width + action.col
        mate = b.sewer_pair[entry]
        self.specials[p] -= 1
        self._draw_line(p, entry)
        self.paths[i].append(entry)
        self._arrive(i, p, mate, mate)
        self._after_turn(p)

    def _after_turn(self, p: int) -> None:
        """Win, trap and turn order after seat ``p`` acted."""
        if self.done[2 * p] and self.done[2 * p + 1]:
            self.winners = (p,)
            self.phase = OVER
            return
        n = self.players
        alive = self.alive
        trapped: list[int] | None = None
        q = p
        for _ in range(n):  # every seat still in, from the next one round to the mover
            q = q + 1 if q + 1 < n else 0
            if alive[q] and self.is_trapped(q):
                trapped = [q] if trapped is None else [*trapped, q]
        if trapped is not None:
            if len(trapped) == alive.count(True):  # nobody can go on: a draw among those left
                self.phase = OVER
                return
            for q in trapped:
                alive[q] = False
                self.eliminated.append(q)
            if alive.count(True) == 1:
                self.winners = (alive.index(True),)
                self.phase = OVER
                return
        q = p
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if alive[q]:
                self.turn = q
                return
