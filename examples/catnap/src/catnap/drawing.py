"""Cat Nap in the terminal: the bag, the lap, every basket, and your secret favourite, drawn from a view.

Found by the entry point ``cattable.drawings: catnap = "catnap.drawing"``; ``cattable play`` and
``cattable replay`` call ``render(view, seat)``. It reads only the view, so it cannot show a secret.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .actions import COLOURS

STYLE = {"black": "bold white on grey23", "ginger": "bold dark_orange", "white": "bold bright_white", "dog": "bold red"}


def _token(token: str) -> Text:
    return Text(token, style=STYLE[token])


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as ``seat`` sees it (None: a spectator)."""
    bag = Text("bag: ")
    for token, n in view["bag"].items():
        bag.append(f"{n} ").append_text(_token(token)).append("   ")
    lap = Text("lap: ")
    for token in view["lap"]:
        lap.append_text(_token(token)).append("  ")
    if not view["lap"]:
        lap.append("empty", style="dim")
    drew = Text("")
    previous = view["previous"]
    if previous:
        drew.append(f"seat {previous['seat']} drew ")
        for token in previous["drew"]:
            drew.append_text(_token(token)).append(" ")
        if previous["napped"]:
            drew.append("and napped ").append_text(_token(previous["napped"]))
        else:
            drew.append("and the cats ran away", style="red")

    table = Table(title="baskets", show_edge=False)
    table.add_column("seat")
    for colour in COLOURS:
        table.add_column(colour, justify="right")
    table.add_column("favourite")
    favourites = view["favourites"]
    for s, basket in enumerate(view["baskets"]):
        if favourites is not None:
            fav = favourites[s]
        elif s == seat:
            fav = f"{view['favourite']} (secret)"
        else:
            fav = "?"
        marker = "▶ " if s == view["turn"] else "  "
        table.add_row(f"{marker}{s}{' (you)' if s == seat else ''}", *(str(basket[c]) for c in COLOURS), fav)

    footer = Text(f"{view['ran_away']} cat(s) ran away", style="dim")
    title = "Cat Nap" if view["turn"] is not None else "Cat Nap: game over"
    return Panel(Group(bag, lap, drew, table, footer), title=title)
