"""What happens at the table, told: the event log every view carries, filtered for the seat that reads it.

Each event is a message id with named arguments (so a later translation can word it afresh) and its
English text. A few events hold a secret (the cards drawn into a hand, the cards moved in an exchange):
the seats allowed to read it see the secret form (``drew_cards``, ``exchange_cards``); any other seat
reads the public form, whose arguments stop before the secret ones ("cat 1 draws 2 cards").

Play logs raw values (seats, space and card numbers) into a persistent linked list of tuples, newest
first, so that logging is one tuple per event and copying a position for a search shares the whole log;
names and sentences are made only when a view asks for them, and kept by what they say (``_WORDED``).
"""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, counted, render

from .actions import LARDER_BASE
from .cards import ITEMS, SUITS, card_name
from .position import NONE, Position
from .walks import REASONS

LOG_VIEW = 40
"""At most this many of the latest events in a view."""

FIELDS: dict[str, tuple[str, ...]] = {
    "first": ("cat",),
    "turn": ("cat", "round"),
    "extra_go": ("cat", "round"),
    "card": ("cat", "card:card"),
    "drew": ("cat", "count", "cards:cards"),
    "reshuffled": (),
    "rolled": ("cat", "roll"),
    "moved": ("cat", "to:space"),
    "jumped": ("cat", "to:space"),
    "cornered": ("cat", "reasons:reasons"),
    "attacked": ("cat", "victim", "at:space"),
    "trespass": ("cat", "victim"),
    "lives_lost": ("cat", "lost", "left"),
    "retired": ("cat", "cards:cards"),
    "caught": ("cat", "kind", "at:space"),
    "shopped": ("cat", "item:item", "shop:shop"),
    "raided": ("cat", "house", "item:item"),
    "burgled_shop": ("cat", "shop:shop", "item:item"),
    "burgled_house": ("cat", "house", "item:item"),
    "creature_moved": ("kind", "src:space", "to:space"),
    "speedy": ("cat",),
    "sixcat": ("cat", "cards:cards", "house", "kind:suit"),
    "fight": ("cat", "other", "suit:suit"),
    "fight_card": ("cat", "card:card"),
    "fight_lost": ("cat", "suit:suit"),
    "fight_redeal": (),
    "fight_off": (),
    "exchange": ("cat", "other", "take:card", "give:card"),
    "curiosity": ("cat",),
    "shop_opens": ("shop:shop",),
    "shop_closes": ("shop:shop",),
    "car": ("src:street", "street:street"),
    "another": ("cat",),
    "extra": ("cat",),
    "shuffle": (),
    "raid_penalty": ("cat", "house"),
    "burglar_penalty": ("cat",),
    "home_full": ("cat",),
    "game_over": ("reason", "winners:seats"),
}
"""Each event's arguments in the order play logs them, ``name:kind`` where the raw value needs naming."""

SPECS = {msg: tuple((f.partition(":")[0], f.partition(":")[2]) for f in fs) for msg, fs in FIELDS.items()}
"""``FIELDS`` split: (name, kind) per argument."""

LISTS = frozenset(msg for msg, fs in FIELDS.items() if any(f.endswith((":cards", ":reasons", ":seats")) for f in fs))
"""Events with a list among their arguments: a view gets its own copy of each list."""

SECRET: dict[str, tuple[str, int]] = {"drew": ("drew_cards", 2), "exchange": ("exchange_cards", 2)}
"""Events with a secret: the id its seats read, and how many leading arguments everyone else reads."""

