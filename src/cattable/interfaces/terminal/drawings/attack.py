"""Mog Land in the terminal: the board drawn from a view, then the cats, your hand and what happened since
you last played.

Each space is a three-character cell on the board file's grid. An empty space shows the name the moves
use (``n3``, ``g0a``, ``q1``, ``fb``...); a wall space is ``r<row>_<col>``, read off the rulers at the
top and the left, and the legend says so. At 80x24 (issue #19) the board is compact: one line a row,
the rows without a space left out, the edges along a row drawn and each wall drawn by where it leads
(``┼``, ``┬``, ``•``...), the legend and the decks in the empty corners; the drawing and the prompt fit
24 lines. On a terminal tall enough, the lines between the rows are drawn too, so that what you see is
exactly the graph the rules walk. Only the view is read: a seat sees its own hand, and the log the view
carries is already filtered for that seat, so nothing else secret can show.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from cattable.core.i18n import Message
from cattable.games.attack.board import Board, standard_board

from ..common import wins

HOUSE_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
SHOP_STYLES = ("bright_magenta", "white", "orchid", "green")

EMPTY_STYLE = {
    "street": "grey70",
    "shop_garden": "",
    "burglar": "bright_yellow",
    "home": "",
    "garden": "",
    "wall": "grey50",
    "curiosity": "bold bright_white",
    "mouse_space": "grey62",
    "bird_space": "grey62",
    "mouse_hole": "grey62",
    "bird_house": "grey62",
}
"""The style of an empty space of each kind; it shows its name (a wall: a dot, named by the rulers)."""
WALL_DOT = " · "
RULER = 3
"""Columns of the row ruler at the left of the board."""
SIDE = 38
"""Width of the column beside the board (the legend and the log) when the terminal is wide enough."""
LEGEND = (
    ("n/e/s/w 1-5", "streets: n1 ... w5"),
    ("f/d/c/v 1-3", "shop gardens: f1 ... v3"),
    ("", "f Fishmonger, d Dairy,"),
    ("", "c Corner shop, v Vet"),
    ("fb db cb vb", "Cat Burglar paw-prints"),
    ("h0-h5", "Home spaces"),
    ("g0a-g5d", "house gardens"),
    ("q1-q6", "Curiosity spaces"),
    ("ms bs", "mouse space, bird space"),
    ("mh bh", "mouse-hole, bird-house"),
    ("r<row>_<col>", f"a wall {WALL_DOT.strip()}: row on the left,"),
    ("", "column on top (r4_7)"),
    ("larder3", "a retired house's larder"),
    ("C0 m b", "cat 0, a mouse, a bird"),
)


def _canvas(b: Board) -> list[list[tuple[str, str]]]:
    rows, cols = b.size
    return [[(" ", "")] * (cols * 4) for _ in range(rows * 2 - 1)]


def _cell(sid: str, kind: str) -> str:
    """An empty space's three characters: its name, or a dot for a wall (too long a name; see the rulers)."""
    return WALL_DOT if kind == "wall" else sid[:3].ljust(3)


def _put(canvas: list[list[tuple[str, str]]], line: int, col: int, text: str, style: str) -> None:
    for i, ch in enumerate(text):
        if 0 <= line < len(canvas) and 0 <= col + i < len(canvas[line]):
            canvas[line][col + i] = (ch, style)


def _edges(canvas: list[list[tuple[str, str]]], b: Board) -> None:
    for a, nbrs in enumerate(b.neighbours):
        for c in nbrs:
            if c < a:
                continue
            (r1, c1), (r2, c2) = b.at[a], b.at[c]
            dr = (r2 > r1) - (r2 < r1)
            dc = (c2 > c1) - (c2 < c1)
            if dr == 0:
                lo, hi = sorted((c1, c2))
                _put(canvas, 2 * r1, 4 * lo + 3, "─" * (4 * (hi - lo) - 3), "grey42")
                continue
            steps = 2 * max(abs(r2 - r1), abs(c2 - c1))
            glyph = "│" if dc == 0 else ("╲" if dr == dc else "╱")
            for i in range(1, steps):
                line = 2 * r1 + i * dr
                col = 4 * c1 + 1 + 2 * i * dc
                _put(canvas, line, col, glyph, "grey42")


