"""The report as one static HTML page (no scripts, no network): tables of the figures beside the plots,
each section opening with the designer's question it answers."""

from __future__ import annotations

from html import escape
from typing import Any

from .features import plain_name

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1150px; margin: 1.5em auto; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
h3 { font-size: 1.05em; margin-bottom: 0.3em; }
p.q { color: #555; font-style: italic; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.88em; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; } th { background: #f3f3f3; }
td.l, th.l { text-align: left; } img { max-width: 100%; border: 1px solid #eee; margin: 0.3em 0; }
.small { font-size: 0.85em; color: #555; } code { background: #f5f5f5; padding: 0 3px; }
.hi { color: #b00; font-weight: 600; }
p.noise { background: #f4f8fc; border-left: 3px solid #4c78a8; padding: 4px 8px; font-size: 0.92em; }
div.banner { background: #fff4d6; border: 1px solid #e0b84c; padding: 8px 12px; margin: 0.8em 0; }
"""


def _games(n: int | None) -> str:
    return "-" if n is None else f"{n:,}"


def gap_sentence(what: str, g: dict[str, Any], unit: str, scale: float = 1.0) -> str:
    """One sentence: is the gap beyond noise at these games, and about how many games would show it."""
    gap, ref = scale * g["gap"], scale * g["reference"]
    picked = f", the widest of {g['comparisons']} pairs" if g.get("comparisons", 1) > 1 else ""
    bar = f"{g.get('z_needed', 1.96):.2f} needed{picked}"
    verdict = (
        f"beyond noise at {g['games']:,} games (z = {g['z']:.1f}; {bar})"
        if g["beyond_noise"]
        else f"within noise at {g['games']:,} games (z = {g['z']:.1f}; {bar})"
    )
    need = g["games_for_gap"]
    size = f"a gap this size needs about {_games(need)} games to show" if need else "there is no gap to show"
    return (
        f"{what}: a gap of {gap:+.1f} {unit}, {verdict}. From the spread seen here, {size} (95% confidence, "
        f"80% power); a gap of {ref:g} {unit} needs about {_games(g['games_for_reference'])}."
    )


def noise_paragraph(stats: dict[str, Any], key: str) -> str:
    """The section's noise sentence for each batch that has one."""
    lines = []
    for b in stats["batches"]:
        g = b.get("noise", {}).get(key)
        if not g:
            continue
        label = escape(b["label"])
        if key == "seats":
            what = f"Seat {g['high']} against seat {g['low']} (the most and least winning)"
            lines.append(f"{label}: " + gap_sentence(what, g, "points of win rate", 100))
        elif key == "first_player":
            what = "The first player's win rate against the fair share"
            lines.append(f"{label}: " + gap_sentence(what, g, "points", 100))
        elif key == "scores":
            what = f"Seat {g['high']}'s score against seat {g['low']}'s (same games)"
            lines.append(f"{label}: " + gap_sentence(what, g, "points of score"))
        elif key == "length":
            lines.append(
                f"{label}: the mean length, {g['mean']:.1f} actions, is known to &plusmn;{g['half_width']:.1f} "
                f"(95%); two settings whose mean lengths differ by 5% need about {_games(g['games_for_5pct'])} "
                "games each to be told apart (95% confidence, 80% power)."
            )
        elif key == "features":
            shown = [f for f in b["features"] if abs(f["r"]) >= g["r_noise"]]
            lines.append(
                f"{label}: over {g['units']:,} seat-games, a correlation within &plusmn;{g['r_noise']:.3f} is "
                f"noise; {len(shown)} of the {len(b['features'])} rows shown are beyond it."
            )
    return "".join(f'<p class="noise">{line}</p>' for line in lines)


def banner(stats: dict[str, Any]) -> str:
    """A warning when random players played: their games say little about the game people play."""
    agents = {a for b in stats["batches"] for a in b["agents"]}
    if "random" not in agents:
        return ""
    return (
        '<div class="banner"><b>Random players.</b> Some seats here play uniformly random moves, so the '
        "rates, lengths and features below describe random play, not the game people play. "
        "Drop <code>--agents</code> (the heuristic plays) or name stronger agents.</div>"
    )


def glossary_section(stats: dict[str, Any]) -> str:
    """Every feature the page names, in plain words, with the key it has in stats.json and Parquet."""
    seen: dict[str, tuple[str, str]] = {}
    for b in stats["batches"]:
        for f in b["features"]:
            seen.setdefault(f["feature"], (f["name"], f["meaning"]))
            for key in f["same_as"]:
                seen.setdefault(key, (plain_name(stats["game"], key)[0], f"identical in every game to: {f['name']}"))
    if not seen:
        return ""
    rows = [
        [escape(n), escape(m), f"<code>{escape(k)}</code>"]
        for k, (n, m) in sorted(seen.items(), key=lambda kv: kv[1][0])
    ]
    out = ["<h2>Glossary</h2>", '<p class="q">What each feature above counts, and its key in stats.json and '
           "the Parquet columns (<code>:</code> as <code>_</code>).</p>"]  # fmt: skip
    out.append(table(["feature", "what it counts", "key"], rows, left=3))
    return "".join(out)


def pct(row: dict[str, Any] | None) -> str:
    """A rate with its interval: ``34.1% [31.2-37.0]``."""
    if row is None:
        return "-"
    return f"{100 * row['rate']:.1f}% [{100 * row['low']:.1f}-{100 * row['high']:.1f}]"


def num(value: Any, digits: int = 1) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def table(head: list[str], rows: list[list[str]], left: int = 1) -> str:
    """An HTML table; the first ``left`` columns are text (left-aligned), the rest figures."""

    def cells(tag: str, values: list[str]) -> str:
        return "".join(f"<{tag}{' class=l' if i < left else ''}>{v}</{tag}>" for i, v in enumerate(values))

    body = "".join(f"<tr>{cells('td', r)}</tr>" for r in rows)
    return f"<table><tr>{cells('th', head)}</tr>{body}</table>"


def img(stats: dict[str, Any], key: str, alt: str) -> str:
    name = stats["files"].get(key)
    return f'<img src="{escape(name)}" alt="{escape(alt)}">' if name else ""


def _outside(row: dict[str, Any], fair: float) -> str:
    """Mark a rate whose interval leaves out the fair share: an imbalance beyond chance."""
    text = pct(row)
    return f'<span class="hi">{text}</span>' if not row["low"] <= fair <= row["high"] else text


def seats_section(stats: dict[str, Any]) -> str:
    out = ["<h2>Win rate by seat and player count</h2>"]
    out.append(
        '<p class="q">Is every seat as likely to win? Red: the 95% interval leaves out the fair share (dashed), '
        "the wins handed out over the seats (a shared win counts for each winner, so ties raise it).</p>"
    )
    out.append(img(stats, "seats", "win rate by seat"))
    width = max(b["players"] for b in stats["batches"])
    head = ["batch", "games", *[f"seat {s}" for s in range(width)], "team", "draws"]
    rows = []
    for b in stats["batches"]:
        seats = [_outside(r, r["fair"]) for r in b["seats"]] + ["" for _ in range(width - len(b["seats"]))]
        rows.append([escape(b["label"]), f"{b['games']:,}", *seats, pct(b["team"]), str(b["draws"])])
    out.append(table(head, rows))
    out.append(noise_paragraph(stats, "seats"))
    return "".join(out)


def first_player_section(stats: dict[str, Any]) -> str:
    rows = []
    for b in stats["batches"]:
        f = b["first_player"]
        if f is None:
            continue
        seats = ", ".join(str(s) for s in f["first_seats"])
        ratio = f"{f['ratio']:.2f} [{f['ratio_low']:.2f}-{f['ratio_high']:.2f}]"
        rows.append([escape(b["label"]), seats, _outside(f, f["fair"]), f"{100 * f['fair']:.1f}%", ratio])
    if not rows:
        return ""
    out = ["<h2>First-player advantage</h2>"]
    out.append('<p class="q">Does the seat that moves first win more than its share? (ratio 1: no advantage)</p>')
    out.append(img(stats, "first_player", "first-player advantage"))
    out.append(table(["batch", "first seat(s)", "first player won", "fair share", "ratio"], rows, left=2))
    out.append(noise_paragraph(stats, "first_player"))
    return "".join(out)


def tower_section(stats: dict[str, Any]) -> str:
    rows = stats.get("tower_by_steadiness")
    if not rows:
        return ""
    out = ["<h2>The tower: the team and Toto's floor by steadiness</h2>"]
    out.append('<p class="q">How often does the table win, and how high does Toto get, with steadier hands?</p>')
    out.append(img(stats, "tower", "team win rate and Toto's floor by steadiness"))
    body = []
    for r in rows:
        floor, best = r["toto_floor"] or {}, r["toto_best"] or {}
        body.append(
            [
                escape(r["steadiness"]),
                f"{r['team']['n']:,}",
                pct(r["team"]),
                num(floor.get("mean"), 2),
                num(floor.get("median"), 0),
                num(best.get("mean"), 2),
            ]
        )
    head = ["steadiness", "games", "team won", "Toto's floor (mean)", "(median)", "Toto's best floor (mean)"]
    out.append(table(head, body))
    return "".join(out)


def lengths_section(stats: dict[str, Any]) -> str:
    out = ["<h2>Game length</h2>", '<p class="q">How long is a game, and how much does it vary?</p>']
    out.append(img(stats, "lengths", "game length distributions"))
    rows = []
    for b in stats["batches"]:
        for key, d in b["length"].items():
            if d:
                qs = [num(d[k], 0) for k in ("min", "p5", "p25", "median", "p75", "p95", "max")]
                rows.append([escape(b["label"]), key, num(d["mean"]), num(d["sd"]), *qs])
    head = ["batch", "counted in", "mean", "sd", "min", "5%", "25%", "median", "75%", "95%", "max"]
    out.append(table(head, rows, left=2))
    out.append(noise_paragraph(stats, "length"))
    return "".join(out)


def scores_section(stats: dict[str, Any]) -> str:
    if not any(b["scores"] for b in stats["batches"]):
        return ""
    out = ["<h2>Scores</h2>", '<p class="q">What does a winning score look like, and how close are games?</p>']
    if stats.get("score_rule"):
        out.append(f"<p>How a score is made: {escape(stats['score_rule'])}</p>")
    out.append(img(stats, "scores", "score distributions"))
    rows = []
    for b in stats["batches"]:
        s = b["scores"]
        if not s:
            continue
        seat_means = " / ".join(num(d["mean"]) if d else "-" for d in s["by_seat"])
        w, m = s["winner"] or {}, s["margin"] or {}
        rows.append(
            [escape(b["label"]), seat_means, num(w.get("mean")), num(w.get("p5"), 0), num(w.get("p95"), 0),
             num(m.get("mean")), num(m.get("median"), 0), pct(s["tied_top"])]
        )  # fmt: skip
    head = ["batch", "mean by seat", "winner (mean)", "5%", "95%", "margin (mean)", "(median)", "tied at the top"]
    out.append(table(head, rows))
    out.append(noise_paragraph(stats, "scores"))
    return "".join(out)


def features_section(stats: dict[str, Any]) -> str:
    out = ["<h2>What goes with winning</h2>"]
    out.append(
        '<p class="q">Which cards, items, maps or wall types go with winning? Each row compares the win rate of '
        "seats (of the team, in a cooperative game) whose count was above its median with the rest; r is the "
        "correlation with winning. Counts of what a seat did (cards played, items drawn, walls placed, actions "
        "by kind) are compared as a percentage of its own actions, since a seat knocked out early does little "
        'of everything. Features that were identical in every game are listed once ("= ..."); the '
        "glossary at the end says what each counts. These are associations, not causes.</p>"
    )
    out.append(noise_paragraph(stats, "features"))
    for i, b in enumerate(stats["batches"]):
        out.append(f"<h3>{escape(b['label'])}</h3>")
        out.append(img(stats, f"features{i}", "features against winning"))
        rows = [
            [_feature_label(f), f"{f['r']:+.3f}", num(f["mean_won"], 2), num(f["mean_lost"], 2),
             num(f["median"], 1), pct(f["above"]), pct(f["at_or_below"])]
            for f in b["features"]
        ]  # fmt: skip
        head = ["feature", "r", "mean (won)", "mean (lost)", "median", "won if above", "won if at or below"]
        out.append(table(head, rows) if rows else "<p>No feature varied along with winning in this batch.</p>")
        out.append(img(stats, f"categories{i}", "win rate by value"))
        who = "team won" if b["team"] is not None else "first player won"
        for key, values in b["categories"].items():
            if len(values) < 2:  # one map, one steadiness: nothing to compare
                continue
            cells = [
                [
                    escape(plain_name(stats["game"], key)[0]),
                    escape(v["value"]),
                    f"{v['n']:,}",
                    f"{100 * v['share']:.1f}%",
                    pct(v),
                ]
                for v in values
            ]
            out.append(table(["feature", "value", "games", "share", who], cells, 2))
    return "".join(out)


def _feature_label(f: dict[str, Any]) -> str:
    name = escape(f.get("name", f["feature"]))
    same = f.get("same_names", [])
    return name + (f' <span class="small">(= {escape(", ".join(same))})</span>' if same else "")


def page(stats: dict[str, Any], title: str) -> str:
    """The whole report page."""
    first = stats["batches"][0]
    agents = ", ".join(first["agents"])
    command = f"<p class=small>Made by <code>{escape(stats['command'])}</code></p>" if stats.get("command") else ""
    files = ", ".join(
        f'<a href="{escape(n)}">{escape(n)}</a>' for n in ["stats.json", *stats["files"].values()] if "png" not in n
    )
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}: report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}: a designer's report</h1>",
        f"<p>{stats['games']:,} simulated games in {len(stats['batches'])} batch(es); agents: {escape(agents)}; "
        f"seeds {first['seeds'][0]}-{first['seeds'][-1]} in each batch. Intervals are 95% Wilson intervals.</p>",
        command,
        banner(stats),
        seats_section(stats),
        first_player_section(stats),
        tower_section(stats),
        lengths_section(stats),
        scores_section(stats),
        features_section(stats),
        glossary_section(stats),
        f"<h2>Files</h2><p>{files}. The games are one row each in Parquet (pandas <code>read_parquet</code>, "
        "polars <code>read_parquet</code>, DuckDB <code>SELECT * FROM 'games.parquet'</code>); "
        "<code>cattable report --from-parquet</code> writes this report again from them.</p>",
        "</body></html>",
    ]
    return "\n".join(parts)
