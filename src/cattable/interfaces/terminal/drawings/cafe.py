"""The table in the terminal, drawn from a view: one sheet per player, laid out like the paper sheet.

Each sheet shows the five towers side by side on their half-hex offsets (towers 2 and 4 sit half a
floor lower), the scratching posts, the footprint track (● circled, ✗ spent, ○ not yet circled), the six
cats and their points; above the sheets, the round's dice, the draft and the shared die.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

ITEM_STYLE = {
    "house": "bold magenta",
    "yarn": "bold red",
    "butterfly": "bold cyan",
    "bowl": "bold yellow",
    "cushion": "bold green",
    "mouse": "bold white",
}
CELL = 12
FLOORS = 6


def _tower_lines(spaces: dict[str, Any], floors: list[int], lowered: bool) -> list[Text]:
    """13 half-floor lines (top first) for one tower: each space spans two lines, posts are hatched."""
    lines: list[Text] = []
    base = 0 if lowered else 1
    for line in range(2 * FLOORS, -1, -1):
        floor, part = divmod(line - base, 2)
        floor += 1
        if line < base or floor > FLOORS:
            lines.append(Text(" " * CELL))
        elif floor not in floors:
            lines.append(Text("▒" * (CELL - 1) + " ", style="dim yellow"))
        elif part == 1:
            item = spaces.get(str(floor))
            label = f"{floor} " + (item or "·")
            lines.append(Text(f"{label:<{CELL}}", style=ITEM_STYLE.get(item or "", "dim")))
        else:
            lines.append(Text("‾" * (CELL - 1) + " ", style="dim"))
    return lines


def _track(footprints: dict[str, int], track: int = 18) -> Text:
    circled, used = footprints["circled"], footprints["used"]
    text = Text("footprints ")
    for i in range(track):
        if i < used:
            text.append("✗", style="dim")
        elif i < circled:
            text.append("●", style="bold green")
        else:
            text.append("○", style="dim")
    text.append(f"  {footprints['available']} to spend")
    return text


def _cats(cats: dict[str, Any]) -> Text:
    text = Text("cats ")
    for item, points in cats.items():
        style = ITEM_STYLE.get(item, "")
        text.append(f"{item}:", style=style)
        text.append("— " if points is None else f"{points} ", style="" if points is not None else "dim")
    return text


def _describe(choice: Any) -> str:
    if not choice:
        return "—"
    if choice.get("type") == "pass":
        return "passed"
    out = f"{choice['item']} at tower {choice['tower']} floor {choice['floor']}"
    if choice.get("footprints"):
        out += f" (-{choice['footprints']} footprints)"
    if choice.get("cat"):
        out += f", {choice['cat']} cat" + (f" +{choice['points']}" if "points" in choice else "")
    return out


def _sheet(view: dict[str, Any], p: int, seat: int | None) -> Panel:
    row = view["sheets"][p]
    towers = view["towers"]
    header = Text()
    for t in towers:
        claimed = "*" if t["claimed"] else " "
        header.append(f"{'T' + str(t['tower']):<3}{t['bonus'][0]}/{t['bonus'][1]}{claimed}".ljust(CELL), style="bold")
    columns = [_tower_lines(row["towers"][i], t["floors"], i % 2 == 1) for i, t in enumerate(towers)]
    grid = [header]
    for line in range(len(columns[0])):
        text = Text()
        for col in columns:
            text.append_text(col[line])
        grid.append(text)
    bonuses = row["tower_bonuses"]
    grid.append(Text("".join(f"{f'done +{b}' if b else '':<{CELL}}" for b in bonuses), style="green"))
    grid.append(_track(row["footprints"]))
    grid.append(_cats(row["cats"]))
    state = Text(f"die {row['die'] or '—'}   ")
    if view["phase"] in ("mark", "cat"):
        state.append("chosen" if row["chosen"] else "choosing…", style="green" if row["chosen"] else "yellow")
    if row.get("pending") is not None:
        state.append(f"   your choice: {_describe(row['pending'])}", style="bold")
    grid.append(state)
    grid.append(Text(f"last round: {_describe(row['last'])}", style="dim"))
    score = view["scores"][p]
    title = f"seat {p}" + (" (you)" if p == seat else "") + f" · {score} points"
    border = "bold green" if view["to_play"] == p else ("cyan" if p == seat else "white")
    return Panel(Group(*grid), title=title, border_style=border, expand=False)


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table from ``view`` (a seat's view or a spectator's)."""
    head = Text(f"Cat Cafe · round {view['round']} · first player: seat {view['first_player']} · ", style="bold")
    phase = view["phase"]
    if phase == "over":
        head.append("game over", style="bold red")
    else:
        head.append(f"{phase} · seat {view['to_play']} to play", style="bold green")
    dice = Text("dice rolled: " + " ".join(f"[{d}]" for d in view["dice"]))
    if view["pool"]:
        dice.append("   left to take: " + " ".join(f"[{d}]" for d in view["pool"]), style="yellow")
    if view["players"] == 1:
        dice = Text("your dice: " + " ".join(f"[{d}]" for d in view["dice"]) + " (either for the floor)")
    elif view["shared"]:
        dice.append(f"   shared die: [{view['shared']}]", style="bold yellow")
    drafted = "  ".join(f"seat {r['seat']}: [{r['die']}]" for r in view["sheets"] if r["die"])
    parts: list[RenderableType] = [head, dice]
    if drafted and view["players"] > 1:
        parts.append(Text("taken: " + drafted))
    if view["options"].get("solo_target") and view["players"] == 1:
        parts.append(Text(f"solo: reach {view['options']['solo_target']} points", style="bold"))
    parts.append(Columns([_sheet(view, p, seat) for p in range(view["players"])]))
    return Group(*parts)
