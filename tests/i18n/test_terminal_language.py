"""`cattable play --lang fr`: the moves are told in French from the same catalogue the server uses."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cattable
from cattable.agents import make_agent
from cattable.interfaces.terminal.play import TerminalGame


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_terminal_tells_the_moves_in_the_chosen_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = cattable.game("washi")
    state = game.new(players=2, seed=3)
    rng = random.Random(1)

    def person(prompt: str) -> str:
        legal = table.state.legal_actions()
        return legal[rng.randrange(len(legal))].text()

    bots = {1: make_agent("heuristic", game, seed=1)}
    table = TerminalGame(game, state, [0], bots, tmp_path / "game.json", read=person, lang=lang)
    assert table.run().is_over
    out = capsys.readouterr().out
    if lang == "fr":
        assert "You: place un poisson en" in out and "You: fish " not in out
    else:
        # the sentence, then the command that plays it
        assert "You: places a fish at " in out and "(fish " in out and "place un poisson" not in out


def test_an_unknown_language_is_refused_before_the_game(tmp_path: Path) -> None:
    game = cattable.game("washi")
    with pytest.raises(ValueError, match="unknown language"):
        TerminalGame(game, game.new(players=2), [0, 1], {}, tmp_path / "g.json", lang="de")
