"""``cattable sweep``: search a game's options for a target (balanced seats, a win rate, a length) with
Optuna's TPE sampler, in the spirit of TAG's NTBEA parameter search: each trial is a simulated batch.

Besides options, a sweep searches a game's data (deck counts, wall heights, goal floors): a parameter
``data.PATH=LOW:HIGH`` names one of the game's tunable paths (``Game.tunables``, ``core/tuning.py``), and
each trial's games carry the value as the option ``data.PATH``, so every game a trial plays is an
ordinary game whose record replays with the changed data.

Every trial plays the same seeds (common random numbers), so two settings are compared on the same deals
and the difference between them is the setting's, not the dice's. A setting tried twice is not played
again. The search is seeded: the same command proposes the same trials.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cattable.core import game as get_game
from cattable.core.tuning import PREFIX, Tunable

from .simulate import simulate, summarise

TARGETS = ("seat-balance", "seat0=X", "team=X", "length=X")


FLOAT_STEP = 0.1
"""The grid a number (not a whole number) is searched on by default: a wall height to the millimetre."""


@dataclass(frozen=True)
class Param:
    """An option or data path to search: whole numbers from ``low`` to ``high``, numbers on a grid of
    ``step`` (``step`` > 0), or one of ``choices``."""

    name: str
    low: int | float = 0
    high: int | float = 0
    choices: tuple[Any, ...] = ()
    step: float = 0.0
    """0 for whole numbers; the grid of a number searched between ``low`` and ``high``."""

    def text(self) -> str:
        if self.choices:
            return f"{self.name}=" + "|".join(str(c) for c in self.choices)
        return f"{self.name}={self.low:g}:{self.high:g}" + (f":{self.step:g}" if self.step else "")

    def suggest(self, trial: Any) -> Any:
        """This parameter's value for an Optuna trial."""
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        if self.step:
            return round(trial.suggest_float(self.name, self.low, self.high, step=self.step), 6)
        return trial.suggest_int(self.name, int(self.low), int(self.high))


@dataclass(frozen=True)
class Target:
    """What the search minimises the distance to: ``seat-balance`` (every seat at its fair share),
    ``seat0=X`` (seat 0's win rate), ``team=X`` (a cooperative table's), ``length=X`` (mean actions)."""

    kind: str
    value: float = 0.0

    def distance(self, summary: dict[str, Any]) -> float:
        players = int(summary["players"])
        rates = [float(row["win_rate"]) for row in summary["seats"]]
        if self.kind == "seat-balance":  # against the fair share, as the report counts it (ties raise it)
            fair = sum(rates) / players
            return max(abs(r - fair) for r in rates)
        if self.kind == "seat0":
            return abs(rates[0] - self.value)
        if self.kind == "team":
            if "team_win_rate" not in summary:
                raise ValueError(f"--target team=X: {summary['game']} is not played as a team here")
            return abs(float(summary["team_win_rate"]) - self.value)
        return abs(float(summary["length"]["mean"]) - self.value) / self.value  # length, relative


def parse_target(text: str) -> Target:
    """``seat-balance``, ``seat0=0.25``, ``team=0.5`` or ``length=120``; anything else is refused."""
    kind, sep, raw = text.partition("=")
    kind = kind.strip()
    if kind == "seat-balance" and not sep:
        return Target(kind)
    if kind in ("seat0", "team", "length") and sep:
        try:
            value = float(raw)
        except ValueError:
            raise ValueError(f"--target {text!r}: {raw!r} is not a number") from None
        if kind != "length" and not 0 <= value <= 1:
            raise ValueError(f"--target {text!r}: a win rate is between 0 and 1")
        if kind == "length" and value <= 0:
            raise ValueError(f"--target {text!r}: a length is a positive number of actions")
        return Target(kind, value)
    raise ValueError(f"--target {text!r} is not known; allowed: {', '.join(TARGETS)}")


def parse_param(text: str, game_name: str) -> Param:
    """``lives=3:9`` (a whole-number option's range), ``map=standard|long`` (values to choose from) or
    ``data.deck.cat3=1:6`` (a tunable data path's range; ``data.walls.pillars=4:6:0.2`` a number's, on a
    grid), checked against the game: an option or path that does not exist or a value it refuses is an error."""
    name, sep, spec = text.partition("=")
    name = name.strip()
    game = get_game(game_name)
    if name.startswith(PREFIX):
        return _data_param(text, game_name, name, spec, {t.path: t for t in game.tunables})
    declared = {o.name: o for o in game.options}
    if not sep or name not in declared:
        known = ", ".join(declared) or "none"
        paths = f"; its data: {PREFIX}PATH=LOW:HIGH (cattable games lists the paths)" if game.tunables else ""
        raise ValueError(f"--param {text!r}: want OPTION=LOW:HIGH or OPTION=A|B; {game_name}'s options: {known}{paths}")
    option = declared[name]
    if "|" in spec or option.kind is not int:
        choices = tuple(option.parse(v.strip()) for v in spec.split("|") if v.strip())
        if len(choices) < 2:
            raise ValueError(f"--param {text!r}: give at least two values to choose from, as A|B")
        return Param(name, choices=choices)
    low_text, colon, high_text = spec.partition(":")
    try:
        low, high = int(low_text), int(high_text)
    except ValueError:
        raise ValueError(f"--param {text!r}: want whole numbers, as {name}=LOW:HIGH") from None
    if not colon or low > high:
        raise ValueError(f"--param {text!r}: want LOW:HIGH with LOW <= HIGH")
    if option.choices is not None:  # a whole number with listed values (goal_floor: 10, 13, 15, ...)
        inside = tuple(c for c in option.choices if low <= c <= high)
        if not inside:
            raise ValueError(f"--param {text!r}: no allowed value between {low} and {high}; {option.allowed()}")
        return Param(name, low, high, inside)
    option.parse(low), option.parse(high)  # both ends must be values the game accepts
    return Param(name, low, high)


