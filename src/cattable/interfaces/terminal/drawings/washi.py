"""The table in a terminal: the map with every player's lines in their colour, each grey strip, a legend of
exactly the marks this map and this position use, and whose turn it is, last. It fits the terminal it is
printed on, 80x24 at least, with the prompt: strips and legend under the map when they fit, else beside
it, and a map too wide for two characters a cell (city6's forty columns) drawn one character a cell."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from cattable.games.washi.board import board_from_view
from cattable.games.washi.coords import column_name, parse_cell
from cattable.games.washi.mapfile import is_building, is_sewer

from ..common import wins

SEWER_COLOURS = {"r": "red", "g": "green", "b": "blue", "y": "yellow", "p": "magenta", "c": "cyan"}
PEN = {"orange": "dark_orange", "pink": "pink1", "brown": "orange4", "grey": "grey50"}
"""Map colour names that terminals spell differently."""
FILL = ":=+~/*"
"""Each seat's line also has its own mark, so the table reads without colour too."""
DOOR_MARK = {"north": "^", "east": ">", "south": "v", "west": "<"}
FOREST = "%%"
"""The forest is drawn with the map file's own character (not ^, which marks a north door)."""


GLYPHS = {
    1: {"fish": "∝", "picked": "○", "start": "@", "street": ".", "shrine": "#", "drain": "o", "forest": "%"},
    2: {"fish": "><", "picked": "()", "start": "@", "street": " .", "shrine": "##", "drain": "oo", "forest": FOREST},
}
"""How a cell is drawn two characters wide (the usual) and one character wide (a map too wide for the
terminal at two: city6's forty columns at 80)."""
SIDE = 24
"""The fewest columns for the panel beside the map, where the strips and the legend go when the map is
too tall to have them under it on the terminal (it takes every column the map leaves)."""


def _cell(view: dict[str, Any], i: int, ctx: dict[str, Any], cw: int) -> tuple[str, str]:
    """One cell's characters (``cw`` of them) and style: a line in its player's colour and mark (its cats'
    numbers at the ends), a fish, or the map's own mark."""
    board, g = ctx["board"], GLYPHS[cw]
    ch, node = board.char[i], board.node[i]
    owner = view["lines"][node] if node >= 0 else -1
    fish = view["fish"][i]
    if owner >= 0:
        bg = f"black on {ctx['colours'][owner]}"
        mark = FILL[owner % len(FILL)]
        if node == i and node in ctx["ends"]:
            return (mark + ctx["ends"][node])[-cw:], f"bold {bg}"
        if fish >= 0:
            return g["picked"], bg
        if i in ctx["starts"]:
            return (mark + g["start"])[-cw:], bg
        if is_building(ch):
            return (ch + mark)[:cw], bg
        return mark * cw, bg
    if fish >= 0:
        return g["fish"], f"bold {ctx['colours'][fish]}"
    if ch == " ":
        return " " * cw, ""
    named = {"#": ("shrine", "bold red"), "o": ("drain", "grey50"), "%": ("forest", "green")}
    if ch in named:
        return g[named[ch][0]], named[ch][1]
    if is_sewer(ch):
        return ch * cw, f"bold {SEWER_COLOURS.get(ch, 'white')} on grey23"
    if is_building(ch):
        door = ctx["doors"].get(i)
        return (ch + (door or " ")) if cw == 2 else (door or ch), "white on grey30"
    return g["street"], "grey42"


def _map_text(view: dict[str, Any], ctx: dict[str, Any], cw: int) -> Text:
    """The map under its column ruler (two rows of it for two-letter columns), rows numbered on the left."""
    w, h = view["width"], view["height"]
    out = Text()
    names = [column_name(c) for c in range(w)]
    if w > 26:  # two-letter columns: their first letters on a row above
        out.append("   " + "".join((n[0] if len(n) > 1 else " ").rjust(cw) for n in names) + "\n", style="dim")
    out.append("   " + "".join(n[-1].rjust(cw) for n in names) + "\n", style="dim")
    for r in range(h):
        out.append(f"{r + 1:>2} ", style="dim")
        for c in range(w):
            text, style = _cell(view, r * w + c, ctx, cw)
            out.append(text, style=style or None)
        out.append("\n")
    out.rstrip()
    return out