def _cells(view: dict[str, Any], b: Board) -> list[tuple[int, int, str, str]]:
    """What each space shows, as (row, column, three characters, style): its name, or the cat, mouse or
    bird on it; then the car park and the shop labels (name, stock, shut)."""
    houses = {h["house"]: h for h in view["houses"]}
    shops = view["shops"]
    car = view.get("car")
    car_street = b.street_names.index(car) if car else -1
    mice, birds = set(view["mice"]), set(view["birds"])
    cats: dict[str, list[dict[str, Any]]] = {}
    for cat in view["cats"]:
        if cat["at"] is not None:
            cats.setdefault(cat["at"], []).append(cat)
    out = []
    for i, sid in enumerate(b.ids):
        r, c = b.at[i]
        kind = b.kind[i]
        text, style = _cell(sid, kind), EMPTY_STYLE[kind]
        if kind == "home":
            h = b.house_of[i]
            style = HOUSE_STYLES[h] if h in houses else "grey50"
        elif kind == "garden":
            style = HOUSE_STYLES[b.house_of[i]].replace("bold ", "") if b.house_of[i] in houses else "grey50"
        elif kind == "shop_garden":
            k = b.shop_garden_of[i]
            style = SHOP_STYLES[k] if shops[k]["open"] else "grey35 strike"
        elif kind == "street" and b.street_of[i] == car_street:
            middle = b.streets[car_street][2]
            text, style = ("CAR", "bold white on red") if i == middle else (text, "red")
        if sid in cats:
            seats = "".join(str(cat["seat"] + 1) for cat in cats[sid])
            text = f"C{seats}"[:3].ljust(3)
            style = HOUSE_STYLES[cats[sid][0]["house"]] + " reverse"
        elif sid in mice:
            text, style = " m ", "bold bright_white on grey30"
        elif sid in birds:
            text, style = " b ", "bold bright_cyan on grey30"
        out.append((r, c, text, style))
    pr, pc = b.car_park_at
    out.append((pr, pc, "CAR" if car is None else " P ", "bold white on red" if car is None else "grey50"))
    for k, (r, c) in enumerate(b.shop_label_at):
        shop = shops[k]
        label = f"{shop['name'].split()[0]} {shop['stock']}{'' if shop['open'] else ' shut'}"
        out.append((r, c, label, SHOP_STYLES[k] if shop["open"] else "grey50"))
    return out


def _board_text(view: dict[str, Any], b: Board) -> Text:
    """The whole graph: every space on its grid cell, every edge drawn on the lines between."""
    canvas = _canvas(b)
    _edges(canvas, b)
    for r, c, text, style in _cells(view, b):
        _put(canvas, 2 * r, 4 * c, text, style)
    return _ruled(canvas, b, [n / 2 if n % 2 == 0 else None for n in range(len(canvas))])


def _ruled(canvas: list[list[tuple[str, str]]], b: Board, rows: list[float | None]) -> Text:
    """The canvas under the column ruler, each line labelled with its board row (None: an edge line)."""
    out = Text()
    out.append(" " * RULER + "".join(f"{c:<4}" for c in range(b.size[1])).rstrip() + "\n", style="grey50")
    for row, line in zip(rows, canvas, strict=True):
        out.append(f"{int(row):>2} " if row is not None else " " * RULER, style="grey50")
        for ch, st in line:
            out.append(ch, style=st or None)
        out.append("\n")
    out.rstrip()  # no blank line under the board
    return out


JUNCTION = {
    (False, False, True, True): "•",
    (True, True, False, False): "│",
    (True, True, True, True): "┼",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
}
"""A wall space drawn by its ways out (up, down, left, right): the compact board has no lines between rows,
so the walls show where they lead up and down themselves. A wall leading only left and right is a dot, so
that it still reads as a space on the line."""
CORNERS = (
    (5, 0, "wall: r<row>_<col>"),
    (5, 14, "C0 cat 0, m mouse"),
    (13, 0, "b bird, P car park"),
    (13, 14, "fb Cat Burglar"),
    (4, 0, "h0-h5 home"),
    (4, 16, "q Curiosity"),
    (14, 0, "g0a garden"),
    (14, 16, "6c: 6 cards"),
)
"""The legend, folded into the board's empty corners (row, column, text); each written only where the cells
are blank. The decks lie in the other corners (``_decks``)."""


def _decks(view: dict[str, Any]) -> tuple[tuple[int, int, str], ...]:
    """The Mog deck, its discard pile and top card, the Curiosity deck and its last card, by the corners."""
    cur = view["curiosity"]
    top = f": {view['discard_top']}" if view["discard_top"] else ""
    return (
        (2, 0, f"Mog deck {view['deck']}"),
        (2, 14, f"discard {view['discard']}{top}"),
        (16, 0, f"Curiosity deck {cur['cards']}"),
        (16, 14, f"last drawn: {cur['last']}" if cur["last"] else ""),
    )


