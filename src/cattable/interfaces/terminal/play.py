"""``cattable play``: people at the keyboard, bots in the other seats, the table drawn in colour.

At the prompt: a move in the game's text form, ``help`` (the legal moves), ``hint`` (the heuristic's
suggestion), ``undo`` (take back your last move while nothing hidden or random has been revealed since),
``save``, ``quit``. The game is saved as a record at the end and on Ctrl-C.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.panel import Panel
from rich.rule import Rule

from cattable.agents import Agent, InfoSet, make_agent
from cattable.core import Game, State
from cattable.core.registry import DRAWING_GROUP, HEURISTIC_GROUP, companion

from .common import console, describe_result, renderer, save_record

HELP = (
    "Type a move, or: [bold]help[/] (legal moves), [bold]hint[/] (a suggestion), [bold]undo[/] "
    "(take back your last move), [bold]save[/], [bold]quit[/]."
)


@dataclass
class Checkpoint:
    """The state before a person's move, and how much chance had been revealed by then."""

    before: State
    chance_before: int
    seat: int


class TerminalGame:
    """One game at the terminal. ``read`` is where typed lines come from (``input`` by default)."""

    def __init__(
        self,
        game: Game,
        state: State,
        humans: Sequence[int],
        bots: dict[int, Agent],
        save_to: Path,
        read: Callable[[str], str] = input,
        pictures: Path | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.humans = list(humans)
        self.bots = bots
        self.save_to = save_to
        self.read = read
        self.pictures = pictures
        self.draw = renderer(game)
        self.names = [
            f"You{'' if len(humans) == 1 else ' ' + str(s)}" if s in humans else f"Bot {s}"
            for s in range(state.players)
        ]
        self.undo_stack: list[Checkpoint] = []
        self.hinter: Agent | None = None

    # -- the loop ---------------------------------------------------------------------------------
    def run(self) -> State:
        console.print(Rule(f"[bold]{self.game.title}[/]"))
        console.print(HELP)
        try:
            while not self.state.is_over:
                seat = self.state.current_player
                assert seat is not None
                if seat in self.bots:
                    self.bot_turn(seat)
                elif not self.human_turn(seat):
                    break
        except (KeyboardInterrupt, EOFError):
            console.print("\n[yellow]Stopped.[/]")
        path = save_record(self.state.record(), self.save_to)
        if self.state.is_over:
            console.print(self.draw(self.state.view(None), None))
            console.print(
                Panel(describe_result(self.game, self.state.result().to_json(), self.names), title="Game over")
            )
        console.print(f"Record saved to [bold]{path}[/] (replay it with: cattable replay {path})")
        return self.state

    def bot_turn(self, seat: int) -> None:
        agent = self.bots[seat]
        view = self.state.view(seat) if agent.needs_view else {}
        # a hard bot on a tall tower can think for seconds: say so rather than look frozen
        with console.status(f"{self.names[seat]} is thinking...", spinner="dots"):
            action = agent.choose_with(view, self.state.legal_actions(), InfoSet(self.state, seat))
        viewer = self.humans[0] if len(self.humans) == 1 else None
        announced = self.state.public_text(action, viewer)
        self.state.apply(action)
        console.print(f"[cyan]{self.names[seat]}[/]: {announced}")
        self.after_move()

    def human_turn(self, seat: int) -> bool:
        """Ask until a move is played; False when the person quits."""
        console.print(self.draw(self.state.view(seat), seat))
        while True:
            line = self.read(f"{self.names[seat]} > ").strip()
            if not line:
                continue
            word = line.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?", "moves"):
                self.show_moves()
                continue
            if word == "hint":
                self.show_hint(seat)
                continue
            if word == "undo":
                if self.undo(seat):
                    return True
                continue
            if word == "save":
                console.print(f"Saved to {save_record(self.state.record(), self.save_to)}")
                continue
            if self.try_move(seat, line):
                return True

    def try_move(self, seat: int, line: str) -> bool:
        before = self.state.clone()
        try:
            action = self.game.parse_action(line)
            self.state.apply(action)
        except ValueError as exc:
            console.print(f"[red]{exc}[/]  (type [bold]help[/] for the legal moves)")
            return False
        self.undo_stack.append(Checkpoint(before, len(before.chance.log), seat))
        console.print(f"[green]{self.names[seat]}[/]: {action.text()}")
        self.after_move()
        return True

    def after_move(self) -> None:
        if self.pictures is None:
            return
        module = companion(DRAWING_GROUP, self.game.name)
        if module is None or not hasattr(module, "render_state"):
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        out = self.pictures / f"{self.game.name}-{len(self.state.history):04d}.png"
        module.render_state(self.state, str(out))

    # -- helpers at the prompt ------------------------------------------------------------------
    def show_moves(self) -> None:
        legal = self.state.legal_actions()
        texts = [a.text() for a in legal]
        shown = texts[:200]
        console.print(f"{len(texts)} legal move(s):")
        console.print("  " + "\n  ".join(shown))
        if len(texts) > len(shown):
            console.print(f"  ... and {len(texts) - len(shown)} more")

    def show_hint(self, seat: int) -> None:
        if self.hinter is None:
            try:
                self.hinter = make_agent("heuristic", self.game, seed=len(self.state.history))
            except ValueError:
                self.hinter = make_agent("random", self.game, seed=len(self.state.history))
        action = self.hinter.choose(self.state.view(seat), self.state.legal_actions())
        console.print(f"Suggestion: [bold]{action.text()}[/]")

    def undo(self, seat: int) -> bool:
        """Go back to before this seat's last move, if no chance outcome was revealed by it or since."""
        while self.undo_stack and self.undo_stack[-1].seat != seat:
            self.undo_stack.pop()
        if not self.undo_stack:
            console.print("[yellow]Nothing of yours to undo.[/]")
            return False
        mark = self.undo_stack[-1]
        if len(self.state.chance.log) != mark.chance_before:
            console.print("[yellow]Too late to undo: dice, cards or the physics have revealed something since.[/]")
            return False
        self.undo_stack.pop()
        self.state = mark.before
        console.print("[green]Undone.[/]")
        return True


def default_record_path(game: Game, seed: int) -> Path:
    """records/<game>-seed<seed>-<time>.json: the clock names the file, it never seeds the game."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path("records") / f"{game.name}-seed{seed}-{stamp}.json"


def start(
    game: Game,
    players: int,
    bots: int | str,
    agent: str | None,
    seed: int,
    options: dict[str, Any],
    save_to: Path | None,
    read: Callable[[str], str] = input,
    pictures: Path | None = None,
) -> State:
    default = agent or ("heuristic" if _has_heuristic(game) else "random")
    specs = bot_specs(bots, default)
    if len(specs) > players:
        raise ValueError(f"--bots asks for {len(specs)} bots but there are only {players} seats")
    state = game.new(players=players, seed=seed, **options)
    first_bot = players - len(specs)
    humans = list(range(first_bot))
    seats = {first_bot + i: make_agent(spec, game, seed=seed * 31 + first_bot + i) for i, spec in enumerate(specs)}
    return TerminalGame(game, state, humans, seats, save_to or default_record_path(game, seed), read, pictures).run()


def bot_specs(bots: int | str, default: str) -> list[str]:
    """The bots' kinds, one per bot seat: ``--bots 2`` (two of the default kind), ``--bots mcts:hard``
    (one), ``--bots heuristic,mcts:hard`` (one of each, in the last seats)."""
    text = str(bots).strip()
    if text.isdigit():
        return [default] * int(text)
    if text.startswith("-") and text[1:].isdigit():
        raise ValueError("--bots must be a count of 0 or more, or bot kinds such as mcts:hard")
    specs = [part.strip() for part in text.split(",") if part.strip()]
    if not specs:
        raise ValueError("--bots must be a count, or bot kinds such as mcts:hard")
    return specs


def _has_heuristic(game: Game) -> bool:
    return companion(HEURISTIC_GROUP, game.name) is not None
