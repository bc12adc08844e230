"""Which card the hard bot lets go: the best seven now, unless a near-best seven sets up a visible card.

A hand often waits for two cards at once (a 7 needs both a 4 and a 6): either alone adds nothing, so a
pure best-seven rule throws the first away again and never gets there. Here each seven within a few
stars of the best is also credited with what the best card showing in a discard area would add to it
next cycle, beyond what a blind draw typically brings. The card just let go is not counted: taking it
back only undoes the discard.
"""
from __future__ import annotations

from typing import Sequence

from games.questline.bots import estimate, timing
from games.questline.bots.draws import WILD_COST, Appraisal
from games.questline.decks import CARDS

MARGIN = 3  # stars of the best seven we may give up now for a set-up
AHEAD = 0.8  # a set-up pays a cycle later, and the card may be gone by then


def let_go(hand: Sequence[str], visible: Sequence[str], denial: dict[str, float]) -> str:
    """The card to discard from an eight-card hand (or the opening hand)."""
    kept = {card: estimate.score(c for c in hand if c != card) for card in hand}
    top = max(kept.values())
    worth = {card: kept[card] - denial.get(card, 0.0) for card in hand}
    near = [card for card in hand if kept[card] >= top - MARGIN]
    wilds = sum(CARDS[c].wild for c in hand)
    if len(near) > 1 and visible and WILD_COST ** wilds < WILD_COST ** 2:
        seen = [c for c in visible if c not in hand]
        for card in near:
            seven = [c for c in hand if c != card]
            appraisal = Appraisal(seven)
            blind = sum(g * p for g, p in timing.typical_gains(appraisal.now))
            nxt = max((appraisal.gain(y, 1) for y in seen if y != card), default=0)
            worth[card] += AHEAD * max(0.0, nxt - blind)
    return max(hand, key=lambda c: (worth[c], c))