TEXTS: dict[str, str] = {
    "first": N_("Cat {cat} rolls highest and goes first."),
    "turn": N_("Round {round}: cat {cat}'s turn."),
    "extra_go": N_("Round {round}: cat {cat} takes an extra go."),
    "card": N_("Cat {cat} plays {card}."),
    "drew": N_("Cat {cat} draws {count} cards."),
    "drew_cards": N_("Cat {cat} draws {cards}."),
    "reshuffled": N_("The draw pile is empty: the discard pile is shuffled into a new one."),
    "rolled": N_("Cat {cat} rolls {roll}."),
    "moved": N_("Cat {cat} moves to {to}."),
    "jumped": N_("Cat {cat} jumps to {to}."),
    "cornered": N_("Cat {cat} is cornered ({reasons})."),
    "attacked": N_("Cat {cat} attacks cat {victim} on {at}."),
    "trespass": N_("Cat {cat} comes home and catches cat {victim} trespassing."),
    "lives_lost": N_("Cat {cat} loses {lost} lives ({left} left) and goes home."),
    "retired": N_("Cat {cat} retires to the countryside; its cards go face up on the discard pile."),
    "caught": N_("Cat {cat} catches a {kind} on {at}."),
    "shopped": N_("Cat {cat} takes {item} from the {shop}."),
    "raided": N_("Cat {cat} raids house {house}'s larder and takes {item}."),
    "burgled_shop": N_("Cat {cat} burgles the {shop} and takes {item}."),
    "burgled_house": N_("Cat {cat} burgles house {house}'s larder and takes {item}."),
    "creature_moved": N_("A {kind} moves from {src} to {to}."),
    "speedy": N_("Cat {cat} will roll three more times."),
    "sixcat": N_("Cat {cat} puts down {cards}: house {house}'s {kind} escapes to its home."),
    "fight": N_("Cat {cat} starts a Cat Fight with cat {other} in {suit}s."),
    "fight_card": N_("Cat {cat} puts down {card}."),
    "fight_lost": N_("Cat {cat} has no {suit} card left and loses the Cat Fight."),
    "fight_redeal": N_("Both hands are empty: each cat draws six cards and the fight goes on."),
    "fight_off": N_("No cards are left anywhere: the Cat Fight is off."),
    "exchange": N_("Cat {cat} and cat {other} exchange a card."),
    "exchange_cards": N_("Cat {cat} takes {take} from cat {other} and gives {give}."),
    "curiosity": N_("Cat {cat} draws a Curiosity card."),
    "shop_opens": N_("Curiosity: the {shop} opens."),
    "shop_closes": N_("Curiosity: the {shop} closes."),
    "car": N_("Curiosity: the car drives from the {src} street to the {street} street."),
    "another": N_("Curiosity: cat {cat} plays another Mog card."),
    "extra": N_("Curiosity: cat {cat} will take an extra go."),
    "shuffle": N_("Curiosity: the Curiosity cards are shuffled."),
    "raid_penalty": N_("Cat {cat} ends its turn in house {house}'s garden after raiding it."),
    "burglar_penalty": N_("Cat {cat} ends its turn in a garden after a Cat Burglar raid."),
    "home_full": N_("Cat {cat} comes home with six foods."),
    "game_over": N_("Game over ({reason}): cats {winners} win."),
}
"""Each event's message template (its gettext msgid), its fields named as in ``FIELDS``."""
VARIANTS: dict[str, str] = {
    "drew:one": N_("Cat {cat} draws {count} card."),
    "lives_lost:one": N_("Cat {cat} loses {lost} life ({left} left) and goes home."),
    "lives_lost:none": N_("Cat {cat} loses {lost} lives (none left)."),
    "lives_lost:one,none": N_("Cat {cat} loses {lost} life (none left)."),
    "caught:mouse": N_("Cat {cat} catches a mouse on {at}."),
    "caught:bird": N_("Cat {cat} catches a bird on {at}."),
    "creature_moved:mouse": N_("A mouse moves from {src} to {to}."),
    "creature_moved:bird": N_("A bird moves from {src} to {to}."),
    "car:park": N_("Curiosity: the car drives from the car park to the {street} street."),
    "game_over:nobody": N_("Game over ({reason}): nobody wins."),
    "game_over:one": N_("Game over ({reason}): cat {winners} wins."),
}
"""The templates an event's arguments choose instead of its own: a count of one, a mouse or a bird (a
language may word each its own way), the car coming out of the car park, how many cats win."""
SEAT_FIELDS = ("cat", "victim", "other", "house", "winners")
"""Arguments holding a seat or a house, 0-based in the view and counted from 1 when rendered."""
for _template in (*TEXTS.values(), *VARIANTS.values()):
    counted(_template, *(f for f in SEAT_FIELDS if "{" + f + "}" in _template))
WORDS = (
    N_("Fishmonger"),
    N_("Dairy"),
    N_("Corner shop"),
    N_("Vet"),
    N_("North"),
    N_("East"),
    N_("South"),
    N_("West"),
    N_("car"),
    N_("closed shop"),
    N_("no way"),
    N_("six foods and home"),
    N_("last cat standing"),
    N_("no cat left"),
    N_("no cat left to play"),
    N_("time limit"),
)
"""Words an event's arguments carry (the board's shops and streets, why a cat is cornered, why the game
ended), translated where a door renders the message."""


