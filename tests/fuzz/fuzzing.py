"""The fuzz harness shared by every game: strategies for hostile actions, JSON and text, and the check
that each one is either applied legally or refused quickly with a ``ValueError``, the state unchanged.

A table server builds actions from strangers' JSON, so bad input must never crash, hang or change a
position. ``CATTABLE_FUZZ_EXAMPLES`` sets the examples per test (the full run: 100000); the default keeps
the regular suite short. Set ``CATTABLE_FUZZ_REPORT`` to a file to append each test's figures to it.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import cattable
from cattable.core import IllegalAction, InvalidAction
from cattable.core.action import Action
from cattable.core.game import State

EXAMPLES = int(os.environ.get("CATTABLE_FUZZ_EXAMPLES", "150"))
"""Hypothesis examples per fuzz test."""
REFUSAL_SECONDS = 0.5
"""The longest a refusal may take: a server must answer bad input at once."""

FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=EXAMPLES <= 1000,
    phases=(Phase.explicit, Phase.generate, Phase.shrink),
    suppress_health_check=list(HealthCheck),
)
"""Seeded for the regular suite (the same examples each run); random for the full run."""

# -- hostile values ----------------------------------------------------------------------------------
ints = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from([-1, 0, 999, 1000, 1005, 1006, 2**31, 2**63, -(2**63), 10**30, -(10**30)]),
)
floats = st.one_of(
    st.floats(),
    st.sampled_from([0.5, -0.5, 5.5, 1e308, -1e308, float("inf"), float("-inf"), float("nan"), -0.0]),
)
words = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "pass", "none", "null", "1", "-1", "1e999", "nan", "inf", "x=1", "larder9", "é"]),
)


def wild_values(extra: Sequence[Any] = ()) -> st.SearchStrategy[Any]:
    """Any Python value a careless or hostile caller might put in an action's field."""
    scalars = st.one_of(ints, floats, st.booleans(), st.none(), words)
    nested = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner), max_leaves=5)
    return st.one_of(scalars, nested, *([st.sampled_from(list(extra))] if extra else []))


def json_values(extra: Sequence[Any] = ()) -> st.SearchStrategy[Any]:
    """Any JSON value (as ``json.loads`` makes it), plus ``extra`` plausible ones."""
    scalars = st.one_of(st.none(), st.booleans(), ints, st.floats(allow_nan=False, allow_infinity=False), words)
    nested = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
        max_leaves=6,
    )
    return st.one_of(scalars, nested, *([st.sampled_from(list(extra))] if extra else []))


# -- what the strategies mutate: real positions and their legal actions -------------------------------
@dataclass
class Positions:
    """A game's fuzz targets: a few real positions, with the actions seen legal in them."""

    name: str
    states: list[State]
    legal: list[Action]

    @property
    def game(self) -> Any:
        return self.states[0].game

    def kinds(self) -> list[str]:
        return sorted({str(a[0]) for a in self.legal if isinstance(a, tuple)})


def playout_positions(
    name: str,
    setups: Sequence[tuple[int, int, dict[str, Any]]],
    depths: Sequence[int],
    step: Callable[[State, random.Random], Action] | None = None,
) -> Positions:
    """Seeded random playouts (players, seed, options), keeping the position after each of ``depths``
    actions (and the end, when a playout finishes first)."""
    game = cattable.game(name)
    states: list[State] = []
    legal: list[Action] = []
    for players, seed, options in setups:
        rng = random.Random(seed)
        state = game.new(players=players, seed=seed, **options)
        done = 0
        for depth in sorted(depths):
            while done < depth and not state.is_over:
                actions = state.legal_actions()
                legal.extend(actions[:50])
                state.apply(step(state, rng) if step else rng.choice(actions))
                done += 1
            states.append(state.clone())
            legal.extend(state.legal_actions()[:50])
            if state.is_over:
                break
    unique = list(dict.fromkeys(legal))
    return Positions(name, states, unique)


# -- mutations ----------------------------------------------------------------------------------------
def action_values(pos: Positions) -> st.SearchStrategy[Any]:
    """(a) Action values built straight from the game's classes: every field arbitrary, or one real
    legal action with one field replaced."""
    classes: list[type] = list(pos.game.action_types)
    kinds = pos.kinds()
    fields_seen = [v for a in pos.legal for v in a[1:]]  # type: ignore[index]
    wild = wild_values(fields_seen[:200])

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        if draw(st.booleans()):
            real = draw(st.sampled_from(pos.legal))
            i = draw(st.integers(0, len(real) - 1))  # type: ignore[arg-type]
            values = list(real)  # type: ignore[call-overload]
            values[i] = draw(wild)
            return type(real)(*values)
        cls = draw(st.sampled_from(classes))
        n = len(cls._fields)  # type: ignore[attr-defined]
        kind = draw(st.one_of(st.sampled_from(kinds), words))
        return cls(kind, *[draw(wild) for _ in range(n - 1)])

    return build()


