"""The fast solver against brute force (every order of the hand, every level of every "?" card, scored
by scoring.evaluate) on random hands with 0 to 5 "?" cards and every rule that shapes a questline:
gaps filled face down, shortcuts, two-level cards, quests, masteries, setbacks, variety, kinship,
finale, herald. "?" cards may repeat, so that hands with five of them stay within brute force's reach.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.questline.arrange import best_arrangement, score_hand
from games.questline.scoring import Placement, evaluate
from tests.games.questline.samples import random_card, random_epilogue

LEVELS = range(2, 8)  # the levels a "?" card may take


def distinct_lines(hand) -> int:
    """How many different questlines brute force lays out for the hand."""
    orders = math.factorial(len(hand))
    for copies in Counter(map(id, hand)).values():
        orders //= math.factorial(copies)
    return orders * len(LEVELS) ** sum(c.wild for c in hand)


def brute_force(hand, epilogue) -> int:
    """The best total over every distinct order of the hand and every level of each "?" card."""
    best, seen = None, set()
    for order in itertools.permutations(hand):
        key = tuple(map(id, order))
        if key in seen:
            continue  # the same order of the same cards (a card held twice) again
        seen.add(key)
        wild = [i for i, c in enumerate(order) if c.wild]
        for levels in itertools.product(LEVELS, repeat=len(wild)):
            chosen = dict(zip(wild, levels))
            total = evaluate([Placement(c, chosen.get(i)) for i, c in enumerate(order)], epilogue).total
            best = total if best is None else max(best, total)
    return best


def build_hand(seed: int, fixed: int, wild: int, kinds: int, budget: int, classes: int | None = None):
    """`fixed` cards (usually one a class card) and `wild` "?" cards of `kinds` different cards; fewer
    fixed cards, then fewer kinds of "?" card, then fewer "?" cards while brute force would lay out
    more than `budget` lines."""
    rng = random.Random(seed)
    classes = rng.choice((0, 1, 1, 2)) if classes is None else classes
    fixed_cards = [random_card(rng, n, is_class=n < classes, wild=0.0) for n in range(fixed)]
    wild_kinds = [random_card(rng, 10 + n, wild=1.0) for n in range(max(kinds, 1))]
    while True:
        hand = fixed_cards + [wild_kinds[n % kinds] for n in range(wild)]
        if distinct_lines(hand) <= budget:
            break
        if fixed_cards:
            fixed_cards.pop()
        elif kinds > 1:
            kinds -= 1
        else:
            wild -= 1
    rng.shuffle(hand)
    return hand, random_epilogue(rng)


def check(hand, epilogue) -> None:
    line, tally = best_arrangement(hand, epilogue)
    assert sorted(map(id, (p.card for p in line))) == sorted(map(id, hand))
    assert tally == evaluate(line, epilogue)
    assert tally.total == score_hand(hand, epilogue) == brute_force(hand, epilogue)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), fixed=st.integers(0, 7), wild=st.integers(0, 5),
       kinds=st.integers(1, 3))
def test_matches_brute_force(seed, fixed, wild, kinds):
    hand, epilogue = build_hand(seed, fixed, wild, min(kinds, wild) or 1, budget=2500)
    if hand:
        check(hand, epilogue)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_five_question_marks_and_a_class_card_match_brute_force(seed):
    hand, epilogue = build_hand(seed, 1, 5, 1, budget=50_000, classes=1)
    assert sum(c.wild for c in hand) == 5
    check(hand, epilogue)


def test_the_hands_reach_every_rule():
    """The generated hands' best lines do skip with shortcuts, fill gaps face down (with "?" cards
    too), and pay every kind of bonus."""
    seen = set()
    for seed in range(300):
        rng = random.Random(seed)
        hand, epilogue = build_hand(seed, rng.randint(3, 7), rng.randint(0, 3), 2, budget=2500)
        line, tally = best_arrangement(hand, epilogue)
        for placed, score in zip(line, tally.cards):
            seen |= {"skipped"} if score.skipped else set()
            seen |= {"face-down ?" if placed.card.wild else "face down"} if score.face_down else set()
            seen |= {"two levels"} if len(placed.card.levels) == 2 and not score.face_down else set()
            seen |= {"? scores"} if placed.card.wild and not score.face_down else set()
            seen |= {text.split(":")[0] for text, stars in score.reasons if stars}
            seen |= {"setback"} if any(a.kind == "setback" for a in placed.card.abilities) else set()
    assert seen >= {"skipped", "face down", "face-down ?", "two levels", "? scores", "setback", "quest",
                    "mastery", "variety", "kinship", "finale", "herald"}, seen
