"""line_value: one line's total from the hand's tables equals scoring.evaluate's, on random hands and
orders; a likely line is a line of the whole hand."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.questline.arrange import score_hand
from games.questline.decks import CARDS
from games.questline.hand import HandFacts
from games.questline.line_value import likely_line, line_total
from games.questline.scoring import Placement, evaluate
from games.questline.scoring_sets import Plan, plan_batches, plan_bound, plans
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


def test_a_question_card_bound_skips_only_where_shortcuts_can_skip():
    """Levels 4-6 are missing below a level-7 card. The "?" card can fill one; of the two shortcuts,
    its own (Took the Faerie Road's) skips only above it, so the "?" card reaches level 5 at most
    (Hollowfen's shortcut skips 4), then its own shortcut skips 6: 18 stars. The bound of scoring
    every card says 18 too (it once counted both shortcuts below the "?" card: 19), so a search
    stops at the first line of 18 instead of proving that 19 cannot be reached."""
    ids = ["cutpurse", "descended-to-the-deepest-vault", "deciphered-the-barrow-runes",
           "crossed-the-hollowfen-by-night", "lamplighter", "lost-a-wager-to-a-fox", "took-the-faerie-road"]
    hand = [CARDS[i] for i in ids]
    facts = HandFacts(hand, None)
    top = Plan._make(plans(facts)[0])
    assert top.scoring == (1 << len(hand)) - 1 and not top.face_down
    assert plan_bound(facts, top).total == 18 == score_hand(hand)
    line, chosen = likely_line(facts, top, plan_bound(facts, top).most)
    assert line_total(facts, line, chosen) < 18  # the likely line misses it here: the search runs


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 8))
def test_splits_come_in_batches_each_under_the_bound_said_before_it(seed, size):
    """score_hand stops listing splits once the bound plan_batches gives for the splits not yet
    listed cannot beat its best line: so every split listed after a bound is within it (cards with
    negative stars included), and the batches together are every split plans() lists."""
    rng = random.Random(seed)
    facts = HandFacts(random_hand(rng, size), random_epilogue(rng))
    listed: list[tuple] = []
    bounds = [(ahead, len(listed)) for ahead in plan_batches(facts, listed)]
    for ahead, at in bounds:
        assert all(fields[0] <= ahead for fields in listed[at:])
    assert sorted(listed, reverse=True) == plans(facts)
