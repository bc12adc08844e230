"""The layout search's housekeeping: what it leaves behind once a hand is settled."""
from __future__ import annotations

import gc
import random

import games.questline.arrange as arrange
import games.questline.layout_search as layout_search
from tests.games.questline.samples import random_epilogue, random_hand


def test_a_search_leaves_no_garbage_cycles(monkeypatch):
    """The search's closures call each other; they are unlinked when it ends, so scoring a hand
    leaves nothing for the garbage collector."""
    searched = []

    def counted(*args):
        searched.append(args)
        layout_search.search(*args)

    monkeypatch.setattr(arrange, "search", counted)
    rng = random.Random(21)
    hands = [(random_hand(rng, 7, 2), random_epilogue(rng)) for _ in range(40)]
    gc.collect()
    gc.disable()
    try:
        for hand, epilogue in hands:
            arrange.score_hand(hand, epilogue)
            arrange.best_arrangement(hand, epilogue)
        left = gc.collect()
    finally:
        gc.enable()
    assert searched  # the hands did need searches
    assert left == 0


def test_wild_bounds_stay_few(monkeypatch):
    """The "?" cards' bounds are remembered across searches, dropped once more than 4,096: the
    totals are the same either way."""
    rng = random.Random(3)
    hands = [(random_hand(rng, 7, 3), random_epilogue(rng)) for _ in range(40)]
    monkeypatch.setattr(layout_search, "WILD_BOUNDS", {})
    fresh = [arrange.score_hand(hand, epilogue) for hand, epilogue in hands]
    assert layout_search.WILD_BOUNDS  # "?" hands were searched
    full = {(99, 0, 0, free): 0 for free in range(4097)}  # wrong answers to questions never asked
    monkeypatch.setattr(layout_search, "WILD_BOUNDS", full)
    assert [arrange.score_hand(hand, epilogue) for hand, epilogue in hands] == fresh
    assert len(full) < 4097 and (99, 0, 0, 0) not in full
