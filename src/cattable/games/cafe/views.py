"""What each seat of Cat Cafe sees: every sheet (marks are public once a round resolves), the dice, the
towers' bonuses, and one's own choice while the others' are still hidden; the score breakdown and the
result; and the re-deal of the choices a seat has not seen."""

from __future__ import annotations

import random
from typing import Any

from cattable.core import Result, ranking_from_scores
from cattable.core.tuning import copy_options

from . import scoring
from .actions import Mark
from .choices import marks
from .phases import CHOOSING_CAT, MARKING, OVER, PHASES
from .position import Position
from .rules import COST
from .sheet import HOUSE, ITEMS, SPACES, TOWER_FLOORS, TOWER_SPACES, TOWERS
from .tunables import sheet_numbers


def sheet_view(state: Position, p: int) -> dict[str, Any]:
    sheet = state.sheets[p]
    return {
        "towers": [
            {str(SPACES[s][1]): (ITEMS[sheet[s] - 1] if sheet[s] else None) for s in TOWER_SPACES[t]}
            for t in range(TOWERS)
        ],
        "footprints": {"circled": state.circled[p], "used": state.used[p], "available": state.available(p)},
        "cats": {ITEMS[i - 1]: (pts if pts >= 0 else None) for i, pts in enumerate(state.points[p]) if i},
        "tower_bonuses": list(state.completed[p]),
        "completed": sum(1 for b in state.completed[p] if b),
    }


def chosen(state: Position, p: int) -> bool:
    """Whether seat p has made this round's choice (public: everyone sees who is still thinking)."""
    if state.phase != MARKING and state.phase != CHOOSING_CAT:
        return False
    order = (p - state.first) % state.n
    return order < state.turn


def pending_json(state: Position, p: int) -> Any:
    act = state.pending[p]
    if act is None:
        return None
    out: dict[str, Any] = act.to_json()
    if type(act) is Mark:
        out["footprints"] = COST[state.drafted[p]][state.shared][act.floor][act.item]
        if state.pending_cat[p]:
            out["cat"] = ITEMS[state.pending_cat[p] - 1]
    return out


def last_json(state: Position, p: int) -> Any:
    if not state.last:
        return None
    act, cost, cat = state.last[p]
    out: dict[str, Any] = act.to_json()
    if type(act) is Mark:
        out["footprints"] = cost
        if cat:
            out["cat"] = ITEMS[cat - 1]
            out["points"] = state.points[p][cat]
    return out


def view(state: Position, seat: int | None, _everything: bool = False) -> dict[str, Any]:
    n = state.n
    phase = state.phase
    shown_phase = PHASES[phase]
    if phase == CHOOSING_CAT and seat != state._cp and not _everything:
        shown_phase = "mark"  # drawing a house must not show before the round resolves
    players = []
    sheets, rows = public_info(state)
    numbers = sheet_numbers(state.options)
    for p in range(n):
        row = dict(sheets[p])
        row["seat"] = p
        row["die"] = state.drafted[p] or None
        row["chosen"] = chosen(state, p)
        if p == seat or _everything:
            row["pending"] = pending_json(state, p)
        row["last"] = last_json(state, p)
        players.append(row)
    view: dict[str, Any] = {
        "game": "cafe",
        "seat": seat,
        "players": n,
        "round": state.round,
        "first_player": state.first,
        "phase": shown_phase,
        "to_play": state._cp,
        "dice": list(state.dice),
        "pool": sorted(state.pool),
        "shared": state.shared or None,
        "sheets": players,
        "towers": [
            {
                "tower": t + 1,
                "floors": list(TOWER_FLOORS[t]),
                "bonus": [numbers.larger[t], numbers.smaller[t]],
                "claimed": state.claimed[t],
            }
            for t in range(TOWERS)
        ],
        "options": copy_options(state.options),
        "scores": [r["total"] for r in rows],
    }
    if _everything:
        view["pending_cat"] = list(state.pending_cat)
        view["phase_index"] = phase
        view["turn"] = state.turn
    return view


# -- the score -----------------------------------------------------------------------------------------
def public_info(s: Position) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The sheets as everyone sees them and their breakdown; both change only when a round resolves.

    Cached and shared between views: treat views as read-only.
    """
    if s._public is None:
        s._public = ([sheet_view(s, p) for p in range(s.n)], breakdown(s))
    return s._public


def breakdown(s: Position) -> list[dict[str, Any]]:
    """Each seat's points item by item, computed afresh (``public_info`` keeps it)."""
    rule = str(s.options["mice"])
    yarn = scoring.yarn_points(s.sheets)
    out = []
    for p in range(s.n):
        sheet = s.sheets[p]
        cats = {ITEMS[i - 1]: (pts if pts >= 0 else None) for i, pts in enumerate(s.points[p]) if i}
        row: dict[str, Any] = {
            "cats": cats,
            "house": sum(v for v in cats.values() if v is not None),
            "yarn": yarn[p],
            "butterfly": scoring.butterfly_points(sheet),
            "bowl": scoring.bowl_points(sheet),
            "cushion": scoring.cushion_points(sheet),
            "mouse": scoring.mouse_points(sheet, rule),
            "towers": sum(s.completed[p]),
            "tower_bonuses": list(s.completed[p]),
        }
        row["total"] = sum(row[k] for k in ("house", "yarn", "butterfly", "bowl", "cushion", "mouse", "towers"))
        out.append(row)
    return out


def result(s: Position) -> Result:
    if s._result_memo is not None:
        return s._result_memo
    rows = public_info(s)[1]
    scores = [row["total"] for row in rows]
    details: dict[str, Any] = {"breakdown": rows, "rounds": s.round}
    if s.n == 1:
        target = int(s.options["solo_target"])
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
    if s.phase == OVER:
        s._result_memo = res
    return res


# -- hidden information --------------------------------------------------------------------------------
def redeal(s: Position, seat: int | None, rng: random.Random) -> None:
    """Other seats' choices of this round are secret: replace each with a random legal one."""
    if s.phase == CHOOSING_CAT and s._cp != seat:
        # the acting seat is (for all `seat` knows) still choosing its mark
        s.pending[s._cp] = None  # type: ignore[index]
        s.pending_cat[s._cp] = 0  # type: ignore[index]
        s.phase = MARKING
    for p in range(s.n):
        if p == seat or s.pending[p] is None or (p == s._cp and s.phase == CHOOSING_CAT):
            continue
        options = marks(s, p)
        act = options[rng.randrange(len(options))]
        s.pending[p] = act
        s.pending_cat[p] = 0
        if type(act) is Mark and act.item == HOUSE:
            free = [i for i in range(1, 7) if s.points[p][i] < 0]
            s.pending_cat[p] = free[rng.randrange(len(free))]
