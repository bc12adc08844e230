"""Which card the hard bot lets go: the seven that promises most after the next draws.

A hand often waits for two cards at once (a 7 needs both a 4 and a 6): either alone adds nothing, so a
pure best-seven rule throws the first away again and never gets there. Here each seven within a few
stars of the best is credited with what the next draw is expected to add to it: the better of the best
card showing in a discard area (the card just let go excepted: taking it back only undoes the
discard) and a blind draw, valued on the same unseen cards for every seven so they compare fairly.
A seven with an open level that many cards fill beats one a single card improves.

Looking further did not beat this one-draw credit (issue 21, 1,600 games paired with this rule on
seeds 1601..3200, net games won; the SD of such a net is ~14): each near seven played out over 2
cycles on 8 sampled deals with the rollouts' policy and credited with its mean stars, -29 (3 cycles:
-1, and -16 on seeds 5001..6600); weighing sevens by the chance of winning the race with them
(timing's look-ahead) instead of stars, after this one draw +2 (-2 on 5001..6600; worst decision 1.6 s),
after 2 played-out cycles -11, after 3 -20 (worst decision 1.8 s). What loses is the hand that
stalls: in 48% of games the bot completes last (won 14%), its line then 32.0 stars on average after
8.8 draws, lower than the 33.0 of its first-place lines.

A second draw ahead (issue 21, stop 40), for hands with no "?" card: each near seven is worth the mean,
over a few sampled next cards (the last SECOND of the first deck's stand-ins), of the best seven it can
keep after that card, credited as above with the draw after it (the other stand-ins). Paired with the
one-draw credit on the same seeds (net games won; SD ~10 per 800): +7 (seeds 1601..2400), +26
(2401..3200), +17 (5001..5800), -3 of 400 (1..400): +47 of 2,800, 50.1% won. Decisions 0.054-0.080 s
on average, the worst 0.58-0.70 s, on a loaded machine. Also tried: the next draw's best take in
sight weighed as well as the blind cards, +6 and +17 (1601..3200); more samples (10 next cards,
only the best seven credited after each, 20 stand-ins) +1 on 1..400 with a worst decision of 0.93 s;
hands with one "?" card looked two draws ahead too (3 next cards, 3 near sevens), -3 (1601..2400,
against this rule); the opening discard with twice the stand-ins and 12 next cards, +5 (1601..2400)
with a worst decision of 0.99 s. Against this rule on 1601..2400, also dropped: AHEAD 0.64 (the draw after
next two cycles away) -4; SECOND 8 with 14 stand-ins -10; SECOND_CHOICES 3 -3.
A pure-solitaire check (no takes, the same deals for each rule, 300 deals of 5 draws): best seven
29.12 stars, one-draw credit 29.42, this second draw 29.66.

How much a better discard could still add (stop 41; `python bench/questline_growth.py`, the rule alone on
300 seeded solitaire deals, paired deal by deal): this rule grows a line by +0.34 +- 0.13 stars after 5
draws over the best seven alone; a cheat shown the adventure deck's true next two cards (SECOND 1) adds
only +0.10 more; SECOND 10, CHOICES 8 and SECOND_CHOICES 3 all within +-0.05. So little is left in what
the bot keeps: in the 4-player race the see-decks cheat wins by choosing *where to draw* knowing the card
(bench/questline_timing.py --see-decks, seeds 1..400: 205/400 against 185), which no fair guess can.
Also tried at stop 41, net games won against this rule over 800 paired games (seeds 1601..2400): the
two best cards in sight tried as the next card beside the blind mean, +0 (12 won, 12 lost); before the
last draw (the others all done) keeping the seven whose last draw most often beats the likely lines
instead of the most stars: it chose another card at 2 of 33 such discards (60 games), so not run.
"""
from __future__ import annotations

from statistics import fmean
from typing import Sequence

from games.questline.bots import estimate
from games.questline.bots.draws import Appraisal
from games.questline.decks import CARDS

MARGIN = 3  # stars of the best seven we may give up now for a better next draw
AHEAD = 0.8  # the next draw pays a cycle later, and a visible card may be gone by then
WIDTH = 2  # weakest cards a card of the next draw is tried against (besides same-level cards)
CHOICES = 6  # sevens looked at: the best few by their stars now (4 or 6: even on 600 games)
LOOK_TAKES = 6  # cards in sight a seven is tried with: the most promising (three full areas hold 21)
LOOK_WILDS = 1  # "?" cards a hand may hold and still be looked ahead for: each makes a solve ~3.5x costlier
SECOND = 6  # next cards sampled for a second draw ahead (hands with no "?" card only: the cost)
SECOND_CHOICES = 2  # sevens credited after each sampled next card: the best few by their stars


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
        if blind and not wilds:
            return _two_draws_ahead(hand, near[:CHOICES], seen, blind)
        for card in near[:CHOICES]:
            worth[card] = credited([c for c in hand if c != card], seen, blind)
    return max(hand, key=lambda c: (worth[c], c))


def credited(seven: Sequence[str], seen: Sequence[str], blind: Sequence[Sequence[str]]) -> float:
    """A seven's stars and what its next draw is expected to add (the better of a blind draw and the
    best card in sight), the draw's gain weighed by AHEAD. `seen` holds no card of our hand."""
    appraisal = Appraisal(seven)
    takes = sorted(seen, key=lambda c: (appraisal.promise(c), c), reverse=True)[:LOOK_TAKES]
    share = max(2, round(len(blind[0]) / appraisal.scale)) if blind else 0
    decks = [fmean(appraisal.gain(x, WIDTH) for x in pool[:share]) for pool in blind if pool]
    takes = [appraisal.gain(y, WIDTH) for y in takes]
    return appraisal.now + AHEAD * max([0.0, *decks, *takes])


def _two_draws_ahead(hand: Sequence[str], near: Sequence[str], seen: Sequence[str],
                     blind: Sequence[Sequence[str]]) -> str:
    """The card to let go when each near seven is worth the mean, over a few sampled next cards, of the
    best seven it can then keep, credited with the draw after that."""
    nexts = blind[0][-SECOND:]
    later = [[x for x in pool if x not in nexts] for pool in blind]

    def best_after(seven: list[str], card: str) -> float:
        eight = [*seven, card]
        kept = {out: estimate.score(c for c in eight if c != out) for out in eight}
        top = max(kept.values())
        outs = sorted((out for out in eight if kept[out] >= top - MARGIN), key=lambda out: (-kept[out], out))
        return max(credited([c for c in eight if c != out], seen, later) for out in outs[:SECOND_CHOICES])

    worth = {card: fmean(best_after([c for c in hand if c != card], x) for x in nexts) for card in near}
    return max(near, key=lambda c: (worth[c], c))
