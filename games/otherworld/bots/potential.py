"""What a row is worth before it is full: the expected Geas points if each empty place is later
filled with the best of three random values. Exact dynamic programming over small row summaries."""
from __future__ import annotations

from functools import lru_cache

from games.otherworld.content import GEAS
from games.otherworld.geas import points

FULL = 5  # places a row gets (a long row's sixth place is a bonus the estimate ignores)
CHOICE = 3  # values on offer each time a place is filled
# chance that the i-th best of 9 values is the best of CHOICE uniform draws
P_RANK = tuple(((9 - i) ** CHOICE - (8 - i) ** CHOICE) / 9 ** CHOICE for i in range(9))
RUNS = {"ascending": lambda a, b: b > a, "descending": lambda a, b: b < a,
        "gentle": lambda a, b: abs(a - b) <= 1}


def summary(kind: str, values: tuple[int, ...]) -> tuple:
    """What matters about a row for its future: runs keep (count, last, current, best); the others
    are sums over the cards, so the sorted values are enough."""
    if kind not in RUNS:
        return tuple(sorted(values))
    key = (0, -1, 0, 0)
    for v in values:
        key = _extend_run(kind, key, v)
    return key


def _extend_run(kind: str, key: tuple, v: int) -> tuple:
    n, last, cur, best = key
    cur = cur + 1 if n and RUNS[kind](last, v) else 1
    return (n + 1, v, cur, max(best, cur))


def _extend(kind: str, key: tuple, v: int) -> tuple:
    if kind in RUNS:
        return _extend_run(kind, key, v)
    return tuple(sorted(key + (v,)))


def _count(kind: str, key: tuple) -> int:
    return key[0] if kind in RUNS else len(key)


def _points(geas_id: str, key: tuple) -> int:
    geas = GEAS[geas_id]
    if geas.kind in RUNS:
        return geas.table[min(key[3], len(geas.table) - 1)]
    return points(geas, key)


@lru_cache(maxsize=None)
def expected(geas_id: str, key: tuple) -> float:
    kind = GEAS[geas_id].kind
    if _count(kind, key) >= FULL:
        return float(_points(geas_id, key))
    nexts = sorted((expected(geas_id, _extend(kind, key, v)) for v in range(9)), reverse=True)
    return sum(p * value for p, value in zip(P_RANK, nexts))


def row_value(geas_id: str, values: tuple[int, ...]) -> float:
    """Expected final points of a row holding these values (gaps dropped), at least its points now."""
    kind = GEAS[geas_id].kind
    key = summary(kind, values)
    now = _points(geas_id, key)
    if len(values) >= FULL:
        return float(now)
    return max(float(now), expected(geas_id, key))