def json_documents(pos: Positions) -> st.SearchStrategy[Any]:
    """(b) JSON documents: real legal actions' ``to_json()`` with fields dropped, added, retyped or the
    kind changed, and arbitrary JSON."""
    docs = [a.to_json() for a in pos.legal]
    kinds = sorted({d["kind"] for d in docs})
    keys = sorted({k for d in docs for k in d})
    values = [v for d in docs for v in d.values()]
    anything = json_values(values[:300])

    @st.composite
    def mutate(draw: st.DrawFn) -> Any:
        doc = dict(draw(st.sampled_from(docs)))
        for _ in range(draw(st.integers(1, 3))):
            op = draw(st.sampled_from(["drop", "add", "retype", "kind", "swap"]))
            if op == "drop" and doc:
                doc.pop(draw(st.sampled_from(sorted(doc))))
            elif op == "add":
                doc[draw(st.one_of(st.sampled_from(keys), words))] = draw(anything)
            elif op == "retype" and doc:
                doc[draw(st.sampled_from(sorted(doc)))] = draw(anything)
            elif op == "kind":
                doc["kind"] = draw(st.one_of(st.sampled_from(kinds), words, anything))
            elif op == "swap":
                other = draw(st.sampled_from(docs))
                doc.update({k: v for k, v in other.items() if k != "kind"})
        return json.loads(json.dumps(doc))

    return st.one_of(mutate(), json_values(docs[:100]))


def texts(pos: Positions) -> st.SearchStrategy[str]:
    """(c) Text: real legal actions' ``text()`` with words replaced, dropped, added or shuffled, and
    arbitrary text."""
    lines = [a.text() for a in pos.legal]
    vocabulary = sorted({w for t in lines for w in t.split()})
    word = st.one_of(st.sampled_from(vocabulary), words, ints.map(str), floats.map(str))

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        ws = draw(st.sampled_from(lines)).split()
        for _ in range(draw(st.integers(1, 3))):
            op = draw(st.sampled_from(["replace", "drop", "add", "shuffle", "case"]))
            if op == "replace" and ws:
                ws[draw(st.integers(0, len(ws) - 1))] = draw(word)
            elif op == "drop" and ws:
                ws.pop(draw(st.integers(0, len(ws) - 1)))
            elif op == "add":
                ws.insert(draw(st.integers(0, len(ws))), draw(word))
            elif op == "shuffle":
                ws = draw(st.permutations(ws))
            elif op == "case":
                ws = [w.upper() for w in ws]
        return draw(st.sampled_from([" ", "  ", "\t", " = "])).join(ws)

    return st.one_of(mutate(), st.text(max_size=30))


# -- the check --------------------------------------------------------------------------------------
def fingerprint(state: State) -> str:
    """Everything a refusal must leave alone."""
    return json.dumps([state.snapshot(), len(state.history), len(state.chance.log)], sort_keys=True)


@dataclass
class Tally:
    """What one fuzz test tried: counts and the slowest refusal (in seconds)."""

    game: str
    form: str
    tried: int = 0
    refused: int = 0
    applied: int = 0
    legal_not_applied: int = 0
    hiccups: int = 0
    """Refusals whose first timing passed the bound but whose retimings did not (machine pauses)."""
    slowest: float = 0.0
    slowest_input: str = ""
    errors: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        skipped = f", legal but not applied {self.legal_not_applied}" if self.legal_not_applied else ""
        skipped += f", retimed after a pause {self.hiccups}" if self.hiccups else ""
        return (
            f"{self.game} {self.form}: tried {self.tried}, refused {self.refused}, applied {self.applied}{skipped}, "
            f"slowest refusal {self.slowest * 1000:.2f} ms ({self.slowest_input})"
        )

    def report(self) -> None:
        """Print the figures and append them to ``CATTABLE_FUZZ_REPORT`` when it is set."""
        print(self.line())
        path = os.environ.get("CATTABLE_FUZZ_REPORT")
        if path:
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps({**self.__dict__, "examples": EXAMPLES}) + "\n")


