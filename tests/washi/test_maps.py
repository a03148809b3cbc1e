"""The map format: shipped maps, the map option, and a validator that names the line and column."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import cattable
from cattable.core import OptionError
from cattable.games.washi.mapfile import MapError, load_map, parse_map, shipped_maps
from tests.rulebook import rule

from .helpers import BOOK, washi

GOOD = """\
name: tiny
players: 2
strip: red bottom
strip: blue top
door: c2 north
map:
......
..A...
......
r....r
......
"""


def test_the_shipped_maps_are_valid_and_cover_two_to_six_players() -> None:
    assert {"standard", "long", "city6"} <= set(shipped_maps())
    covered = set()
    for name in shipped_maps():
        spec = load_map(name)
        covered |= set(range(spec.min_players, spec.max_players + 1))
    assert covered == {2, 3, 4, 5, 6}


@rule(BOOK, "These rules will cover the standard 2 player game.")
@rule(BOOK, "Rip off two full segments of tape and align the tops together")
def test_two_players_get_the_standard_map_by_default() -> None:
    state = cattable.game("washi").new(players=2, seed=0)
    view = state.view(None)
    assert view["map"]["name"] == "standard"
    assert view["width"] == 20  # two segments of ten columns, side by side
    assert [p["edge"] for p in view["players"]] == ["bottom", "top"]


@rule(
    BOOK,
    (
        "shown (you can rip through the forest section if you don't have scissors since "
        "it isn't used in the standard game):"
    ),
)
def test_the_forest_is_torn_off_the_standard_map_and_walkable_on_the_long_one() -> None:
    assert not any("%" in row for row in load_map("standard").grid)
    long_map = load_map("long")
    assert any("%" in row for row in long_map.grid)
    state = washi(cattable.game("washi").new(players=2, seed=0, map="long"))
    forest = [i for i, ch in enumerate(state.board.char) if ch == "%"]
    assert forest and all(state.board.walkable[i] for i in forest)


def test_three_to_six_players_get_the_city_and_a_map_can_be_named() -> None:
    game = cattable.game("washi")
    for n in range(3, 7):
        assert game.new(players=n, seed=0).view(None)["map"]["name"] == "city6"
    assert game.new(players=2, seed=0, map="long").view(None)["map"]["name"] == "long"
    with pytest.raises(OptionError, match="no map 'nowhere'"):
        game.new(players=2, seed=0, map="nowhere")
    with pytest.raises(OptionError, match="is for 2 to 2 players"):
        game.new(players=4, seed=0, map="standard")


@rule(
    BOOK,
    (
        "SETUP: Depending on the style of game you want to play, you can tear the washi "
        "tape and make any shape or size of game you wish!"
    ),
)
def test_a_torn_map_from_a_file_plays_to_the_end(tmp_path: Path) -> None:
    torn = tmp_path / "torn.txt"
    torn.write_text(
        "name: torn\nplayers: 2\nstrip: green bottom\nstrip: yellow top\nmap:\n"
        "..........\n...  .....\n...   ....\n....  ....\n..........\n",
        encoding="utf-8",
    )
    game = cattable.game("washi")
    state = washi(game.new(players=2, seed=5, map=str(torn)))
    holes = [i for i, ch in enumerate(state.board.char) if ch == " "]
    assert holes and not any(state.board.walkable[i] for i in holes)
    rng = random.Random(5)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert not any(state.owner[i] >= 0 for i in holes)
    again = cattable.replay(state.record())
    assert again.snapshot() == state.snapshot()


def test_a_good_small_map_parses() -> None:
    spec = parse_map(GOOD)
    assert spec.width == 6 and spec.height == 5 and spec.doors == ((1, 2, "north"),)


@pytest.mark.parametrize(
    ("change", "where", "complaint"),
    [
        (("......\n..A...", "......\n..A.?."), "line 8, column 5", "unknown map character '?'"),
        (("r....r", "r....."), "line 10, column 1", "sewer 'r' appears 1 times on this row"),
        (("door: c2 north\n", ""), "line 7, column 3", "building A has no door"),
        (
            ("door: c2 north\nmap:\n......\n..A...", "door: c2 east\nmap:\n......\n..A#.."),
            "line 5, column 1",
            "door c2 east opens onto no street space",
        ),
        (("door: c2 north", "door: d2 north"), "line 5, column 1", "door d2 is not a building cell"),
        (("door: c2 north", "door: c2 up"), "line 5, column 1", "door needs a cell and a side"),
        (("strip: blue top", "strip: red top"), "line 4, column 1", "colour red is used by two strips"),
        (("strip: blue top", "strip: blue top 1-3"), "line 4, column 1", "has 3 street spaces; needs 6"),
        (("strip: blue top", "strip: blue middle"), "line 4, column 1", "strip needs a colour, an edge"),
        (("strip: blue top", "strip: teal top"), "line 4, column 1", "unknown colour 'teal'"),
        (("players: 2", "players: 7"), "line 2, column 1", "the game is for 2 to 6 players"),
        (("players: 2", "players: 3"), "line 2, column 1", "3 players need 3 'strip:' lines"),
        (("name: tiny", "nmae: tiny"), "line 1, column 1", "unknown key 'nmae'"),
        (("map:\n", "grid:\n"), "line 6, column 1", "unknown key 'grid'"),
        (("strip: blue top", "strip: blue bottom"), "line 4, column 1", "overlaps an earlier strip's row"),
        (("strip: blue top", "strip: blue left 1-4"), "line 4, column 1", "street spaces; needs 6"),
        (("..A...\n......\nr....r", "..A...\n..A...\n....A.\nr....r"), "line 10, column 5", "building A is in more"),
        (
            ("......\nr....r\n......\n", "......\nr....r\n.. ...\n"),
            "line 11, column 3",
            "runs over torn-off tape or a building here",
        ),
    ],
)
def test_a_broken_map_is_refused_naming_the_line_and_column(
    change: tuple[str, str], where: str, complaint: str
) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(MapError) as err:
        parse_map(GOOD.replace(old, new, 1), "broken.txt")
    assert f"broken.txt: {where}: " in str(err.value)
    assert complaint in str(err.value)


def test_a_map_without_a_grid_is_refused() -> None:
    with pytest.raises(MapError, match="no 'map:' line"):
        parse_map("name: x\nplayers: 2\n")


def test_an_edited_map_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(GOOD, encoding="utf-8")
    game = cattable.game("washi")
    assert game.new(players=2, seed=0, map=str(path)).view(None)["map"]["name"] == "tiny"
    path.write_text(GOOD.replace("name: tiny", "name: tiny2"), encoding="utf-8")
    os.utime(path, ns=(1, 10**18))  # a later modification time, however coarse the file system clock
    assert game.new(players=2, seed=0, map=str(path)).view(None)["map"]["name"] == "tiny2"
