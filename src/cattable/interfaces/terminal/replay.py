"""``cattable replay``: step through a saved game, move by move, with the table drawn."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.rule import Rule

from cattable.core import Action, replay
from cattable.core import game as get_game

from .common import console, describe_result, renderer


def run(record: dict[str, Any], step: bool, read: Callable[[str], str] = input, lang: str = "en") -> None:
    """Show every position; with ``step``, Enter goes on, ``b`` goes back, ``q`` stops. In English a move
    is told as the command that plays it, in another language as the catalogue's sentence."""
    game = get_game(str(record.get("game")))
    final = replay(record)  # fails early, with a clear message, on a broken record
    draw = renderer(game, lang)
    actions = final.history
    names = [f"seat {s + 1}" for s in range(final.players)]
    i = 0
    console.print(Rule(f"[bold]{game.title}[/]: {len(actions)} actions, seed {final.seed}"))
    while True:
        state = replay(record, upto=i)
        if i > 0:
            console.print(f"[bold]{i}.[/] {escape(told(record, actions[i - 1], i - 1, lang))}")
        if step or i == len(actions):
            console.print(draw(state.view(None), None))
        if i == len(actions):
            break
        if step:
            key = read("[Enter] next, b back, q quit > ").strip().lower()
            if key == "q":
                return
            if key == "b":
                i = max(0, i - 1)
                continue
        i += 1
    if final.is_over:
        console.print(describe_result(game, final.result().to_json(), names, final.view(None)))


def told(record: dict[str, Any], action: Action, i: int, lang: str) -> str:
    """Move ``i`` (``action``) of a record, told in ``lang``: a record is public, so nothing is hidden."""
    if lang == "en":
        return action.text()
    return replay(record, upto=i).public_message(action, None).render(lang)


def interactive() -> bool:
    return sys.stdin.isatty()
