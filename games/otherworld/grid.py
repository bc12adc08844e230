"""The Otherworld grid: its size by player count and the edges storytellers sit on.

Cells are numbered in reading order. An edge joins two orthogonally adjacent cells; edges are
numbered in screen order: the horizontal edges of row 0, the vertical edges below row 0, the
horizontal edges of row 1, and so on, so arrow keys can walk them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SIZES = {1: (3, 3), 2: (3, 3), 3: (3, 4), 4: (4, 4)}  # players -> (rows, columns)


@dataclass(frozen=True, slots=True)
class Edge:
    index: int
    a: int  # cell above or to the left
    b: int  # cell below or to the right
    line: int  # screen line: 2*row for a horizontal edge, 2*row+1 for a vertical one
    column: float  # horizontal position in cell widths: c+0.5 between cells, c under a cell

    @property
    def cells(self) -> tuple[int, int]:
        return (self.a, self.b)

    @property
    def vertical(self) -> bool:
        """Joins a cell to the one below it."""
        return self.line % 2 == 1


@lru_cache(maxsize=None)
def edges(rows: int, cols: int) -> tuple[Edge, ...]:
    found = []
    for r in range(rows):
        for c in range(cols - 1):
            found.append((2 * r, c + 0.5, r * cols + c, r * cols + c + 1))
        if r + 1 < rows:
            for c in range(cols):
                found.append((2 * r + 1, float(c), r * cols + c, (r + 1) * cols + c))
    return tuple(Edge(i, a, b, line, col) for i, (line, col, a, b) in enumerate(found))


def size_for(players: int) -> tuple[int, int]:
    return SIZES[max(1, players)]
