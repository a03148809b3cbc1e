"""What a person sees at an 80x24 terminal: every table fits its width, the facts needed to move stay on
screen (the last 23 lines, above the prompt), the end says who won and why, and the legend matches the map."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console, RenderableType

import cattable
from cattable.agents import make_agent
from cattable.core import State
from cattable.interfaces.terminal.common import describe_result, renderer
from cattable.interfaces.terminal.drawings import cafe as cafe_drawing
from cattable.interfaces.terminal.drawings import washi as washi_drawing

WIDTH, HEIGHT = 80, 24
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]


def screen(thing: RenderableType) -> list[str]:
    """The lines ``thing`` prints on an 80-column terminal."""
    console = Console(width=WIDTH, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(thing)
    console.file.close()
    return console.export_text().splitlines()


def visible(lines: list[str]) -> str:
    """What stays on screen once the prompt is printed under the drawing: its last 23 lines."""
    return "\n".join(lines[-(HEIGHT - 1) :])


def played(name: str, players: int, moves: int, seed: int = 3, **options: Any) -> State:
    """A game some moves in, played by heuristic bots."""
    game = cattable.game(name)
    state = game.new(players=players, seed=seed, **options)
    bot = make_agent("heuristic", game, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(bot.choose(state.view(seat), state.legal_actions()))
    return state


def finished(name: str, players: int, seed: int = 2, **options: Any) -> State:
    return played(name, players, 100_000, seed, **options)


def draw(state: State, seat: int | None) -> list[str]:
    return screen(renderer(state.game)(state.view(seat), seat))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cafe_fits_80x24_with_your_sheet_whole_and_the_dice(players: int) -> None:
    state = played("cafe", players, 7 * players)
    seat = 0
    lines = draw(state, seat)
    assert max(len(line) for line in lines) <= WIDTH
    assert len(lines) <= HEIGHT - 1, "the drawing and the prompt fit 24 lines"
    shown = visible(lines)
    view = state.view(seat)
    assert "dice rolled:" in shown and f"seat {view['to_play'] + 1} to play" in shown
    assert "seat 1 (you)" in shown and "footprints" in shown and "T5" in shown  # your sheet, whole
    for other in range(1, players):
        assert f"seat {other + 1}:" in shown  # the others, one line each


def test_cafe_solo_fits_and_a_sheet_is_drawn_whole_on_request() -> None:
    lines = draw(played("cafe", 1, 3), 0)
    assert len(lines) <= HEIGHT - 1 and max(map(len, lines)) <= WIDTH
    assert "your dice:" in visible(lines)
    state = played("cafe", 3, 9)
    sheet = screen(cafe_drawing.render_sheet(state.view(0), 2, 0))
    assert "seat 3 " in sheet[0] and any("footprints" in line for line in sheet)
    assert len(sheet) <= HEIGHT - 1 and max(map(len, sheet)) <= WIDTH


@pytest.mark.parametrize("players", [2, 4, 6])
def test_washi_fits_80_columns_and_says_whose_turn_last(players: int) -> None:
    state = played("washi", players, 4 * players)
    lines = draw(state, 0)
    assert max(len(line) for line in lines) <= WIDTH
    assert "to play" in lines[-1]
    shown = visible(lines)
    assert "player 1 (you)" in shown and "fish" in shown


@pytest.mark.parametrize("players", [2, 4, 6])
def test_attack_fits_80_columns_with_the_turn_and_your_hand_on_screen(players: int) -> None:
    state = played("attack", players, 6 * players)
    lines = draw(state, 0)
    assert max(len(line) for line in lines) <= WIDTH
    shown = visible(lines)
    assert "'s turn" in shown and "Your hand" in shown


@pytest.mark.slow
@pytest.mark.physics
def test_tower_status_stays_on_screen_in_a_played_game() -> None:
    state = played("tower", 2, 16, mode="competitive")
    assert state.view(0)["tower"]["reading"]["floor_levels"], "the tower has floors"
    lines = draw(state, 0)
    assert max(len(line) for line in lines) <= WIDTH
    shown = visible(lines)
    assert "wall debris" in shown
    assert ("to play" in shown) or ("GAME OVER" in shown)
    assert "The tower" in shown


def test_the_tower_draws_its_top_floors_and_counts_the_rest() -> None:
    from cattable.interfaces.terminal.drawings import tower

    state = cattable.game("tower").new(players=2, seed=1)
    view = state.view(0)
    levels = {f"F{i}": i for i in range(1, 21)}  # a twenty-floor tower, arranged by hand in the view
    view["tower"] = {**view["tower"], "reading": {**view["tower"]["reading"], "floor_levels": levels}}
    lines = screen(tower.render(view, 0))
    assert max(map(len, lines)) <= WIDTH and len(lines) <= HEIGHT - 1
    text = "\n".join(lines)
    assert "20 " in text and f"{20 - tower.SHOWN_FLOORS} floor(s) below" in text
    assert "to play" in lines[-2]  # the status, last, inside its panel


def explained(state: State) -> str:
    result = state.result().to_json()
    return "\n".join(screen(describe_result(state.game, result, NAMES[: state.players], state.view(None))))


def test_the_end_of_tokyo_washi_says_who_won_and_why() -> None:
    state = finished("washi", 2)
    text = explained(state)
    winner = NAMES[state.result().winners[0]]
    assert f"{winner} win" in text
    assert "trapped" in text or "both cats are home" in text
    assert "cats home with a fish" in text and "fish picked up" in text
    assert "Scores:" not in text


def test_the_end_of_cat_cafe_breaks_the_score_down() -> None:
    state = finished("cafe", 3)
    text = explained(state)
    assert "highest score" in text
    for part in ("cats", "yarn", "butterfly", "bowl", "cushion", "mouse", "towers", "total"):
        assert part in text
    rows = state.result().details["breakdown"]
    assert str(rows[0]["total"]) in text
    solo = explained(finished("cafe", 1))
    assert "the target was 100" in solo


def test_the_end_of_cat_attack_says_why_and_counts_lives_and_food() -> None:
    text = explained(finished("attack", 3))
    assert "six different foods" in text or "last cat standing" in text or "Nobody wins" in text
    assert "lives + food" in text
    timed = explained(finished("attack", 3, time_limit=3))
    assert "rounds ran out" in timed


def test_the_end_of_the_tower_says_how_it_ended() -> None:
    from cattable.games.tower import events as ev
    from cattable.interfaces.terminal.drawings import tower

    view = cattable.game("tower").new(players=2, seed=1).view(None)
    why = ev.message(ev.COLLAPSE, why=ev.message(ev.WALLS_FALLEN, n=5))
    view["events"] = [*view["events"], ev.message(ev.GAME_OVER, why=why)]
    result = {
        "winners": [],
        "ranking": [[0, 1]],
        "scores": None,
        "team_win": False,
        "details": {"outcome": "defeat", "floors": 7, "wall_debris": 5, "turns": 30, "toto_floor": 4},
    }
    text = "\n".join(screen(tower.explain_result(result, NAMES[:2], view)))
    assert "The table loses" in text and "the tower collapses: 5 walls have fallen" in text and "floor 4" in text


def test_the_washi_legend_names_every_mark_the_map_uses() -> None:
    for name, players in (("standard", 2), ("long", 2), ("city6", 6)):
        state = played("washi", players, 6 * players, map=name)
        view = state.view(0)
        grid = "".join(view["map"]["grid"])
        lines = draw(state, 0)
        cw = washi_drawing.cell_width(view["width"], WIDTH)  # city6's 40 columns: one character a cell
        if not lines[0].startswith("Tokyo Washi"):  # a tall map: the legend is in the panel beside it
            lines = [line[3 + cw * view["width"] + 2 :] for line in lines]
        text = " ".join("\n".join(lines).split())  # the legend may wrap anywhere: compare words
        legend = washi_drawing.legend_text(view, grid, set(washi_drawing.DOOR_MARK.values()), cw)
        for ch, mark in (("#", "##: shrine"), ("o", "oo: storm drain"), ("%", "%%: forest")):
            mark = mark[2 - cw :]
            assert (mark in text) == (ch in grid), (name, mark)
            assert (mark in legend) == (ch in grid)
        sewers = sorted({ch for ch in grid if ch.islower() and ch != "o"})
        if sewers:
            assert " ".join(ch * cw for ch in sewers) + ": sewer pair" in text
        assert ("A : building" if cw == 2 else "A: building") in text
        assert f"{washi_drawing.GLYPHS[cw]['fish']}: fish" in text
        assert "^^" not in text  # ^ only ever marks a north door; the forest is %%


def test_the_tower_drawing_tells_its_events_in_french() -> None:
    """renderer(game, "fr") gives the tower's drawing its language: what just happened is told in French."""
    game = cattable.game("tower")
    state = game.new(players=2, seed=1)
    state.apply(state.legal_actions()[0])
    view = state.view(None)
    english = visible(screen(renderer(game)(view, None)))
    french = visible(screen(renderer(game, "fr")(view, None)))
    assert "seat 1 takes A" in english, english
    assert "la place 1 prend A" in french and "takes" not in french, french


def test_the_tower_says_where_toto_in_hand_goes() -> None:
    """Issue #31: Toto in the player's hand (a goal's climb, or back after a fall) shows his floor, and his
    placement reads as typed."""
    from cattable.games.tower.actions import Toto
    from cattable.interfaces.terminal.drawings import tower

    state = cattable.game("tower").new(players=2, seed=1)
    view = state.view(0)
    view["phase"], view["pending"] = "place", [{"piece": "toto", "floor": "F3", "tries": 0}]
    text = "\n".join(screen(tower.render(view, 0)))
    assert "still to place: toto on F3" in text
    assert state.game.parse_action("toto x=1.5 y=-1.5 yaw=0") == Toto("toto", 1.5, -1.5, 0.0)
