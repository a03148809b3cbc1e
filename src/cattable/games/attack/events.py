"""What happens at the table, told: the event log every view carries, filtered for the seat that reads it.

Each event is a message id with arguments (so a later translation can word it afresh) and its English
text. A few events hold a secret (the cards drawn into a hand, the cards moved in an exchange): they are
stored with the secret apart and the seats allowed to read it; any other seat reads the public form
("cat 1 drew 2 cards"). The log is a persistent linked list (``(event, previous)``), so copying a
position for a search costs nothing, and events are worded only when a view asks for them.
"""

from __future__ import annotations

from typing import Any

from .position import Position

LOG_VIEW = 40
"""At most this many of the latest events in a view."""

# an event: (number, id, public args, seats allowed the secret as a bit set, secret id, secret args)

TEXTS: dict[str, str] = {
    "first": "Cat {cat} rolls highest and goes first.",
    "turn": "Round {round}: cat {cat}'s turn.",
    "extra_go": "Round {round}: cat {cat} takes an extra go.",
    "card": "Cat {cat} plays {card}.",
    "drew": "Cat {cat} draws {count} {cards_word}.",
    "drew_cards": "Cat {cat} draws {cards}.",
    "reshuffled": "The draw pile is empty: the discard pile is shuffled into a new one.",
    "rolled": "Cat {cat} rolls {roll}.",
    "moved": "Cat {cat} moves to {to}.",
    "jumped": "Cat {cat} jumps to {to}.",
    "cornered": "Cat {cat} is cornered ({reasons}).",
    "attacked": "Cat {cat} attacks cat {victim} on {at}.",
    "trespass": "Cat {cat} comes home and catches cat {victim} trespassing.",
    "lives_lost": "Cat {cat} loses {lost} {lives_word} ({left} left) and goes home.",
    "retired": "Cat {cat} has no lives left and retires to the countryside; its cards go on the discard pile.",
    "caught": "Cat {cat} catches a {kind} on {at}.",
    "shopped": "Cat {cat} takes {item} from the {shop}.",
    "raided": "Cat {cat} raids house {house}'s larder and takes {item}.",
    "burgled_shop": "Cat {cat} burgles the {shop} and takes {item}.",
    "burgled_house": "Cat {cat} burgles house {house}'s larder and takes {item}.",
    "creature_moved": "A {kind} moves from {src} to {to}.",
    "speedy": "Cat {cat} will roll three more times.",
    "sixcat": "Cat {cat} puts down {cards}: house {house}'s {kind} escapes to its home.",
    "fight": "Cat {cat} starts a Cat Fight with cat {other} in {suit}s.",
    "fight_card": "Cat {cat} puts down {card}.",
    "fight_lost": "Cat {cat} has no {suit} card left and loses the Cat Fight.",
    "fight_redeal": "Both hands are empty: each cat draws six cards and the fight goes on.",
    "fight_off": "No cards are left anywhere: the Cat Fight is off.",
    "exchange": "Cat {cat} and cat {other} exchange a card.",
    "exchange_cards": "Cat {cat} takes {take} from cat {other} and gives {give}.",
    "curiosity": "Cat {cat} draws a Curiosity card.",
    "shop_opens": "Curiosity: the {shop} opens.",
    "shop_closes": "Curiosity: the {shop} closes.",
    "car": "Curiosity: the car drives from {src_text} to the {street} street.",
    "another": "Curiosity: cat {cat} plays another Mog card.",
    "extra": "Curiosity: cat {cat} will take an extra go.",
    "shuffle": "Curiosity: the Curiosity cards are shuffled.",
    "raid_penalty": "Cat {cat} ends its turn in house {house}'s garden after raiding it.",
    "burglar_penalty": "Cat {cat} ends its turn in a garden after a Cat Burglar raid.",
    "home_full": "Cat {cat} comes home with six foods.",
    "game_over": "Game over ({reason}): {winners_text}.",
}


def log(s: Position, msg: str, **args: Any) -> None:
    """Tell everyone at the table that ``msg`` happened."""
    s.events = ((s.event_count, msg, args, 0, "", {}), s.events)
    s.event_count += 1


def log_secret(s: Position, msg: str, args: dict[str, Any], seats: int, secret: str, more: dict[str, Any]) -> None:
    """``msg`` for the table; ``seats`` (a bit set) read ``secret`` with ``more`` arguments instead."""
    s.events = ((s.event_count, msg, args, seats, secret, more), s.events)
    s.event_count += 1


def mark_action(s: Position, seat: int) -> None:
    """``seat`` is acting now: its next view tells what happened from here on."""
    s.acted_at[seat] = s.last_action_at = s.event_count


def for_viewer(s: Position, viewer: int | None) -> list[dict[str, Any]]:
    """The events since ``viewer`` last acted (a spectator: since the last action), the latest
    ``LOG_VIEW`` of them, as ``{"n", "id", "args", "text"}`` with the secrets only its own."""
    start = s.last_action_at if viewer is None else s.acted_at[viewer]
    bit = 0 if viewer is None else 1 << viewer
    out: list[dict[str, Any]] = []
    node = s.events
    while node is not None and len(out) < LOG_VIEW:
        event, node = node
        n, msg, args, seats, secret, more = event
        if n < start:
            break
        if seats & bit:
            msg, args = secret, {**args, **more}
        out.append({"n": n, "id": msg, "args": dict(args), "text": text(msg, args)})
    out.reverse()
    return out


def text(msg: str, args: dict[str, Any]) -> str:
    """The English sentence for an event."""
    words: dict[str, Any] = {}
    for k, v in args.items():
        words[k] = ", ".join(str(x) for x in v) if isinstance(v, list) else v
    if "lost" in args:
        words["lives_word"] = "life" if args["lost"] == 1 else "lives"
    if "count" in args:
        words["cards_word"] = "card" if args["count"] == 1 else "cards"
    if "winners" in args:
        w = args["winners"]
        words["winners_text"] = "nobody wins" if not w else " and ".join(f"cat {x}" for x in w) + " win"
        if len(w) == 1:
            words["winners_text"] += "s"
    if msg == "car":
        words["src_text"] = "the car park" if args["src"] is None else f"the {args['src']} street"
    if msg == "lives_lost" and args.get("left") == 0:
        return f"Cat {args['cat']} loses {args['lost']} {words['lives_word']} (none left)."
    return TEXTS[msg].format(**words)
