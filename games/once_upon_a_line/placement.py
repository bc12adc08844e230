"""Where a hero's tiles may go ("Scratching Off?" cases A-D and star tiles), in scratch order."""
from __future__ import annotations

from dataclasses import dataclass

from games.once_upon_a_line.grid import DIRECTIONS, ZONE_NAMES, Cell, Square, Word, cell_name, step
from games.once_upon_a_line.heroes import Tile
from games.once_upon_a_line.layout import (  # noqa: F401 (turn, scratch_order: read here too)
    DIRECTION_NAMES, OBSTACLES, grid_layout, overlaps, scratch_order, turn,
)
from games.once_upon_a_line.state import LineState



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
    length = 0
    for t in tiles:
        length += sizes.get(t.id, t.size)
    line = _LINES.get(length)
    if line is None:
        line = _LINES[length] = tuple((i, 0) for i in range(length))
    return line, "combinable"


_LINES: dict[int, tuple[Cell, ...]] = {}  # straight shapes by length, made once


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
        out = []
        for code, cells, segs in overlaps(word, len(self.shape)):
            placed = self.place(code, cells, [list(s) for s in segs])
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
    by_text = grid_layout(state.chapter.grid).words
    return [word for word in map(by_text.__getitem__, state.completed) if word.zone == zone]


def placements(state: LineState, hero: str, tiles: list[Tile]) -> list[Placement]:
    """Every legal placement of these tiles for this hero, each once."""
    return [Placement(*found) for found in Finder(state).find(hero, tiles)]


def placement_named(state: LineState, hero: str, tiles: list[Tile], code: str) -> Placement:
    """The placement a legal code names, found without a search."""
    return Placement(*placed_named(state, hero, tiles, code))


def placed_named(state: LineState, hero: str, tiles: list[Tile], code: str) -> tuple:
    """placement_named's fields as layout.py keeps them (what applying a command reads: no
    Placement made at every move)."""
    shape, symbol = shape_of(tiles, state.heroes[hero].standard)
    shaped = grid_layout(state.chapter.grid).shape(shape)
    return shaped.named(code, symbol == "star", lambda: anchors(state, hero), state.uncovered)


def placement_codes(state: LineState, hero: str, tiles: list[Tile]) -> list[str]:
    """The codes of `placements`, in their order: all the legal list needs."""
    return Finder(state).codes(hero, tiles)


class Finder:
    """The placements open in one state, as layout.py finds them from grids laid once (the Placer
    above explains refusals; both find the same placements in the same order): the squares no
    tile may cover worked out once, and each shape looked for once per zone (heroes in one zone
    scratch from the same words)."""

    def __init__(self, state: LineState) -> None:
        self.state, self.layout = state, grid_layout(state.chapter.grid)
        self.blocked = self.layout.blocked(state.uncovered, state.unlocked)
        self._found: dict[tuple, list] = {}
        self._codes: dict[tuple, list[str]] = {}
        self._runs: dict[str, list[int]] = {}  # by word: squares scratched along each ray

    def _key(self, hero: str, tiles: list[Tile]) -> tuple:
        board = self.state.heroes[hero]
        shape, symbol = shape_of(tiles, board.standard)
        return (shape, True, 0) if symbol == "star" else (shape, False, board.zone)

    def find(self, hero: str, tiles: list[Tile]) -> list:
        """(code, anchor, case, squares, scratch order) of each placement, as Placement takes them."""
        key = self._key(hero, tiles)
        found = self._found.get(key)
        if found is None:
            shape, star, _ = key
            words = [] if star else [w.text for w in anchors(self.state, hero)]
            found = self._found[key] = self.layout.find(self.state.uncovered, self.blocked, words,
                                                        shape, star, self._runs)
        return found

    def codes(self, hero: str, tiles: list[Tile]) -> list[str]:
        key = self._key(hero, tiles)
        codes = self._codes.get(key)
        if codes is None:
            codes = self._codes[key] = [found[0] for found in self.find(hero, tiles)]
        return codes


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


def placement_problem(state: LineState, hero: str, tiles: list[Tile], code: str) -> str | None:
    """Why these tiles cannot go where `code` says, in a player's words (None if they can)."""
    if code in placement_codes(state, hero, tiles):
        return None
    found, placer = _search(state, hero, tiles)
    if code in placer.same_as:
        return (f"That scratches the same squares, in the same order, as {placer.same_as[code]}: "
                "that is how this placement is written.")
    if code in placer.refused:
        return f"The tiles cannot go there: {placer.refused[code]}."
    if not found:
        return nowhere(state, hero, placer)
    parts = code.split()
    if placer.symbol == "star":
        return "A star tile is placed anywhere on the card, written like * C4 down."
    zone = ZONE_NAMES[state.heroes[hero].zone]
    if len(parts) >= 2 and parts[1] not in {w.text for w in anchors(state, hero)}:
        return (f"{parts[1]} is not a complete word of the {zone} zone, where the hero is: "
                "tiles are scratched from a complete word of the hero's zone.")
    stops = placer.stopped.get(parts[1], set()) if len(parts) >= 2 else set()
    blocked = f" ({placer.obstacles(stops)} blocks some ways from {parts[1]})" if stops else ""
    return ("The tiles cannot go there: they must touch that word, beside one of its letters, "
            f"continuing it at either end or over it, in a straight line along or across it{blocked}.")


def nowhere(state: LineState, hero: str, placer: Placer) -> str:
    """Why these tiles fit nowhere on the card now, naming what is in the way."""
    stops = {cell for cells in placer.stopped.values() for cell in cells}
    if stops:
        return (f"These tiles fit nowhere now: {placer.obstacles(stops)} "
                f"{'blocks' if len(stops) == 1 else 'block'} the way, and nothing is scratched past "
                "an uncovered Stop or Skull.")
    if placer.symbol == "star":
        return ("This star tile fits nowhere now: it must lie wholly on unscratched squares of the "
                "card, none of them beside a scratched square.")
    zone = ZONE_NAMES[state.heroes[hero].zone]
    return (f"These tiles fit nowhere now: every way from the complete words of the {zone} zone "
            "leads onto a Lock box, scratched squares or off the card.")
