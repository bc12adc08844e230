"""The best questline for a hand: an exact search over the order and "?" levels, scored as scoring.py does.

The hand is split into the cards that score and the cards laid face down (scoring_sets.py: only a few
splits are possible, since face-down cards are the top of the hand); each split has a bound on its
stars, order aside. Splits are searched best bound first (layout_search.py) until no split left can
beat the best line found, so a typical hand is settled by one straight descent. score_hand, which
needs only the total, first totals a likely line of the split (line_value.py) and searches only when
that line falls short of the split's bound (about a quarter of random-play hands).
"""
from __future__ import annotations

from typing import Sequence

from games.questline.cards import Card
from games.questline.hand import HandFacts
from games.questline.layout_search import Best, search
from games.questline.line_value import likely_line, line_total
from games.questline.scoring import Placement, Tally, evaluate
from games.questline.scoring_sets import Plan, plan_batches, plan_bound, plan_most, set_bound


def best_arrangement(hand: Sequence[Card], epilogue: Card | None = None) -> tuple[list[Placement], Tally]:
    """The arrangement of the hand with the highest total (the first found on a tie)."""
    if not hand:
        return [], evaluate([], epilogue)
    best = _solve(hand, epilogue)
    line = _line(hand, best.steps)
    return line, evaluate(line, epilogue)


def score_hand(hand: Sequence[Card], epilogue: Card | None = None) -> int:
    """The best total the hand can reach, epilogue included."""
    if not hand:
        return epilogue.stars if epilogue else 0
    return _solve(hand, epilogue, lines=False).total + (epilogue.stars if epilogue else 0)


def _solve(hand: Sequence[Card], epilogue: Card | None, lines: bool = True) -> Best:
    """The best line (its steps only when `lines`: otherwise a plan whose likely line reaches its
    bound is settled by that line's total alone)."""
    facts, best = HandFacts(hand, epilogue), Best()
    pending: list[tuple] = []  # splits to look at, best quick bound last
    batches = plan_batches(facts, pending)
    ahead = next(batches, None)  # at least the quick bound of every split not yet in `pending`
    first = most = None  # (totals only) the split whose likely line was totalled first, its most earned
    while True:
        while ahead is not None and (not pending or ahead >= pending[-1][0]):
            if best.total is not None and ahead <= best.total:
                ahead = None  # no split left to list can beat the best line
                break
            if not lines and first is None and pending:
                # the best split listed so far: its likely line often reaches its quick bound and
                # what the splits still to list can reach, and is cheaper than listing them
                first = tuple.__new__(Plan, pending[-1])  # Plan._make(), a Python call
                most = plan_most(facts, first)
                best.total = line_total(facts, *likely_line(facts, first, most))
                continue
            ahead = next(batches, None)
            pending.sort()
        if not pending or best.total is not None and pending[-1][0] <= best.total:
            break
        plan = tuple.__new__(Plan, pending.pop())  # Plan._make(), a Python call
        if not lines:
            if first is None:  # the first split: its likely line may reach its quick bound (it
                first, most = plan, plan_most(facts, plan)  # often does), then no more is needed
                best.total = line_total(facts, *likely_line(facts, plan, most))
                if best.total >= plan.quick:
                    continue
            # (the first split's most earned is worked out: what its face-down cards no longer pay)
            if best.total >= set_bound(facts, plan, most if plan is first else None):
                continue  # its own bound already holds it to the best line: no plan_bound
        bound = plan_bound(facts, plan, most if plan is first else None)  # (the first's most: worked out)
        if best.total is None or bound.total > best.total:
            if not lines and (bound.most != most or plan != first):
                total = line_total(facts, *likely_line(facts, plan, bound.most))
                if best.total is None or total > best.total:
                    best.total = total
                if total >= bound.total:
                    continue
            search(facts, plan, bound, best)
    return best


def _line(hand: Sequence[Card], steps: list) -> list[Placement]:
    """The line behind the steps: cards in the order reached, then the cards filled face down by a
    later card's gap, last-filled first (so each was the rightmost of the highest)."""
    reached: list[Placement] = []
    buried: list[Placement] = []
    for k, level, flips in steps:
        reached.append(Placement(hand[k], level))
        buried += [Placement(hand[j], level) for j, level in flips]
    return reached + buried[::-1]
