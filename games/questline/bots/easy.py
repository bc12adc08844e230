"""The easy Questline bot: keeps the best seven it can see, one card swap at a time, no look-ahead."""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.questline.arrange import best_arrangement, score_hand
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.decks import CARDS
from games.questline.view import QuestView

GOOD_ENOUGH = 30  # stars at which the easy bot stops improving and completes
LATE = 12  # adventure cards left when it completes whatever it holds


def keep_best(cards: Sequence[str]) -> tuple[str, int]:
    """The card to let go so the rest score most, and that score."""
    best = None
    for card in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(card)
        score = score_hand([CARDS[c] for c in rest])
        if best is None or score > best[1]:
            best = (card, score)
    return best


def weakest(hand: Sequence[str]) -> str:
    """The card that earns least in the hand's best arrangement (face-down fillers first)."""
    _, tally = best_arrangement([CARDS[c] for c in hand])
    worst = min(tally.cards, key=lambda s: (not s.face_down, s.stars))
    return worst.card.id


class EasyBot(Bot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: QuestView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        hand = list(view.hand)
        if isinstance(legal[0], ChooseFirstDiscard):
            return ChooseFirstDiscard(keep_best(hand)[0])
        if isinstance(legal[0], Discard):
            return Discard(keep_best(hand)[0])
        now = score_hand([CARDS[c] for c in hand])
        if now >= GOOD_ENOUGH or view.adventure_left <= LATE:
            return CompleteHand()
        out = weakest(hand)
        takes = [c for c in legal if isinstance(c, TakeFromDiscard)]
        scored = [(score_hand([CARDS[c] for c in hand if c != out] + [CARDS[t.card]]), t)
                  for t in takes]
        best = max(scored, key=lambda pair: pair[0], default=None)
        if best is not None and best[0] > now:
            return best[1]
        for fallback in (DrawFromDeck("adventure"), Reset(), DrawFromDeck("class")):
            if fallback in legal:
                return fallback
        return CompleteHand()  # nothing better in reach (e.g. a full discard area): stop here
