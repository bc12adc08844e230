"""Set scoring: the best way to split a collection into scoring sets, with the Swallowtail wild pair."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from games.fluttering_souls.cards import Species

# Points for one set of n cards of a species (the rulebook's table; other sizes score nothing).
SET_POINTS: dict[Species, dict[int, int]] = {
    Species.EIGHTY_EIGHT: {2: 3},
    Species.BLUE_MORPHO: {3: 4},
    Species.MONARCH: {2: 2, 3: 5, 4: 8},
    Species.SWALLOWTAIL: {1: 2},
}
WILD_TARGETS = (Species.EIGHTY_EIGHT, Species.BLUE_MORPHO, Species.MONARCH)


@dataclass(frozen=True, slots=True)
class ScoredSet:
    species: Species
    size: int  # cards in the set, counting the wild card
    points: int
    wild: bool = False  # the Swallowtail pair stands in as one card of this set

    def describe(self) -> str:
        if self.species is Species.SWALLOWTAIL and self.size == 2:
            return "Swallowtail pair kept as a pair: 0"
        name = self.species.card.name
        if self.wild:
            return f"{self.size - 1} {name} + Swallowtail pair as wild: {self.points}"
        return f"{self.size} {name}: {self.points}"


@dataclass(frozen=True, slots=True)
class Score:
    total: int
    sets: tuple[ScoredSet, ...]
    leftover: tuple[tuple[Species, int], ...]  # cards in no set (score 0)

    def lines(self) -> list[str]:
        out = [s.describe() for s in self.sets]
        out += [f"{n} {sp.card.name} in no set: 0" for sp, n in self.leftover
                if sp is not Species.GREAT_EGGFLY]
        return out


@lru_cache(maxsize=None)
def best_split(species: Species, n: int) -> tuple[int, tuple[int, ...]]:
    """The best points from n cards of one species and the set sizes that reach them."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size, points in SET_POINTS.get(species, {}).items():
        if size <= n:
            rest_points, rest_sets = best_split(species, n - size)
            if points + rest_points > best[0]:
                best = (points + rest_points, (size, *rest_sets))
    return best


def score_collection(counts: Sequence[int]) -> Score:
    """Score a collection given as cards held per species (indexed by Species)."""
    swallowtails = counts[Species.SWALLOWTAIL]
    wild_pair = swallowtails == 2
    natural = [counts[s] for s in Species]
    if wild_pair:
        natural[Species.SWALLOWTAIL] = 0  # both together are a pair worth 0, or one wild card
    base = {s: best_split(s, natural[s]) for s in SET_POINTS}
    total = sum(points for points, _ in base.values())
    wild_to: Species | None = None
    if wild_pair:
        gains = {t: best_split(t, natural[t] + 1)[0] - base[t][0] for t in WILD_TARGETS}
        target = max(WILD_TARGETS, key=lambda t: gains[t])  # first of the best on a tie
        if gains[target] > 0:
            wild_to = target
            base[target] = best_split(target, natural[target] + 1)
            total += gains[target]
    sets: list[ScoredSet] = []
    leftover: list[tuple[Species, int]] = []
    for species in SET_POINTS:
        points_by_size = SET_POINTS[species]
        used, wild_left = 0, species is wild_to
        for size in base[species][1]:
            sets.append(ScoredSet(species, size, points_by_size[size], wild=wild_left))
            used += size
            wild_left = False
        have = natural[species] + (1 if species is wild_to else 0)
        if have - used:
            leftover.append((species, have - used))
    if wild_pair and wild_to is None:
        sets.append(ScoredSet(Species.SWALLOWTAIL, 2, 0))
    return Score(total, tuple(sets), tuple(leftover))
