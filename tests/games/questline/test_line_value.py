"""line_value: one line's total from the hand's tables equals scoring.evaluate's, on random hands and
orders; a likely line is a line of the whole hand."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.questline.hand import HandFacts
from games.questline.line_value import likely_line, line_total
from games.questline.scoring import Placement, evaluate
from games.questline.scoring_sets import Plan, plan_bound, plans
from tests.games.questline.samples import random_epilogue, random_hand


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 8))
def test_line_total_is_the_evaluated_total(seed, size):
    rng = random.Random(seed)
    hand, epilogue = random_hand(rng, size), random_epilogue(rng)
    line = list(range(size))
    rng.shuffle(line)
    chosen = [rng.randint(2, 7) if c.wild else 0 for c in hand]
    tally = evaluate([Placement(hand[k], chosen[k] if hand[k].wild else None) for k in line], epilogue)
    epilogue_stars = epilogue.stars if epilogue else 0
    assert line_total(HandFacts(hand, epilogue), line, chosen) == tally.total - epilogue_stars


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_likely_line_lays_every_card_once(seed):
    rng = random.Random(seed)
    hand, epilogue = random_hand(rng), random_epilogue(rng)
    facts = HandFacts(hand, epilogue)
    for fields in plans(facts):
        plan = Plan._make(fields)
        line, chosen = likely_line(facts, plan, plan_bound(facts, plan).most)
        assert sorted(line) == list(range(len(hand)))
        assert all(2 <= chosen[k] <= 7 for k in line if hand[k].wild)
