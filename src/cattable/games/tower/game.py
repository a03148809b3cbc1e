"""Cat and the Tower: the rules, on a MuJoCo world of cardboard floors, folded walls and wooden cats.

A turn is several actions: choose a face-up Action card (and a side), place its pieces one by one (two
walls then the next floor; or a Feline Friend, then perhaps pet it), in the competitive game perhaps move
a Feline Friend up, then the goal step. Every placement draws hand noise through ``state.chance``, runs
the world to rest, and records what happened (``table.py``), so a replay never simulates.

Decisions where the rulebooks are silent are in README.md, and the constants below.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from cattable.core import Action, Game, IllegalAction, InvalidAction, Option, OptionError, Result, State, rank_by

from . import goals, placing
from .actions import (
    ACTION_TYPES,
    COLOURS,
    SKIP,
    WALL_TYPES,
    Cat,
    Choose,
    Floor,
    Goal,
    Move,
    Pet,
    Refresh,
    Skip,
    TowerAction,
    Wall,
    action_from_json,
    malformed,
    parse_action,
)
from .cards import Side, cards
from .menu import FLOOR_MENU, PET_MENU, XY_LIMIT, cat_menu, move_menu, on_tile, roomiest_spot, wall_menu
from .physics import STEADINESS, TowerWorld, noise
from .placing import FOLD_RANGE
from .table import Table, copy_outcome, in_floor_frame, tilt_of, yaw_of

MILESTONES = (10, 13, 15, 17, 20)
SCARVES = ("red", "orange", "blue", "purple", "yellow")
FLOORS = 24
WALL_COUNTS = {"bricks": 12, "windows": 12, "arches": 12, "angels": 12, "pillars": 6}
DEFEAT_WALLS = 5
MAX_TRIES = 3
"""Attempts a player makes at one piece before giving up on it (the rulebook allows endless retries)."""
COUNT_SECONDS = 5.0
UPRIGHT_DEG = 30.0
WALL_PANEL = 3.0
"""A wall panel's width (cm), crease to edge (physics/pieces.json)."""
PET_HEIGHT = (0.0, 2.0)
PET_PUSH = (0.5, 20.0)
"""A "light touch" in g cm/s (5-10 is light for a 1.8 g cat; 20 is a shove we refuse)."""


class TowerGame(Game):
    name = "tower"
    title = "Cat and the Tower"
    min_players = 1
    max_players = 5
    cooperative = True
    has_hidden_information = True

    def is_cooperative(self, options: Mapping[str, Any] | None = None) -> bool:
        """The competitive variant ranks the players; the base game is won or lost together."""
        return bool((options or {}).get("mode", "coop") != "competitive")

    default_agent = "heuristic"
    action_types = ACTION_TYPES
    options = (
        Option(
            "edition",
            "en",
            "en (Arcane Wonders: Toto, story cards) or fr (Unfriendly Games: Neko, stickers)",
            ("en", "fr"),
        ),
        Option("mode", "coop", "coop (help Toto up) or competitive (Black Cats race up)", ("coop", "competitive")),
        Option("goal_floor", 10, "the floor Toto aims at (going higher: 13, 15, 17, 20)", MILESTONES, int),
        Option("steadiness", "normal", "how steady the hands are", tuple(STEADINESS), str),
        Option(
            "turn_limit",
            120,
            "turns before the game stops (a digital safety stop; 0 = none)",
            None,
            int,
            lambda v: None if 0 <= v <= 10000 else "between 0 and 10000",
        ),
    )

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        if options["mode"] == "competitive" and players < 2:
            raise OptionError("tower: the competitive variant needs 2 to 5 players; allowed: players=2..5")

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> TowerState:
        state = TowerState(self, players, seed, options, script)
        state.setup()
        return state

    def parse_action(self, text: str) -> TowerAction:
        return parse_action(text)

    def action_from_json(self, data: Any) -> TowerAction:
        return action_from_json(data)


def _in(value: float, low: float, high: float) -> bool:
    return low <= value <= high