def log(s: Position, msg: str, *args: Any) -> None:
    """Tell everyone at the table that ``msg`` happened (raw arguments, in ``FIELDS`` order)."""
    s.events = (s.event_count, msg, args, 0, s.events)
    s.event_count += 1


def log_secret(s: Position, msg: str, seats: int, *args: Any) -> None:
    """``msg``, whose secret arguments only ``seats`` (a bit set) may read."""
    s.events = (s.event_count, msg, args, seats, s.events)
    s.event_count += 1


def for_viewer(s: Position, viewer: int | None) -> list[dict[str, Any]]:
    """The events since ``viewer`` last acted (a spectator: since the last action), the latest
    ``LOG_VIEW`` of them, as ``{"n", "id", "msgid", "args"}`` with no secret that is not its own: each a
    message (core.i18n) every door renders in its reader's language."""
    start = s.last_action_at if viewer is None else s.acted_at[viewer]
    bit = 0 if viewer is None else 1 << viewer
    nodes: list[tuple[Any, ...]] = []
    node = s.events
    while node is not None and len(nodes) < LOG_VIEW:
        if node[0] < start:
            break
        nodes.append(node)
        node = node[4]
    out = []
    for n, msg, args, seats, _ in reversed(nodes):
        key = (msg, args, bool(seats & bit))
        worded = _WORDED.get(key)
        if worded is None:
            if len(_WORDED) >= WORDED_MAX:
                _WORDED.clear()
            worded = _WORDED[key] = _word(s, msg, args, key[2])
        shown, named, template = worded
        copied = {k: v[:] if type(v) is list else v for k, v in named.items()} if msg in LISTS else dict(named)
        out.append({"n": n, "id": shown, "msgid": template, "args": copied})
    return out


WORDED_MAX = 100_000
_WORDED: dict[tuple[str, tuple[Any, ...], bool], tuple[str, dict[str, Any], str]] = {}
"""Events worded so far, by what they say (id, raw arguments, secret form or not): a bot reads a view
for every position it weighs, and the positions of a game and of a search repeat the same events.
Emptied when it grows past ``WORDED_MAX``."""


def _word(s: Position, msg: str, args: tuple[Any, ...], secret: bool) -> tuple[str, dict[str, Any], str]:
    """An event's id as shown, its named arguments and its template, in the public or the secret form."""
    shown = msg
    if msg in SECRET:
        form, public = SECRET[msg]
        if secret:
            shown = form
        else:
            args = args[:public]
    fields = SPECS[msg][: len(args)]
    named = {name: _name(s, kind, value) for (name, kind), value in zip(fields, args, strict=True)}
    return shown, named, msgid(shown, named)


def _name(s: Position, kind: str, v: Any) -> Any:
    """A raw argument as the view shows it: spaces, cards, items, shops, streets and suits by name."""
    b = s.b
    if kind == "space":
        return f"larder{v - LARDER_BASE}" if v >= LARDER_BASE else b.ids[v]
    if kind == "card":
        return card_name(v)
    if kind == "cards":
        return [card_name(c) for c in v]
    if kind == "item":
        return ITEMS[v]
    if kind == "shop":
        return b.shop_names[v]
    if kind == "street":
        return None if v == NONE else b.street_names[v]
    if kind == "suit":
        return SUITS[v]
    if kind == "reasons":
        return [name for bit, name in REASONS.items() if v & bit]
    if kind == "seats":
        return list(v)
    return v


def msgid(msg: str, args: dict[str, Any]) -> str:
    """The template that tells event ``msg`` with these named arguments (``TEXTS``, or a ``VARIANTS``)."""
    variant = ""
    if msg == "drew" and args["count"] == 1:
        variant = "one"
    elif msg == "lives_lost":
        variant = ",".join(v for v, yes in (("one", args["lost"] == 1), ("none", args["left"] == 0)) if yes)
    elif msg in ("caught", "creature_moved"):
        variant = args["kind"]
    elif msg == "car" and args["src"] is None:
        variant = "park"
    elif msg == "game_over" and len(args["winners"]) < 2:
        variant = "one" if args["winners"] else "nobody"
    return VARIANTS.get(f"{msg}:{variant}", TEXTS[msg]) if variant else TEXTS[msg]


def text(msg: str, args: dict[str, Any]) -> str:
    """The English sentence for an event from its named arguments."""
    return render(msgid(msg, args), args)
