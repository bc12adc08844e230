"""Solo timing for the hard bot: what a reset is expected to bring against completing now.

Completing claims the LOWEST revealed epilogue, so a reset that turns up the next epilogue from the
adventure deck costs stars. The deck's make-up is public (solo.py: the 1 at the bottom, the 2, 3 and 4
each shuffled into a pile of five above it, a last pile of five on top), so the deck count and the
revealed epilogues say which piles can still hold which epilogue; we sample positions inside them.
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
SOLO_ADVENTURES, SOLO_CLASSES = 6, 2  # unseen cards tried to value a reset
SOLO_OPTION = 0.5  # a reset also keeps later resets open: worth this much beyond the next one
WIDTH = 3  # weakest cards a sampled card is tried against


def choose(view: QuestView, legal: Sequence[Command], appraisal: Appraisal,
           takes: Sequence[DrawOption], rng: random.Random) -> Command:
    """Take a card that improves the line; else reset if that is worth its risk; else complete."""
    best = max(takes, key=lambda t: (t.value, t.command.card), default=None)
    if best is not None and best.value > 0:
        return best.command
    if Reset() not in legal:
        return CompleteHand()
    classes, adventures = estimate.unseen(view)
    n_classes, n_adventures = (1, 3) if appraisal.heavy else (SOLO_CLASSES, SOLO_ADVENTURES)
    width = 1 if appraisal.heavy else WIDTH
    class_picks = rng.sample(classes, min(n_classes, len(classes)))
    adventure_picks = rng.sample(adventures, min(n_adventures, len(adventures)))
    class_gains = [appraisal.gain(c, width) for c in appraisal.affordable(class_picks, width)]
    adventure_gains = [appraisal.gain(c, width) for c in appraisal.affordable(adventure_picks, width)]
    value = reset_value(view, class_gains, adventure_gains, rng)
    return Reset() if value + SOLO_OPTION > 0 else CompleteHand()


def pile_ranges() -> dict[int, range]:
    """Deck positions counted from the bottom where each shuffled-in epilogue can lie."""
    ranges, start = {1: range(0, 1)}, 1
    for stars in range(2, PILES + 1):
        ranges[stars] = range(start, start + PILE_SIZE + 1)
        start += PILE_SIZE + 1
    return ranges


def lowest_revealed(view: QuestView) -> int:
    return min(CARDS[c].stars for c in view.epilogues)


def epilogue_after_reset(view: QuestView, rng: random.Random) -> int:
    """One sampled outcome: the lowest revealed epilogue after the next reset."""
    left = view.adventure_left
    revealed = {CARDS[c].stars for c in view.epilogues}
    positions = {}
    for stars, span in pile_ranges().items():
        if stars in revealed or EPILOGUE_BY_STARS.get(stars) is None:
            continue
        open_spots = [p for p in span if p < left]
        if open_spots:
            positions[rng.choice(open_spots)] = stars
    lowest, drawn, place = min(revealed), 0, left - 1
    while drawn < DRAWN_PER_RESET and place >= 0:
        if place in positions:
            lowest = min(lowest, positions[place])
        else:
            drawn += 1
        place -= 1
    return lowest


def reset_value(view: QuestView, class_gains: Sequence[int], adventure_gains: Sequence[int],
                rng: random.Random, trials: int = 48) -> float:
    """Expected stars a reset adds (best single new card kept) minus the epilogue it may cost."""
    now = lowest_revealed(view)
    total = 0.0
    for _ in range(trials):
        gains = [0]
        if class_gains and view.class_left:
            gains.append(rng.choice(class_gains))
        if adventure_gains:
            gains += rng.sample(list(adventure_gains), min(DRAWN_PER_RESET, len(adventure_gains)))
        total += max(gains) + epilogue_after_reset(view, rng) - now
    return total / trials
