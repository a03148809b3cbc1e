"""Cat Cafe: roll, draft, mark at once, complete towers, score the sheet.

A round: roll players+1 dice (through ``state.chance``); each player drafts one die in turn order from
the round's first player; the undrafted die is shared; then every player marks a space (or passes).
Marking is simultaneous in the rules; here each seat chooses in turn, and no view shows another seat's
choice until everyone has chosen and the round resolves. Then marks are drawn, towers are checked,
bonuses given, the end checked, and the first player moves on. Solo (one player) is cattable's own
mode: two dice, no draft, a ghost rival for the yarn, and a target score (see README.md).
"""

from __future__ import annotations

import random
from typing import Any

from cattable.core import Game, Option, Result, State, ranking_from_scores
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from . import scoring, views
from .actions import (
    ACTION_TYPES,
    ACTIONS,
    CAT,
    DRAFT,
    MARK,
    MARKS_BY_MASK,
    PASS,
    Cat,
    Draft,
    Mark,
    Pass,
    check_value,
)
from .phases import CHOOSING_CAT, DRAFTING, MARKING, OVER
from .rules import COST, FLOOR_MASKS, MAX_COST
from .sheet import (
    BUTTERFLY,
    CAT_HOUSE_PER_ITEM,
    FLOOR_OF,
    FLOOR_SPACES,
    FLOORS,
    HOUSE,
    ITEMS,
    NSPACES,
    TOWER_OF,
    TOWER_SIZE,
    TOWER_SPACES,
    TOWERS,
    TRACK,
)
from .tunables import TUNABLES, sheet_numbers

NO_HOUSE = ~(1 << HOUSE)
INTERNED: dict[int, Any] = {id(a): a for a in (*DRAFT[1:], *(m for row in MARK for m in row[1:]), *CAT[1:], PASS)}
"""The action objects the game hands out, by identity (the dict keeps them alive, so an id is never reused):
one of these is well formed by construction, so ``apply`` skips the value check that a stranger's value
needs (that check cost Cat Cafe a quarter of its playout speed)."""
FLOORS_1_TO_6 = tuple(range(1, FLOORS + 1))
TOWERS_TO_END = 3


def _positive(limit: int) -> Any:
    def check(value: Any) -> str | None:
        return None if 1 <= value <= limit else f"must be 1 to {limit}"

    return check


OPTIONS: tuple[Option, ...] = (
    Option(
        "solo_target",
        100,
        N_("solo only: the score the single player must reach to win (cattable's own solo mode)"),
        kind=int,
        check=_positive(500),
    ),
    Option(
        "mice",
        "cap",
        N_("a group of more than four mouse toys: 'cap' scores 20, 'repeat' scores 20 per four plus the rest"),
        choices=scoring.MICE_RULES,
    ),
    Option(
        "max_rounds",
        100,
        N_("a safety stop (not in the rulebook): the game also ends after this many rounds"),
        kind=int,
        check=_positive(1000),
    ),
)


