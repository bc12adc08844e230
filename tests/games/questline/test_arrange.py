"""The best arrangement: exact against brute force on random small hands, consistent with evaluate, stable."""
from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.questline.arrange import best_arrangement, score_hand
from games.questline.cards import Ability, Card, Feature, Kind
from tests.games.questline.samples import random_epilogue, random_hand
from games.questline.scoring import Placement, evaluate


def brute_force(hand, epilogue) -> int:
    """The best total over every order of the hand and every level of each "?" card."""
    best = None
    for order in itertools.permutations(hand):
        wild = [i for i, c in enumerate(order) if c.wild]
        for levels in itertools.product(range(2, 8), repeat=len(wild)):
            chosen = dict(zip(wild, levels))
            line = [Placement(c, chosen.get(i)) for i, c in enumerate(order)]
            total = evaluate(line, epilogue).total
            best = total if best is None else max(best, total)
    return best


def random_line(rng: random.Random, hand) -> list[Placement]:
    order = rng.sample(list(hand), len(hand))
    return [Placement(c, rng.randint(2, 7) if c.wild else None) for c in order]


def check_against_brute_force(seed: int, size: int, max_wild: int) -> None:
    rng = random.Random(seed)
    hand, epilogue = random_hand(rng, size, max_wild), random_epilogue(rng)
    line, tally = best_arrangement(hand, epilogue)
    assert sorted(p.card.id for p in line) == sorted(c.id for c in hand)
    assert tally == evaluate(line, epilogue)
    assert tally.total == score_hand(hand, epilogue) == brute_force(hand, epilogue), seed


def test_exact_on_random_five_card_hands():
    for seed in range(80):
        check_against_brute_force(seed, 5, max_wild=2)


def test_exact_on_random_six_card_hands():
    for seed in range(1000, 1006):
        check_against_brute_force(seed, 6, max_wild=1)


def test_exact_with_two_identical_cards():
    rng = random.Random(7)
    for _ in range(10):
        hand = random_hand(rng, 4, max_wild=1)
        hand.append(hand[-1])
        epilogue = random_epilogue(rng)
        assert score_hand(hand, epilogue) == brute_force(hand, epilogue)


def test_random_hands_hit_every_rule():
    """The exactness hands above do exercise shortcuts, gaps filled face down and "?" cards."""
    seen = set()
    for seed in range(80):
        rng = random.Random(seed)
        hand, epilogue = random_hand(rng, 5, 2), random_epilogue(rng)
        for _ in range(20):
            tally = evaluate(random_line(rng, hand), epilogue)
            seen |= {"face down" for s in tally.cards if s.face_down}
            seen |= {"skipped" for s in tally.cards if s.skipped}
            seen |= {text.split(":")[0] for s in tally.cards for text, stars in s.reasons if stars}
    assert seen >= {"face down", "skipped", "quest", "mastery", "variety", "kinship", "finale", "herald"}


def test_plain_hand_is_laid_in_level_order():
    hand = [Card(f"c{n}", Kind.ADVENTURE if n > 1 else Kind.CLASS, f"C{n}", (n,), stars=n)
            for n in (4, 2, 1, 3)]
    line, tally = best_arrangement(hand, None)
    assert [p.card.levels for p in line] == [(1,), (2,), (3,), (4,)]
    assert tally.total == 10


def test_wild_card_takes_the_missing_level_or_the_top():
    wild = Card("w", Kind.ADVENTURE, "Wanderer", (), wild=True)
    cls = Card("c", Kind.CLASS, "Cleric", (1,), stars=1)
    three = Card("t", Kind.ADVENTURE, "Three", (3,), stars=4)
    line, tally = best_arrangement([three, wild, cls], None)
    assert tally.total == 1 + 2 + 4  # "?" as 2 so the 3 scores, not "?" as 7 with the 3 face down
    assert [p.level for p in line if p.card.wild] == [2]


def test_quest_card_goes_left_of_what_it_counts():
    gold = Card("g", Kind.ADVENTURE, "Gold", (2,), tags=("gold",), stars=1)
    quester = Card("q", Kind.ADVENTURE, "Quester", (2,), stars=1,
                   abilities=(Ability("quest", Feature("tag", "gold"), 3),))
    cls = Card("c", Kind.CLASS, "Cleric", (1,))
    line, tally = best_arrangement([gold, quester, cls], None)
    assert [p.card.id for p in line] == ["c", "q", "g"]
    assert tally.total == 5


def test_empty_hand():
    assert best_arrangement([], None) == ([], evaluate([], None))
    assert score_hand([], Card("e", Kind.EPILOGUE, "E", stars=3)) == 3


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), size=st.integers(1, 8))
def test_best_beats_random_arrangements(seed, size):
    rng = random.Random(seed)
    hand, epilogue = random_hand(rng, size, max_wild=3), random_epilogue(rng)
    line, tally = best_arrangement(hand, epilogue)
    assert best_arrangement(hand, epilogue) == (line, tally)
    assert tally.total == sum(s.stars for s in tally.cards) + (epilogue.stars if epilogue else 0)
    for _ in range(10):
        other = random_line(rng, hand)
        assert evaluate(other, epilogue) == evaluate(other, epilogue)
        assert evaluate(other, epilogue).total <= tally.total


def test_a_shortcut_before_a_card_going_face_down_can_let_the_rest_score():
    """Laid after Cleric and Two, the 5/6 skips level 4 with Cleric's shortcut, fills level 3 face
    down, and Five scores: the only way Five scores, as the shortcut fits the 5/6 alone."""
    cls = Card("c", Kind.CLASS, "Cleric", (1,), terrain="village", stars=1,
               abilities=(Ability("shortcut", Feature("tag", "undead")),))
    two = Card("t", Kind.ADVENTURE, "Two", (2,), terrain="village", stars=1)
    five = Card("f", Kind.ADVENTURE, "Five", (5,), terrain="village", stars=5)
    high = Card("h", Kind.ADVENTURE, "High", (5, 6), terrain="forest", tags=("undead",), stars=-3)
    hand = [high, five, two, cls]
    line, tally = best_arrangement(hand, None)
    assert tally.total == score_hand(hand) == brute_force(hand, None) == 7
    assert [p.card.id for p in line] == ["c", "t", "h", "f"]
    assert tally.cards[2].face_down and tally.cards[2].skipped == (4,)
