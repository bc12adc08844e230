"""What each way of drawing is expected to add to the hard bot's best seven, from its view only.

A take from a discard area is a known card, so its gain is exact (best seven of the eight cards). A blind
draw is valued by sampling unseen cards. A new card is tried only in place of the hand's weakest cards
and of the cards that share one of its levels (wild for wild): with the three weakest that finds the
best swap 95 times in 100 where a swap adds stars (89 with the two weakest) at about two thirds of the
cost of trying all seven; the best swap found more often won more games against the easy bot (the
four weakest, and eight takes scored exactly, still won a few more: see SWAP_WIDTH).
Each "?" card makes an exact solve several times costlier, so heavy hands look at fewer cards, and
one decision's solves share a budget: the decks' samples first, then the takes, the most promising
first (those filling a missing level); a hand with three "?" cards leaves some takes unscreened, so
the decision stays within about a second.

Where the choice of draw matters (issue 21; forks: at each of the hard bot's draw decisions with two
or more options, every option played out to the end by the bots, main's play after it; 926 decisions,
seeds 2001..2160): the option chosen won 315 of them and some option 436, so a single draw turns far
more games than a single decision to complete (timing.py's note: 348 against 358). Per pair (chosen,
other) the forks won about alike (deck/other deck 177/182 of 630), except once a player had
completed: where the bot drew from a deck and a neighbour's card was in reach, the take won 23 of 65
forks and the draw 14 (with nobody done 65 and 71 of 150): the neighbours' areas are about to go out
of play. Taking the best neighbour's card in reach instead of any deck draw once a player has
completed: -3 of 800 paired with main (seeds 1601..2400, 18 won, 21 lost), so left off: the forks'
edge is not one a blanket rule finds.
Fresh forks (seeds 2161..2480, 1,793 decisions; the option chosen won 734, some option 924) do not
repeat it: with one player done, a deck draw chosen where a neighbour's card was in reach won 6 forks
that the take lost and lost 2 it won (3 and 10 before). Across both sets, by kinds of option, number
done, the seat's line, its chance of winning, the gap in chances and the discard area's room, no kind of
option turned more forks than the one chosen in both sets, except two cells with no reason the view
shows: one player done, the class deck drawn where the adventure deck was open (the class draw won 1 and
1 forks alone, the adventure draw 6 and 10); and where the best draws' chances were within 0.02, the
draw adding most this cycle won 22 forks alone against the chances' choice 12. That as a rule (chances
within a margin taken as equal, the larger gain this cycle chosen; 1,600 games paired with main): a
margin of 0.02 +6 on seeds 1601..3200 and -8 on 5001..6600; 0.05 +7 and -13. Left off: single forks are
too noisy to show a draw rule worth a few games in 1,600.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean
from typing import Sequence

from games.core.messages import Command
from games.questline.bots import estimate
from games.questline.commands import DrawFromDeck, TakeFromDiscard
from games.questline.cards import MAX_LEVEL
from games.questline.decks import CARDS
from games.questline.view import QuestView

SWAP_WIDTH = 4  # weakest cards a new card is tried against (besides those sharing its level)
EXACT_TAKES = 8  # takes scored against all seven cards after the screen
# (3 and 5 until stop 31: 4 and 8 won 24 of 4,000 paired games that 3 and 5 lost, and lost 10 they won)
ADVENTURE_SAMPLES, CLASS_SAMPLES = 16, 16  # unseen cards tried per blind draw (few class cards: all)
WILD_COST = 3.5  # how many times costlier a solve gets per "?" card in the hand
BUDGET = 600  # solves of a plain hand one draw decision may cost (binds from three "?" cards on)


@dataclass(frozen=True)
class DrawOption:
    """A way to draw and the gains it was seen to bring: one exact gain for a take, samples for a deck."""

    command: Command
    gains: tuple[int, ...]

    @property
    def value(self) -> float:
        return fmean(self.gains) if self.gains else 0.0


class Appraisal:
    """The hand's best score now and what each of its cards adds, worked out once per decision."""

    def __init__(self, hand: Sequence[str]) -> None:
        self.hand = list(hand)
        self.now = estimate.score(self.hand)
        loss = {card: self.now - estimate.score(c for c in self.hand if c != card) for card in self.hand}
        self.weakest = sorted(self.hand, key=lambda card: (loss[card], card))
        wilds = sum(CARDS[c].wild for c in self.hand)
        self.scale = WILD_COST ** wilds  # relative cost of one solve on this hand
        self.heavy = wilds >= 2  # solves so costly that fewer swaps and samples are tried
        self.budget = BUDGET / self.scale  # solves of this hand the decision may still spend
        present = {level for c in self.hand for level in CARDS[c].levels}
        self.missing = {level for level in range(1, MAX_LEVEL + 1) if level not in present}

    def promise(self, card: str) -> tuple[bool, int]:
        """A cheap first guess at how much a card may add: it fills a missing level, then its stars."""
        new = CARDS[card]
        return (new.wild or bool(self.missing & set(new.levels)), new.stars)

    def affordable(self, cards: Sequence[str], width: int) -> list[str]:
        """The first of these cards always, the rest in order while the decision's budget lasts (each
        costs a solve per card it is tried against): the one way a decision spends its budget."""
        out = []
        for card in cards:
            cost = len(self.outs(card, width))
            if out and cost > self.budget:
                break
            self.budget -= cost
            out.append(card)
        return out

    def outs(self, card: str, width: int) -> list[str]:
        """The hand cards worth trying to replace with `card`."""
        new = CARDS[card]
        chosen = self.weakest[:width]
        chosen += [c for c in self.hand if c not in chosen and (
            (CARDS[c].wild and new.wild) or set(CARDS[c].levels) & set(new.levels))]
        return chosen

    def gain(self, card: str, width: int | None = None) -> int:
        """Stars gained by taking `card` and keeping the best seven (all swaps tried when width is None)."""
        outs = self.hand if width is None else self.outs(card, width)
        best = max((estimate.score([c for c in self.hand if c != out] + [card]) for out in outs),
                   default=self.now)
        return max(0, best - self.now)


