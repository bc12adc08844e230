"""Which card the hard bot lets go: the seven that promises most after the next draw.

A hand often waits for two cards at once (a 7 needs both a 4 and a 6): either alone adds nothing, so a
pure best-seven rule throws the first away again and never gets there. Here each seven within a few
stars of the best is credited with what the next draw is expected to add to it: the better of the best
card showing in a discard area (the card just let go excepted: taking it back only undoes the
discard) and a blind draw, valued on the same unseen cards for every seven so they compare fairly.
A seven with an open level that many cards fill beats one a single card improves.
"""
from __future__ import annotations

from statistics import fmean
from typing import Sequence

from games.questline.bots import estimate
from games.questline.bots.draws import Appraisal
from games.questline.bots.rollout import best_seven
from games.questline.decks import CARDS

MARGIN = 3  # stars of the best seven we may give up now for a better next draw
AHEAD = 0.8  # the next draw pays a cycle later, and a visible card may be gone by then
WIDTH = 2  # weakest cards a card of the next draw is tried against (besides same-level cards)
CHOICES = 6  # sevens looked at: the best few by their stars now (4 or 6: even on 600 games)
LOOK_TAKES = 6  # cards in sight a seven is tried with: the most promising (three full areas hold 21)
DRAWS_AHEAD = 1  # blind draws a seven is valued over: the best of that many (1: the mean of one draw)
OPENING_DRAWS = 0  # opening only: value each near seven by this many blind draws played greedily (0: off)
OPENING_DEALS = 12  # sampled runs of draws per seven at the opening, the same runs for every seven
LOOK_WILDS = 1  # "?" cards a hand may hold and still be looked ahead for: each makes a solve ~3.5x costlier


def let_go(hand: Sequence[str], visible: Sequence[str], blind: Sequence[Sequence[str]]) -> str:
    """The card to discard from an eight-card hand (or the opening hand). `blind` holds, per deck
    that may be drawn from, a few unseen cards standing in for its next card."""
    kept = {card: estimate.score(c for c in hand if c != card) for card in hand}
    top = max(kept.values())
    worth = dict(kept)
    near = sorted((card for card in hand if kept[card] >= top - MARGIN), key=lambda c: (-kept[c], c))
    wilds = sum(CARDS[c].wild for c in hand)
    if len(near) > 1 and wilds <= LOOK_WILDS and (visible or blind):
        seen = [c for c in dict.fromkeys(visible) if c not in hand]
        for card in near[:CHOICES]:
            appraisal = Appraisal([c for c in hand if c != card])
            takes = sorted(seen, key=lambda c: (appraisal.promise(c), c), reverse=True)[:LOOK_TAKES]
            share = max(2, round(len(blind[0]) / appraisal.scale)) if blind else 0
            decks = [best_of([appraisal.gain(x, WIDTH) for x in pool[:share]]) for pool in blind if pool]
            takes = [appraisal.gain(y, WIDTH) for y in takes if y != card]
            worth[card] += AHEAD * max([0.0, *decks, *takes])
    return max(hand, key=lambda c: (worth[c], c))


def best_of(gains: Sequence[int], draws: int | None = None) -> float:
    """The expected best of `draws` blind draws (DRAWS_AHEAD by default) whose gains are like these
    samples: their mean for one draw; more draws lean on the few big gains a seven waits for."""
    draws = DRAWS_AHEAD if draws is None else draws
    if draws == 1:
        return fmean(gains)
    ranked, n = sorted(gains), len(gains)
    return sum(g * ((i + 1) ** draws - i ** draws) for i, g in enumerate(ranked)) / n ** draws


def opening_let_go(hand: Sequence[str], runs: Sequence[Sequence[str]]) -> str:
    """The first discard: each seven within MARGIN of the best is played on through the same sampled
    runs of blind draws (each draw: add the card, keep the best seven), and the seven whose runs end
    highest on average is kept (ties: more stars now)."""
    kept = {card: estimate.score(c for c in hand if c != card) for card in hand}
    top = max(kept.values())
    near = sorted((card for card in hand if kept[card] >= top - MARGIN), key=lambda c: (-kept[c], c))
    if len(near) == 1 or sum(CARDS[c].wild for c in hand) > LOOK_WILDS:
        return near[0]

    def ends(card: str) -> float:
        total = 0
        for run in runs:
            seven = [c for c in hand if c != card]
            score = kept[card]
            for drawn in run:
                seven, score = best_seven([*seven, drawn])
            total += score
        return total / len(runs)
    return max(near[:CHOICES], key=lambda c: (ends(c), kept[c], c))
