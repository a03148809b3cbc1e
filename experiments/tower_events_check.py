"""The tower's events became messages (games/tower/events.py): prove that the golden transcripts and the
format-1 expected views changed in that form only, and that each new event rendered in English is the old
sentence, character for character; then play seeded games to their end under REV's rules and today's and
compare every event the spectator saw.

Run from the repository root: ``python experiments/tower_events_check.py [REV]`` (REV: the commit holding
the files and the rules as they were, ``main`` by default). It compares every line of the tower's golden
transcripts and every view of the tower's ``format1/*.expected.json`` with REV's: outside ``events`` they
must be equal; each event must render (English) to the old string, every field of its template filled.
The games (both modes, both editions, a turn limit; random bots) are played twice, by REV's source
(``git archive``, in a temporary folder) and by this one. It prints counts and exits 1 on a difference.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    [p.relative_to(ROOT) for p in (ROOT / "tests/golden/data").glob("tower-*.txt")]
    + [p.relative_to(ROOT) for p in (ROOT / "tests/core/data/format1").glob("tower-*.expected.json")]
)


def old_text(rev: str, path: Path) -> str:
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def compare(old: Any, new: Any, where: str, counts: dict[str, int]) -> list[str]:
    """Differences between an old and a new view (events compared by their English rendering)."""
    if isinstance(old, dict) and isinstance(new, dict):
        if set(old) != set(new):
            return [f"{where}: keys {sorted(set(old) ^ set(new))}"]
        out = []
        for k in old:
            if k == "events" and old.get("game") == "tower":
                out += compare_events(old[k], new[k], f"{where}.events", counts)
            else:
                out += compare(old[k], new[k], f"{where}.{k}", counts)
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{where}: {len(old)} items, now {len(new)}"]
        pairs = enumerate(zip(old, new, strict=True))
        return [d for i, (a, b) in pairs for d in compare(a, b, f"{where}[{i}]", counts)]
    return [] if old == new and type(old) is type(new) else [f"{where}: {old!r} -> {new!r}"]


def compare_events(old: list[str], new: list[dict[str, Any]], where: str, counts: dict[str, int]) -> list[str]:
    from cattable.core.i18n import fields
    from cattable.games.tower import events  # today's only: the child playing REV's rules has none

    if len(old) != len(new):
        return [f"{where}: {len(old)} events, now {len(new)}"]
    out = []
    for i, (was, now) in enumerate(zip(old, new, strict=True)):
        counts["events"] += 1
        if not isinstance(was, str) or set(now) != {"msgid", "args"}:
            out.append(f"{where}[{i}]: {was!r} -> {now!r}")
            continue
        said = events.text(now)
        if said != was:
            out.append(f"{where}[{i}]: {was!r} now reads {said!r}")
        if not fields(now["msgid"]) <= set(now["args"]):
            out.append(f"{where}[{i}]: {now['msgid']!r} lacks {fields(now['msgid']) - set(now['args'])}")
        counts.setdefault("seen:" + now["msgid"], 0)
    return out


GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 11, {}),
    (3, 12, {"mode": "competitive"}),
    (2, 13, {"edition": "fr"}),
    (4, 14, {"edition": "fr", "mode": "competitive"}),
    (2, 15, {"turn_limit": 4}),
]
STEPS = 400


def play() -> None:
    """(In a child process, under whichever rules its path holds.) Every game's spectator events after
    each action, as JSON lines."""
    import cattable
    from cattable.agents import RandomAgent

    for players, seed, opts in GAMES:
        s = cattable.game("tower").new(players=players, seed=seed, **opts)
        bots = [RandomAgent(seed * 10 + i) for i in range(players)]
        seen = []
        for _ in range(STEPS):
            if s.is_over:
                break
            seat = s.current_player
            assert seat is not None
            s.apply(bots[seat].choose(s.view(seat), s.legal_actions()))
            seen.append(s.view(None)["events"])
        print(json.dumps({"game": [players, seed, opts], "over": s.is_over, "events": seen}))


def played(src: Path) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(src), "MUJOCO_GL": os.environ.get("MUJOCO_GL", "egl")}
    out = subprocess.run([sys.executable, __file__, "--play"], env=env, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def games(rev: str, counts: dict[str, int]) -> list[str]:
    """The games played under REV's rules and today's: the same events, told the same way in English."""
    archive = subprocess.run(["git", "archive", rev, "src"], cwd=ROOT, capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        old = played(Path(tmp) / "src")
    new = played(ROOT / "src")
    problems = []
    for a, b in zip(old, new, strict=True):
        where = f"game {a['game']}"
        counts["games"] += 1
        if a["over"] != b["over"] or len(a["events"]) != len(b["events"]):
            problems.append(f"{where}: played differently")
            continue
        for step, (x, y) in enumerate(zip(a["events"], b["events"], strict=True)):
            problems += compare_events(x, y, f"{where} step {step}", counts)
    return problems


def main(rev: str) -> int:
    from cattable.core.i18n import render

    counts = {"files": 0, "views": 0, "events": 0, "games": 0}
    problems: list[str] = []
    for path in FILES:
        counts["files"] += 1
        before, after = old_text(rev, path), (ROOT / path).read_text(encoding="utf-8")
        if path.suffix == ".json":
            old, new = json.loads(before), json.loads(after)
            counts["views"] += len(new["views"])
            problems += compare(old, new, str(path), counts)
            continue
        a, b = before.splitlines(), after.splitlines()
        if len(a) != len(b):
            problems.append(f"{path}: {len(a)} lines, now {len(b)}")
            continue
        for n, (x, y) in enumerate(zip(a, b, strict=True), start=1):
            if x == y and '"events":[{' not in y:
                continue
            head_x, _, body_x = x.partition(": {")
            head_y, _, body_y = y.partition(": {")
            if head_x != head_y or not body_y:
                problems.append(f"{path}:{n}: {x[:80]!r} -> {y[:80]!r}")
                continue
            counts["views"] += 1
            problems += compare(json.loads("{" + body_x), json.loads("{" + body_y), f"{path}:{n}", counts)
    problems += games(rev, counts)
    seen = sorted(k[5:] for k in counts if k.startswith("seen:"))
    print(
        f"{counts['files']} files, {counts['views']} views, {counts['games']} games compared, "
        f"{counts['events']} events: "
        f"{len(problems)} difference(s); {len(seen)} distinct templates met"
    )
    for msgid in seen:
        print(f"  {msgid}  |  fr: {render(msgid, {}, 'fr')}")
    for p in problems[:40]:
        print("DIFF", p)
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--play"]:
        play()
    else:
        sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "main"))