class CafeState(State):
    """One position of Cat Cafe. Sheets are flat lists of item codes indexed by space (see sheet.py)."""

    __slots__ = (
        "_cp",
        "_public",
        "_result_memo",
        "circled",
        "claimed",
        "completed",
        "dice",
        "drafted",
        "first",
        "last",
        "n",
        "pending",
        "pending_cat",
        "phase",
        "points",
        "pool",
        "round",
        "shared",
        "sheets",
        "towers",
        "turn",
        "used",
    )

    # -- setup -----------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.n = self.players
        self.sheets: list[list[int]] = [[0] * NSPACES for _ in range(n)]
        self.towers: list[list[int]] = [[0] * TOWERS for _ in range(n)]
        """Per seat, per tower: how many spaces are drawn."""
        self.circled: list[int] = [sheet_numbers(self.options).start] * n
        self.used: list[int] = [0] * n
        self.points: list[list[int]] = [[0] + [-1] * 6 for _ in range(n)]
        """Per seat, per cat (by favourite item 1..6): points scored, or -1 while unchosen (index 0 unused)."""
        self.completed: list[list[int]] = [[0] * TOWERS for _ in range(n)]
        """Per seat, per tower: the completion bonus taken (0 while incomplete)."""
        self.claimed: list[bool] = [False] * TOWERS
        """Towers someone completed in an earlier round (the larger bonus is gone)."""
        self.round = 0
        self.first = 0
        self.last: list[tuple[Mark | Pass, int, int]] = []
        """Last round's choices (action, footprints spent, cat chosen), public once the round resolved."""
        self._result_memo: Result | None = None
        self._public: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None
        self._roll()

    def _roll(self) -> None:
        """A new round: roll players+1 dice; solo skips the draft (both dice are the player's)."""
        n = self.n
        self.round += 1
        self.dice: list[int] = [self.chance.die() for _ in range(n + 1)]
        self.pending: list[Mark | Pass | None] = [None] * n
        self.pending_cat: list[int] = [0] * n
        self.turn = 0
        if n == 1:
            self.drafted: list[int] = [self.dice[0]]
            self.pool: list[int] = []
            self.shared = self.dice[1]
            self.phase = MARKING
        else:
            self.drafted = [0] * n
            self.pool = list(self.dice)
            self.shared = 0
            self.phase = DRAFTING
        self._cp: int | None = self.first

    # -- the API ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._cp

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def available(self, seat: int) -> int:
        """Circled footprints not yet spent."""
        return self.circled[seat] - self.used[seat]

    def public_text(self, action: Any, viewer: int | None) -> str:
        """How ``action``, about to be played by the current seat, may be announced to ``viewer``.

        Marks, cats and passes stay secret from the other seats until the round resolves (the view's
        ``last`` then shows them, and a table's log says them: ``messages.revealed``), so a table should
        print this rather than ``action.text()``. The others hear that a seat has chosen once a round: the
        cat it picks after drawing a cat house is not told at all (empty).
        """
        seat = self._cp
        if seat is None or seat == viewer or type(action) is Draft:
            return str(action.text())
        return "" if type(action) is Cat else "has chosen (revealed when everyone has)"

    def _marks(self, seat: int) -> list[Mark | Pass]:
        """Every mark the seat can afford now (cheapest use of its two dice), and passing."""
        own, shared = self.drafted[seat], self.shared
        spend = self.circled[seat] - self.used[seat]
        masks = FLOOR_MASKS[own][shared][spend if spend < MAX_COST else MAX_COST]
        keep = -1 if -1 in self.points[seat] else NO_HOUSE
        sheet = self.sheets[seat]
        out: list[Mark | Pass] = [PASS]
        for floor in FLOORS_1_TO_6:
            m = masks[floor] & keep
            if m:
                for s in FLOOR_SPACES[floor]:
                    if not sheet[s]:
                        out += MARKS_BY_MASK[s][m]
        return out

    def _legal(self) -> list[Any]:
        phase = self.phase
        if phase == MARKING:
            return self._marks(self._cp)  # type: ignore[arg-type]
        if phase == DRAFTING:
            return [DRAFT[v] for v in sorted(set(self.pool))]
        points = self.points[self._cp]  # type: ignore[index]
        return [CAT[i] for i in range(1, 7) if points[i] < 0]

    def _rule_check(self, action: Any) -> str | None:
        """The rules asked directly (no list built), so search can apply actions it made itself: None if
        ``action`` is legal, else why not. A malformed value (a wrong tag, space 99) never reaches here
        from ``apply`` (``check_value`` refuses it first); asked by ``is_legal``, it is just not legal."""
        phase, seat = self.phase, self._cp
        if seat is None:
            return "the game is over"
        kind = type(action)
        if phase == MARKING:
            if kind is Pass and action == PASS:
                return None
            if kind is not Mark:
                return f"seat {seat + 1} must mark a space or pass now, not {action.text()}"
            space, item = action.space, action.item
            if (
                action.kind != "mark"
                or type(space) is not int
                or type(item) is not int
                or not (0 <= space < NSPACES and 1 <= item <= 6)
            ):
                return f"{action!r} is not a Cat Cafe action"
            sheet = self.sheets[seat]
            if sheet[space]:
                return f"tower {action.tower} floor {action.floor} already holds a {ITEMS[sheet[space] - 1]}"
            if item == HOUSE and -1 not in self.points[seat]:
                return "all six cats have been chosen, so no more cat houses may be drawn"
            cost = COST[self.drafted[seat]][self.shared][FLOOR_OF[space]][item]
            if cost <= self.available(seat):
                return None
            return (
                f"{action.text()} needs {cost} footprint(s) with dice {self.drafted[seat]} and {self.shared}, "
                f"but only {self.available(seat)} are circled and unused"
            )
        if phase == DRAFTING:
            if kind is not Draft:
                return f"seat {seat + 1} must take a die now (one of {sorted(set(self.pool))}), not {action.text()}"
            if action.kind == "take" and type(action.value) is int and action.value in self.pool:
                return None
            return f"no die showing {action.value} is left to take; the dice left are {sorted(self.pool)}"
        if phase == CHOOSING_CAT:
            if kind is not Cat:
                return f"seat {seat + 1} drew a cat house and must choose a cat now (e.g. cat yarn)"
            item = action.item if action.kind == "cat" else 0
            if type(item) is not int or not 1 <= item <= 6:
                return f"{action!r} is not a Cat Cafe action"
            if self.points[seat][item] < 0:
                return None
            return f"the {ITEMS[item - 1]} cat has already been chosen"
        return f"{action!r} is not a legal move now"

    def apply(self, action: Any) -> None:
        """A malformed value of an action type (space 99, item 0.0) is an ``InvalidAction``, not a move the
        rules forbid: it is refused before the rules look, changing nothing."""
        if INTERNED.get(id(action)) is not action and isinstance(action, Draft | Mark | Cat | Pass):
            check_value(action)
        super().apply(action)

    def _apply(self, action: Any) -> None:
        seat: int = self._cp  # type: ignore[assignment]
        kind = type(action)
        n = self.n
        if kind is Draft:
            self.pool.remove(action.value)
            self.drafted[seat] = action.value
            self.turn += 1
            if self.turn == n:
                self.shared = self.pool[0]
                self.phase = MARKING
                self.turn = 0
            self._cp = (self.first + self.turn) % n
            return
        if kind is Cat:
            self.pending_cat[seat] = action.item
            self.phase = MARKING
        else:
            self.pending[seat] = action
            if kind is Mark and action.item == HOUSE:
                self.phase = CHOOSING_CAT
                return
        self.turn += 1
        if self.turn == n:
            self._resolve()
        else:
            self._cp = (self.first + self.turn) % n

    # -- the end of a round ----------------------------------------------------------------------
    def _resolve(self) -> None:
        """Everyone has chosen: draw every mark, then check towers, then the end, then roll again."""
        n = self.n
        numbers = sheet_numbers(self.options)
        last: list[tuple[Mark | Pass, int, int]] = []
        done: list[tuple[int, int]] = []
        for p in range(n):
            act = self.pending[p]
            if act is None or type(act) is Pass:
                self.circled[p] = min(TRACK, self.circled[p] + numbers.passing)
                last.append((PASS, 0, 0))
                continue
            assert type(act) is Mark
            space, item = act.space, act.item
            cost = COST[self.drafted[p]][self.shared][FLOOR_OF[space]][item]
            self.used[p] += cost
            sheet = self.sheets[p]
            sheet[space] = item
            tower = TOWER_OF[space]
            self.towers[p][tower] += 1
            if self.towers[p][tower] == TOWER_SIZE[tower]:
                done.append((p, tower))
            cat = 0
            if item == BUTTERFLY:
                self.circled[p] = min(TRACK, self.circled[p] + numbers.butterfly)
            elif item == HOUSE:
                cat = self.pending_cat[p]
                self.points[p][cat] = scoring.cat_house_points(sheet, cat, CAT_HOUSE_PER_ITEM)
            last.append((act, cost, cat))
        self.last = last
        self._public = None
        if (done and self._complete_towers(done)) or self.round >= self.options["max_rounds"]:
            self.phase = OVER
            self._cp = None
            return
        self.first = (self.first + 1) % n
        self._roll()

    def _complete_towers(self, done: list[tuple[int, int]]) -> bool:
        """Give this round's completions their bonus: the larger one with a house in the tower, if no
        earlier round completed it (so everyone completing it this round is first). True if the game ends."""
        numbers = sheet_numbers(self.options)
        for p, t in done:
            has_house = any(self.sheets[p][s] == HOUSE for s in TOWER_SPACES[t])
            self.completed[p][t] = numbers.larger[t] if has_house and not self.claimed[t] else numbers.smaller[t]
        for _, t in done:
            self.claimed[t] = True
        return any(sum(1 for b in self.completed[p] if b) >= TOWERS_TO_END for p, _ in done)

    # -- results -----------------------------------------------------------------------------------
    def breakdown(self) -> list[dict[str, Any]]:
        """Each seat's points item by item, as the sheet would be scored if the game ended now."""
        return self._public_info()[1]

    def _public_info(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The sheets as everyone sees them and their breakdown; both change only when a round resolves.

        Cached and shared between views: treat views as read-only.
        """
        if self._public is None:
            self._public = ([self._sheet_view(p) for p in range(self.n)], self._breakdown())
        return self._public

    def _breakdown(self) -> list[dict[str, Any]]:
        rule = str(self.options["mice"])
        yarn = scoring.yarn_points(self.sheets)
        out = []
        for p in range(self.n):
            sheet = self.sheets[p]
            cats = {ITEMS[i - 1]: (pts if pts >= 0 else None) for i, pts in enumerate(self.points[p]) if i}
            row: dict[str, Any] = {
                "cats": cats,
                "house": sum(v for v in cats.values() if v is not None),
                "yarn": yarn[p],
                "butterfly": scoring.butterfly_points(sheet),
                "bowl": scoring.bowl_points(sheet),
                "cushion": scoring.cushion_points(sheet),
                "mouse": scoring.mouse_points(sheet, rule),
                "towers": sum(self.completed[p]),
                "tower_bonuses": list(self.completed[p]),
            }
            row["total"] = sum(row[k] for k in ("house", "yarn", "butterfly", "bowl", "cushion", "mouse", "towers"))
            out.append(row)
        return out

    def _result(self) -> Result:
        if self._result_memo is not None:
            return self._result_memo
        rows = self.breakdown()
        scores = [row["total"] for row in rows]
        details: dict[str, Any] = {"breakdown": rows, "rounds": self.round}
        if self.n == 1:
            target = int(self.options["solo_target"])
            won = scores[0] >= target
            details["solo_target"] = target
            res = Result(
                winners=(0,) if won else (),
                ranking=((0,),),
                scores=(float(scores[0]),),
                team_win=won,
                details=details,
            )
        else:
            base = ranking_from_scores(scores)
            res = Result(base.winners, base.ranking, base.scores, None, details)
        if self.phase == OVER:
            self._result_memo = res
        return res

    # -- what each seat sees -----------------------------------------------------------------------
    def _sheet_view(self, p: int) -> dict[str, Any]:
        return views.sheet_view(self, p)

    def view(self, seat: int | None, _everything: bool = False) -> dict[str, Any]:
        return views.view(self, seat, _everything)

    def snapshot(self) -> dict[str, Any]:
        return self.view(None, _everything=True)

    # -- copies and determinization ----------------------------------------------------------------
    def _forget(self) -> None:
        self._public = None

    def _copy(self) -> CafeState:
        o = CafeState.__new__(CafeState)
        o.n = self.n
        o.sheets = [s[:] for s in self.sheets]
        o.towers = [t[:] for t in self.towers]
        o.circled = self.circled[:]
        o.used = self.used[:]
        o.points = [c[:] for c in self.points]
        o.completed = [c[:] for c in self.completed]
        o.claimed = self.claimed[:]
        o.round = self.round
        o.first = self.first
        o.last = self.last[:]
        o._result_memo = self._result_memo
        o._public = self._public
        o.dice = self.dice[:]
        o.pending = self.pending[:]
        o.pending_cat = self.pending_cat[:]
        o.turn = self.turn
        o.drafted = self.drafted[:]
        o.pool = self.pool[:]
        o.shared = self.shared
        o.phase = self.phase
        o._cp = self._cp
        return o

    def early_choices(self, seat: int) -> list[Any] | None:
        """Marking is simultaneous (each seat marks its own sheet with its die and "the die not chosen"):
        a seat whose turn in this round has not come may choose now, since its marks depend only on its own
        sheet and dice."""
        # a seat choosing a cat for its cat house is still "marking" to the others: no tell here either
        if self.phase not in (MARKING, CHOOSING_CAT) or self._cp is None or seat == self._cp or not 0 <= seat < self.n:
            return None
        if (seat - self.first) % self.n <= self.turn:
            return None
        return list(self._marks(seat))

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """Other seats' choices of this round are secret: replace each with a random legal one."""
        if self.phase == CHOOSING_CAT and self._cp != seat:
            # the acting seat is (for all `seat` knows) still choosing its mark
            self.pending[self._cp] = None  # type: ignore[index]
            self.pending_cat[self._cp] = 0  # type: ignore[index]
            self.phase = MARKING
        for p in range(self.n):
            if p == seat or self.pending[p] is None or (p == self._cp and self.phase == CHOOSING_CAT):
                continue
            options = self._marks(p)
            act = options[rng.randrange(len(options))]
            self.pending[p] = act
            self.pending_cat[p] = 0
            if type(act) is Mark and act.item == HOUSE:
                free = [i for i in range(1, 7) if self.points[p][i] < 0]
                self.pending_cat[p] = free[rng.randrange(len(free))]


class CafeGame(Game):
    """Cat Cafe (Alley Cat Games / Mandoo Games, 2019): a roll-and-write of cat towers, 1 to 4 players."""

    name = "cafe"
    title = "Cat Cafe"
    parts = Parts(
        heuristic=Part("cattable.agents.cafe.heuristic"),
        drawing=Part("cattable.interfaces.terminal.drawings.cafe"),
        features=Part("cattable.analysis.features.cafe"),
        encoding=Part("cattable.rl.encodings.cafe:ENCODING"),
        fast_writer=Part("cattable.rl.fast.cafe:WRITER"),
    )
    """Named, not imported: the rules never import bots, screens, reports or learning code."""
    min_players = 1
    max_players = 4
    options = OPTIONS
    cooperative = False
    default_agent = "heuristic"
    has_hidden_information = True
    """Only this: a seat's mark of the current round, until everyone has marked."""
    action_types = ACTION_TYPES
    declared = ACTIONS
    tunables = TUNABLES

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> CafeState:
        state = CafeState(self, players, seed, options, script)
        state._setup()
        return state