def _strips(view: dict[str, Any], seat: int | None, colours: list[str], narrow: bool) -> Text:
    """Each player's grey strip: specials, fish crossed off, where the cats are (``narrow``: in two short
    lines, for the panel beside the map; "1 c5+fish" is cat 1 at c5 carrying a fish)."""
    strips = Text()
    for p, pl in enumerate(view["players"]):
        mark = "▶ " if view["to_play"] == p else "  "
        you = " (you)" if seat == p else ""
        cats = []
        for k, cat in enumerate(pl["cats"]):
            if cat["at"] is None:
                cats.append(f"cat {k + 1} not drawn")
            else:
                note = " home with its fish" if cat["home"] else (" with a fish" if cat["fish"] else "")
                cats.append(f"cat {k + 1} at {cat['at']}{note}")
        if all(cat["at"] is None for cat in pl["cats"]):
            cats = ["cats not drawn yet"]
        status = "  TRAPPED: out" if not pl["in_game"] else ""
        specials = "X" * (2 - pl["specials_left"]) + "□" * pl["specials_left"]
        strips.append(mark)
        swatch = FILL[p % len(FILL)] * 2
        if narrow:
            where = [
                f"{k + 1} "
                + ("not drawn" if c["at"] is None else "home" if c["home"] else c["at"])
                + ("+fish" if c["fish"] else "")
                for k, c in enumerate(pl["cats"])
            ]
            strips.append(swatch, style=f"black on {colours[p]}")
            marks = f"{specials} fish {pl['fish_crossed_off']}/2" if pl["in_game"] else "TRAPPED: out"
            strips.append(f" player {p + 1}{you} {marks}\n")
            drawn = f"cat {', '.join(where)}" if any(c["at"] is not None for c in pl["cats"]) else "cats not drawn"
            strips.append(f"   {pl['edge']}: {drawn}\n")
        else:
            strips.append(f" {swatch} {pl['colour']:<8}", style=f"black on {colours[p]}")
            strips.append(
                f" player {p + 1}{you} ({pl['edge']}): specials {specials} fish {pl['fish_crossed_off']}/2 "
                f"{', '.join(cats)}{status}\n"
            )
    strips.rstrip()
    return strips


class _Table:
    """The map, the strips, the legend and whose turn it is (last). Cells are two characters wide where
    the map fits the terminal so, else one; the strips and the legend go under the map when all fits the
    terminal's height (less the prompt's line), else beside it: city6 at 80x24 is drawn one character a
    cell with the panel beside it."""

    def __init__(self, view: dict[str, Any], seat: int | None) -> None:
        self.view, self.seat = view, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, seat = self.view, self.seat
        board = board_from_view(view)
        w = view["width"]
        players = view["players"]
        colours = [PEN.get(p["colour"], p["colour"]) for p in players]
        ends: dict[int, str] = {}
        starts: set[int] = set()
        for pl in players:
            for k, cat in enumerate(pl["cats"]):
                if cat["path"]:
                    starts.add(cat["path"][0])
                    ends[board.node[cat["path"][-1]]] = str(k + 1)
        doors = {}
        for name, side in view["map"]["doors"]:
            pos = parse_cell(name)
            if pos is not None:
                doors[pos[0] * w + pos[1]] = DOOR_MARK[side]
        ctx = {"board": board, "colours": colours, "ends": ends, "starts": starts, "doors": doors}
        budget, width = options.max_height - 1, options.max_width
        footer = _footer(view)
        title = Text(f"Tokyo Washi Game: Cat -- {view['map']['title']}", style="bold")
        for cw in (2, 1)[2 - cell_width(w, width) :]:
            map_width = 3 + cw * w
            legend = Text(legend_text(view, board.char, set(doors.values()), cw), style="dim")
            stacked = Group(title, _map_text(view, ctx, cw), _strips(view, seat, colours, False), legend, footer)
            if len(console.render_lines(stacked, options.update(height=None), pad=False)) <= budget:
                yield stacked
                return
            if map_width + 2 + SIDE <= width or cw == 1:
                for panel in (legend, None):  # the legend gives way if the panel would overflow the map
                    grid = Table.grid(padding=(0, 0, 0, 2))
                    grid.add_column(width=map_width, no_wrap=True)
                    grid.add_column(width=max(width - map_width - 2, 1))
                    strips = _strips(view, seat, colours, True)
                    side = Group(Text(view["map"]["title"], style="bold"), strips, *([panel] if panel else []))
                    grid.add_row(_map_text(view, ctx, cw), side)
                    beside = Group(grid, footer)
                    if panel is None or len(console.render_lines(beside, options, pad=False)) <= budget:
                        yield beside
                        return


