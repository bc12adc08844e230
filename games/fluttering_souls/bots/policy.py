"""Card values the bots share: set scores by lookup and a cheap greedy judgement of an open card.

Everything here reads only counts of collected cards and face-up cards, so the easy bot may use it
on a view and the hard bot's rollouts on a determinized state without learning anything hidden.
"""
from __future__ import annotations

from itertools import product
from typing import Sequence

from games.fluttering_souls.cards import COPIES, Species
from games.fluttering_souls.scoring import score_collection

E, B, M, S, EGGFLY = (int(s) for s in Species)
_DIMS = (COPIES[Species.EIGHTY_EIGHT] + 1, COPIES[Species.BLUE_MORPHO] + 1,
         COPIES[Species.MONARCH] + 1, COPIES[Species.SWALLOWTAIL] + 1)
# Strides into the flat score table: a collection's index is sum(count * stride).
STRIDE = (_DIMS[1] * _DIMS[2] * _DIMS[3], _DIMS[2] * _DIMS[3], _DIMS[3], 1, 0)


def _table() -> list[int]:
    table = [0] * (_DIMS[0] * _DIMS[1] * _DIMS[2] * _DIMS[3])
    for e, b, m, s in product(*(range(d) for d in _DIMS)):
        table[e * STRIDE[0] + b * STRIDE[1] + m * STRIDE[2] + s] = \
            score_collection([e, b, m, s, 0]).total
    return table


SCORE = _table()  # points of every possible collection, by index

# Credit for an unfinished set, by species and count: roughly what the next cards may bring.
_PROMISE = {E: (0, 1.2, 0, 1.2, 0, 1.2, 0, 1.2, 0), B: (0, 0.8, 1.8, 0, 0.8, 1.8, 0),
            M: (0, 0.8, 1.0, 1.4, 0)}


def index(held: Sequence[int]) -> int:
    return held[0] * STRIDE[0] + held[1] * STRIDE[1] + held[2] * STRIDE[2] + held[3]


def points(held: Sequence[int]) -> int:
    """The set score of a collection (per-species counts; the Eggfly is ignored)."""
    return SCORE[index(held)]


def gain(held: Sequence[int], card: int) -> int:
    """How many points collecting `card` adds to a collection right now."""
    if card == EGGFLY:
        return 0
    at = index(held)
    return SCORE[at + STRIDE[card]] - SCORE[at]


def worth(held: Sequence[int]) -> float:
    """Points plus a little credit for sets on their way: what the easy bot aims to raise."""
    return SCORE[index(held)] + sum(_PROMISE[s][held[s]] for s in (E, B, M))


def promise_gain(held: Sequence[int], card: int) -> float:
    """The change in `worth` from collecting `card` (0 for the Eggfly itself)."""
    if card == EGGFLY:
        return 0.0
    after = list(held)
    after[card] += 1
    return worth(after) - worth(held)


def greedy_value(mine: Sequence[int], theirs: Sequence[int], card: int) -> float:
    """A card's value to the collector: its gain for me plus half of what it would give them."""
    return promise_gain(mine, card) + 0.5 * promise_gain(theirs, card)
