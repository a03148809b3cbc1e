"""The tower in the terminal, floor by floor from the top, drawn from a view (never from the state)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cattable.core import replay
from cattable.games.tower.cards import cards

COLOUR_STYLE = {"yellow": "bold yellow", "blue": "bold blue", "purple": "bold magenta", "orange": "bold dark_orange"}
SCARF_STYLE = {"red": "bold red", "orange": "dark_orange", "blue": "blue", "purple": "magenta", "yellow": "yellow"}


def _piece_text(piece: str, facts: dict[str, Any], view: dict[str, Any], words: dict[str, Any]) -> Text:
    reading = view["tower"]["reading"]
    if piece.startswith("W-"):
        name = words["walls"].get(facts.get("type", ""), facts.get("type", ""))
        return Text(f"{name} ({piece[2:]}, fold {facts.get('fold', 90):.0f}°)", style="grey70")
    if piece == "toto":
        return Text(words["black_cat"], style="bold white on grey23")
    if piece.startswith("B-"):
        scarf = piece[2:]
        return Text(f"Black Cat ({scarf})", style=SCARF_STYLE.get(scarf, ""))
    colour = piece.split("-")[1]
    text = Text(piece, style=COLOUR_STYLE.get(colour, ""))
    if piece in reading["on_top"]:
        text.append(f" on {reading['on_top'][piece]}", style="italic")
    touching = [b for a, b in reading["touching"] if a == piece] + [a for a, b in reading["touching"] if b == piece]
    touching = [t for t in touching if reading["on_top"].get(t) != piece and reading["on_top"].get(piece) != t]
    if touching:
        text.append(" touching " + ", ".join(sorted(touching)), style="italic")
    if not reading["upright"].get(piece, True):
        text.append(" (lying down)", style="red")
    return text


def _tower(view: dict[str, Any]) -> Table:
    words = cards().editions[view["edition"]]
    tower = view["tower"]
    reading = tower["reading"]
    levels: dict[str, int] = reading["floor_levels"]
    resting: dict[str, list[str]] = defaultdict(list)
    for piece, floor in reading["support"].items():
        if floor is not None and not piece.startswith("F"):
            resting[floor].append(piece)
    grid = Table(title="The tower", expand=True, show_lines=True)
    grid.add_column("floor", justify="right", style="bold")
    grid.add_column("standing on it")
    goal_floors = _goal_floors(view)
    for floor in sorted(levels, key=lambda f: -levels[f]):
        label = Text(f"{levels[floor]} ({floor})")
        if floor in goal_floors:
            label.append(" ◆", style="green")
        parts = [_piece_text(p, tower["pieces"].get(p, {}), view, words) for p in sorted(resting.get(floor, []))]
        grid.add_row(label, Text(" · ").join(parts) if parts else Text("-", style="dim"))
    if reading["debris"]:
        grid.add_row(Text("table", style="red"), Text(", ".join(reading["debris"]), style="red"))
    return grid


def _goal_floors(view: dict[str, Any]) -> set[str]:
    levels = view["tower"]["reading"]["floor_levels"]
    if view["mode"] == "coop":
        mine = levels.get(view["toto"], 1)
        return {f for f, lv in levels.items() if lv == mine + 1}
    seat = view["seat"]
    if seat is None:
        return set()
    black = view["black"][seat]
    mine = levels.get(black, 1) if black else 1
    return {f for f, lv in levels.items() if lv > mine}


def _cards(view: dict[str, Any]) -> Table:
    grid = Table(title="Cards", expand=True)
    grid.add_column("#", justify="right")
    grid.add_column("Action cards (face up)")
    for i, card in enumerate(view["action_faceup"], start=1):
        sides = card["sides"]
        text = sides[0] if len(sides) == 1 else f"left: {sides[0]}   |   right: {sides[1]}"
        grid.add_row(str(i), f"{card['id']}: {text}")
    goals = view.get("goal_faceup")
    if goals is None and view["seat"] is not None:
        mine = view["hands"][view["seat"]]
        goals = mine if isinstance(mine, list) else []
    for i, g in enumerate(goals or [], start=1):
        grid.add_row(f"goal {i}", Text(f"{g['id']}: {g['text']} (up to {g['floors']} floor(s))", style="green"))
    grid.add_row("", Text(f"decks: {view['action_deck']} action, {view['goal_deck']} goal", style="dim"))
    return grid


def _status(view: dict[str, Any]) -> Text:
    words = cards().editions[view["edition"]]
    text = Text()
    if view["mode"] == "coop":
        text.append(f"{words['black_cat']} is on floor {view['toto_level']}; aiming at floor {view['target']}", "bold")
        if view["cleared"]:
            text.append(f" (cleared: {', '.join(map(str, view['cleared']))})")
    else:
        text.append("Black Cats: ", "bold")
        levels = view["tower"]["reading"]["floor_levels"]
        text.append(
            ", ".join(f"seat {s}: floor {levels.get(f, 1) if f else 'outside'}" for s, f in enumerate(view["black"]))
        )
        text.append(f"; ranking {view['ranking']}")
    text.append(f"\nwall debris: {len(view['wall_debris'])} of 5", style="red" if view["wall_debris"] else "")
    text.append(f"   hands: {view['steadiness']}   turn {view['turn']}")
    if view["outcome"]:
        text.append(f"\nGAME OVER: {view['outcome']}", style="bold reverse")
    elif view["to_play"] is not None:
        text.append(f"\nseat {view['to_play']} to play: {view['phase']} step")
        if view["pending"]:
            todo = ", ".join(
                it.get("type", it.get("colour", it.get("cat", ""))) + " " + it["piece"] for it in view["pending"]
            )
            text.append(f" (still to place: {todo})")
    return text


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as ``seat`` sees it: tower floor by floor, cards, status and what just happened."""
    events = Text("\n".join(view["events"][-6:]), style="cyan") if view["events"] else Text("")
    return Group(
        Panel(_status(view), title=f"Cat and the Tower ({view['edition']}, {view['mode']})"),
        _tower(view),
        _cards(view),
        Panel(events, title="what happened"),
    )


def render_record(record: dict[str, Any], out_path: str) -> None:
    """Replay ``record`` (physics outcomes come from it, nothing is simulated) and draw its last tower."""
    state = replay(record)
    render_state(state, out_path)


def render_state(state: Any, out_path: str) -> None:
    """Write a PNG of a state's tower as it stands, with the debris of the last placement where it fell
    (the terminal game can save one after every turn)."""
    from cattable.games.tower.physics.picture import render_png

    render_png(with_debris(state), out_path)


def with_debris(state: Any) -> tuple[dict[str, dict[str, Any]], dict[str, list[float]]]:
    """The table's pieces and poses, plus the debris of the last placement where it lies.

    The rules set debris aside at once (walls to the side, the rest to the stock), so the table alone
    shows a lost game as a neat stub. The physics outcomes of the last placement (the chance log's
    outcomes after its last hand-noise draw: the placement, then any cat stood back) still hold the
    fallen pieces' poses; a piece back on the tower is drawn where it is now."""
    outcome = state.table.outcome
    pieces = dict(outcome["pieces"])
    poses = dict(outcome["poses"])
    for entry in reversed(state.chance.log):
        if not (isinstance(entry, dict) and "poses" in entry):
            break
        for p in entry["reading"].get("debris", []):
            if p not in poses and p in entry["poses"]:
                pieces[p] = entry["pieces"][p]
                poses[p] = entry["poses"][p]
    return pieces, poses