def take_options(appraisal: Appraisal, takes: Sequence[TakeFromDiscard]) -> list[DrawOption]:
    """Every take, screened cheaply; the most promising few scored exactly. Takes the budget leaves
    unscreened count as adding nothing."""
    cards = list(dict.fromkeys(t.card for t in takes))
    width, exact = (1, 1) if appraisal.heavy else (SWAP_WIDTH, EXACT_TAKES)
    quick = dict.fromkeys(cards, 0)
    for card in appraisal.affordable(sorted(cards, key=lambda c: (appraisal.promise(c), c), reverse=True),
                                     width):
        quick[card] = appraisal.gain(card, width)
    for card in sorted(cards, key=lambda c: (-quick[c], c))[:exact]:
        if len(appraisal.hand) <= appraisal.budget:
            appraisal.budget -= len(appraisal.hand)
            quick[card] = appraisal.gain(card)
    first = {}
    for take in takes:  # one command per card: the first area that shows it
        first.setdefault(take.card, take)
    return [DrawOption(first[card], (quick[card],)) for card in cards]


def deck_options(appraisal: Appraisal, view: QuestView, legal: Sequence[Command],
                 rng: random.Random) -> list[DrawOption]:
    """Each deck that may be drawn from, valued by the gains of a few unseen cards."""
    classes, adventures = estimate.unseen(view)
    out = []
    for deck, pool, count in (("adventure", adventures, ADVENTURE_SAMPLES),
                              ("class", classes, CLASS_SAMPLES)):
        if DrawFromDeck(deck) not in legal or not pool:
            continue
        n = max(2, round(count / appraisal.scale))
        width = 1 if appraisal.heavy else SWAP_WIDTH
        picks = appraisal.affordable(rng.sample(pool, min(n, len(pool))), width)
        out.append(DrawOption(DrawFromDeck(deck), tuple(appraisal.gain(c, width) for c in picks)))
    return out


def candidates(takes: Sequence[DrawOption], decks: Sequence[DrawOption], seat: int) -> list[DrawOption]:
    """The options worth weighing: the best take back from our own discard area and the best take from
    a neighbour's, each if it adds anything (a known useless card is never better than a blind draw),
    and each deck. With nothing else, the best take back (it keeps our own area from growing)."""
    def best(cards: list[DrawOption]) -> DrawOption | None:
        return max(cards, key=lambda t: (t.value, t.command.card), default=None)
    own = best([t for t in takes if t.command.owner == seat])
    other = best([t for t in takes if t.command.owner != seat])
    useful = [t for t in (own, other) if t is not None and t.value > 0]
    if useful or decks:
        return useful + list(decks)
    return [t for t in (own or other,) if t is not None]


def outside(option: DrawOption, seat: int) -> bool:
    """Whether the draw adds a card to our discard area for good (anything but a take back)."""
    return not (isinstance(option.command, TakeFromDiscard) and option.command.owner == seat)
