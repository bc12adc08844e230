"""The placement search as it stood before layout.py (games/once_upon_a_line/placement.py at
16c0b64, the listing parts only): the reference the fast search must agree with, placement for
placement and in the same order (test_layout.py). Not used by the game."""
from __future__ import annotations

from dataclasses import dataclass

from games.once_upon_a_line.grid import DIRECTIONS, Cell, Square, Word, cell_name, step
from games.once_upon_a_line.heroes import Tile
from games.once_upon_a_line.state import LineState

DIRECTION_NAMES = {d: name for name, d in DIRECTIONS.items()}
OBSTACLES = (Square.STOP, Square.SKULL)


@dataclass(frozen=True, slots=True)
class Placement:
    code: str  # how the command names it, e.g. "A HORSE C3 down"
    anchor: str  # the anchor word ("" for a star tile)
    case: str  # A adjacent, B continuing a line, C continuing the word, D overlapping, * star
    cells: tuple[Cell, ...]  # every square under the tile, on the grid or past its edge
    segments: tuple[tuple[Cell, ...], ...]  # the order of scratching, one side after the other

    def describe(self) -> str:
        how = {"A": "beside", "B": "continuing the line from", "C": "continuing",
               "D": "over", "*": "anywhere"}[self.case]
        start = next((c for seg in self.segments for c in seg), self.cells[0])
        return f"{how} {self.anchor} from {cell_name(start)}".replace("anywhere  ", "anywhere ")


def shape_of(tiles: list[Tile], sizes: dict[str, int]) -> tuple[tuple[Cell, ...], str]:
    """The squares of the tiles placed together (arrow first, pointing right) and their symbol."""
    if len(tiles) == 1 and tiles[0].kind == "shaped":
        return tiles[0].squares, tiles[0].symbol
    length = sum(sizes.get(t.id, t.size) for t in tiles)
    return tuple((i, 0) for i in range(length)), "combinable"


def turn(square: Cell, d: Cell) -> Cell:
    """A shape square turned so the arrow (pointing right) points along d."""
    u, v = square
    return u * d[0] - v * d[1], u * d[1] + v * d[0]


def scratch_order(shape: tuple[Cell, ...]) -> list[int]:
    """Indices of shape squares from the arrow outwards, each next to one already scratched."""
    order, seen = [0], {0}
    while len(order) < len(shape):
        for i, (u, v) in enumerate(shape):
            if i not in seen and any(abs(u - shape[j][0]) + abs(v - shape[j][1]) == 1 for j in order):
                order.append(i)
                seen.add(i)
                break
        else:  # a shape in pieces: take the rest in the order drawn
            order += [i for i in range(len(shape)) if i not in seen]
    return order


