"""Judging a seat's tableau from its view: Geas points (now, or expected when the row is full) and
colour majorities against the other tableaus (or Balor's pile) as they stand."""
from __future__ import annotations

from typing import Sequence

from games.otherworld.bots.potential import row_value
from games.otherworld.cards import COLOURS
from games.otherworld.geas import row_points
from games.otherworld.scoring import (
    balor_sizes,
    largest_region,
    majority_points,
    places_for,
    region_sizes,
)
from games.otherworld.tableau import put
from games.otherworld.view import OtherView

Tableau = list[list[str | None]]


def my_tableau(view: OtherView, seat: int) -> Tableau:
    return [list(r) for r in view.tableaus[seat]]


def with_card(tableau: Tableau, card: str, row: int) -> Tableau:
    out = [r[:] for r in tableau]
    put(out[row], card)
    return out


def rival_sizes(view: OtherView, seat: int) -> list[tuple[int, ...]]:
    if view.solo:
        return [balor_sizes(view.balor)]
    return [region_sizes(t) for s, t in enumerate(view.tableaus) if s != seat]


def colour_points(tableau: Tableau, rivals: Sequence[tuple[int, ...]], growth: float = 0.0) -> float:
    """Majority points as things stand, plus `growth` per card of each largest region."""
    mine = [len(largest_region(tableau, colour)) for colour in COLOURS]
    places = places_for(len(rivals) + 1)
    total = 0.0
    for k in range(len(COLOURS)):
        total += majority_points([mine[k], *(r[k] for r in rivals)], places)[0]
        total += growth * mine[k]
    return total


def geas_now(tableau: Tableau, geas: Sequence[str]) -> int:
    return sum(row_points(g, r) for g, r in zip(geas, tableau))


def geas_expected(tableau: Tableau, geas: Sequence[str]) -> float:
    from games.otherworld.tableau import values

    return sum(row_value(g, tuple(v for v in values(r) if v is not None))
               for g, r in zip(geas, tableau))
