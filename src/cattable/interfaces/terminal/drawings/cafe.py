"""The table in the terminal, drawn from a view, sized for an 80x24 terminal.

Your own sheet is drawn whole, laid out like the paper sheet: the five towers side by side on their
half-hex offsets (towers 2 and 4 sit half a floor lower), the scratching posts, the footprint track
(● circled, ✗ spent, ○ not yet circled) and the six cats. Every other sheet is one line (its score, die,
towers filled and footprints); ``sheet N`` at the prompt draws seat N's sheet whole. Above, the round's
dice, the draft and the shared die.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..common import wins

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
SCORED = ("house", "yarn", "butterfly", "bowl", "cushion", "mouse", "towers")
"""The breakdown's parts, in the rulebook's scoring order (house: the cats' points)."""


def _tower_lines(spaces: dict[str, Any], floors: list[int], lowered: bool) -> list[Text]:
    """12 half-floor lines (top first) for one tower: each space spans two lines, posts are hatched (the
    lowered towers' bottom edge, alone on a 13th line, is left out to save a line)."""
    lines: list[Text] = []
    base = 0 if lowered else 1
    for line in range(2 * FLOORS, 0, -1):
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
    if choice.get("kind") == "pass":
        return "passed"
    out = f"{choice['item']} at tower {choice['tower']} floor {choice['floor']}"
    if choice.get("footprints"):
        out += f" (-{choice['footprints']} footprints)"
    if choice.get("cat"):
        out += f", {choice['cat']} cat" + (f" +{choice['points']}" if "points" in choice else "")
    return out


def _sheet(view: dict[str, Any], p: int, seat: int | None) -> Panel:
    """Seat ``p``'s sheet whole: 17 lines with the border."""
    row = view["sheets"][p]
    towers = view["towers"]
    header = Text()
    for t, bonus in zip(towers, row["tower_bonuses"], strict=True):
        if bonus:
            label = f"T{t['tower']} done +{bonus}"
            header.append(label.ljust(CELL), style="bold green")
        else:
            claimed = "*" if t["claimed"] else " "
            label = f"{'T' + str(t['tower']):<3}{t['bonus'][0]}/{t['bonus'][1]}{claimed}"
            header.append(label.ljust(CELL), style="bold")
    columns = [_tower_lines(row["towers"][i], t["floors"], i % 2 == 1) for i, t in enumerate(towers)]
    grid = [header]
    for line in range(len(columns[0])):
        text = Text()
        for col in columns:
            text.append_text(col[line])
        grid.append(text)
    grid.append(_track(row["footprints"]))
    grid.append(_cats(row["cats"]))
    if row.get("pending") is not None:
        grid.append(Text(f"your choice: {_describe(row['pending'])}", style="bold"))
    else:
        grid.append(Text(f"last round: {_describe(row['last'])}", style="dim"))
    title = f"seat {p + 1}" + (" (you)" if p == seat else "") + f" · {view['scores'][p]} points"
    if row["die"]:
        title += f" · die [{row['die']}]"
    if view["phase"] in ("mark", "cat"):
        title += " · chosen" if row["chosen"] else " · choosing…"
    border = "bold green" if view["to_play"] == p else ("cyan" if p == seat else "white")
    return Panel(Group(*grid), title=title, border_style=border, expand=False)


def _summary(view: dict[str, Any], p: int, seat: int | None) -> Text:
    """Seat ``p``'s sheet in one line: score, die, spaces drawn per tower, footprints, last round."""
    row = view["sheets"][p]
    marker = "▶ " if view["to_play"] == p else "  "
    text = Text(marker, style="bold green")
    text.append(f"seat {p + 1}{' (you)' if p == seat else ''}: {view['scores'][p]} pts", style="bold")
    if row["die"]:
        text.append(f" · die [{row['die']}]")
    if view["phase"] in ("mark", "cat"):
        text.append(" · chosen" if row["chosen"] else " · choosing…", style="green" if row["chosen"] else "yellow")
    filled = [sum(1 for item in spaces.values() if item) for spaces in row["towers"]]
    text.append(" · towers " + " ".join(f"{n}/{len(t['floors'])}" for n, t in zip(filled, view["towers"], strict=True)))
    text.append(f" · ●{row['footprints']['available']}")
    last = row["last"]
    if last:
        short = "passed" if last.get("kind") == "pass" else f"{last['item']} T{last['tower']} f{last['floor']}"
        if last.get("cat"):
            short += f", {last['cat']} cat"
        text.append(f" · last: {short}", style="dim")
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


def render_sheet(view: dict[str, Any], p: int, seat: int | None) -> RenderableType:
    """Seat ``p``'s sheet whole (the prompt's ``sheet N``)."""
    return _sheet(view, p, seat)


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The table from ``view``: header, dice, one line per other sheet, then your sheet whole (the seat to
    play's for a spectator): at most 23 lines, so it and the prompt fit an 80x24 terminal."""
    head = Text(f"Cat Cafe · round {view['round']} · first player: seat {view['first_player'] + 1} · ", style="bold")
    phase = view["phase"]
    if phase == "over":
        head.append("game over", style="bold red")
    else:
        head.append(f"{phase} · seat {view['to_play'] + 1} to play", style="bold green")
    dice = Text("dice rolled: " + " ".join(f"[{d}]" for d in view["dice"]))
    if view["pool"]:
        dice.append("   left to take: " + " ".join(f"[{d}]" for d in view["pool"]), style="yellow")
    if view["players"] == 1:
        dice = Text("your dice: " + " ".join(f"[{d}]" for d in view["dice"]) + " (either for the floor)")
        if view["options"].get("solo_target"):
            dice.append(f"   solo: reach {view['options']['solo_target']} points", style="bold")
    elif view["shared"]:
        dice.append(f"   shared die: [{view['shared']}]", style="bold yellow")
    whole = seat if seat is not None else (view["to_play"] if view["to_play"] is not None else 0)
    others = [_summary(view, p, seat) for p in range(view["players"]) if p != whole]
    return Group(head, dice, *others, _sheet(view, whole, seat))


def revealed(before: dict[str, Any], after: dict[str, Any], names: list[str]) -> list[str]:
    """The round's marks, cats and passes, once they are revealed: when the round resolves every seat's
    secret choice shows in the view's ``last``, and the log says them (they were announced as hidden)."""
    if before["round"] == after["round"] and not (after["phase"] == "over" and before["phase"] != "over"):
        return []
    return [
        f"  round {before['round']}, {names[p]}: {_describe(row['last'])}"
        for p, row in enumerate(after["sheets"])
        if row["last"] is not None
    ]


def explain_result(result: dict[str, Any], names: list[str], view: dict[str, Any] | None) -> RenderableType:
    """Who won, by how many points, and each sheet's points item by item (from the result's breakdown)."""
    details = result.get("details", {})
    rows: list[dict[str, Any]] = details.get("breakdown", [])
    scores = result.get("scores") or [row.get("total", 0) for row in rows]
    rounds = details.get("rounds")
    after = f" after {rounds} rounds" if rounds else ""
    if "solo_target" in details:
        target = details["solo_target"]
        got = f"{scores[0]:g}" if scores else "?"
        won = result.get("team_win")
        verdict = f"{names[0]} scored {got} points{after}; the target was {target}: " + (
            "you win!" if won else "you fall short."
        )
    elif result["winners"]:
        best = scores[result["winners"][0]]
        tie = " (a tie)" if len(result["winners"]) > 1 else ""
        verdict = f"{wins(result['winners'], names)} with the highest score, {best:g} points{after}{tie}."
    else:
        verdict = f"A draw{after}."
    if not rows:
        return Text(verdict, style="bold")
    table = Table(title="Points", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("")
    for part in (*SCORED, "total"):
        table.add_column("cats" if part == "house" else part, justify="right")
    for p, row in enumerate(rows):
        style = "bold" if p in result["winners"] else ""
        table.add_row(names[p], *(str(row.get(part, 0)) for part in (*SCORED, "total")), style=style)
    return Group(Text(verdict, style="bold"), table)
