"""Mog cards moving between hands, the draw pile and the discard pile, and who knows what is where."""

from __future__ import annotations

from cattable.core import Action

from .actions import Burglar, CatAttack, CatCard, CreatureCard, Speedy
from .cards import ATTACK, BIRD, BURGLAR, MOUSE, SPEEDY, SUIT_STEP
from .events import log, log_secret
from .position import HAND, NONE, Position


def card_of(a: Action) -> int:
    """The Mog card an action plays from the hand (NONE for actions that play none)."""
    if isinstance(a, CatCard):
        return a.value
    if isinstance(a, CreatureCard):
        return (MOUSE if a.kind == "mouse" else BIRD) * SUIT_STEP + a.value
    if isinstance(a, Speedy):
        return SPEEDY
    if isinstance(a, CatAttack):
        return ATTACK
    if isinstance(a, Burglar):
        return BURGLAR
    return NONE


def discard(s: Position, seat: int, card: int) -> None:
    """``seat`` plays ``card`` face up: nobody need remember it in that hand any longer."""
    s.hands[seat].remove(card)
    s.discard.append(card)
    for row in s.known:
        k = row[seat]
        if card in k:
            k.remove(card)


def draw(s: Position, seat: int) -> bool:
    """Draw one card, reshuffling the discard pile into a new deck when the deck runs out."""
    if not s.deck:
        if not s.discard:
            return False
        s.deck, s.discard = s.discard, []
        s.chance.shuffle(s.deck)
        log(s, "reshuffled")
    s.hands[seat].append(s.deck.pop())
    return True


def refill(s: Position, seat: int) -> None:
    """Bring ``seat``'s hand back up to six cards (fewer if every card is in hands)."""
    hand = s.hands[seat]
    had = len(hand)
    while len(hand) < HAND and draw(s, seat):
        pass
    if len(hand) > had:
        log_secret(s, "drew", 1 << seat, seat, len(hand) - had, tuple(hand[had:]))


def exchange(s: Position, take: int, give: int) -> None:
    """The first exchange owed: its chooser takes ``take`` from the other and gives ``give``. The
    chooser has now seen the other's whole hand; the other knows the card it was given."""
    chooser, other = s.swaps.pop(0)
    log_secret(s, "exchange", 1 << chooser | 1 << other, chooser, other, take, give)
    s.hands[other].remove(take)
    s.hands[chooser].remove(give)
    s.hands[other].append(give)
    s.hands[chooser].append(take)
    known = s.known
    for x in range(s.players):
        if x not in (chooser, other):
            known[x][other] = []
            known[x][chooser] = []
    known[chooser][other] = s.hands[other][:]
    theirs = known[other][chooser]
    if give in theirs:
        theirs.remove(give)
    theirs.append(take)