def _data_param(text: str, game_name: str, name: str, spec: str, tunables: dict[str, Tunable]) -> Param:
    """A data path's parameter: ``LOW:HIGH`` (``LOW:HIGH:STEP`` for a number) or ``A|B``, each value one
    the path accepts (the game's own ``OptionError`` otherwise)."""
    path = name[len(PREFIX) :]
    if path not in tunables:
        known = ", ".join(tunables) or "none (it has no tunable data)"
        raise ValueError(f"--param {text!r}: {game_name} has no data path {path!r}; its paths: {known}")
    tunable = tunables[path]
    if "|" in spec:
        choices = tuple(tunable.parse(v.strip()) for v in spec.split("|") if v.strip())
        if len(choices) < 2:
            raise ValueError(f"--param {text!r}: give at least two values to choose from, as A|B")
        return Param(name, choices=choices)
    parts = spec.split(":")
    if len(parts) not in (2, 3) or (len(parts) == 3 and tunable.kind is int):
        grid = ":STEP" if tunable.kind is float else ""
        raise ValueError(f"--param {text!r}: want {name}=LOW:HIGH{grid} or {name}=A|B")
    low, high = tunable.parse(parts[0]), tunable.parse(parts[1])
    if low > high:
        raise ValueError(f"--param {text!r}: want LOW:HIGH with LOW <= HIGH")
    if tunable.kind is int:
        return Param(name, low, high)
    try:
        step = float(parts[2]) if len(parts) == 3 else FLOAT_STEP
    except ValueError:
        raise ValueError(f"--param {text!r}: the step {parts[2]!r} is not a number") from None
    if step <= 0:
        raise ValueError(f"--param {text!r}: the step must be positive")
    return Param(name, low, high, step=step)


def run_sweep(
    name: str,
    params: Sequence[Param],
    target: Target,
    trials: int,
    games: int,
    players: int,
    agents: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    confirm: int = 3,
    confirm_games: int | None = None,
) -> dict[str, Any]:
    """Run ``trials`` trials of ``games`` games each; returns every trial and the best setting.

    Each trial's distance has a 95% interval (a bootstrap over its games). The best ``confirm`` distinct
    settings are then played again on ``confirm_games`` fresh seeds (default four times ``games``), and
    the best of those is named: the lowest of many noisy distances is biased low (the winner's curse),
    so a setting is named on games that did not choose it. ``confirm=0`` names the best trial as is."""
    try:
        import optuna
    except ModuleNotFoundError as exc:
        raise ValueError("sweep needs Optuna: pip install 'cattable[reports]'") from exc
    game = get_game(name)
    agent_names = list(agents) if agents else [game.default_agent]
    fixed = dict(options or {})
    clash = sorted(set(fixed) & {p.name for p in params})
    if clash:
        raise ValueError(f"{', '.join(clash)}: searched with --param and fixed with --option; choose one")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    seen: dict[str, dict[str, Any]] = {}
    rows: list[dict[str, Any]] = []
    for number in range(trials):
        trial = study.ask()
        setting = {p.name: p.suggest(trial) for p in params}
        key = json.dumps(setting, sort_keys=True)
        repeat = key in seen
        if not repeat:
            results = simulate(
                name, games, players, agent_names, seed=seed, workers=workers, options={**fixed, **setting}
            )
            seen[key] = summarise(name, players, agent_names, results)
            seen[key]["interval"] = distance_interval(target, name, players, agent_names, results, seed)
        summary = seen[key]
        distance = target.distance(summary)
        study.tell(trial, distance)
        low, high = summary["interval"]
        row: dict[str, Any] = {"trial": number, **setting, "distance": round(distance, 6)}
        row.update(low=round(low, 6), high=round(high, 6))
        row.update({f"seat{r['seat']}": round(r["win_rate"], 4) for r in summary["seats"]})
        if "team_win_rate" in summary:
            row["team"] = round(summary["team_win_rate"], 4)
        row["length"] = round(summary["length"]["mean"], 2)
        row["repeat"] = repeat  # proposed before: the same seeds give the same games, so not played again
        rows.append(row)
        if progress:
            progress(1)
    best = min(rows, key=lambda r: (r["distance"], r["trial"]))
    confirmed: list[dict[str, Any]] = []
    more = confirm_games or 4 * games
    fresh = seed + games  # seeds no trial played
    for row in sorted((r for r in rows if not r["repeat"]), key=lambda r: (r["distance"], r["trial"]))[:confirm]:
        setting = _setting(row, params)
        results = simulate(name, more, players, agent_names, seed=fresh, workers=workers, options={**fixed, **setting})
        summary = summarise(name, players, agent_names, results)
        low, high = distance_interval(target, name, players, agent_names, results, seed)
        confirmed.append(
            {"trial": row["trial"], "setting": setting, "trial_distance": row["distance"], "games": more,
             "seeds": [fresh, fresh + more - 1], "distance": round(target.distance(summary), 6),
             "low": round(low, 6), "high": round(high, 6)}
        )  # fmt: skip
        if progress:
            progress(1)
    named: dict[str, Any] = {"trial": best["trial"], "setting": _setting(best, params), "distance": best["distance"]}
    named.update(low=best["low"], high=best["high"], confirmed=False)
    if confirmed:
        top = min(confirmed, key=lambda c: (c["distance"], c["trial"]))
        named = {k: top[k] for k in ("trial", "setting", "distance", "low", "high", "games")}
        named["confirmed"] = True
        named["overlap"] = [c["trial"] for c in confirmed if c is not top and c["low"] <= top["high"]]
    return {
        "game": name,
        "players": players,
        "agents": agent_names,
        "options": fixed,
        "params": [p.text() for p in params],
        "target": target.kind + ("" if target.kind == "seat-balance" else f"={target.value:g}"),
        "games_per_trial": games,
        "seed": seed,
        "trials": rows,
        "confirmed": confirmed,
        "best": named,
    }


