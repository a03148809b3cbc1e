"""What each seat of Cat Cafe sees: every sheet (marks are public once a round resolves), the dice, the
towers' bonuses, and one's own choice while the others' are still hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cattable.core.tuning import copy_options

from .actions import Mark
from .phases import CHOOSING_CAT, MARKING, PHASES
from .rules import COST
from .sheet import ITEMS, SPACES, TOWER_FLOORS, TOWER_SPACES, TOWERS
from .tunables import sheet_numbers

if TYPE_CHECKING:
    from .game import CafeState


def sheet_view(state: CafeState, p: int) -> dict[str, Any]:
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


def chosen(state: CafeState, p: int) -> bool:
    """Whether seat p has made this round's choice (public: everyone sees who is still thinking)."""
    if state.phase != MARKING and state.phase != CHOOSING_CAT:
        return False
    order = (p - state.first) % state.n
    return order < state.turn


def pending_json(state: CafeState, p: int) -> Any:
    act = state.pending[p]
    if act is None:
        return None
    out: dict[str, Any] = act.to_json()
    if type(act) is Mark:
        out["footprints"] = COST[state.drafted[p]][state.shared][act.floor][act.item]
        if state.pending_cat[p]:
            out["cat"] = ITEMS[state.pending_cat[p] - 1]
    return out


def last_json(state: CafeState, p: int) -> Any:
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


def view(state: CafeState, seat: int | None, _everything: bool = False) -> dict[str, Any]:
    n = state.n
    phase = state.phase
    shown_phase = PHASES[phase]
    if phase == CHOOSING_CAT and seat != state._cp and not _everything:
        shown_phase = "mark"  # drawing a house must not show before the round resolves
    players = []
    sheets, rows = state._public_info()
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
