"""The tower in the terminal, floor by floor from the top, drawn from a view (never from the state).

Sized for an 80x24 terminal: what just happened, the cards, the top floors of the tower one line each, and
the status last, so whose turn it is and what is still to place stay on screen however tall the tower.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from cattable.core import replay
from cattable.games.tower import events as tower_events
from cattable.games.tower.cards import cards
from cattable.games.tower.tunables import wall_heights

from ..common import wins

SHOWN_FLOORS = 6
"""The tower's top floors drawn; the ones below are counted (they change least and matter least)."""
SHOWN_EVENTS = 3
COLOUR_STYLE = {"yellow": "bold yellow", "blue": "bold blue", "purple": "bold magenta", "orange": "bold dark_orange"}
SCARF_STYLE = {"red": "bold red", "orange": "dark_orange", "blue": "blue", "purple": "magenta", "yellow": "yellow"}


def _piece_text(piece: str, facts: dict[str, Any], view: dict[str, Any], words: dict[str, Any]) -> Text:
    reading = view["tower"]["reading"]
    if piece.startswith("W-"):
        name = words["walls"].get(facts.get("type", ""), facts.get("type", ""))
        return Text(f"{name} {facts.get('fold', 90):.0f}°", style="grey70")
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


def _tower(view: dict[str, Any]) -> Group:
    """The top floors, one line each (a floor with too much on it is cut short with an ellipsis)."""
    words = cards().editions[view["edition"]]
    tower = view["tower"]
    reading = tower["reading"]
    levels: dict[str, int] = reading["floor_levels"]
    resting: dict[str, list[str]] = defaultdict(list)
    for piece, floor in reading["support"].items():
        if floor is not None and not piece.startswith("F"):
            resting[floor].append(piece)
    goal_floors = _goal_floors(view)
    floors = sorted(levels, key=lambda f: -levels[f])
    lines: list[Text] = [Text(f"The tower, {len(floors)} floor(s), top first (◆: a goal floor)", style="bold")]
    for floor in floors[:SHOWN_FLOORS]:
        label = f"{levels[floor]:>2} ({floor})"
        line = Text(f"{label:<9}{'◆' if floor in goal_floors else ' '} ", style="bold")
        if floor in goal_floors:
            line.stylize("green", 9, 10)
        parts = [_piece_text(p, tower["pieces"].get(p, {}), view, words) for p in sorted(resting.get(floor, []))]
        line.append_text(Text(" · ").join(parts) if parts else Text("-", style="dim"))
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    if len(floors) > SHOWN_FLOORS:
        lines.append(Text(f"     ... and {len(floors) - SHOWN_FLOORS} floor(s) below", style="dim"))
    if reading["debris"]:
        debris = Text("table: " + ", ".join(reading["debris"]), style="red")
        debris.no_wrap, debris.overflow = True, "ellipsis"
        lines.append(debris)
    return Group(*lines)


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


