"""Which part of a big Grid of Destiny the screen shows: a window of whole squares that follows
what the player is looking at (a placement's preview, the pencil cursor, squares being revealed)
and otherwise stays where it is, so the grid never jumps under the player's eyes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from games.once_upon_a_line.grid import Cell


@dataclass
class Window:
    width: int  # the whole grid's size, in squares
    height: int
    cols: int = 0  # how many squares fit on screen (0: all)
    rows: int = 0
    x: int = 0  # the top-left square shown
    y: int = 0

    def fit(self, cols: int, rows: int) -> None:
        self.cols, self.rows = min(max(cols, 1), self.width), min(max(rows, 1), self.height)
        self.clamp()

    @property
    def clipped(self) -> bool:
        return self.cols < self.width or self.rows < self.height

    def clamp(self) -> None:
        self.x = min(max(self.x, 0), self.width - self.cols)
        self.y = min(max(self.y, 0), self.height - self.rows)

    def shows(self, cell: Cell) -> bool:
        return self.x <= cell[0] < self.x + self.cols and self.y <= cell[1] < self.y + self.rows

    def follow(self, cells: Iterable[Cell], first: Cell | None = None) -> None:
        """Move as little as possible so that `cells` are all shown; when they cannot all be, so
        that `first` (where the eye starts: the first square scratched, the cursor) is."""
        cells = list(cells)
        if not cells or not self.cols:  # nothing to show, or no size yet (fit comes first)
            return
        first = first if first is not None else cells[0]
        self.x = _axis(self.x, self.cols, [c[0] for c in cells], first[0])
        self.y = _axis(self.y, self.rows, [c[1] for c in cells], first[1])
        self.clamp()

    def pan(self, dx: int, dy: int) -> bool:
        """Scroll by whole screens' halves; False when already at that edge."""
        before = (self.x, self.y)
        self.x += dx * max(1, self.cols // 2)
        self.y += dy * max(1, self.rows // 2)
        self.clamp()
        return (self.x, self.y) != before


def _axis(start: int, size: int, values: list[int], first: int) -> int:
    low, high = min(values), max(values)
    if high - low + 1 > size:  # too long to show whole: show the first square and what follows it
        low = first - size + 1 if first == high else first  # (a word read upwards ends at its top)
        high = low + size - 1
    if low < start:
        return low
    if high >= start + size:
        return high - size + 1
    return start
