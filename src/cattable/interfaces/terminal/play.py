"""``cattable play``: people at the keyboard, bots in the other seats, the table drawn in colour.

At the prompt: a move in the game's text form, ``help`` (the legal moves), ``hint`` (the heuristic's
suggestion), ``undo`` (take back your last move while nothing hidden or random has been revealed since),
``show`` (the table again), ``sheet N`` (seat N's sheet in full, in games whose drawing draws the other
seats compactly), ``save``, ``quit``. The game is saved as a record at the end and on Ctrl-C.

Each game's drawing module (its descriptor's ``drawing``) gives ``render(view, seat)`` and may
give ``render_sheet(view, p, seat)`` (one seat's part in full), ``revealed(before, after, names)`` (lines
to print when a move reveals what was hidden, such as Cat Cafe's simultaneous marks) and
``explain_result(result, names, view)`` (who won and why).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule

from cattable.agents import Agent, InfoSet, make_agent
from cattable.core import Action, Game, State
from cattable.core.i18n import check_language
from cattable.core.registry import descriptor

from .common import check_writable_file, console, describe_result, renderer, save_record, save_record_somewhere

HELP = (
    "Type a move, or: [bold]help[/] (legal moves), [bold]hint[/] (a suggestion), [bold]undo[/] "
    "(take back your last move), [bold]show[/] (the table again), [bold]save[/], [bold]quit[/]."
)
SHEET_HELP = "  [bold]sheet N[/] shows seat N's sheet in full (the others are drawn small)."


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
        lang: str = "en",
    ) -> None:
        self.game = game
        self.lang = check_language(lang)
        self.state = state
        self.humans = list(humans)
        self.bots = bots
        self.save_to = save_to
        self.read = read
        self.pictures = pictures
        self.draw = renderer(game, self.lang)
        self.drawing = descriptor(game.name).drawing.load()
        self.names = [
            f"You{'' if len(humans) == 1 else ' ' + str(s + 1)}" if s in humans else f"Bot {s + 1}"
            for s in range(state.players)
        ]
        self.undo_stack: list[Checkpoint] = []
        self.hinter: Agent | None = None

    # -- the loop ---------------------------------------------------------------------------------
    def run(self) -> State:
        console.print(Rule(f"[bold]{self.game.title}[/]"))
        seed = self.state.seed
        console.print(f"Seed {seed}: play this deal again with [bold]--seed {seed}[/].")
        console.print(HELP + (SHEET_HELP if self._has_sheets() else ""))
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
        path, trouble = save_record_somewhere(self.state.record(), self.save_to)
        if self.state.is_over:
            final = self.state.view(None)
            console.print(self.draw(final, self._viewer()))
            result = self.state.result().to_json()
            console.print(Panel(describe_result(self.game, result, self.names, final), title="Game over"))
        if trouble:
            console.print(f"[red]{trouble}[/]")
        console.print(f"Record saved to [bold]{path}[/] (replay it with: cattable replay {path})", soft_wrap=True)
        return self.state

    def _has_sheets(self) -> bool:
        return self.drawing is not None and hasattr(self.drawing, "render_sheet") and self.state.players > 1

    def _viewer(self) -> int | None:
        """Whose eyes the log is written for: the one person, or nobody's secrets when several share it."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _apply(self, action: Any, announce: str) -> None:
        """Play ``action`` (an illegal one raises, changing nothing), print ``announce``, then what the move
        revealed (the drawing says what, in games that hide anything)."""
        tell = getattr(self.drawing, "revealed", None) if self.drawing is not None else None
        before = self.state.view(self._viewer()) if tell is not None else None
        self.state.apply(action)
        if not announce.endswith(": "):  # a move not told at this screen (Cat Cafe's cat, to the others)
            console.print(announce)
        if tell is not None:
            for line in tell(before, self.state.view(self._viewer()), self.names):
                console.print(line)

    def bot_turn(self, seat: int) -> None:
        agent = self.bots[seat]
        view = self.state.view(seat) if agent.needs_view else {}
        # a hard bot on a tall tower can think for seconds: say so rather than look frozen
        with console.status(f"{self.names[seat]} is thinking...", spinner="dots"):
            action = agent.choose_with(view, self.state.legal_actions(), InfoSet(self.state, seat))
        self._apply(action, f"[cyan]{self.names[seat]}[/]: {self.announce(action)}")
        self.after_move()

    def announce(self, action: Action) -> str:
        """How the move is told at this screen: the catalogue's sentence (places in words, seats from 1),
        followed in English by the command that plays it (so one learns the commands) when it is no secret.
        Empty when the move is not told to this screen at all."""
        viewer = self._viewer()
        said = self.state.public_message(action, viewer)
        if not said.msgid:
            return ""
        text = self.state.public_text(action, viewer)
        sentence = escape(said.render(self.lang))
        if self.lang == "en" and text == action.text() and text != sentence:
            return f"{sentence} [dim]({escape(text)})[/]"
        return sentence

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
            if word in ("show", "table", "board"):
                console.print(self.draw(self.state.view(seat), seat))
                continue
            if word == "sheet" or word.startswith("sheet "):
                self.show_sheet(seat, word[len("sheet") :].strip())
                continue
            if self.try_move(seat, line):
                return True

    def try_move(self, seat: int, line: str) -> bool:
        before = self.state.clone()
        try:
            action = self.game.parse_action(line)
            # a person's own secret move (a card exchange) is not shown whole on a screen others share
            self._apply(action, f"[green]{self.names[seat]}[/]: {self.announce(action)}")
        except ValueError as exc:
            console.print(f"[red]{exc}[/]  (type [bold]help[/] for the legal moves)")
            return False
        self.undo_stack.append(Checkpoint(before, len(before.chance.log), seat))
        self.after_move()
        return True

    def after_move(self) -> None:
        if self.pictures is None:
            return
        module = descriptor(self.game.name).drawing.load()
        if module is None or not hasattr(module, "render_state"):
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        out = self.pictures / f"{self.game.name}-{len(self.state.history):04d}.png"
        module.render_state(self.state, str(out))

    # -- helpers at the prompt ------------------------------------------------------------------
    def show_sheet(self, seat: int, which: str) -> None:
        """``sheet N``: seat N's part of the table in full, as that seat's neighbours may see it."""
        if not self._has_sheets():
            console.print("[yellow]This table is drawn whole already: type [bold]show[/] to see it again.[/]")
            return
        players = self.state.players
        if not which.isdigit() or not 1 <= int(which) <= players:
            console.print(f"[yellow]Which sheet? Type [bold]sheet N[/] with N from 1 to {players}.[/]")
            return
        assert self.drawing is not None
        console.print(self.drawing.render_sheet(self.state.view(seat), int(which) - 1, seat))

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
    bots: int | str | None,
    agent: str | None,
    seed: int,
    options: dict[str, Any],
    save_to: Path | None,
    read: Callable[[str], str] = input,
    pictures: Path | None = None,
    lang: str = "en",
) -> State:
    """Seat a person in each seat before the bots' (``bots=None``: every seat but the first is a bot)."""
    if not game.min_players <= players <= game.max_players:
        lo, hi = game.min_players, game.max_players
        raise ValueError(f"--players {players}: {game.title} is played by {lo} to {hi} players")
    default = agent or ("heuristic" if _has_heuristic(game) else "random")
    specs = bot_specs(players - 1 if bots is None else bots, default)
    if len(specs) > players:
        raise ValueError(f"--bots asks for {len(specs)} bots but there are only {players} seats")
    state = game.new(players=players, seed=seed, **options)
    first_bot = players - len(specs)
    humans = list(range(first_bot))
    seats = {
        first_bot + i: make_agent(spec, game, seed=seed * 31 + first_bot + i, imports=True)
        for i, spec in enumerate(specs)
    }
    if save_to is None:
        save_to = default_record_path(game, seed)
        check_writable_file(save_to, "the records folder:", create_folder=True)
    return TerminalGame(game, state, humans, seats, save_to, read, pictures, lang).run()


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
    return descriptor(game.name).heuristic.declared