def _cards(view: dict[str, Any]) -> Group:
    """The face-up Action cards (numbered as the moves name them) and the goals in play."""
    lines: list[Text] = []
    for i, card in enumerate(view["action_faceup"], start=1):
        sides = card["sides"]
        text = sides[0] if len(sides) == 1 else f"left: {sides[0]} | right: {sides[1]}"
        line = Text(f"card {i}  {card['id']}: {text}")
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    goals = view.get("goal_faceup")
    if goals is None and view["seat"] is not None:
        mine = view["hands"][view["seat"]]
        goals = mine if isinstance(mine, list) else []
    for i, g in enumerate(goals or [], start=1):
        lines.append(Text(f"goal {i}  {g['id']}: {g['text']} (up to {g['floors']} floor(s))", style="green"))
    return Group(*lines)


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
            ", ".join(
                f"seat {s + 1}: " + (f"floor {levels.get(f, 1)}" if f else "outside")
                for s, f in enumerate(view["black"])
            )
        )
        text.append("; ranking " + " > ".join("=".join(map(str, group)) for group in view["ranking"]))
    text.append(f"\nwall debris: {len(view['wall_debris'])} of 5", style="red" if view["wall_debris"] else "")
    text.append(f"   hands: {view['steadiness']}   turn {view['turn']}")
    text.append(f"   decks: {view['action_deck']} action, {view['goal_deck']} goal", style="dim")
    if view["outcome"]:
        text.append(f"\nGAME OVER: {view['outcome']}", style="bold reverse")
    elif view["to_play"] is not None:
        text.append(f"\nseat {view['to_play'] + 1} to play: {view['phase']} step")
        if view["pending"]:
            todo = ", ".join(
                " ".join(
                    w
                    for w in (
                        it.get("type", it.get("colour", it.get("cat", ""))),
                        it["piece"],
                        f"on {it['floor']}" if it.get("floor") else "",
                    )
                    if w
                )
                for it in view["pending"]
            )
            text.append(f" (still to place: {todo})")
    return text


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """The table as ``seat`` sees it: what just happened (told in ``lang``), the cards, the tower's top
    floors, and the status last (it stays on screen whatever scrolls away above it)."""
    events = [
        Text(tower_events.text(e, lang), style="cyan", no_wrap=True, overflow="ellipsis")
        for e in view["events"][-SHOWN_EVENTS:]
    ]
    return Group(
        *events,
        Rule(style="dim"),
        _cards(view),
        Rule(style="dim"),
        _tower(view),
        Panel(_status(view), title=f"Cat and the Tower ({view['edition']}, {view['mode']})"),
    )


def render_record(record: dict[str, Any], out_path: str) -> None:
    """Replay ``record`` (physics outcomes come from it, nothing is simulated) and draw its last tower."""
    state = replay(record)
    render_state(state, out_path)


def render_state(state: Any, out_path: str) -> None:
    """Write a PNG of a state's tower as it stands, with the debris of the last placement where it fell
    (the terminal game can save one after every turn), its walls as tall as the game's data makes them."""
    from cattable.games.tower.physics.picture import render_png

    render_png(with_debris(state), out_path, walls=dict(wall_heights(state.options)))


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


ENDINGS = {
    "victory": "the table wins: {toto} reached the target floor",
    "defeat": "the table loses: the tower collapsed",
    "collapse": "the tower collapsed: whoever toppled it comes last",
    "top": "every Black Cat reached the top",
    "no action": "no Action card could be carried out",
    "turn limit": "the turn limit was reached",
}


def explain_result(result: dict[str, Any], names: list[str], view: dict[str, Any] | None) -> RenderableType:
    """How the game ended (the result's ``outcome``, in the game's own words from the final events), and
    the ranking by Black Cat floor (competitive) or how high the black cat got (coop)."""
    details = result.get("details", {})
    outcome = str(details.get("outcome", ""))
    toto = cards().editions[view["edition"]]["black_cat"] if view is not None else "the black cat"
    why = ENDINGS.get(outcome, outcome).format(toto=toto)
    told = [e for e in (view or {}).get("events", []) if tower_events.is_game_over(e)]
    if told:
        why = tower_events.text(told[-1]["args"]["why"])
    lines: list[Text] = []
    turns = f" after {details['turns']} turns" if "turns" in details else ""
    if result.get("team_win") is not None:
        verdict = "The table wins!" if result["team_win"] else "The table loses."
        lines.append(Text(f"{verdict} Why: {why}{turns}.", style="bold"))
        if "toto_floor" in details:
            lines.append(
                Text(f"{toto} ended on floor {details['toto_floor']} (best: {details.get('toto_best', '?')}).")
            )
    else:
        who = wins(result["winners"], names) if result["winners"] else "Nobody wins"
        lines.append(Text(f"{who}. Why: {why}{turns}.", style="bold"))
        scores = result.get("scores") or []
        for place, group in enumerate(result.get("ranking", []), start=1):
            for s in group:
                floor = f"Black Cat on floor {scores[s]:g}" if s < len(scores) and scores[s] else "Black Cat outside"
                lines.append(Text(f"  {place}. {names[s]}: {floor}"))
        lines.append(Text("  (highest Black Cat first; a tie goes to who got there first; the toppler last)", "dim"))
    lines.append(
        Text(
            f"The tower stood {details.get('floors', '?')} floor(s) high; walls fallen: "
            f"{details.get('wall_debris', 0)}.",
            style="dim",
        )
    )
    return Group(*lines)