def _wall(b: Board, i: int) -> str:
    r, c = b.at[i]
    ways = [b.at[n] for n in b.neighbours[i]]
    left = any(wr == r and wc < c for wr, wc in ways)
    right = any(wr == r and wc > c for wr, wc in ways)
    key = (any(wr < r for wr, _ in ways), any(wr > r for wr, _ in ways), left, right)
    return ("─" if left else " ") + JUNCTION.get(key, "·") + ("─" if right else " ")


def _compact_board(view: dict[str, Any], b: Board) -> Text:
    """One line a row, rows without a space left out: each space on its cell, the edges along a row drawn,
    the walls drawn by where they lead, the legend in the empty corners."""
    shown = sorted({b.at[i][0] for i in range(len(b.ids))} | {r for r, _ in b.shop_label_at} | {b.car_park_at[0]})
    line_of = {r: n for n, r in enumerate(shown)}
    canvas = [[(" ", "")] * (b.size[1] * 4) for _ in shown]
    for a, nbrs in enumerate(b.neighbours):
        for n in nbrs:
            (r1, c1), (r2, c2) = b.at[a], b.at[n]
            if r1 == r2 and c1 < c2:
                _put(canvas, line_of[r1], 4 * c1 + 3, "─" * (4 * (c2 - c1) - 3), "grey42")
    space_at = {at: i for i, at in enumerate(b.at)}
    for r, c, text, style in _cells(view, b):
        if text == WALL_DOT:  # an empty wall space
            text = _wall(b, space_at[(r, c)])
        _put(canvas, line_of[r], 4 * c, text, style)
    for r, c, text in (*CORNERS, *_decks(view)):
        line = canvas[line_of[r]] if r in line_of else []
        span = line[4 * c : 4 * c + len(text) + 1]
        if len(span) >= len(text) and all(ch == " " for ch, _ in span):  # the last blank may be the edge
            _put(canvas, line_of[r], 4 * c, text, "grey62")
    return _ruled(canvas, b, [float(r) for r in shown])


def _legend() -> Table:
    """What the names on the board are: every space a move may name."""
    grid = Table.grid(padding=(0, 1))
    grid.title = "Space names (type them in moves)"
    grid.title_style = "bold"
    grid.title_justify = "left"
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for names, meaning in LEGEND:
        grid.add_row(names, meaning)
    return grid


def _said(event: dict[str, Any], lang: str) -> str:
    """An event of the view (a message: template and arguments) in the reader's language."""
    return Message(event["msgid"], event["args"]).render(lang)


def _log(view: dict[str, Any], seat: int | None, lang: str = "en") -> Text:
    """The events the view carries: since this seat last played (a spectator: since the last move)."""
    t = Text()
    events = view.get("log") or []
    if not events:
        return t
    t.append("Since your last move\n" if seat is not None else "Last move\n", style="bold")
    for e in events:
        mine = seat is not None and e["args"].get("cat") == seat
        t.append(f"  {_said(e, lang)}\n", style="bold" if mine else None)
    return t


def _cats_table(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)  # 4 lines fewer than boxed
    for col in ("Cats", "house", "lives", "larder", "cards", "at"):
        table.add_column(col)
    lives = {h["house"]: h for h in view["houses"]}
    for cat in view["cats"]:
        h = cat["house"]
        style = HOUSE_STYLES[h]
        mark = " <" if cat["seat"] == view["to_act"] else ""
        where = "retired" if cat["retired"] else ("home, done" if cat["done"] else cat["at"])
        team = f" team {cat['team'] + 1}" if view["teams"] else ""
        table.add_row(
            Text(f"cat {cat['seat'] + 1}{team}{mark}", style=style),
            Text(f"H{h + 1}", style=style),
            str(lives[h]["lives"]),
            ", ".join(lives[h]["larder"]) or "-",
            str(cat["cards"]),
            str(where),
        )
    return table


