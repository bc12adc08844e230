"""Final scoring: each row against its Geas, then colour majorities on connected regions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.otherworld.cards import COLOURS
from games.otherworld.content import CARDS, GEAS
from games.otherworld.geas import row_points
from games.otherworld.state import Row

PLACES_UP_TO_3 = (8, 3)
PLACES_4 = (10, 4)
Cell = tuple[int, int]  # (row, position)


def places_for(competitors: int) -> tuple[int, int]:
    return PLACES_4 if competitors >= 4 else PLACES_UP_TO_3


def counts_as(card: str, colour: str) -> bool:
    c = CARDS[card]
    return c.colour == colour or c.ability == "wild"


def largest_region(tableau: Sequence[Row], colour: str) -> set[Cell]:
    """The biggest orthogonally connected group of cards counting as this colour."""
    cells = {(r, i) for r, row in enumerate(tableau) for i, c in enumerate(row)
             if c is not None and counts_as(c, colour)}
    best: set[Cell] = set()
    while cells:
        start = cells.pop()
        group, todo = {start}, [start]
        while todo:
            r, i = todo.pop()
            for near in ((r - 1, i), (r + 1, i), (r, i - 1), (r, i + 1)):
                if near in cells:
                    cells.remove(near)
                    group.add(near)
                    todo.append(near)
        if len(group) > len(best):
            best = group
    return best


def majority_points(sizes: Sequence[int], places: Sequence[int]) -> list[int]:
    """Points per competitor for one colour. Regions under 2 cards score nothing. A group tied at
    a place splits that place and the next ones it fills, rounded down; those places are used up."""
    awarded = [0] * len(sizes)
    ranked = sorted({s for s in sizes if s >= 2}, reverse=True)
    place = 0
    for size in ranked:
        if place >= len(places):
            break
        tied = [i for i, s in enumerate(sizes) if s == size]
        pot = sum(places[place:place + len(tied)])
        for i in tied:
            awarded[i] = pot // len(tied)
        place += len(tied)
    return awarded


@dataclass(frozen=True, slots=True)
class Tally:
    """One competitor's final score, part by part."""

    rows: tuple[int, ...]  # Geas points per row (Balor: the corner points)
    sizes: tuple[int, ...]  # region size per colour (Balor: cards of that colour)
    colours: tuple[int, ...]  # majority points per colour

    @property
    def total(self) -> int:
        return sum(self.rows) + sum(self.colours)


def row_scores(tableau: Sequence[Row], geas: Sequence[str]) -> tuple[int, ...]:
    return tuple(row_points(g, row) for g, row in zip(geas, tableau))


def region_sizes(tableau: Sequence[Row]) -> tuple[int, ...]:
    return tuple(len(largest_region(tableau, colour)) for colour in COLOURS)


def balor_sizes(pile: Sequence[str]) -> tuple[int, ...]:
    return tuple(sum(CARDS[c].colour == colour for c in pile) for colour in COLOURS)


def score_all(tableaus: Sequence[Sequence[Row]], geas: Sequence[str],
              balor: Sequence[str] | None = None) -> list[Tally]:
    """Every seat's tally, then Balor's when a solo pile is given (he competes as a 2nd player)."""
    rows = [row_scores(t, geas) for t in tableaus]
    sizes = [region_sizes(t) for t in tableaus]
    if balor is not None:
        rows.append(tuple(GEAS[g].balor for g in geas))
        sizes.append(balor_sizes(balor))
    places = places_for(len(sizes))
    per_colour = [majority_points([s[k] for s in sizes], places) for k in range(len(COLOURS))]
    return [Tally(rows[i], sizes[i], tuple(per_colour[k][i] for k in range(len(COLOURS))))
            for i in range(len(sizes))]
