"""Set scoring tables: every set size, the Swallowtail wild pair, mixed collections, round winners."""
from __future__ import annotations

import pytest

from games.fluttering_souls import apply
from games.fluttering_souls.cards import COPIES, Species
from games.fluttering_souls.scoring import Score, score_collection

E, B, M, S, G = (Species.EIGHTY_EIGHT, Species.BLUE_MORPHO, Species.MONARCH, Species.SWALLOWTAIL,
                 Species.GREAT_EGGFLY)


def held(eighty: int = 0, morpho: int = 0, monarch: int = 0, swallow: int = 0,
         eggfly: int = 0) -> list[int]:
    """A collection as counts per species, in Species order."""
    return [eighty, morpho, monarch, swallow, eggfly]


def line_points(score: Score) -> int:
    """The points the breakdown lines add up to (each line ends with ': <points>')."""
    return sum(int(line.rsplit(":", 1)[1]) for line in score.lines())


def assert_consistent(score: Score) -> None:
    assert sum(s.points for s in score.sets) == score.total
    assert line_points(score) == score.total
    assert all(line.strip() for line in score.lines())


# -- one species at a time: every size the deck allows --------------------------------------------

SINGLE_SPECIES = (
    [(E, n, 3 * (n // 2)) for n in range(COPIES[E] + 1)]
    + [(B, n, 4 * (n // 3)) for n in range(COPIES[B] + 1)]
    + [(M, n, points) for n, points in enumerate([0, 0, 2, 5, 8])]
    + [(S, n, points) for n, points in enumerate([0, 2, 0])]
)


@pytest.mark.parametrize(("species", "n", "points"), SINGLE_SPECIES,
                         ids=[f"{sp.name.lower()}-{n}" for sp, n, _ in SINGLE_SPECIES])
def test_every_set_size_of_every_species(species: Species, n: int, points: int) -> None:
    counts = [0] * 5
    counts[species] = n
    score = score_collection(counts)
    assert score.total == points
    assert_consistent(score)
    in_sets = sum(s.size for s in score.sets if s.species is species)
    left = sum(k for sp, k in score.leftover if sp is species)
    assert in_sets + left == n  # every card is either in a set or listed as leftover


def test_table_values_from_the_rulebook() -> None:
    assert score_collection(held(eighty=2)).total == 3
    assert score_collection(held(morpho=3)).total == 4
    assert score_collection(held(monarch=2)).total == 2
    assert score_collection(held(monarch=3)).total == 5
    assert score_collection(held(monarch=4)).total == 8
    assert score_collection(held(swallow=1)).total == 2
    assert score_collection(held(swallow=2)).total == 0


def test_four_monarchs_are_one_set_of_eight_not_two_pairs() -> None:
    score = score_collection(held(monarch=4))
    assert [(s.species, s.size, s.points) for s in score.sets] == [(M, 4, 8)]


# -- the Swallowtail pair as ONE wild card -----------------------------------------------------------

WILD_COMPLETES = [
    # (collection, total, species the wild joins, size of that set including the wild)
    (held(eighty=1, swallow=2), 3, E, 2),
    (held(eighty=3, swallow=2), 6, E, 2),
    (held(morpho=2, swallow=2), 4, B, 3),
    (held(morpho=5, swallow=2), 8, B, 3),
    (held(monarch=1, swallow=2), 2, M, 2),
    (held(monarch=2, swallow=2), 5, M, 3),
    (held(monarch=3, swallow=2), 8, M, 4),
]


@pytest.mark.parametrize(("counts", "total", "target", "size"), WILD_COMPLETES)
def test_wild_pair_completes_a_set(counts: list[int], total: int, target: Species,
                                   size: int) -> None:
    score = score_collection(counts)
    assert score.total == total
    wild_sets = [s for s in score.sets if s.wild]
    assert len(wild_sets) == 1, "the pair is one wild card, used once"
    assert (wild_sets[0].species, wild_sets[0].size) == (target, size)
    assert not any(s.species is S for s in score.sets), "the pair is not also kept as a pair"
    assert any("Swallowtail pair as wild" in line for line in score.lines())
    assert_consistent(score)


def test_monarch_one_to_two_two_to_three_three_to_four() -> None:
    gains = [score_collection(held(monarch=n, swallow=2)).total
             - score_collection(held(monarch=n)).total for n in (1, 2, 3)]
    assert gains == [2, 3, 3]


def test_wild_goes_where_it_gains_most() -> None:
    # One Eighty-eight (+3), two Blue Morpho (+4), one Monarch (+2): the Morpho trio wins.
    score = score_collection(held(eighty=1, morpho=2, monarch=1, swallow=2))
    assert score.total == 4
    assert [s.species for s in score.sets if s.wild] == [B]
    assert_consistent(score)


WILD_HELPS_NOTHING = [
    (held(swallow=2), 0),
    (held(eighty=2, swallow=2), 3),
    (held(morpho=3, swallow=2), 4),
    (held(morpho=1, swallow=2), 0),  # a wild makes only 2 Morpho: still no set
    (held(monarch=4, swallow=2), 8),
    (held(eighty=8, morpho=6, monarch=4, swallow=2), 28),
    (held(swallow=2, eggfly=1), 0),
]


@pytest.mark.parametrize(("counts", "total"), WILD_HELPS_NOTHING)
def test_wild_pair_that_helps_nothing_is_kept_as_a_pair(counts: list[int], total: int) -> None:
    score = score_collection(counts)
    assert score.total == total
    assert not any(s.wild for s in score.sets)
    pairs = [s for s in score.sets if s.species is S]
    assert [(p.size, p.points) for p in pairs] == [(2, 0)]
    assert "Swallowtail pair kept as a pair: 0" in score.lines()
    assert_consistent(score)


@pytest.mark.parametrize(("others", "pair_total"), [
    (held(), 0), (held(eighty=2), 3), (held(morpho=3), 4), (held(monarch=4), 8),
    (held(eighty=1, monarch=1), 3),
])
def test_swallowtail_pair_never_counts_as_two_singles(others: list[int], pair_total: int) -> None:
    without = score_collection(others).total
    with_pair, with_one = others[:], others[:]
    with_pair[S], with_one[S] = 2, 1
    assert score_collection(with_pair).total == pair_total
    assert pair_total != without + 4  # never 2 + 2
    assert score_collection(with_one).total == without + 2  # one Swallowtail alone is worth 2


def test_pair_alone_scores_zero_not_four() -> None:
    assert score_collection(held(swallow=2)).total == 0
    assert score_collection(held(swallow=1)).total == 2


@pytest.mark.parametrize("counts", [held(eggfly=1), held(eighty=2, eggfly=1),
                                    held(monarch=3, eggfly=1)])
def test_eggfly_is_worth_nothing(counts: list[int]) -> None:
    without = counts[:]
    without[G] = 0
    score = score_collection(counts)
    assert score.total == score_collection(without).total
    assert not any("Eggfly" in line for line in score.lines())
    assert_consistent(score)


MIXED = [
    # hand-computed: Eighty-eight pairs 3, Morpho trios 4, Monarch 2/5/8, single Swallowtail 2
    (held(eighty=3, morpho=4, monarch=3, swallow=1, eggfly=1), 3 + 4 + 5 + 2),
    (held(eighty=8, morpho=6, monarch=4), 12 + 8 + 8),
    (held(eighty=5, morpho=5, monarch=2, swallow=2), 6 + 8 + 2),  # wild: 5 Morpho -> 2 trios
    (held(eighty=1, monarch=3, swallow=2), 0 + 5 + 3),  # tie (+3 either way): a valid best
    (held(eighty=4, morpho=2, monarch=1), 6),
    (held(eighty=7, morpho=1, monarch=2, swallow=1), 9 + 0 + 2 + 2),
    (held(morpho=2, monarch=1, swallow=2), 4),
    (held(eighty=6, morpho=6, monarch=4, swallow=2), 9 + 8 + 8),  # wild helps nothing
    (held(), 0),
]


@pytest.mark.parametrize(("counts", "total"), MIXED)
def test_mixed_collections(counts: list[int], total: int) -> None:
    score = score_collection(counts)
    assert score.total == total
    assert_consistent(score)
    # every non-Eggfly card accounted for exactly once (the wild pair counts as one card in a set)
    wild = 1 if any(s.wild for s in score.sets) else 0
    placed = sum(s.size for s in score.sets) + sum(n for _, n in score.leftover)
    assert placed == sum(counts) - counts[G] - (1 if wild else 0)


def test_lines_read_like_the_game() -> None:
    score = score_collection(held(eighty=3, monarch=2, swallow=1))
    assert score.lines() == ["2 Eighty-eight: 3", "2 Monarch: 2", "1 Swallowtail: 2",
                             "1 Eighty-eight in no set: 0"]


# -- round winner -------------------------------------------------------------------------------------

def round_state(a: list[int], b: list[int]):
    state = apply.new_game(1)
    state.cards = [apply.EMPTY] * len(state.cards)
    state.held = [a[:], b[:]]
    return state


@pytest.mark.parametrize(("a", "b", "winner"), [
    (held(monarch=4), held(eighty=2, eggfly=1), 0),
    (held(eighty=2, eggfly=1), held(monarch=4), 1),
    (held(morpho=3), held(eighty=2, eggfly=1), 0),
])
def test_higher_total_wins_the_round(a, b, winner) -> None:
    seat, by_eggfly, scores = apply.round_winner(round_state(a, b))
    assert seat == winner
    assert by_eggfly is False
    assert scores[winner].total > scores[1 - winner].total


@pytest.mark.parametrize("holder", [0, 1])
def test_tie_goes_to_the_eggfly_holder(holder: int) -> None:
    a, b = held(eighty=2, monarch=2), held(monarch=3)  # 5 each
    (a if holder == 0 else b)[G] = 1
    seat, by_eggfly, scores = apply.round_winner(round_state(a, b))
    assert scores[0].total == scores[1].total == 5
    assert (seat, by_eggfly) == (holder, True)
