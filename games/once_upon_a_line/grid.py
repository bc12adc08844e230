"""The Grid of Destiny: squares under the ink, the words they spell, their zones and boundary marks."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

Cell = tuple[int, int]  # (column, row), counted from the top left, 0-based

DIRECTIONS: dict[str, Cell] = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
ZONE_NAMES = {1: "blue", 2: "green", 3: "red", 4: "purple", 5: "brown", 6: "orange"}
ZONE_MARKS = {1: "~", 2: "^", 3: "+", 4: "=", 5: "%", 6: "&"}  # never colour alone


class Square(Enum):
    LETTER = "letter"
    BLANK = "blank"
    STOP = "stop"
    SKULL = "skull"


SYMBOLS = {".": Square.BLANK, "!": Square.STOP, "*": Square.SKULL}
WORD_CHARS = {"_": " ", "-": "-"}


def cell_name(cell: Cell) -> str:
    """'C4' for column 3, row 4 (the way the chapter file and the screen name squares)."""
    return CELL_NAMES[cell]


class _CellNames(dict):
    """Square names, each worked out once when first asked: every scratched square is named in
    its event (`CELL_NAMES.__getitem__` names squares without a Python call per square)."""

    def __missing__(self, cell: Cell) -> str:
        x, y = cell
        name = self[one_cell(cell)] = f"{chr(ord('A') + x)}{y + 1}"  # keyed by the one tuple, so
        return name  # the squares scratched (one_cell's) are found by identity


CELL_NAMES = _CellNames()


def parse_cell(text: str) -> Cell:
    text = text.strip().upper()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a square (write a column letter and a row number, like C4)")
    return one_cell((ord(text[0]) - ord("A"), int(text[1:]) - 1))


def step(cell: Cell, direction: Cell, times: int = 1) -> Cell:
    return one_cell((cell[0] + direction[0] * times, cell[1] + direction[1] * times))


def one_cell(cell: Cell) -> Cell:
    """The one tuple standing for this square wherever the grids and layouts name it: sets of
    squares (the uncovered ones, a shape's, a word's) find an equal tuple by identity before
    comparing its numbers, which costs ~100 machine instructions a hit."""
    return _ONE_CELL.setdefault(cell, cell)


_ONE_CELL: dict[Cell, Cell] = {}  # a few hundred squares: those of the grids and just past them


def key_of(text: str) -> str:
    """The card key of a Story Word: its first three letters, spaces and hyphens skipped."""
    return "".join(filter(str.isalpha, text))[:3]  # (filter, not a generator: asked at many moves)


@dataclass(frozen=True, slots=True)
class Word:
    text: str  # as it reads, with real spaces and hyphens
    cells: tuple[Cell, ...]  # in reading order
    power: bool  # a Word of Power: a bar at the start and a brace at the end
    zone: int

    @property
    def direction(self) -> Cell:
        (x0, y0), (x1, y1) = self.cells[0], self.cells[1]
        return x1 - x0, y1 - y0

    @property
    def key(self) -> str:
        return key_of(self.text)

    @property
    def horizontal(self) -> bool:
        return self.direction[1] == 0

    def marks(self) -> dict[Cell, tuple[str, str]]:
        """Boundary marks: cell -> (side, '|' or '{') for its first and last letter."""
        sides = {(1, 0): ("left", "right"), (-1, 0): ("right", "left"),
                 (0, 1): ("top", "bottom"), (0, -1): ("bottom", "top")}
        before, after = sides[self.direction]
        return {self.cells[0]: (before, "|"), self.cells[-1]: (after, "{" if self.power else "|")}


@dataclass(frozen=True, slots=True)
class Grid:
    width: int
    height: int
    squares: dict[Cell, Square]
    letters: dict[Cell, str]  # the hidden character of every letter square
    zones: dict[Cell, int]  # the zone of every letter square
    words: tuple[Word, ...]
    start: frozenset[Cell]  # under the Starting boxes
    locks: dict[str, frozenset[Cell]]  # Lock boxes by name
    by_cell: dict[Cell, tuple[Word, ...]] = field(default_factory=dict, compare=False, repr=False)
    shown: dict[Cell, str] = field(default_factory=dict, compare=False, repr=False)
    by_text: dict[str, Word] = field(default_factory=dict, compare=False, repr=False)
    starting: list[Cell] = field(default_factory=list, compare=False, repr=False)  # never changed
    completing: dict[Cell, tuple[tuple[Word, frozenset[Cell]], ...]] = field(
        default_factory=dict, compare=False, repr=False)  # by_cell's words with their squares as
    # a set: jobs.complete_words tests them against the uncovered squares by the hashes the set
    # keeps (a word's tuple of squares hashed each square at each test; 0.17 tests a move:
    # 79,970 -> 79,724 instructions a move)

    def __post_init__(self) -> None:
        """The words through each square and what each square shows, looked up after every
        square scratched; each word by its text, looked up at every word completed; the squares
        of the start words in reading order, scratched as every chapter begins."""
        for word in self.words:
            self.by_text.setdefault(word.text, word)
            if self.start.issuperset(word.cells):
                self.starting.extend(word.cells)
            cells = frozenset(word.cells)
            for cell in word.cells:
                self.by_cell[cell] = self.by_cell.get(cell, ()) + (word,)
                self.completing[cell] = self.completing.get(cell, ()) + ((word, cells),)
        for cell, square in self.squares.items():
            self.shown[cell] = self.letters[cell] if square is Square.LETTER else \
                square.value if square is Square.BLANK else square.value.title()

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def word(self, text: str) -> Word:
        return self.by_text[text]  # KeyError(text) for a word not on the grid

    def shown_at(self, cell: Cell) -> str:
        """What a scratched square shows, as a player names it: its letter, blank, Stop or Skull."""
        return self.shown[cell]

    def words_at(self, cell: Cell) -> list[Word]:
        return list(self.by_cell.get(cell, ()))

    def lock_at(self, cell: Cell) -> str | None:
        for name, cells in self.locks.items():
            if cell in cells:
                return name
        return None

    def marks_at(self, cell: Cell) -> list[tuple[str, str]]:
        return [w.marks()[cell] for w in self.words if cell in (w.cells[0], w.cells[-1])]
