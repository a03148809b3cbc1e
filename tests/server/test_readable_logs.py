"""Logs worth reading back (issue #32): Cat Cafe's secret choices are written into the log when the round
reveals them, one line per seat naming what it marked, and "has chosen" is said once per seat per round."""

from __future__ import annotations

import random
import re
from collections import Counter

from cattable.core import game as get_game
from cattable.core.i18n import render
from cattable.games.attack.board import standard_board
from cattable.games.cafe.actions import Draft, Mark
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.phases import MARKING
from cattable.games.cafe.sheet import HOUSE
from cattable.server.store import SeatRow, TableRow
from cattable.server.table import Table

CHOSEN = "has chosen (revealed when everyone has)"


def _cafe_table(players: int, seed: int) -> Table:
    state = get_game("cafe").new(players, seed)
    row = TableRow("t", "cafe", players, seed, state.options, "public", "test", "running", "", [], "")
    return Table(row=row, seats=[SeatRow(i, f"seat{i}", None, 0) for i in range(players)], state=state)


def _play_round_with_a_cat_house(table: Table) -> tuple[int, list[str]]:
    """Play one whole round, the first marker drawing a cat house when it can; the seat that did, and
    every seat's choice as its own action text, in seat order."""
    state = table.state
    assert isinstance(state, CafeState)
    start = state.round
    chosen: dict[int, str] = {}
    house_seat = -1
    while state.round == start and not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        houses = [a for a in legal if type(a) is Mark and a.item == HOUSE]
        action = houses[0] if houses and house_seat < 0 else legal[-1]
        if houses and house_seat < 0:
            house_seat = seat
        if type(action) is not Draft:
            chosen[seat] = (chosen[seat] + " " if seat in chosen else "") + action.text()
        table._record_and_apply(seat, action, None)
    return house_seat, [chosen[s] for s in sorted(chosen)]


def test_a_round_is_read_back_after_its_reveal() -> None:
    table = _cafe_table(3, 7)
    house_seat, chosen = _play_round_with_a_cat_house(table)
    assert house_seat >= 0, "the seed lets someone draw a cat house in round 1"
    for viewer in [0, 1, 2, None]:
        lines = table.log_lines(viewer)
        texts = [(line["seat"], render(line["msg"]["msgid"], line["msg"]["args"])) for line in lines]
        # "has chosen": once per other seat in the round, never for one's own choice
        said = Counter(seat for seat, text in texts if text == CHOSEN)
        assert said == Counter(s for s in range(3) if s != viewer), (viewer, texts)
        # the reveal: the last three lines, one per seat in seat order, naming what each marked
        reveal = texts[-3:]
        assert [seat for seat, _ in reveal] == [0, 1, 2]
        assert all(line["version"] == lines[-1]["version"] for line in lines[-3:])
        for (seat, text), own in zip(reveal, chosen, strict=True):
            if own == "pass":
                assert text == "passes"
            else:
                words = own.split()  # mark TOWER FLOOR ITEM [cat ITEM]
                assert text.startswith(f"draws a {words[3]} on tower {words[1]}, floor {words[2]}"), (text, own)
                if seat == house_seat:
                    assert text.endswith(f"and scores the {words[5]} cat"), text


def test_no_mark_is_told_before_the_reveal() -> None:
    table = _cafe_table(2, 3)
    state = table.state
    assert isinstance(state, CafeState)
    while state.phase != MARKING:
        table._record_and_apply(state.current_player, state.legal_actions()[0], None)  # type: ignore[arg-type]
    first = state.current_player
    assert first is not None
    table._record_and_apply(first, state.legal_actions()[-1], None)
    other = 1 - first
    assert [line["msg"]["msgid"] for line in table.log_lines(other)][-1] == CHOSEN
    assert not any(line["msg"]["msgid"].startswith("draws") for line in table.log_lines(other))


def _attack_table(players: int, seed: int) -> Table:
    state = get_game("attack").new(players, seed)
    row = TableRow("t", "attack", players, seed, state.options, "public", "test", "running", "", [], "")
    return Table(row=row, seats=[SeatRow(i, f"seat{i}", None, 0) for i in range(players)], state=state)


def test_attack_logs_name_places_in_the_boards_words() -> None:
    """Seeded Cat Attack games: no log line, as any seat or a spectator reads it in either language, holds
    a place id of the board (``r4_8``, ``bh``, ``larder4``), and every kind of move was told."""
    board = standard_board()
    ids = re.compile(r"\b(" + "|".join(sorted(map(re.escape, board.ids), key=len, reverse=True)) + r"|larder\d)\b")
    kinds: set[str] = set()
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        table = _attack_table(players, seed)
        rng = random.Random(seed)
        state = table.state
        while not state.is_over and len(state.history) < 400:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            kinds.add(action.to_json()["kind"])
            table._record_and_apply(state.current_player, action, None)  # type: ignore[arg-type]
        for viewer in [*range(players), None]:
            for line in table.log_lines(viewer):
                for lang in ("en", "fr"):
                    said = render(line["msg"]["msgid"], line["msg"]["args"], lang)
                    assert not ids.search(said), f"{said!r} names a place by its id (seat {viewer}, {lang})"
                    assert "{" not in said and "None" not in said, said
    assert {"move", "cat_card", "mouse_card", "bird_card", "attack", "burglar"} <= kinds


def test_seats_and_houses_read_from_one() -> None:
    """The fight's opponent and a Six Cat's house are 0-based in the message (a protocol field) and
    1-based in what people read, as the browser numbers seats."""
    from cattable.games.attack.messages import ANNOUNCEMENTS, EXCHANGE

    assert render(ANNOUNCEMENTS["fight"], {"opponent": 0, "suit": "mouse"}) == (
        "starts a Cat Fight against cat 1 with mouse cards"
    )
    assert render(ANNOUNCEMENTS["six_cat"], {"suit": "bird", "house": 5}).endswith("against house 6")
    assert render(EXCHANGE, {"other": 2}) == "exchanges a card with cat 3"
    from cattable.games.attack.events import text

    assert text("attacked", {"cat": 0, "victim": 1, "at": "n1"}) == "Cat 1 attacks cat 2 on n1."