class Checker:
    """Feeds inputs to the positions and checks the contract, keeping a ``Tally``."""

    def __init__(self, pos: Positions, form: str, apply_legal: Callable[[State, Action], bool] | None = None):
        self.pos = pos
        self.tally = Tally(pos.name, form)
        self.prints = [fingerprint(s) for s in pos.states]
        self.pristine = [s.clone() for s in pos.states]
        self.apply_legal = apply_legal
        """Whether to carry out an action found legal (the tower's cost physics time); default always."""

    def check(self, index: int, make: Callable[[], Any]) -> None:
        """``make`` builds the action (and may refuse, as reading JSON or text does); then it is applied
        to position ``index``: legally on a copy, or refused quickly with the position unchanged."""
        t = self.tally
        t.tried += 1
        state = self.pos.states[index % len(self.pos.states)]
        before = self.prints[index % len(self.pos.states)]
        start = time.perf_counter()
        try:
            action = make()
            if self.apply_legal is not None and state.is_legal(action) and not self.apply_legal(state, action):
                t.legal_not_applied += 1
                return
            state.apply(action)
            t.applied += 1
            self.pos.states[index % len(self.pos.states)] = self.pristine[index % len(self.pos.states)].clone()
            return
        except (InvalidAction, IllegalAction) as exc:
            elapsed = time.perf_counter() - start
            t.refused += 1
            name = type(exc).__name__
            t.errors[name] = t.errors.get(name, 0) + 1
            if elapsed >= REFUSAL_SECONDS:
                elapsed = min(elapsed, _retimed(state, make))
                t.hiccups += 1
            if elapsed > t.slowest:
                t.slowest, t.slowest_input = elapsed, _short(make)
            assert elapsed < REFUSAL_SECONDS, f"refusing took {elapsed:.3f} s: {_short(make)}"
            after = fingerprint(state)
            assert after == before, f"a refusal changed the position: {_short(make)}"
            return


def _retimed(state: State, make: Callable[[], Any], tries: int = 2) -> float:
    """The fastest of a few more refusals of the same input: on a shared machine one slow wall-clock
    reading can be a pause of the machine; a refusal that is slow every time is the code's."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        try:
            state.apply(make())
        except (InvalidAction, IllegalAction):
            best = min(best, time.perf_counter() - start)
        else:
            raise AssertionError(f"an input refused once was applied the next time: {_short(make)}")
    return best


def _short(make: Callable[[], Any]) -> str:
    text = repr(getattr(make, "source", "?"))
    return text if len(text) <= 160 else text[:157] + "..."


class Made:
    """A zero-argument maker that remembers its input, so failures and the slowest refusal name it."""

    def __init__(self, source: Any, build: Callable[[Any], Any]):
        self.source = source
        self.build = build

    def __call__(self) -> Any:
        return self.build(self.source)


# -- the three fuzz tests every game runs ------------------------------------------------------------
def fuzz(pos: Positions, form: str, apply_legal: Callable[[State, Action], bool] | None = None) -> Tally:
    """Run one form of input ("values", "json" or "text") against ``pos`` and report its figures."""
    checker = Checker(pos, form, apply_legal)
    game = pos.game
    strategy, build = {
        "values": (action_values(pos), _same),
        "json": (json_documents(pos), game.action_from_json),
        "text": (texts(pos), game.parse_action),
    }[form]

    @FUZZ_SETTINGS
    @given(st.integers(0, len(pos.states) - 1), strategy)
    def run(index: int, source: Any) -> None:
        checker.check(index, Made(source, build))

    run()
    checker.tally.report()
    return checker.tally


def _same(action: Any) -> Any:
    return action


def assert_refused_as_invalid(
    pos: Positions, action: Any, errors: type[ValueError] | tuple[type[ValueError], ...] = InvalidAction
) -> None:
    """A regression check: ``action`` is refused (as an ``InvalidAction`` unless ``errors`` says otherwise)
    in every position that is not over, quickly and with nothing changed."""
    for state in pos.states:
        if state.is_over:
            continue
        before = fingerprint(state)
        start = time.perf_counter()
        try:
            state.apply(action)
        except errors:
            pass
        else:
            raise AssertionError(f"{action!r} was applied")
        assert time.perf_counter() - start < REFUSAL_SECONDS
        assert fingerprint(state) == before


def assert_lookalikes_refused(pos: Positions, errors: type[ValueError] | tuple[type[ValueError], ...]) -> None:
    """Tuples compare by value, so a legal action's fields in another class of the same size, or with a
    whole number written as a float, equal it: each such look-alike is refused, quickly and harmlessly."""
    classes: list[Any] = list(pos.game.action_types)
    for state in pos.states:
        if state.is_over:
            continue
        for real in state.legal_actions()[:25]:
            fields = list(real)  # type: ignore[call-overload]
            fakes = [cls(*fields) for cls in classes if cls is not type(real) and len(cls._fields) == len(fields)]
            same: Any = type(real)
            fakes += [same(*fields[:i], float(v), *fields[i + 1 :]) for i, v in enumerate(fields) if type(v) is int]
            for fake in fakes:
                before = fingerprint(state)
                try:
                    state.apply(fake)
                except errors:
                    pass
                else:
                    raise AssertionError(f"{fake!r} was applied as {real!r}")
                assert fingerprint(state) == before