def cell_width(map_columns: int, terminal_columns: int) -> int:
    """Two characters a cell when the map and its row numbers fit the terminal's width so, else one."""
    return 2 if 3 + 2 * map_columns <= terminal_columns else 1


def _footer(view: dict[str, Any]) -> Text:
    if view["phase"] == "over":
        winners = view["winners"]
        return Text(
            "Game over: " + (", ".join(f"player {p + 1}" for p in winners) + " wins" if winners else "a draw"),
            style="bold",
        )
    return Text(f"{view['phase']} phase, player {view['to_play'] + 1} to play", style="bold")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as one rich renderable, laid out for the terminal it is printed on (see ``_Table``)."""
    return _Table(view, seat)


def legend_text(view: dict[str, Any], chars: Any, door_marks: set[str], cw: int = 2) -> str:
    """What each mark on the map means, listing only the marks this map and position use, as drawn ``cw``
    characters a cell; rich wraps it on the two spaces between entries."""
    g = GLYPHS[cw]
    present = set(chars)
    entries = [f"{g['street']}: street"]
    if "#" in present:
        entries.append(f"{g['shrine']}: shrine")
    if "o" in present:
        entries.append(f"{g['drain']}: storm drain")
    if "%" in present:
        entries.append(f"{g['forest']}: forest")
    sewers = sorted(ch for ch in present if is_sewer(ch))
    if sewers:
        entries.append(" ".join(ch * cw for ch in sewers) + f": sewer pair{'s' if len(sewers) > 1 else ''}")
    if any(is_building(ch) for ch in present):
        if cw == 2:
            doors = " ".join("A" + m for m in "^>v<" if m in door_marks)
            entries.append("A : building" + (f", {doors}: its door's side" if doors else ""))
        else:
            doors = "".join(m for m in "^>v<" if m in door_marks)
            entries.append("A: building" + (f", {doors}: its door's side" if doors else ""))
    entries.append(f"{g['fish']}: fish")
    if any(f >= 0 for f in view["fish"]) or any(n >= 0 for n in view["lines"]):
        entries.append(f"{g['picked']}: fish picked up")
        mark = FILL[0]
        start = (mark + g["start"])[-cw:]
        cats = " ".join((mark + k)[-cw:] for k in "12")
        line = f"{mark * cw} a player's line" if cw == 2 else f"{mark}: a line"
        entries.append(f"{line}, {start} its start, {cats} its cats")
    return "  ".join(entries)


def explain_result(result: dict[str, Any], names: list[str], view: dict[str, Any] | None) -> RenderableType:
    """Who won and how (both cats home with a fish, or the last not trapped), then each player's cats
    home, fish picked up and whether they were trapped (the result's scores and ``details``)."""
    details = result.get("details", {})
    scores = result.get("scores") or []
    trapped: list[int] = list(details.get("trapped", []))
    fish: list[int] = list(details.get("fish_picked_up", []))
    winners = result["winners"]
    if not winners:
        verdict = "A draw: every player still in was trapped at the same time."
    else:
        w = winners[0]
        if w < len(scores) and scores[w] >= 2:
            verdict = f"{wins([w], names)}: both cats are home, each with a fish."
        else:
            out = ", ".join(names[t] for t in trapped) or "everyone else"
            verdict = f"{wins([w], names)} as the last player not trapped ({out}: no route left to a fish and home)."
    lines = [Text(verdict, style="bold")]
    for p, name in enumerate(names):
        home = int(scores[p]) if p < len(scores) else 0
        got = f", {fish[p]} fish picked up" if p < len(fish) else ""
        fate = f", trapped ({_ordinal(trapped.index(p) + 1)} out)" if p in trapped else ""
        lines.append(Text(f"  {name}: {home} of 2 cats home with a fish{got}{fate}"))
    return Group(*lines)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
