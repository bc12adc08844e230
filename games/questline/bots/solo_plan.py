"""Solo timing for the hard bot: what a reset is expected to bring against completing now.

Completing claims the LOWEST revealed epilogue, so a reset that turns up the next epilogue from the
adventure deck costs stars. The deck's make-up is public (solo.py: the 1 at the bottom, the 2, 3 and 4
each shuffled into a pile of five above it, a last pile of five on top), so the deck count and the
revealed epilogues say which piles can still hold which epilogue; we sample positions inside them.
A reset is valued on such sampled deals, the cards it lays out drawn from those the seat has not seen:
each card it lays out may be taken in turn (a take costs nothing in solo), so its worth is the line
after taking every one that adds stars, not only the best one.
"""
from __future__ import annotations

import random
from typing import Sequence

from games.core.messages import Command
from games.questline.bots import estimate
from games.questline.bots.draws import Appraisal, DrawOption
from games.questline.commands import CompleteHand, Reset
from games.questline.decks import CARDS, EPILOGUE_BY_STARS
from games.questline.solo import PILE_SIZE, PILES
from games.questline.view import QuestView

DRAWN_PER_RESET = 2  # adventure cards a reset brings (epilogues on the way are revealed)
DEALS = 16  # sampled deals a reset is valued on (fewer for a hand with "?" cards: costlier solves)
MIN_DEALS = 3
WIDTH = 3  # weakest cards of the hand a card a reset brings is tried against (besides same-level cards)
WILD_COST = 2.0  # how many times costlier a solve gets per "?" card in the hand
SOLO_OPTION = 0.5  # a reset also keeps later resets open: worth this much beyond the next one


def choose(view: QuestView, legal: Sequence[Command], appraisal: Appraisal,
           takes: Sequence[DrawOption], rng: random.Random) -> Command:
    """Take a card that improves the line; else reset if that is worth its risk; else complete."""
    best = max(takes, key=lambda t: (t.value, t.command.card), default=None)
    if best is not None and best.value > 0:
        return best.command
    if Reset() not in legal:
        return CompleteHand()
    value = reset_value(view, appraisal.hand, appraisal.now, rng)
    return Reset() if value + SOLO_OPTION > 0 else CompleteHand()


def reset_value(view: QuestView, hand: Sequence[str], now: int, rng: random.Random) -> float:
    """Expected stars a reset adds, over sampled deals of what it brings: the cards it lays out, each
    taken in turn while one improves the line, less the lower epilogue it may reveal."""
    classes, adventures = estimate.unseen(view)
    wilds = sum(CARDS[c].wild for c in hand)
    deals = max(MIN_DEALS, int(DEALS / WILD_COST ** wilds))
    lowest = lowest_revealed(view)
    total = 0.0
    for _ in range(deals):
        brought, epilogue = deal_after_reset(view, classes, adventures, rng)
        total += improve(hand, now, brought) - now + epilogue - lowest
    return total / deals


def deal_after_reset(view: QuestView, classes: Sequence[str], adventures: Sequence[str],
                     rng: random.Random) -> tuple[list[str], int]:
    """One sampled reset: the cards it lays out and the lowest revealed epilogue after it. The
    epilogues still hidden lie in their piles (pile_ranges); the other cards come from the unseen."""
    left = view.adventure_left
    revealed = {CARDS[c].stars for c in view.epilogues}
    positions = {}
    for stars, span in pile_ranges().items():
        if stars in revealed or EPILOGUE_BY_STARS.get(stars) is None:
            continue
        open_spots = [p for p in span if p < left]
        if open_spots:
            positions[rng.choice(open_spots)] = stars
    brought = [rng.choice(classes)] if view.class_left and classes else []
    picks = rng.sample(list(adventures), min(DRAWN_PER_RESET, len(adventures)))
    lowest, place = min(revealed), left - 1
    while picks and place >= 0:
        if place in positions:
            lowest = min(lowest, positions[place])
        else:
            brought.append(picks.pop())
        place -= 1
    return brought, lowest


def improve(hand: Sequence[str], now: int, area: Sequence[str]) -> int:
    """The line after taking cards from the area one at a time, the best first, while one adds
    stars (the card let go goes back to the area, as in play). A card is tried in place of the
    hand's weakest few and of those sharing one of its levels (draws.Appraisal.outs)."""
    hand, area = list(hand), list(area)
    for _ in range(len(area) + 1):
        outs = Appraisal(hand)
        best = None
        for card in dict.fromkeys(area):
            for out in outs.outs(card, WIDTH):
                score = estimate.score([c for c in hand if c != out] + [card])
                if score > now and (best is None or score > best[0]):
                    best = (score, card, out)
        if best is None:
            break
        now, card, out = best
        hand.remove(out)
        hand.append(card)
        area.remove(card)
        area.append(out)
    return now


def pile_ranges() -> dict[int, range]:
    """Deck positions counted from the bottom where each shuffled-in epilogue can lie."""
    ranges, start = {1: range(0, 1)}, 1
    for stars in range(2, PILES + 1):
        ranges[stars] = range(start, start + PILE_SIZE + 1)
        start += PILE_SIZE + 1
    return ranges


def lowest_revealed(view: QuestView) -> int:
    return min(CARDS[c].stars for c in view.epilogues)
