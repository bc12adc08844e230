"""The best questline for a hand: an exact search over the order and "?" levels, scored as scoring.py does.

Laying out left to right, what the rest of the line can still earn depends only on a small summary
(cards still to come, cards scored, levels present, unused shortcuts, skill icons since the last setback,
a pending finale, caps on "?" levels), so the search memoises on it. Cards turned face down by a later
card's gap can sit at the end of the line without changing any score (docs/rulings.md), which makes the
gap rule a choice among the highest remaining cards.
"""
from __future__ import annotations

from typing import Sequence

from games.questline.cards import MAX_LEVEL, SKILLS, Card
from games.questline.hand import HandFacts
from games.questline.scoring import Placement, Tally, evaluate


def best_arrangement(hand: Sequence[Card], epilogue: Card | None = None) -> tuple[list[Placement], Tally]:
    """The arrangement of the hand with the highest total (the first found in level order on a tie)."""
    if not hand:
        return [], evaluate([], epilogue)
    search = _Search(HandFacts(hand, epilogue))
    search.best(search.start)
    line = search.replay()
    return line, evaluate(line, epilogue)


def score_hand(hand: Sequence[Card], epilogue: Card | None = None) -> int:
    """The best total the hand can reach, epilogue included."""
    if not hand:
        return epilogue.stars if epilogue else 0
    search = _Search(HandFacts(hand, epilogue))
    return search.best(search.start) + (epilogue.stars if epilogue else 0)


class _Search:
    """Memoised best future score per layout state; states are tuples, see `start`."""

    def __init__(self, facts: HandFacts) -> None:
        self.f = facts
        n = len(facts.cards)
        # (to come, scored, levels present, unused shortcuts, skill icons counted, pending finale, "?" caps)
        self.start = ((1 << n) - 1, 0, 0, (0,) * len(facts.shortcut_kinds), (0,) * len(SKILLS), 0,
                      (MAX_LEVEL,) * n)
        self.memo: dict[tuple, tuple[int, tuple | None, tuple | None]] = {}

    def best(self, state: tuple) -> int:
        hit = self.memo.get(state)
        if hit is not None:
            return hit[0]
        if not state[0]:
            value = self.f.ending(state[1]) + state[5]
            self.memo[state] = (value, None, None)
            return value
        top, choice, after = None, None, None
        for gain, nxt, step in self.f.moves(state):
            value = gain + self.best(nxt)
            if top is None or value > top:
                top, choice, after = value, step, nxt
        self.memo[state] = (top, choice, after)
        return top

    def replay(self) -> list[Placement]:
        """The line behind the best score: cards in the order reached, then the cards filled face down
        by a later card's gap, last-filled first (so each was the rightmost of the highest)."""
        cards, state = self.f.cards, self.start
        reached: list[Placement] = []
        buried: list[Placement] = []
        while state[0]:
            _, (k, level, flips), state = self.memo[state]
            reached.append(Placement(cards[k], level))
            buried += [Placement(cards[j], wild_level) for j, wild_level in flips]
        return reached + buried[::-1]