def _status(view: dict[str, Any], seat: int | None) -> Text:
    """The table's state in full, for the full drawing: shops, creatures and car, decks, turn, hand."""
    t = Text()
    shops = ", ".join(f"{s['name']} {s['stock']} {s['item']}{'' if s['open'] else ' (shut)'}" for s in view["shops"])
    t.append(f"Shops: {shops}\n")
    t.append_text(_pieces_line(view))
    t.append(f"  Car: {view['car'] or 'car park'}\n")
    cur = view["curiosity"]
    top = view["discard_top"] or "-"
    t.append(f"Mog deck {view['deck']}, discard {view['discard']} (top: {top}).  Curiosity deck {cur['cards']}")
    t.append(f" (last drawn: {cur['last']})\n" if cur["last"] else "\n")
    t.append_text(_turn(view))
    hand = _hand(view, seat)
    if hand is not None:
        t.append("\n")
        t.append_text(hand)
    return t


def _turn(view: dict[str, Any]) -> Text:
    """Whose turn, what they must do, and the fight, exchange or cornering under way; or who won."""
    if view["winners"] is not None:
        who = ", ".join(f"cat {w + 1}" for w in view["winners"]) or "nobody (a draw)"
        return Text(f"Game over: {who} wins.", style="bold")
    t = Text(f"Round {view['round'] + 1}. Cat {view['turn'] + 1}'s turn; cat {view['to_act'] + 1} to {view['phase']}")
    t.stylize("bold")
    if view["roll"] is not None:
        t.append(f" (rolled {view['roll']})", style="bold")
    if view["fight"]:
        f = view["fight"]
        t.append(f".  Cat Fight: cat {f['attacker'] + 1} v cat {f['defender'] + 1} in {f['suit']}s", style="bold red")
    if view["swap"]:
        t.append(
            f".  Card exchange: cat {view['swap']['chooser'] + 1} with cat {view['swap']['with'] + 1}", style="bold"
        )
    if view.get("cornered"):
        c = view["cornered"]
        t.append(f".  Cat {c['cat']} was cornered: {', '.join(c['by'])}")
    return t


def _hand(view: dict[str, Any], seat: int | None) -> Text | None:
    """The seat's own hand, and the cards it has seen in another's, on one line (wrapping if long)."""
    if seat is None or "hand" not in view:
        return None
    t = Text(f"Your hand (cat {seat + 1}): ", style=HOUSE_STYLES[view["cats"][seat]["house"]])
    t.append(" ".join(view["hand"]) or "none")
    for other, cards in view.get("seen", {}).items():
        t.append(f".  Cat {other} holds {' '.join(cards)}")
    return t


def _cats_lines(view: dict[str, Any], width: int) -> list[Text]:
    """Every cat in a few words (lives, cards, where, the food in its larder; a retired house's larder by
    the name creature moves use, larder<house>), packed into lines without breaking one cat's words."""
    houses = {h["house"]: h for h in view["houses"]}
    lines = [Text()]
    for cat in view["cats"]:
        h = cat["house"]
        larder = ",".join(houses[h]["larder"]) or "no food"
        mark = "▶" if cat["seat"] == view["to_act"] and view["winners"] is None else ""
        team = f" team {cat['team'] + 1}" if view["teams"] else ""
        entry = Text(f"{mark}cat {cat['seat'] + 1}{team}", style=HOUSE_STYLES[h])
        if cat["retired"]:
            entry.append(f" out, larder{h}: {larder}")
        else:
            where = "home, done" if cat["done"] else cat["at"]
            entry.append(f" {houses[h]['lives']}♥ {cat['cards']}c {where} {larder}")
        if lines[-1] and len(lines[-1]) + 2 + len(entry) > width:
            lines.append(Text())
        lines[-1].append_text(Text("  ") + entry if lines[-1] else entry)
    return lines


def _pieces_line(view: dict[str, Any]) -> Text:
    """Where the mice and birds are: on the board a creature hides the name of its space, so it is here."""
    mice = ", ".join(view["mice"]) or "none"
    birds = ", ".join(view["birds"]) or "none"
    return Text(f"Mice out: {mice} ({view['mice_in_hole']} in mh).  Birds: {birds} ({view['birds_in_house']} in bh).")


def _log_line(view: dict[str, Any], seat: int | None, skip: int = 0, lang: str = "en") -> Text | None:
    """The log on one paragraph, its first ``skip`` events left out (said with an ellipsis)."""
    events = [_said(e, lang) for e in view.get("log") or []]
    if not events:
        return None
    t = Text("Since your last move: " if seat is not None else "Last move: ", style="bold")
    t.append(("... " if skip else "") + "  ".join(events[skip:]))
    return t


