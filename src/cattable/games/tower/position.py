"""A table of Cat and the Tower as data: every field (the cards, the turn's step, what is being placed,
Toto and the Black Cats, the physical table) and their copy, with the helpers every rule uses (the
physics run or replayed, the hand's slip, levels, the event log, the end).

``Position`` holds them; the rules that change it live in the modules named for their step (``turn``,
``placements``, ``debris``, ``climb``, ``legal``, ``reasons``, ``ranking``, ``views``), each a set of
functions over the state; ``state.TowerState`` is the front the API plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from cattable.core import Game, State

from . import events
from .cards import cards
from .climb import MILESTONES
from .hands import hands_of
from .menu import resting_on, spots_by_room
from .pending import Pending
from .phases import Edition, Ending, Mode, Phase
from .physics import Blocked, TowerWorld, noise, pet_noise
from .pieces import FLOORS, TOTO, Kind
from .pieces import piece as catalogue
from .table import Outcome, Table


class Position(State):
    """The fields of one table of Cat and the Tower. The physical tower is ``table.outcome`` (poses and a
    reading)."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None):
        super().__init__(game, players, seed, options, script)
        self.mode = Mode(options["mode"])
        self.edition = Edition(options["edition"])
        self.goal_floor: int = options["goal_floor"]
        self.steadiness: str = options["steadiness"]
        self.hands_steadiness: list[str] = hands_of(options, players)
        """Each seat's own steadiness (the option ``seat_steadiness``, else the table's)."""
        self.turn_limit: int = options["turn_limit"]
        self.toto_by_player: bool = options.get("toto", "rules") == "player"
        self.revision: int = int(options.get("revision", 1))
        """The rules' revision (the option ``revision``): 1 replays games played before 28 Nov 2026 as they
        were played."""
        """Whether the player places Toto (a goal's climb, back after a fall), or the rules stand him."""
        self.after_toto = ""
        """What follows once Toto is placed and the hand is empty: ``arrive`` (a goal's climb: the milestone,
        then the turn ends), ``end`` (the turn ends), a step to go back to (he fell outside an action), or
        nothing (the action goes on as usual)."""
        self.target: int = MILESTONES[0] if self.mode is Mode.COOP else FLOORS
        """The floor Toto climbs to next (coop), or the top (competitive)."""
        self.seat = 0
        self.phase = Phase.ACTION
        self.after_place = Phase.GOAL
        """The step that follows once the card's pieces are placed."""
        self.action_deck: list[str] = []
        self.action_discard: list[str] = []
        self.action_faceup: list[str] = []
        self.goal_deck: list[str] = []
        self.goal_discard: list[str] = []
        self.goal_faceup: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        """The competitive game's Goal cards in each seat's hand."""
        self.card = ""
        """The Action card being carried out (empty during a competitive move)."""
        self.pending: list[Pending] = []
        self.placed: list[str] = []
        """Pieces placed this action (the ones that fall go back to the hand)."""
        self.last_cat = ""
        self.items: dict[str, Pending] = {}
        """What each piece placed this turn was placed for (so it can be placed again)."""
        self.pet_card = False
        self.support_before: dict[str, Any] = {}
        """The reading's support before the last physical event (where a fallen cat stood)."""
        self.outcome_before: Outcome = {"pieces": {}, "poses": {}, "reading": {}}
        """The table before the last physical event (where a fallen piece is put back from)."""
        self.toto = ""
        self.toto_best = 1
        """The highest floor Toto has stood on (the figure a lost game reached)."""
        self.toto_start = ""
        self.black: list[str] = ["" for _ in range(players)]
        self.black_start: list[str] = ["" for _ in range(players)]
        self.black_best: list[int] = [1] * players
        """The highest level each Black Cat reached during the game (the Ranking card: it never goes down)."""
        self.arrival: list[int] = [0] * players
        """When each Black Cat reached its highest level (in English a tie goes to who got there first)."""
        self.clock = 0
        self.wall_debris: list[str] = []
        self.cleared: list[int] = []
        self.outcome = Ending.NONE
        self.toppler = -1
        self.turns = 0
        self.events: list[dict[str, Any]] = []
        """The latest events, each a message ``{"msgid", "args"}`` (events.py)."""
        self.table = Table({"pieces": {}, "poses": {}, "reading": {}})

    # -- the table -----------------------------------------------------------------------------------
    @property
    def reading(self) -> dict[str, Any]:
        r: dict[str, Any] = self.table.outcome["reading"]
        return r

    def physics(self, run: Callable[[TowerWorld], object]) -> None:
        """Simulate once (live) or take the recorded outcome (replay); either way it is logged."""
        computed = False

        def compute() -> Outcome:
            nonlocal computed
            computed = True
            return self.table.simulate(run)

        outcome = self.chance.external(compute)
        self.support_before = self.reading.get("support", {})
        self.outcome_before = self.table.outcome
        self.table.adopt(outcome, computed)

    def hand_noise(self) -> dict[str, float]:
        """The slip of the player's hand for one placement, at that seat's steadiness (drawn through ``chance``)."""
        return noise(self.hands_steadiness[self.seat], lambda s: self.chance.gauss(0.0, s))

    def finger_noise(self) -> dict[str, float]:
        """The slip of the player's finger for one pet (where it touches, how hard), at that seat's steadiness
        (drawn through ``chance``, as many draws as a placement's: ``hand.pet_noise``)."""
        return pet_noise(self.hands_steadiness[self.seat], lambda s: self.chance.gauss(0.0, s))

    def stand(self, piece: str, floor: str, *, may_leave: bool = False) -> str:
        """The rules stand Toto or a Black Cat on ``floor``, at its roomiest spot, by a careful hand, and
        return the floor it was stood on. A spot the hand cannot reach (a piece lies there that the room
        count does not see, such as a tile fallen flat) is passed over for the next roomiest; a floor with no
        free spot at all sends the cat to the closest standing floor below (the rulebook is silent: the
        tower's README). The rules never raise ``Blocked`` at a player: it is not a move anyone made.
        ``may_leave`` (a French Feline Friend put back): with no room on any floor it leaves the table, and
        the answer is "" (Toto and the Black Cats must stand)."""
        below = self.floors_below(floor)
        tower = self.table.outcome

        def run(w: TowerWorld) -> None:
            if piece in w.active:
                w.remove(piece)
            for f in [floor, *below]:
                for x, y in spots_by_room(tower, f, piece):
                    try:
                        w.place_cat(piece, f, x, y, 0.0)
                    except Blocked:
                        continue
                    w.settle()
                    return
            if not may_leave and on_a_cat(w, [floor, *below]):
                return
            if not may_leave:
                raise RuntimeError(f"no floor of the tower has room to stand {piece}")

        def on_a_cat(w: TowerWorld, floors: list[str]) -> bool:
            """Every spot of every floor taken (walls put back can crowd the first): on top of an upright
            Feline Friend, as cats may stand ("even on top of another Feline Friend!")."""
            reading = tower["reading"]
            stacked = set(reading["on_top"].values()) | set(reading["on_top"])
            for f in floors:
                for cat, x, y, _ in resting_on(tower, f):
                    if catalogue(cat).kind is not Kind.CAT or cat in stacked or not reading["upright"].get(cat):
                        continue
                    try:
                        w.place_cat(piece, f, x, y, 0.0, on=cat)
                    except Blocked:
                        continue
                    w.settle()
                    return True
            return False

        self.physics(run)
        if piece not in self.table.outcome["pieces"]:
            return ""
        on = self.reading["support"].get(piece)
        return str(on) if on in self.reading["floor_levels"] else floor

    def name(self, p: str) -> str:
        """A piece as the edition names it: the black cat is Toto in English and Neko in French."""
        return str(cards().editions[self.edition]["black_cat"]) if p == TOTO else p

    def floors_below(self, floor: str) -> list[str]:
        """The standing floors below ``floor``, the closest first (where the rules look for room next)."""
        levels = self.reading["floor_levels"]
        return sorted((str(f) for f in levels if levels[f] < levels.get(floor, 1)), key=lambda f: -levels[f])

    def level(self, floor: str) -> int:
        return int(self.reading["floor_levels"].get(floor, 0))

    def floor_at(self, level: int) -> str:
        for f, lv in self.reading["floor_levels"].items():
            if lv == level:
                return str(f)
        return ""

    def top_level(self) -> int:
        return max(self.reading["floor_levels"].values(), default=1)

    def black_level(self, seat: int) -> int:
        """The level of a seat's Black Cat (1 while it waits outside the tower)."""
        return self.level(self.black[seat]) if self.black[seat] else 1

    # -- the log and the end -------------------------------------------------------------------------
    def say(self, msgid: str, /, **args: Any) -> None:
        """Log an event: an N_("template with {named} fields") and their values (events.py)."""
        self.events = [*self.events[-11:], events.message(msgid, **args)]

    def end(self, ending: Ending, why: str, /, **args: Any) -> None:
        """The game is over: ``why`` is a message template of its own, with its arguments."""
        self.outcome = ending
        self.phase = Phase.OVER
        self.say(events.GAME_OVER, why=events.message(why, **args))

    def _copy(self) -> Self:
        """Every field of the table, copied (the core's ``clone`` copies the base fields)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.mode = self.mode
        other.edition = self.edition
        other.goal_floor = self.goal_floor
        other.steadiness = self.steadiness
        other.hands_steadiness = list(self.hands_steadiness)
        other.turn_limit = self.turn_limit
        other.toto_by_player = self.toto_by_player
        other.revision = self.revision
        other.after_toto = self.after_toto
        other.target = self.target
        other.seat = self.seat
        other.phase = self.phase
        other.after_place = self.after_place
        other.action_deck = list(self.action_deck)
        other.action_discard = list(self.action_discard)
        other.action_faceup = list(self.action_faceup)
        other.goal_deck = list(self.goal_deck)
        other.goal_discard = list(self.goal_discard)
        other.goal_faceup = list(self.goal_faceup)
        other.hands = [list(h) for h in self.hands]
        other.card = self.card
        other.pending = list(self.pending)
        other.placed = list(self.placed)
        other.last_cat = self.last_cat
        other.items = dict(self.items)
        other.pet_card = self.pet_card
        other.support_before = self.support_before
        other.outcome_before = self.outcome_before
        other.toto = self.toto
        other.toto_best = self.toto_best
        other.toto_start = self.toto_start
        other.black = list(self.black)
        other.black_start = list(self.black_start)
        other.black_best = list(self.black_best)
        other.arrival = list(self.arrival)
        other.clock = self.clock
        other.wall_debris = list(self.wall_debris)
        other.cleared = list(self.cleared)
        other.outcome = self.outcome
        other.toppler = self.toppler
        other.turns = self.turns
        other.events = list(self.events)
        other.table = self.table.copy()
        return other