def distance_interval(
    target: Target,
    name: str,
    players: int,
    agents: Sequence[str],
    results: Sequence[Any],
    seed: int = 0,
    reps: int = 200,
) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of the distance, resampling the batch's games."""
    if len(results) < 2:
        return (float("nan"), float("nan"))
    import numpy as np

    rng = np.random.default_rng(seed)
    values = []
    for _ in range(reps):
        pick = rng.integers(0, len(results), len(results))
        values.append(target.distance(summarise(name, players, agents, [results[i] for i in pick])))
    low, high = np.percentile(values, [2.5, 97.5])
    return (float(low), float(high))


def _setting(row: dict[str, Any], params: Sequence[Param]) -> dict[str, Any]:
    return {p.name: row[p.name] for p in params}


def write_sweep(result: dict[str, Any], out: str | Path) -> list[Path]:
    """``trials.csv``, ``sweep.json`` and ``sweep.png`` in the folder ``out`` (created)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    rows = result["trials"]
    columns = list(dict.fromkeys(k for r in rows for k in r))
    with (folder / "trials.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    (folder / "sweep.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    return [folder / "trials.csv", folder / "sweep.json", plot_sweep_trials(result, folder / "sweep.png")]


def plot_sweep_trials(result: dict[str, Any], out: Path) -> Path:
    """Left: each trial's distance to the target and the best so far. Right: distance against each
    searched option (one panel per option, up to three)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result["trials"]
    names = [p.split("=")[0] for p in result["params"]][:3]
    fig, axes = plt.subplots(1, 1 + len(names), figsize=(4.2 * (1 + len(names)), 3.6), squeeze=False)
    ax = axes[0][0]
    distances = [r["distance"] for r in rows]
    best = [min(distances[: i + 1]) for i in range(len(distances))]
    errs = [
        [max(0.0, r["distance"] - r.get("low", r["distance"])) for r in rows],
        [max(0.0, r.get("high", r["distance"]) - r["distance"]) for r in rows],
    ]
    ax.errorbar(range(len(rows)), distances, yerr=errs, fmt="o", color="#4c78a8", ms=4, lw=0.8,
                capsize=2, label="trial (95% bootstrap interval)")  # fmt: skip
    for c in result.get("confirmed", []):
        ax.errorbar([c["trial"] + 0.3], [c["distance"]], yerr=[[c["distance"] - c["low"]], [c["high"] - c["distance"]]],
                    fmt="D", color="#e45756", ms=5, capsize=3,
                    label=f"re-run, {c['games']} fresh games" if c is result["confirmed"][0] else None)  # fmt: skip
    ax.step(range(len(rows)), best, where="post", color="#f58518", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel(f"distance to {result['target']}")
    ax.legend(fontsize=8)
    ax.set_title(
        f"{result['game']}, {result['players']} player(s), {result['games_per_trial']} games a trial", fontsize=9
    )
    for ax, name in zip(axes[0][1:], names, strict=True):
        values = [r[name] for r in rows]
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            ax.plot(values, distances, "o", color="#54a24b", ms=4)
        else:
            labels = sorted({str(v) for v in values})
            ax.plot([labels.index(str(v)) for v in values], distances, "o", color="#54a24b", ms=4)
            ax.set_xticks(range(len(labels)), labels, fontsize=8)
        ax.set_xlabel(name)
        ax.set_title(f"named {name} = {result['best']['setting'][name]}", fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
