"""The table in a terminal: the map with every player's lines in their colour, then each grey strip, a
legend of exactly the marks this map and this position use, and whose turn it is last (a tall map may
scroll its top away on a small terminal; the turn stays on screen)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cattable.games.washi.board import board_from_view
from cattable.games.washi.coords import column_name
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


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    board = board_from_view(view)
    w, h = view["width"], view["height"]
    lines, fish = view["lines"], view["fish"]
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
        from cattable.games.washi.coords import parse_cell

        pos = parse_cell(name)
        if pos is not None:
            doors[pos[0] * w + pos[1]] = DOOR_MARK[side]

    out = Text()
    names = [column_name(c) for c in range(w)]
    if w > 26:  # two-letter columns: their first letters on a row above
        out.append("   " + "".join((n[0] if len(n) > 1 else " ").rjust(2) for n in names) + "\n", style="dim")
    out.append("   " + "".join(n[-1].rjust(2) for n in names) + "\n", style="dim")
    for r in range(h):
        out.append(f"{r + 1:>2} ", style="dim")
        for c in range(w):
            i = r * w + c
            ch = board.char[i]
            node = board.node[i]
            owner = lines[node] if node >= 0 else -1
            if owner >= 0:
                bg = f"black on {colours[owner]}"
                mark = FILL[owner % len(FILL)]
                if node == i and node in ends:
                    out.append(mark + ends[node], style=f"bold {bg}")
                elif fish[i] >= 0:
                    out.append("()", style=bg)
                elif i in starts:
                    out.append(mark + "@", style=bg)
                elif is_building(ch):
                    out.append(ch + mark, style=bg)
                else:
                    out.append(mark * 2, style=bg)
            elif fish[i] >= 0:
                out.append("><", style=f"bold {colours[fish[i]]}")
            elif ch == " ":
                out.append("  ")
            elif ch == "#":
                out.append("##", style="bold red")
            elif ch == "o":
                out.append("oo", style="grey50")
            elif ch == "%":
                out.append(FOREST, style="green")
            elif is_sewer(ch):
                out.append(ch * 2, style=f"bold {SEWER_COLOURS.get(ch, 'white')} on grey23")
            elif is_building(ch):
                out.append(ch + doors.get(i, " "), style="white on grey30")
            else:
                out.append(" .", style="grey42")
        out.append("\n")

    strips = Text()
    for p, pl in enumerate(players):
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
        strips.append(mark)
        strips.append(f" {FILL[p % len(FILL)] * 2} {pl['colour']:<8}", style=f"black on {colours[p]}")
        specials = "X" * (2 - pl["specials_left"]) + "□" * pl["specials_left"]
        strips.append(
            f" player {p + 1}{you} ({pl['edge']}): specials {specials} fish {pl['fish_crossed_off']}/2 "
            f"{', '.join(cats)}{status}\n"
        )
    legend = Text(legend_text(view, board.char, set(doors.values())), style="dim")
    phase = view["phase"]
    if phase == "over":
        winners = view["winners"]
        footer = Text(
            "Game over: " + (", ".join(f"player {p + 1}" for p in winners) + " wins" if winners else "a draw"),
            style="bold",
        )
    else:
        footer = Text(f"{phase} phase, player {view['to_play'] + 1} to play", style="bold")
    title = Text(f"Tokyo Washi Game: Cat -- {view['map']['title']}", style="bold")
    out.rstrip()
    strips.rstrip()
    return Group(title, out, strips, legend, footer)


def legend_text(view: dict[str, Any], chars: Any, door_marks: set[str]) -> str:
    """What each mark on the map means, listing only the marks this map and position use, wrapped to fit
    80 columns (rich wraps on the two spaces between entries)."""
    present = set(chars)
    entries = [" .: street"]
    if "#" in present:
        entries.append("##: shrine")
    if "o" in present:
        entries.append("oo: storm drain")
    if "%" in present:
        entries.append(f"{FOREST}: forest")
    sewers = sorted(ch for ch in present if is_sewer(ch))
    if sewers:
        entries.append(" ".join(ch * 2 for ch in sewers) + f": sewer pair{'s' if len(sewers) > 1 else ''}")
    if any(is_building(ch) for ch in present):
        doors = " ".join("A" + m for m in "^>v<" if m in door_marks)
        entries.append("A : building" + (f", {doors}: its door's side" if doors else ""))
    entries.append("><: fish")
    if any(f >= 0 for f in view["fish"]) or any(n >= 0 for n in view["lines"]):
        entries.append("(): fish picked up")
        mark = FILL[0]
        entries.append(f"{mark * 2} a player's line, {mark}@ its start, {mark}1 {mark}2 its cats")
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