class _Table:
    """The whole table. On a terminal tall enough for it, the board as the full graph with the legend and
    the log beside it (120 columns) or under it; on a usual one (80x24), the compact board with a few
    lines under it, fitted so that the drawing and the prompt fill the terminal's height: the log gives
    way first, keeping its latest events."""

    def __init__(self, view: dict[str, Any], seat: int | None, lang: str = "en") -> None:
        self.view, self.seat, self.lang = view, seat, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        b = standard_board()
        full = self._full(options, b)
        if len(console.render_lines(full, options.update(height=None), pad=False)) < options.max_height:
            yield full
        else:
            yield from self._compact(console, options, b, options.max_height - 1)

    def _full(self, options: ConsoleOptions, b: Board) -> Group:
        """The board as the whole graph, the legend and the log beside it (120 columns) or under it."""
        board = _board_text(self.view, b)
        board_width = RULER + 4 * b.size[1]
        cats, status = _cats_table(self.view), _status(self.view, self.seat)
        if options.max_width >= board_width + 2 + SIDE:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(width=board_width, no_wrap=True)
            grid.add_column(width=min(options.max_width - board_width - 2, 60))
            grid.add_row(board, Group(_legend(), Text(""), _log(self.view, self.seat, self.lang)))
            return Group(grid, cats, status)
        return Group(board, _legend(), Text(""), cats, status, _log(self.view, self.seat, self.lang))

    def _compact(self, console: Console, options: ConsoleOptions, b: Board, budget: int) -> RenderResult:
        """The compact board, the turn, your hand, the cats, the table's counts, then as much of the log as
        the ``budget`` of lines leaves room for (its latest lines)."""
        view, seat = self.view, self.seat
        width = options.max_width
        turn, pieces = _turn(view), _pieces_line(view)
        shared = len(turn) + 2 + len(pieces) <= width  # one line for both when they fit it
        if shared:
            turn = Text("  ").join((turn, pieces))
        parts = [_compact_board(view, b), turn, _hand(view, seat), *_cats_lines(view, width)]
        parts.append(None if shared else pieces)
        lines = [line for part in parts if part is not None for line in part.wrap(console, width)]
        room = budget - len(lines)
        events = len(view.get("log") or [])
        for skip in range(events):  # the earliest events give way first
            log = _log_line(view, seat, skip, self.lang)
            assert log is not None
            wrapped = list(log.wrap(console, width))
            if len(wrapped) <= room or skip == events - 1:
                lines.extend(wrapped[-room:] if room > 0 else [])
                break
        del lines[max(budget, 0) :]  # a last resort: the board and the turn come first, never cut
        yield from lines


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """The board (every space named as the moves name it), the legend, the cats, the table state and
    what happened since the seat last played (in ``lang``), as one rich renderable."""
    return _Table(view, seat, lang)


REASONS = {
    "six foods and home": "six different foods in the larder and back home first",
    "last cat standing": "the last cat standing (every other cat has lost its lives)",
    "no cat left": "no cat is left with a life: nobody wins",
    "no cat left to play": "no cat is left to play: nobody wins",
    "time limit": "the rounds ran out: the most lives + food wins",
}


def explain_result(result: dict[str, Any], names: list[str], view: dict[str, Any] | None) -> RenderableType:
    """Who won and why (the result's ``reason``), then each cat's lives and food: the score that decides a
    game played to a time limit."""
    details = result.get("details", {})
    reason = str(details.get("reason", ""))
    why = REASONS.get(reason, reason or "the game is over")
    rounds = f" after {details['rounds']} rounds" if details.get("rounds") else ""
    winners = result["winners"]
    verdict = f"{wins(winners, names) if winners else 'Nobody wins'}{rounds}: {why}."
    table = Table(show_edge=False, pad_edge=False, title="Lives and food", title_justify="left")
    for col in ("cat", "lives", "food in the larder", "lives + food"):
        table.add_column(col, justify="right" if col in ("lives", "lives + food") else "left")
    scores = result.get("scores") or []
    houses = {h["house"]: h for h in (view or {}).get("houses", [])}
    cats = {c["seat"]: c for c in (view or {}).get("cats", [])}
    for seat, name in enumerate(names):
        cat = cats.get(seat, {})
        house = houses.get(cat.get("house", -1), {})
        lives = "out" if cat.get("retired") else str(house.get("lives", "?"))
        larder = house.get("larder", [])
        food = f"{len(larder)}" + (f" ({', '.join(larder)})" if larder else "")
        score = f"{scores[seat]:g}" if seat < len(scores) else "-"
        table.add_row(name, lives, food, score, style="bold" if seat in winners else "")
    return Group(Text(verdict, style="bold"), table)
