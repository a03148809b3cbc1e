"""Every legal action in each phase, and why an action that is not legal is not."""

from __future__ import annotations

from cattable.core import Action, InvalidAction

from . import actions as A
from .actions import Burglar, CatAttack, CatCard, CreatureCard, Fight, FightCard, Move, Raid, SixCat, Swap
from .board import standard_board
from .cards import ITEMS, SUIT_STEP, SUITS, card_name
from .hands import card_of
from .movement import cat_moves
from .plays import legal_plays
from .position import NONE, Phase, Position

MOVE_ACTIONS = tuple(Move("move", d) for d in range(len(standard_board().ids)))
RAID_ACTIONS = tuple(Raid("raid", i) for i in range(len(ITEMS)))
PLAY, MOVE, RAID, SWAP, FIGHT = Phase.PLAY, Phase.MOVE, Phase.RAID, Phase.SWAP, Phase.FIGHT


def legal(s: Position) -> list[Action]:
    """The legal actions of the seat to act, in a fixed order (records and transcripts rely on it)."""
    ph = s.phase
    seat = s.actor
    if ph == MOVE:
        return [MOVE_ACTIONS[d] for d in s.moves]
    if ph == PLAY:
        return legal_plays(s, seat)
    if ph == RAID:
        bits = s.raidable(seat, s.raid_house)
        return [RAID_ACTIONS[i] for i in range(len(ITEMS)) if bits >> i & 1]
    if ph == SWAP:
        chooser, other = s.swaps[0]
        mine = sorted(set(s.hands[chooser]))
        return [Swap("swap", t, g) for t in sorted(set(s.hands[other])) for g in mine]
    if ph == FIGHT:
        assert s.fight is not None
        suit = s.fight.suit
        return [FightCard("fightcard", c) for c in sorted(set(s.hands[seat])) if c // SUIT_STEP == suit]
    return []


SIX_CAT_RULE = (
    "Six Cat needs six cards of that suit and a larder holding that creature, its cat away from home and garden"
)
FIGHT_RULE = (
    "a Cat Fight needs a cat within six spaces, not on its Home space, "
    "when you hold no Cat Attack card and no Cat card to land on it"
)
ATTACK_RULE = (
    "Cat Attack: the target must be a cat (not on its Home space), bird or mouse you may take, within six spaces"
)
BURGLAR_RULE = (
    "Cat Burglar: a shop's paw-print or another cat's Home space within six spaces, with an item you may take"
)


def why_illegal(s: Position, action: Action) -> str:
    """Why ``action`` (not legal) cannot be played now: the rule it breaks; a malformed value (a count of
    -1 or 5.5, say) is refused first, before any path is walked for it."""
    wrong = A.malformed(action)
    if wrong is not None:
        raise InvalidAction(wrong)
    ph = s.phase
    if s.over:
        return "the game is over"
    if ph == MOVE:
        if not isinstance(action, Move):
            return f"cat {s.actor} must move {s.roll} spaces now (move <space>)"
        return (
            f"{action.text()}: cannot land there with exactly {s.roll} moves (no back-tracking, "
            "no jumping cats, no car street, no closed shop, one bird and one mouse only)"
        )
    if ph == RAID:
        if isinstance(action, Raid):
            return f"{action.text()}: you may raid only an item you lack that is in that larder"
        return "a raid is waiting: raid <item>"
    if ph == SWAP:
        return "exchange a card: swap <card of theirs> <card of yours>"
    if ph == FIGHT:
        return f"Cat Fight: put down a {SUITS[s.fight.suit if s.fight else 0]} card (fightcard <card>)"
    card = card_of(action)
    if card != NONE and card not in s.hands[s.actor]:
        return f"{card_name(card)} is not in your hand"
    if isinstance(action, Move | Raid | Swap | FightCard):
        return f"it is time to play a Mog card, not to {action.kind}"
    if isinstance(action, SixCat):
        return SIX_CAT_RULE
    if isinstance(action, Fight):
        return FIGHT_RULE
    if isinstance(action, CatAttack):
        return ATTACK_RULE
    if isinstance(action, Burglar):
        return BURGLAR_RULE
    if isinstance(action, CatCard):
        dests, _ = cat_moves(s, s.actor, s.pos[s.actor], action.value)
        where = ", ".join(s.b.ids[d] for d in dests) or "nowhere (play it as 'cornered')"
        return f"{action.text()}: with exactly {action.value} moves this cat can land on {where}"
    if isinstance(action, CreatureCard):
        return (
            f"{action.text()}: a {action.kind} moves exactly {action.value} spaces without back-tracking, "
            "never onto a Home space or another piece ('pass' only when none can move)"
        )
    return f"{action.text()}: not a legal move here"
