"""Choosing a hero's action step by step: the hero, tiles from the Reserve, an anchor, a placement.

The placements come from the view (its planner asks the rules), so the screen offers exactly the
legal ones; nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.placement import Placement

ANYWHERE = "anywhere"  # the anchor of star tiles


@dataclass
class ActionChoice:
    hero: str
    tiles: list[str] = field(default_factory=list)  # in Reserve order, as the rules expect
    placements: list[Placement] = field(default_factory=list)  # filled once the tiles are set
    anchor: int = 0
    index: int = 0

    @property
    def placing(self) -> bool:
        return bool(self.placements)

    @property
    def tiles_code(self) -> str:
        return "+".join(self.tiles)

    def anchors(self) -> list[str]:
        return list(dict.fromkeys(p.anchor or ANYWHERE for p in self.placements))

    def at_anchor(self) -> list[Placement]:
        word = self.anchors()[self.anchor]
        return [p for p in self.placements if (p.anchor or ANYWHERE) == word]

    def current(self) -> Placement | None:
        return self.at_anchor()[self.index] if self.placements else None

    def turn(self, anchors: int = 0, places: int = 0) -> None:
        """Step to another anchor word (first placement) or another placement at this anchor."""
        if not self.placements:
            return
        if anchors:
            self.anchor = (self.anchor + anchors) % len(self.anchors())
            self.index = 0
        self.index = (self.index + places) % len(self.at_anchor())

    @property
    def star(self) -> bool:
        """A star tile goes anywhere: arrows move it over the grid instead of listing places."""
        return bool(self.placements) and self.placements[0].case == "*"

    def move_start(self, dx: int, dy: int) -> bool:
        """A star tile's first square one step further that way (skipping squares it cannot
        start from); False when there is none."""
        x, y = self.current().cells[0]
        starts = {}
        for i, p in enumerate(self.placements):
            starts.setdefault(p.cells[0], i)
        for step in range(1, 64):
            found = starts.get((x + dx * step, y + dy * step))
            if found is not None:
                self.index = found
                return True
        return False

    def turn_here(self) -> None:
        """The next way a star tile can lie from the same first square."""
        here = self.current().cells[0]
        same = [i for i, p in enumerate(self.placements) if p.cells[0] == here]
        self.index = same[(same.index(self.index) + 1) % len(same)]

    def preview(self, uncovered: set[Cell], inside) -> tuple[dict[Cell, int], frozenset[Cell], int]:
        """Squares the tiles will scratch numbered in order, squares lost under them, lost count."""
        placement = self.current()
        if placement is None:
            return {}, frozenset(), 0
        order = [c for seg in placement.segments for c in seg if inside(c) and c not in uncovered]
        numbered = {cell: n for n, cell in enumerate(order, 1)}
        lost = frozenset(c for c in placement.cells if inside(c) and c in uncovered)
        return numbered, lost, len(placement.cells) - len(numbered)