class Placer:
    """Legal placements of one shape for one hero on the current grid."""

    def __init__(self, state: LineState, shape: tuple[Cell, ...], symbol: str):
        self.state, self.grid, self.shape, self.symbol = state, state.chapter.grid, shape, symbol
        self.straight = all(v == 0 for _, v in shape)
        self.order = scratch_order(shape)
        self.locked = {c for name, cells in self.grid.locks.items() if name not in state.unlocked
                       for c in cells}
        self.refused: dict[str, str] = {}  # code -> why, for each placement tried and refused
        self.same_as: dict[str, str] = {}  # code -> the code listed for the same squares
        self.stopped: dict[str, set[Cell]] = {}  # word -> the uncovered Stops/Skulls that block it

    def blocked(self, cell: Cell) -> bool:
        """A Lock box still on the ink, or a Stop or Skull already uncovered."""
        if not self.grid.inside(cell):
            return False
        if cell in self.state.uncovered:
            return self.grid.squares[cell] in OBSTACLES
        return cell in self.locked

    def open_square(self, cell: Cell) -> bool:
        return self.grid.inside(cell) and cell not in self.state.uncovered

    def laid(self, start: Cell, d: Cell) -> tuple[Cell, ...]:
        return tuple(step(start, turn(sq, d)) for sq in self.shape)

    def line_from(self, origin: Cell, d: Cell) -> tuple[Cell, str]:
        """Where a tile starts going away from origin: after squares already scratched (case B).
        The case is "" when an uncovered Stop or Skull on the way (the cell returned) blocks it:
        nothing may be scratched beyond one."""
        run, cell = 0, step(origin, d)
        while self.grid.inside(cell) and cell in self.state.uncovered:
            if self.grid.squares[cell] in OBSTACLES:
                return cell, ""
            run, cell = run + 1, step(cell, d)
        return cell, "B" if run else "A"

    def obstacle(self, cell: Cell) -> str:
        """How a blocked square is named to the player."""
        if cell in self.locked:
            return f"the Lock box on {cell_name(cell)}"
        kind = "Stop" if self.grid.squares[cell] is Square.STOP else "Skull"
        return f"the uncovered {kind} on {cell_name(cell)}"

    def obstacles(self, cells: set[Cell]) -> str:
        """Uncovered Stops and Skulls named together: 'the uncovered Stops on B1, C1 and D2'."""
        parts = []
        for square, kind in ((Square.STOP, "Stop"), (Square.SKULL, "Skull")):
            names = sorted((cell_name(c) for c in cells if self.grid.squares[c] is square),
                           key=lambda n: (n[0], int(n[1:])))
            if names:
                where = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
                parts.append(f"the uncovered {kind}{'s' if len(names) > 1 else ''} on {where}")
        return " and ".join(parts)

    def place(self, code: str, cells: tuple[Cell, ...], segments: list[list[Cell]]) -> tuple | None:
        """The squares and scratch order of a placement, or None (noting why under its code)."""
        blocked = [c for c in cells if self.blocked(c)]
        if blocked:
            self.refused.setdefault(code, f"it would cover {self.obstacle(blocked[0])}, and no tile "
                                          "may cover a Lock box or cross an uncovered Stop or Skull")
            return None
        kept = tuple(tuple(c for c in seg) for seg in segments if any(map(self.open_square, seg)))
        if not kept:
            self.refused.setdefault(code, "it would scratch nothing: every square under it is already "
                                          "scratched or past the edge of the card")
            return None
        return cells, kept

    def along(self, word: Word, origin: Cell, d: Cell, case: str) -> Placement | None:
        start, run_case = self.line_from(origin, d)
        if not run_case:
            self.stopped.setdefault(word.text, set()).add(start)
            return None
        case = run_case if case == "A" else case
        cells = self.laid(start, d)
        code = f"{case} {word.text} {cell_name(start)} {DIRECTION_NAMES[d]}"
        placed = self.place(code, cells, [[cells[i] for i in self.order]])
        return None if placed is None else Placement(code, word.text, case, *placed)

    def overlapping(self, word: Word) -> list[Placement]:
        d, n, length = word.direction, len(word.cells), len(self.shape)
        back = (-d[0], -d[1])
        out = []
        for first in range(-length + 1, n):
            positions = range(first, first + length)
            if not any(0 <= p < n for p in positions) or all(0 <= p < n for p in positions):
                continue
            cells = tuple(step(word.cells[0], d, p) for p in positions)
            before = [step(word.cells[0], back, k) for k in range(1, -first + 1)]
            after = [step(word.cells[-1], d, k) for k in range(1, first + length - n + 1)]
            sides = [("before", [before, after]), ("after", [after, before])] if before and after \
                else [("", [before or after])]
            for name, segs in sides:
                code = f"D {word.text} {first:+d} {name}".rstrip()
                placed = self.place(code, cells, segs)
                if placed:
                    out.append(Placement(code, word.text, "D", *placed))
        return out

    def for_word(self, word: Word) -> list[Placement]:
        d = word.direction
        perpendicular = [(d[1], d[0]), (-d[1], -d[0])]
        found = [self.along(word, cell, p, "A") for cell in word.cells for p in perpendicular]
        found += [self.along(word, word.cells[-1], d, "C"),
                  self.along(word, word.cells[0], (-d[0], -d[1]), "C")]
        if self.straight:
            found += self.overlapping(word)
        return [p for p in found if p is not None]

    def anywhere(self) -> list[Placement]:
        """Star tiles: anywhere, but never on or beside a square already scratched."""
        out, order = [], self.order
        for y in range(self.grid.height):
            for x in range(self.grid.width):
                for name, d in DIRECTIONS.items():
                    cells, code = self.laid((x, y), d), f"* {cell_name((x, y))} {name}"
                    if not all(self.open_square(c) and not self.beside_scratched(c) for c in cells):
                        self.refused[code] = ("a star tile must lie wholly on unscratched squares of the "
                                              "card, none of them beside a scratched square")
                        continue
                    placed = self.place(code, cells, [[cells[i] for i in order]])
                    if placed:
                        out.append(Placement(code, "", "*", *placed))
        return out

    def beside_scratched(self, cell: Cell) -> bool:
        return any(step(cell, d) in self.state.uncovered for d in DIRECTIONS.values())


def anchors(state: LineState, hero: str) -> list[Word]:
    """Completed words in the hero's zone: the only words a hero may scratch from."""
    zone = state.heroes[hero].zone
    grid = state.chapter.grid
    return [grid.word(t) for t in state.completed if grid.word(t).zone == zone]


def placements(state: LineState, hero: str, tiles: list[Tile]) -> list[Placement]:
    """Every legal placement of these tiles for this hero, each once."""
    return _search(state, hero, tiles)[0]


def _search(state: LineState, hero: str, tiles: list[Tile]) -> tuple[list[Placement], Placer]:
    shape, symbol = shape_of(tiles, state.heroes[hero].standard)
    placer = Placer(state, shape, symbol)
    if symbol == "star":
        return placer.anywhere(), placer
    seen: dict[tuple, str] = {}  # segments -> the code listed for them
    out = []
    for word in anchors(state, hero):
        for p in placer.for_word(word):
            if p.segments in seen:
                placer.same_as.setdefault(p.code, seen[p.segments])
            else:
                seen[p.segments] = p.code
                out.append(p)
    return out, placer