class TowerState(State):
    """A table of Cat and the Tower. The physical tower is ``table.outcome`` (poses and a reading)."""

    # -- setup -------------------------------------------------------------------------------------
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None):
        super().__init__(game, players, seed, options, script)
        self.mode: str = options["mode"]
        self.edition: str = options["edition"]
        self.goal_floor: int = options["goal_floor"]
        self.steadiness: str = options["steadiness"]
        self.turn_limit: int = options["turn_limit"]
        self.target: int = MILESTONES[0] if self.mode == "coop" else FLOORS
        self.seat = 0
        self.phase = "action"
        self.after_place = "goal"
        self.action_deck: list[str] = []
        self.action_discard: list[str] = []
        self.action_faceup: list[str] = []
        self.goal_deck: list[str] = []
        self.goal_discard: list[str] = []
        self.goal_faceup: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.card = ""
        self.pending: list[dict[str, Any]] = []
        self.placed: list[str] = []
        self.last_cat = ""
        self.items: dict[str, dict[str, Any]] = {}
        self.pet_card = False
        self.support_before: dict[str, Any] = {}
        self.toto = ""
        self.toto_best = 1
        """The highest floor Toto has stood on (the figure a lost game reached)."""
        self.toto_start = ""
        self.black: list[str] = ["" for _ in range(players)]
        self.black_start: list[str] = ["" for _ in range(players)]
        self.arrival: list[int] = [0] * players
        self.clock = 0
        self.wall_debris: list[str] = []
        self.cleared: list[int] = []
        self.outcome = ""
        self.toppler = -1
        self.turns = 0
        self.events: list[str] = []
        self.table = Table({"pieces": {}, "poses": {}, "reading": {}})

    def setup(self) -> None:
        """Starting paw cards face up (coop), decks shuffled, Toto on the 1st floor; or the competitive deal."""
        deck = cards()
        self._physics(lambda w: w.settle())
        if self.mode == "coop":
            self.action_faceup = sorted(c.id for c in deck.actions.values() if c.paw)
            self.goal_faceup = sorted(g.id for g in deck.goals.values() if g.paw)
            self.action_deck = sorted(c.id for c in deck.actions.values() if not c.paw)
            self.goal_deck = sorted(g.id for g in deck.goals.values() if not g.paw)
            self.chance.shuffle(self.action_deck)
            self.chance.shuffle(self.goal_deck)
            self._stand("toto", "F1")
            self.toto = self.toto_start = "F1"
        else:
            self.action_deck = sorted(deck.actions)
            self.goal_deck = sorted(deck.goals)
            self.chance.shuffle(self.action_deck)
            self.chance.shuffle(self.goal_deck)
            self.action_faceup = [self.action_deck.pop() for _ in range(3)]
            for hand in self.hands:
                hand.extend(self.goal_deck.pop() for _ in range(2))
        self._start_turn()

    # -- the table ---------------------------------------------------------------------------------
    @property
    def reading(self) -> dict[str, Any]:
        r: dict[str, Any] = self.table.outcome["reading"]
        return r

    def _physics(self, run: Callable[[TowerWorld], object]) -> None:
        """Simulate once (live) or take the recorded outcome (replay); either way it is logged."""
        computed = False

        def compute() -> Any:
            nonlocal computed
            computed = True
            return self.table.simulate(run)

        outcome = self.chance.external(compute)
        self.support_before = self.reading.get("support", {})
        self.table.adopt(outcome, computed)

    def _hand(self) -> dict[str, float]:
        return noise(self.steadiness, lambda s: self.chance.gauss(0.0, s))

    def level(self, floor: str) -> int:
        return int(self.reading["floor_levels"].get(floor, 0))

    def floor_at(self, level: int) -> str:
        for f, lv in self.reading["floor_levels"].items():
            if lv == level:
                return str(f)
        return ""

    def top_level(self) -> int:
        return max(self.reading["floor_levels"].values(), default=1)

    def _stand(self, piece: str, floor: str) -> None:
        """The rules stand Toto or a Black Cat on ``floor``, at its roomiest spot, by a careful hand."""
        x, y = roomiest_spot(self.table.outcome, floor, piece)

        def run(w: TowerWorld) -> None:
            if piece in w.active:
                w.remove(piece)
            w.place_cat(piece, floor, x, y, 0.0)
            w.settle()

        self._physics(run)

    # -- stock ---------------------------------------------------------------------------------------
    def stock_floors(self) -> list[str]:
        return [f"F{k}" for k in range(2, FLOORS + 1) if f"F{k}" not in self.table.outcome["pieces"]]

    def stock_walls(self, wall_type: str) -> list[str]:
        """Walls of a type not on the table (and, in the English game, not set aside as debris)."""
        gone = set(self.table.outcome["pieces"])
        if self.edition == "en":
            gone |= set(self.wall_debris)
        return [f"W-{wall_type}-{k}" for k in range(1, WALL_COUNTS[wall_type] + 1) if f"W-{wall_type}-{k}" not in gone]

    def stock_cats(self, colour: str) -> list[str]:
        return [f"C-{colour}-{k}" for k in range(1, 5) if f"C-{colour}-{k}" not in self.table.outcome["pieces"]]

    def cats_on_tower(self, colour: str) -> list[str]:
        return [f"C-{colour}-{k}" for k in range(1, 5) if f"C-{colour}-{k}" in self.table.outcome["pieces"]]

    def side_possible(self, side: Side) -> bool:
        if side.walls:
            walls = sum(len(self.stock_walls(t)) for t in WALL_TYPES)
            return bool(self.stock_floors()) and walls >= len(side.walls)
        colours = COLOURS if side.cat == "any" else (side.cat,)
        return any(self.stock_cats(c) or self.cats_on_tower(c) for c in colours)

    # -- turn flow -----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _say(self, text: str) -> None:
        self.events = [*self.events[-11:], text]

    def _start_turn(self) -> None:
        self.phase = "action"
        self.card = ""
        self.pending = []
        self.placed = []
        self.items = {}
        self.pet_card = False
        self.last_cat = ""
        self.toto_start = self.toto
        self.black_start = list(self.black)
        self._replace_dead_cards()

    def _playable(self, card: str) -> bool:
        return any(self.side_possible(s) for s in cards().actions[card].sides)

    def _replace_dead_cards(self) -> None:
        """If no face-up Action card can be carried out (the floors or walls ran out), the dead ones are
        discarded and replaced until one can; if none left anywhere can, the game ends (README)."""
        for _ in range(len(cards().actions)):
            if any(self._playable(c) for c in self.action_faceup):
                return
            dead = list(self.action_faceup)
            self.action_faceup = []
            self._draw_action()
            self.action_discard.extend(dead)
            self._say("no face-up Action card can be carried out: they are replaced")
            if not self.action_faceup:
                break
        if not any(self._playable(c) for c in self.action_faceup):
            self._end("no action", "no Action card can be carried out: the stock has run out")

    def _end_turn(self) -> None:
        if self.phase == "over":
            return
        self.turns += 1
        if self.turn_limit and self.turns >= self.turn_limit:
            self._end("turn limit", f"the turn limit ({self.turn_limit}) is reached")
            return
        self.seat = (self.seat + 1) % self.players
        self._start_turn()

    def _end(self, outcome: str, why: str) -> None:
        self.outcome = outcome
        self.phase = "over"
        self._say(f"game over: {why}")

    def _sides(self, card: str) -> list[tuple[str, Side]]:
        sides = cards().actions[card].sides
        if len(sides) == 1:
            return [("", sides[0])]
        return list(zip(("left", "right"), sides, strict=True))

    def _draw_action(self) -> None:
        """Refill the face-up Action cards; an empty deck is the discard pile reshuffled (the FAQ)."""
        want = 3 if self.mode == "competitive" else 2
        while len(self.action_faceup) < want:
            if not self.action_deck:
                if not self.action_discard:
                    return
                self.action_deck = sorted(self.action_discard)
                self.action_discard = []
                self.chance.shuffle(self.action_deck)
                self._say("the Action deck is reshuffled from its discard pile")
            self.action_faceup.append(self.action_deck.pop())

    def _draw_goal(self) -> str | None:
        if not self.goal_deck:
            if not self.goal_discard:
                return None
            self.goal_deck = sorted(self.goal_discard)
            self.goal_discard = []
            self.chance.shuffle(self.goal_deck)
            self._say("the Goal deck is reshuffled from its discard pile")
        return self.goal_deck.pop()

    def _finish_action(self) -> None:
        """The action is done: discard the card, refill, and go on to the next step."""
        self.action_faceup.remove(self.card)
        self.action_discard.append(self.card)
        self._draw_action()
        self.card = ""
        self.placed = []
        if self.phase == "over":
            return
        self.phase = self.after_place
        self._enter_optional_steps()

    def _enter_optional_steps(self) -> None:
        """Skip straight past the competitive move and the goal step when there is nothing to do."""
        if self.phase == "interact" and not self._move_menu():
            self.phase = "goal"
        if self.phase == "goal" and not self._goal_actions():
            self._end_turn()

    # -- legal actions -------------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "action":
            return [
                Choose("choose", i + 1, name)
                for i, c in enumerate(self.action_faceup)
                for name, side in self._sides(c)
                if self.side_possible(side)
            ]
        if self.phase == "place":
            return [*self._place_menu()]
        if self.phase == "interact":
            return [*self._move_menu(), SKIP]
        if self.phase == "goal":
            return [*self._goal_actions(), SKIP]
        return []

    def _wall_types_allowed(self) -> list[str]:
        wanted = [it["type"] for it in self.pending if it["piece"] == "wall"]
        allowed = {t for t in wanted if self.stock_walls(t)}
        if any(not self.stock_walls(t) for t in wanted):
            allowed |= {t for t in WALL_TYPES if self.stock_walls(t)}  # the FAQ: use a different wall
        return [t for t in WALL_TYPES if t in allowed]

    def _cat_take(self, colour: str) -> str:
        """The cat re-placed when a colour is out of stock (the FAQ); empty when the stock has one."""
        if self.stock_cats(colour):
            return ""
        on = self.cats_on_tower(colour)
        return on[0] if on else ""

    def _cat_floors(self) -> list[str]:
        """Floors the menu offers a cat: where goals are judged, and the top floor."""
        if self.mode == "coop":
            first = self.floor_at(self.level(self.toto) + 1)
        else:
            first = self.floor_at(self._black_level(self.seat) + 1)
        top = self.reading["top_floor"]
        return list(dict.fromkeys(f for f in (first, top) if f))

    def _place_menu(self) -> list[TowerAction]:
        item = self.pending[0]
        kind = item["piece"]
        if kind in ("wall", "floor") and any(it["piece"] == "wall" for it in self.pending):
            return list(wall_menu(self.table.outcome, self._wall_types_allowed()))
        if kind == "floor":
            return list(FLOOR_MENU)
        if kind == "cat":
            colours = [c for c in COLOURS if item["colour"] in (c, "any")]
            colours = [c for c in colours if self.stock_cats(c) or self.cats_on_tower(c)]
            take = {c: self._cat_take(c) for c in colours}
            return list(cat_menu(self.table.outcome, colours, self._cat_floors(), take))
        if kind == "pet":
            return list(PET_MENU)
        if kind == "move":
            return list(
                move_menu(
                    self.table.outcome,
                    [item["cat"]],
                    self._floors_above(self.seat)[:1] + self._floors_above(self.seat)[-1:],
                )
            )
        raise AssertionError(kind)

    def _black_level(self, seat: int) -> int:
        return self.level(self.black[seat]) if self.black[seat] else 1

    def _floors_above(self, seat: int) -> list[str]:
        mine = self._black_level(seat)
        levels = self.reading["floor_levels"]
        return sorted((f for f, lv in levels.items() if lv > mine), key=lambda f: levels[f])

    def _movable_cats(self) -> list[str]:
        here = self.black[self.seat] or "F1"
        support = self.reading["support"]
        return sorted(p for p, s in support.items() if p.startswith("C-") and s == here)

    def _move_menu(self) -> list[TowerAction]:
        if self.mode != "competitive":
            return []
        floors = self._floors_above(self.seat)
        if not floors:
            return []
        return list(move_menu(self.table.outcome, self._movable_cats(), list(dict.fromkeys([floors[0], floors[-1]]))))

    def goal_floors(self, seat: int) -> list[str]:
        """Where the seat's goals are judged: the floor directly above Toto, or any floor above one's cat."""
        if self.mode == "coop":
            above = self.floor_at(self.level(self.toto) + 1)
            return [above] if above else []
        return self._floors_above(seat)

    def met_goals(self, seat: int) -> list[int]:
        """1-based positions of the goal cards (face-up, or in the seat's hand) whose condition is met."""
        floors = self.goal_floors(seat)
        if not floors:
            return []
        ids = self.goal_faceup if self.mode == "coop" else self.hands[seat]
        return [i + 1 for i, g in enumerate(ids) if goals.met(cards().goals[g].condition, floors, self.reading)]

    def _goal_actions(self) -> list[TowerAction]:
        ids = self.goal_faceup if self.mode == "coop" else self.hands[self.seat]
        out: list[TowerAction] = [
            Goal("goal", i, n)
            for i in self.met_goals(self.seat)
            for n in range(1, cards().goals[ids[i - 1]].floors + 1)
        ]
        if self.mode == "competitive" and self.edition == "fr" and self.goal_deck + self.goal_discard:
            out += [Refresh("refresh", i + 1) for i in range(len(self.hands[self.seat]))]
        return out

    # -- legality of typed placements ----------------------------------------------------------------
    def is_legal(self, action: Any) -> bool:
        return self._reason(action) is None

    def _why_illegal(self, action: Any) -> str:
        return self._reason(action) or f"{action.text()} is not a legal move now"

    def _reason(self, a: Any) -> str | None:
        """None if legal, else why not (placements are judged by range, not by menu membership)."""
        wrong = malformed(a)
        if wrong is not None:
            raise InvalidAction(wrong)
        if self.phase == "over":
            return "the game is over"
        if isinstance(a, Choose | Goal | Refresh | Skip):
            if a in self.legal_actions():
                return None
            return self._menu_reason(a)
        if self.phase not in ("place", "interact"):
            return f"you cannot {a.kind} now: it is the {self.phase} step"
        if isinstance(a, Move):
            return self._move_reason(a)
        if self.phase != "place":
            return f"you cannot {a.kind} now: move a Feline Friend or skip"
        item = self.pending[0]
        if isinstance(a, Wall):
            if not any(it["piece"] == "wall" for it in self.pending):
                return (
                    "this card's walls are placed: now the floor"
                    if item["piece"] == "floor"
                    else f"place the {item['piece']} now"
                )
            if a.type not in self._wall_types_allowed():
                asked = " and ".join(it["type"] for it in self.pending if it["piece"] == "wall")
                return f"this card asks for {asked}, not {a.type}"
            if not on_tile(a.x, a.y):
                return "walls must stand on the top-most floor: x and y within 4.5 cm of its centre"
            if not _in(a.yaw, -360.0, 360.0):
                return "yaw must be between -360 and 360 degrees"
            if not _in(a.fold, *FOLD_RANGE):
                return "fold must be between 30 (tightly folded) and 180 (flat) degrees"
            return None
        if isinstance(a, Floor):
            if item["piece"] != "floor":
                return (
                    "walls first: a floor goes onto the top-most walls"
                    if item["piece"] == "wall"
                    else f"place the {item['piece']} now"
                )
            if not (on_tile(a.x, a.y) and _in(a.yaw, -360.0, 360.0)):
                return "a floor goes over the floor below: x and y within 4.5 cm, yaw within 360 degrees"
            return None
        if isinstance(a, Cat):
            return self._cat_reason(a, item)
        if isinstance(a, Pet):
            if item["piece"] != "pet":
                return "you pet the Feline Friend after placing it"
            if not (_in(a.angle, -360.0, 360.0) and _in(a.height, *PET_HEIGHT) and _in(a.push, *PET_PUSH)):
                return "a pet is a light touch: angle within 360, height 0 to 2 cm, push 0.5 to 20 g cm/s"
            return None
        return f"{a.text()} is not a legal move now"

    def _menu_reason(self, a: Any) -> str:
        if isinstance(a, Choose):
            if self.phase != "action":
                return "you have already chosen an Action card this turn"
            if not 1 <= a.card <= len(self.action_faceup):
                return f"there are {len(self.action_faceup)} face-up Action cards"
            names = [n for n, _ in self._sides(self.action_faceup[a.card - 1])]
            if a.side not in names:
                return (
                    f"card {a.card} has two sides: type 'card {a.card} left' or 'card {a.card} right'"
                    if names != [""]
                    else f"card {a.card} has one side: type 'card {a.card}'"
                )
            return "the stock cannot carry out that action"
        if isinstance(a, Goal | Refresh):
            if self.phase != "goal":
                return f"goals come after the action: it is the {self.phase} step"
            if isinstance(a, Refresh):
                return "only the French competitive game lets you refresh a goal"
            met = self.met_goals(self.seat)
            if a.card not in met:
                return f"goal {a.card} is not met on the floor(s) where goals are judged"
            return "you may move up to the number of floors on the card, at least 1"
        if isinstance(a, Skip):
            return (
                "this step is not optional: choose an Action card"
                if self.phase == "action"
                else "place the piece first"
            )
        return "not a legal move now"

    def _cat_reason(self, a: Cat, item: Mapping[str, Any]) -> str | None:
        if item["piece"] != "cat":
            return f"this card asks for a {item['piece']} now"
        if item["colour"] not in (a.colour, "any"):
            return f"this card asks for a {item['colour']} Feline Friend"
        floor = f"F{a.floor}"
        if floor not in self.reading["floor_levels"]:
            return f"floor {a.floor} is not standing in the tower"
        if not (on_tile(a.x, a.y) and _in(a.yaw, -360.0, 360.0)):
            return "a cat stands on the floor: x and y within 4.5 cm, yaw within 360 degrees"
        stock = self.stock_cats(a.colour)
        if stock and a.take:
            return f"there are {a.colour} Feline Friends in stock: take one of them"
        if not stock and a.take not in self.cats_on_tower(a.colour):
            return f"no {a.colour} Feline Friend is left in stock: re-place one from the tower (take=...)"
        if a.on:
            if not a.on.startswith("C-"):
                return "cats go on top of Feline Friends only"
            if a.on == a.take or self.reading["support"].get(a.on) != floor:
                return f"{a.on} is not a Feline Friend on floor {a.floor}"
        return None

    def _move_reason(self, a: Move) -> str | None:
        if self.mode != "competitive":
            return "only the competitive game moves Feline Friends"
        if self.phase == "interact":
            if a.cat not in self._movable_cats():
                return f"{a.cat} is not on your Black Cat's floor"
        elif self.pending[0]["piece"] != "move" or self.pending[0]["cat"] != a.cat:
            return "finish placing this turn's piece first"
        if f"F{a.floor}" not in self._floors_above(self.seat):
            return "a Feline Friend moves to a floor above your Black Cat"
        if not (on_tile(a.x, a.y) and _in(a.yaw, -360.0, 360.0)):
            return "x and y within 4.5 cm, yaw within 360 degrees"
        return None

    # -- carrying out actions ------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        if isinstance(action, Choose):
            self._choose(action)
        elif isinstance(action, Wall):
            self._place_wall(action)
        elif isinstance(action, Floor):
            self._place_floor(action)
        elif isinstance(action, Cat):
            self._place_cat(action)
        elif isinstance(action, Pet):
            self._pet(action)
        elif isinstance(action, Move):
            self._move(action)
        elif isinstance(action, Goal):
            self._complete_goal(action)
        elif isinstance(action, Refresh):
            self._refresh(action)
        elif isinstance(action, Skip):
            self._skip()

    def _choose(self, a: Choose) -> None:
        self.card = self.action_faceup[a.card - 1]
        side = dict(self._sides(self.card))[a.side]
        if side.walls:
            self.pending = [{"piece": "wall", "type": t, "tries": 0} for t in side.walls]
            self.pending.append({"piece": "floor", "tries": 0})
        else:
            self.pending = [{"piece": "cat", "colour": side.cat, "tries": 0}]
            if side.pet:
                self.pending.append({"piece": "pet", "tries": 0})
        self.pet_card = side.pet
        self.after_place = "interact" if self.mode == "competitive" else "goal"
        self.phase = "place"
        self._say(f"seat {self.seat} takes {self.card}: {side.describe()}")

    def _take_item(self, kind: str, match: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        for i, it in enumerate(self.pending):
            if it["piece"] == kind and (match is None or match(it)):
                return self.pending.pop(i)
        raise AssertionError(kind)

    def _place_wall(self, a: Wall) -> None:
        wanted = [it for it in self.pending if it["piece"] == "wall"]
        exact = [it for it in wanted if it["type"] == a.type]
        item = exact[0] if exact else next(it for it in wanted if not self.stock_walls(it["type"]))
        self.pending.remove(item)
        piece = self.stock_walls(a.type)[0]
        top = self.reading["top_floor"]
        n = self._hand()
        self._physics(lambda w: placing.wall(w, piece, a, n))
        self._placed(piece, {**item, "type": a.type}, lambda: self._standing(piece, top))

    def _place_floor(self, a: Floor) -> None:
        item = self._take_item("floor")
        piece = self.stock_floors()[0]
        below = self.reading["top_floor"]
        n = self._hand()
        self._physics(lambda w: placing.floor(w, piece, a, n))
        self._placed(piece, item, lambda: self._floor_ok(piece, below))

    def _floor_ok(self, floor: str, below: str) -> bool:
        """The floor stands in the tower; in the French game its walls must not stick out from under it."""
        if floor not in self.reading["floor_levels"]:
            return False
        if self.edition != "fr":
            return True
        out = self.table.outcome
        poses = out["poses"]
        for wall, on in self.reading["support"].items():
            if on != below or not wall.startswith("W-") or wall not in poses:
                continue
            fold = float(out["pieces"][wall].get("fold", 90.0))
            heading = math.radians(yaw_of(poses[wall]))
            ends = [poses[wall][:2]] + [
                [
                    poses[wall][0] + WALL_PANEL * math.cos(heading + s),
                    poses[wall][1] + WALL_PANEL * math.sin(heading + s),
                ]
                for s in (math.radians(fold / 2), -math.radians(fold / 2))
            ]
            for end in ends:
                x, y = in_floor_frame(poses[floor], [end[0], end[1], 0.0])
                if abs(x) > XY_LIMIT + 0.05 or abs(y) > XY_LIMIT + 0.05:
                    return False
        return True

    def _place_cat(self, a: Cat) -> None:
        item = self._take_item("cat")
        piece = a.take or self.stock_cats(a.colour)[0]
        n = self._hand()
        self._physics(lambda w: placing.cat(w, piece, a, n))
        self.last_cat = piece
        self._placed(piece, {**item, "colour": a.colour}, lambda: self._cat_ok(piece))

    def _pet(self, a: Pet) -> None:
        item = self._take_item("pet")
        cat = self.last_cat
        n = self._hand()
        pose = self.table.outcome["poses"][cat]
        self._physics(lambda w: placing.pet(w, cat, pose, a, n))
        self._say(f"seat {self.seat} pets {cat}")
        self._placed("", item, lambda: True)

    def _move(self, a: Move) -> None:
        if self.phase == "interact":
            item = {"piece": "move", "cat": a.cat, "tries": 0}
            self.phase = "place"
            self.after_place = "goal"
            self.card = ""
        else:
            item = self._take_item("move")
        n = self._hand()
        self._physics(lambda w: placing.cat(w, a.cat, a, n))
        self._say(f"seat {self.seat} moves {a.cat} up to floor {a.floor}")
        self._placed(a.cat, item, lambda: self._cat_ok(a.cat))

    def _standing(self, wall: str, floor: str) -> bool:
        pose = self.table.outcome["poses"].get(wall)
        return pose is not None and self.reading["support"].get(wall) == floor and tilt_of(pose) < UPRIGHT_DEG

    def _cat_ok(self, cat: str) -> bool:
        return self.reading["support"].get(cat) is not None and bool(self.reading["upright"].get(cat, False))

    def _placed(self, piece: str, item: dict[str, Any], ok: Callable[[], bool]) -> None:
        """After a placement: own pieces that fell go back to the hand, other debris by the rules."""
        if piece:
            self.placed.append(piece)
            self.items[piece] = item
            if ok():
                self._say(f"seat {self.seat} places {piece}")
            elif piece in self.table.outcome["pieces"] and piece not in self._fallen():
                self._retry(piece, item, "does not stand properly")
        self._clear_debris()
        if self.phase == "over":
            return
        if self.pending and self.pending[0]["piece"] == "pet" and self.last_cat not in self.table.outcome["pieces"]:
            self.pending.pop(0)  # the cat was given up on: there is nothing left to pet
            self._say("no Feline Friend to pet: the pet is dropped")
        self._drop_unplaceable()
        if not self.pending:
            if self.card:
                self._finish_action()
            else:  # a competitive move is done
                self.phase = "goal"
                self._enter_optional_steps()

    def _drop_unplaceable(self) -> None:
        """A piece back in the hand with nowhere left to go is given up (the game must always offer a move).

        It happens to a competitive move: the Feline Friend did not stand, went back to the hand, and the
        same placement brought down every floor above the seat's Black Cat, so no floor is left to move it
        to (found by a tournament: seed 2089, heuristic against random). The rulebook is silent; the cat
        stays off the tower, back in the stock, as a piece does after its last try.
        """
        while self.pending and not self._place_menu():
            item = self.pending.pop(0)
            self._say(f"{item.get('cat') or item['piece']}: nowhere left to place it, so it is given up")

    def _retry(self, piece: str, item: dict[str, Any], why: str) -> bool:
        """Back to the player's hand to be placed again, unless they have tried too often (then False)."""
        tries = int(item.get("tries", 0)) + 1
        if tries >= MAX_TRIES:
            self._say(f"{piece} {why}; after {tries} tries it is left as it lies")
            return False
        self.placed.remove(piece)
        self.table.take_away({piece})
        again = {**item, "tries": tries}
        if again["piece"] == "cat":
            again["take"] = piece if piece.startswith("C-") and not self.stock_cats(again.get("colour", "")) else ""
        if again["piece"] == "cat" and self.pet_card and not any(it["piece"] == "pet" for it in self.pending):
            self.pending.insert(0, {"piece": "pet", "tries": 0})
        if again["piece"] == "wall":
            self.pending.insert(0, again)
        elif again["piece"] == "floor":
            walls = [i for i, it in enumerate(self.pending) if it["piece"] == "wall"]
            self.pending.insert(walls[-1] + 1 if walls else 0, again)
        else:
            self.pending.insert(0, again)
        self._say(f"{piece} {why}: back to the hand (try {tries + 1})")
        return True

    def _fallen(self) -> set[str]:
        """Debris, and (the FAQ's partial collapse) anything left on no standing floor of the tower."""
        r = self.reading
        levels = r["floor_levels"]
        out = set(r["debris"])
        for p in self.table.outcome["pieces"]:
            if p == "F1" or p in levels:
                continue
            if p.startswith("F") or r["support"].get(p) not in levels:
                out.add(p)
        return out

    def _clear_debris(self) -> None:
        """Apply the debris rules until the table is clean (re-standing a cat may topple more)."""
        for _ in range(4):
            fallen = self._fallen()
            if not fallen:
                return
            self._clear_once(fallen)
            if self.phase == "over":
                return

    def _clear_once(self, fallen: set[str]) -> None:
        own = [p for p in self.placed if p in fallen]
        for piece in own:
            item = self._item_for(piece)
            if self._retry(piece, item, "fell while being placed"):
                fallen.discard(piece)
        restand: list[tuple[str, str]] = []
        gone: set[str] = set()
        for p in sorted(fallen):
            if p in self.placed:
                self.placed.remove(p)
            if p.startswith("W-"):
                self.wall_debris.append(p)
                gone.add(p)
                self._say(f"{p} falls: wall debris {len(self.wall_debris)} of {DEFEAT_WALLS}")
            elif p == "toto":
                restand.append((p, self._fall_back(self.toto_start)))
            elif p.startswith("B-"):
                seat = SCARVES.index(p[2:])
                restand.append((p, self._fall_back(self.black_start[seat])))
            elif p.startswith("C-") and self.edition == "fr" and self._was_on(p) in self.reading["floor_levels"]:
                restand.append((p, self._was_on(p)))
            else:
                gone.add(p)
                self._say(f"{p} falls: back to the stock")
        self.table.take_away(gone | {p for p, _ in restand})
        for piece, floor in restand:
            if piece.startswith("B-") and (not floor or self.level(floor) <= 1):
                self.black[SCARVES.index(piece[2:])] = ""
                self._say(f"{piece} falls: back outside the tower")
                continue
            self._stand(piece, floor)
            self._say(f"{piece} falls: stood back on {floor}")
        self._track_cats()
        if len(self.wall_debris) >= DEFEAT_WALLS:
            if self.mode == "competitive":
                self.toppler = self.seat
                self._end(
                    "collapse", f"the tower collapses ({len(self.wall_debris)} walls fell); seat {self.seat} toppled it"
                )
            else:
                self._end("defeat", f"the tower collapses: {len(self.wall_debris)} walls fell")

    def _was_on(self, piece: str) -> str:
        """The floor a piece rested on before the last physical event."""
        return str(self.support_before.get(piece) or "")

    def _item_for(self, piece: str) -> dict[str, Any]:
        """The hand item a piece placed this turn was placed for (so it can be placed again)."""
        if piece in self.items:
            return dict(self.items[piece])
        if piece.startswith("W-"):
            return {"piece": "wall", "type": piece.split("-")[1], "tries": 0}
        if piece.startswith("F"):
            return {"piece": "floor", "tries": 0}
        return {"piece": "cat", "colour": piece.split("-")[1], "tries": 0}

    def _fall_back(self, floor: str) -> str:
        """The floor itself if it still stands, else the next closest standing floor below it."""
        levels = self.reading["floor_levels"]
        if floor in levels:
            return floor
        number = int(floor[1:]) if floor else 1
        below = [f for f in levels if int(f[1:]) < number]
        return max(below, key=lambda f: int(f[1:]), default="F1")

    def _track_cats(self) -> None:
        """Toto and the Black Cats are where the world says they rest."""
        support = self.reading["support"]
        levels = self.reading["floor_levels"]
        if self.mode == "coop" and support.get("toto") in levels:
            self.toto = support["toto"]
            self.toto_best = max(self.toto_best, int(levels[self.toto]))
        for seat in range(self.players):
            piece = f"B-{SCARVES[seat]}"
            if support.get(piece) in levels:
                self.black[seat] = support[piece]

    # -- goals -----------------------------------------------------------------------------------------
    def _complete_goal(self, a: Goal) -> None:
        if self.mode == "coop":
            gid = self.goal_faceup.pop(a.card - 1)
            self.goal_discard.append(gid)
            new = self._draw_goal()
            if new is not None:
                self.goal_faceup.insert(a.card - 1, new)
            start = self.level(self.toto)
            dest = self.floor_at(min(start + a.floors, self.top_level()))
            self._say(f"seat {self.seat} completes {gid}: Toto climbs to floor {self.level(dest)}")
            self._stand("toto", dest)
            self._clear_debris()
            self._track_cats()
            if self.phase != "over" and self.level(self.toto) >= self.target:
                self._count_to_five()
        else:
            gid = self.hands[self.seat].pop(a.card - 1)
            self.goal_discard.append(gid)
            new = self._draw_goal()
            if new is not None:
                self.hands[self.seat].append(new)
            start = self._black_level(self.seat)
            dest = self.floor_at(min(start + a.floors, self.top_level()))
            piece = f"B-{SCARVES[self.seat]}"
            self._say(f"seat {self.seat} completes {gid}: {piece} climbs to floor {self.level(dest)}")
            self._stand(piece, dest)
            self.black[self.seat] = dest
            self.clock += 1
            self.arrival[self.seat] = self.clock
            self._clear_debris()
            if self.phase != "over" and all(self._black_level(s) >= FLOORS for s in range(self.players)):
                self._end("top", "every Black Cat reached the 24th floor")
        self._end_turn()

    def _count_to_five(self) -> None:
        """Everyone counts to five; if the tower still stands (nothing fell), the milestone is cleared."""
        before = set(self.table.outcome["pieces"])
        self._physics(lambda w: w.hold(COUNT_SECONDS))
        fell = self._fallen() & before
        self._clear_debris()
        self._track_cats()
        if self.phase == "over":
            return
        if fell or self.level(self.toto) < self.target:
            self._say("the tower did not stand through the count of five")
            return
        self.cleared.append(self.target)
        story = cards().editions[self.edition]["stories"][str(self.target)]
        self._say(f"floor {self.target} reached and the tower stood: {story}")
        if self.target >= self.goal_floor:
            self._end("victory", f"Toto reached floor {self.target}")
            return
        self.target = next(m for m in MILESTONES if m > self.target)

    def _refresh(self, a: Refresh) -> None:
        gid = self.hands[self.seat].pop(a.card - 1)
        self.goal_discard.append(gid)
        new = self._draw_goal()
        if new is not None:
            self.hands[self.seat].append(new)
        self._say(f"seat {self.seat} refreshes a goal")
        self._end_turn()

    def _skip(self) -> None:
        if self.phase == "interact":
            self.phase = "goal"
            self._enter_optional_steps()
        else:
            self._end_turn()

    # -- results, views, copies ----------------------------------------------------------------------
    def ranking(self) -> list[list[int]]:
        """Competitive: highest Black Cat first; a tie goes to whoever got there first; the toppler last."""
        seats = [s for s in range(self.players) if s != self.toppler]
        key = {s: (-self._black_level(s), self.arrival[s]) for s in seats}
        groups = rank_by(seats, key.__getitem__, best="low")
        if self.toppler >= 0:
            groups.append([self.toppler])
        return groups

    def _result(self) -> Result:
        everyone = tuple(range(self.players))
        details = {
            "outcome": self.outcome,
            "cleared": list(self.cleared),
            "wall_debris": len(self.wall_debris),
            "floors": self.top_level(),
            "turns": self.turns,
        }
        if self.mode == "coop":
            win = self.outcome == "victory"
            details["toto_floor"] = self.level(self.toto)
            details["toto_best"] = self.toto_best
            return Result(everyone if win else (), (everyone,), None, win, details)
        groups = self.ranking()
        scores = tuple(float(self._black_level(s)) for s in everyone)
        return Result(tuple(groups[0]), tuple(tuple(g) for g in groups), scores, None, details)

    def view(self, seat: int | None) -> dict[str, Any]:
        deck = cards()
        out: dict[str, Any] = {
            "game": "tower",
            "seat": seat,
            "players": self.players,
            "mode": self.mode,
            "edition": self.edition,
            "goal_floor": self.goal_floor,
            "target": self.target,
            "steadiness": self.steadiness,
            "to_play": self.current_player,
            "phase": self.phase,
            "turn": self.turns,
            "action_faceup": [
                {"id": c, "sides": [s.describe() for s in deck.actions[c].sides]} for c in self.action_faceup
            ],
            "action_deck": len(self.action_deck),
            "action_discard": list(self.action_discard),
            "goal_deck": len(self.goal_deck),
            "goal_discard": list(self.goal_discard),
            "card": self.card,
            "pending": [dict(it) for it in self.pending],
            "placed": list(self.placed),
            "last_cat": self.last_cat,
            "toto": self.toto,
            "toto_level": self.level(self.toto) if self.toto else 0,
            "toto_best": self.toto_best if self.mode == "coop" else 0,
            "black": list(self.black),
            "arrival": list(self.arrival),
            "wall_debris": list(self.wall_debris),
            "cleared": list(self.cleared),
            "outcome": self.outcome,
            "events": list(self.events),
            "tower": copy_outcome(self.table.outcome),
            "stock": {
                "floors": self.stock_floors(),
                "walls": {t: len(self.stock_walls(t)) for t in WALL_TYPES},
                "cats": {c: len(self.stock_cats(c)) for c in COLOURS},
            },
        }
        if self.mode == "coop":
            out["goal_faceup"] = [self._goal_json(g) for g in self.goal_faceup]
        else:
            out["hands"] = [
                [self._goal_json(g) for g in hand] if s == seat else len(hand) for s, hand in enumerate(self.hands)
            ]
            out["ranking"] = self.ranking()
            out["toppler"] = self.toppler
        return out

    def _goal_json(self, gid: str) -> dict[str, Any]:
        g = cards().goals[gid]
        return {
            "id": gid,
            "condition": g.condition,
            "floors": g.floors,
            "text": cards().conditions[g.condition][self.edition],
        }

    def snapshot(self) -> dict[str, Any]:
        out = self.view(None)
        out["secret"] = {
            "action_deck": list(self.action_deck),
            "goal_deck": list(self.goal_deck),
            "hands": [list(h) for h in self.hands],
        }
        return out

    def _copy(self) -> TowerState:
        other = TowerState.__new__(TowerState)
        other.__dict__.update(self.__dict__)
        for name in (
            "action_deck",
            "action_discard",
            "action_faceup",
            "goal_deck",
            "goal_discard",
            "goal_faceup",
            "placed",
            "black",
            "black_start",
            "arrival",
            "wall_debris",
            "cleared",
            "events",
        ):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.pending = [dict(it) for it in self.pending]
        other.items = dict(self.items)
        other.table = self.table.copy()
        return other

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """The decks' order is hidden from everyone; in the competitive game, so are the others' goals."""
        self.action_deck = sorted(self.action_deck)
        rng.shuffle(self.action_deck)
        unseen = sorted(self.goal_deck + [g for s, h in enumerate(self.hands) if s != seat for g in h])
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                hand[:] = [unseen.pop() for _ in hand]
        self.goal_deck = unseen


__all__ = ["IllegalAction", "InvalidAction", "TowerGame", "TowerState"]
