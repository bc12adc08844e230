"""Scoring a tableau row against its Geas. A gap breaks runs; `waver` cards take their best value."""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Sequence

from games.otherworld.cards import Geas
from games.otherworld.content import CARDS, GEAS
from games.otherworld.state import Row

Values = Sequence[int | None]


def _longest(values: Values, linked) -> int:
    """The longest stretch of cards where each neighbour pair satisfies `linked`."""
    best = run = 0
    previous = None
    for v in values:
        if v is None:
            run, previous = 0, None
            continue
        run = run + 1 if previous is not None and linked(previous, v) else 1
        best, previous = max(best, run), v
    return best


def measure(geas: Geas, values: Values) -> int:
    cards = [v for v in values if v is not None]
    kind = geas.kind
    if kind == "ascending":
        return _longest(values, lambda a, b: b > a)
    if kind == "descending":
        return _longest(values, lambda a, b: b < a)
    if kind == "gentle":
        return _longest(values, lambda a, b: abs(a - b) <= 1)
    if kind == "distinct":
        return len(set(cards))
    if kind == "pairs":
        return sum(n // 2 for n in Counter(cards).values())
    if kind == "same":
        return max(Counter(cards).values(), default=0)
    if kind == "odd":
        return len(cards) if all(v % 2 for v in cards) else 0
    if kind == "even":
        return len(cards) if not any(v % 2 for v in cards) else 0
    if kind == "high":
        return sum(v >= geas.at_least for v in cards)
    if kind == "sum":
        return sum(cards)
    raise ValueError(f"unknown Geas kind {kind!r}")


def points(geas: Geas, values: Values) -> int:
    """The points these values earn under the Geas."""
    m = measure(geas, values)
    if geas.kind == "sum":
        if sum(v is not None for v in values) < geas.min_cards:
            return 0
        return next((p for low, high, p in geas.bands if low <= m <= high), 0)
    return geas.table[min(m, len(geas.table) - 1)]


def choices(card: str | None) -> tuple[int | None, ...]:
    if card is None:
        return (None,)
    c = CARDS[card]
    if c.ability == "waver":
        return tuple(v for v in (c.value - 1, c.value, c.value + 1) if 0 <= v <= 8)
    return (c.value,)


def best_values(geas_id: str, row: Row) -> tuple[int, tuple[int | None, ...]]:
    """The row's points and the values each card counts as (waver cards take their best)."""
    geas = GEAS[geas_id]
    options = [choices(c) for c in row]
    best = None
    for combo in product(*options):
        p = points(geas, combo)
        if best is None or p > best[0]:
            best = (p, combo)
    return best if best is not None else (points(geas, ()), ())


def row_points(geas_id: str, row: Row) -> int:
    return best_values(geas_id, row)[0]
