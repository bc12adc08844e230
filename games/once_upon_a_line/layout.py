"""Where a shape can lie on a grid, worked out once per grid and shape: the legal placements are
listed for every move (every tile set of every hero), so the squares, scratch orders and codes of
each way from a word are laid once and only the state's checks run per listing (placement.py's
Placer says why a placement is refused; this finds the same placements, in the same order). Each
way can also be checked on its own (WordLayout.placed: listing.py draws one at random) and found
by its code (ShapeLayout.named: applying a command needs no search).

The rules are placement.py's: beside a letter of a complete word (case A, or B past squares already
scratched), continuing the word at either end (C), over it (D, straight tiles), star tiles anywhere.
A placement is refused when it covers a blocked square (a Lock box still on the ink, an uncovered
Stop or Skull) or would scratch nothing; one that scratches the same squares in the same order as
one listed before is not listed again.
"""
from __future__ import annotations

from itertools import count
from typing import Callable

from games.once_upon_a_line.grid import DIRECTIONS, Cell, Grid, Square, Word, cell_name, one_cell, step

DIRECTION_NAMES = {d: name for name, d in DIRECTIONS.items()}
OBSTACLES = (Square.STOP, Square.SKULL)

Found = tuple[str, str, str, tuple[Cell, ...], tuple[tuple[Cell, ...], ...]]  # a Placement's fields


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


def run_along(cells: tuple[Cell, ...], uncovered: set[Cell], obstacles: frozenset[Cell]) -> int:
    """How many squares of a ray from its start are scratched already (-1: an uncovered Stop or
    Skull on the way: nothing is scratched past one)."""
    run = 0
    for cell in cells:
        if cell not in uncovered:
            return run
        if cell in obstacles:
            return -1
        run += 1
    return run


def rays_from(grid: Grid, word: Word) -> list[tuple[tuple[Cell, ...], Cell, Cell, str]]:
    """The ways out from a word in placement.py's order: from each letter to either side (case A),
    past its last letter, before its first (C); each as the squares on the card going out, the
    first square off it, the direction and the case."""
    d = word.direction
    starts = [(cell, p, "A") for cell in word.cells for p in ((d[1], d[0]), (-d[1], -d[0]))]
    starts += [(word.cells[-1], d, "C"), (word.cells[0], (-d[0], -d[1]), "C")]
    out = []
    for origin, p, case in starts:
        cells, cell = [], step(origin, p)
        while grid.inside(cell):
            cells.append(cell)
            cell = step(cell, p)
        out.append((tuple(cells), cell, p, case))
    return out


class GridLayout:
    """A grid's words by text, its Stops and Skulls, and the layouts of the shapes asked so far."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.serial = next(_SERIALS)  # names this layout in cache keys (never reused, unlike id)
        self.words = grid.by_text  # the first word of a text, as grid.word finds it
        self.obstacles = frozenset(c for c, s in grid.squares.items() if s in OBSTACLES and grid.inside(c))
        self.shapes = _shapes_of(grid)
        self.zones = tuple(sorted(set(grid.zones.values())))  # the chapter's zones, in order
        self.locks = tuple((name, frozenset(c for c in cells if grid.inside(c)))
                           for name, cells in grid.locks.items())  # the Lock boxes on the card
        self._rays: dict[str, list[tuple[Cell, ...]]] = {}  # by word: the squares of each ray

    def shape(self, shape: tuple[Cell, ...]) -> ShapeLayout:
        found = self.shapes.get(shape)
        if found is None:
            found = self.shapes[shape] = ShapeLayout(self.grid, shape)
        return found

    def runs(self, word: Word, uncovered: set[Cell]) -> list[int]:
        """For each ray from the word (WordLayout's order), how many squares from its start are
        scratched already (-1: an uncovered Stop or Skull on the way): the same for every shape."""
        rays = self._rays.get(word.text)
        if rays is None:
            rays = self._rays[word.text] = [cells for cells, _, _, _ in rays_from(self.grid, word)]
        obstacles = self.obstacles
        return [run_along(cells, uncovered, obstacles) for cells in rays]

    def find(self, uncovered: set[Cell], blocked: set[Cell], words: list[str],
             shape: tuple[Cell, ...], star: bool, runs: dict[str, list[int]] | None = None) -> list[Found]:
        """find_placements, with the squares blocked now already worked out (and `runs` kept for
        the next shape looked for in the same state)."""
        shaped = self.shape(shape)
        out: list[Found] = []
        if star:
            for code, cells, seg, whole, halo in shaped.stars():
                if whole and uncovered.isdisjoint(halo) and blocked.isdisjoint(cells):
                    out.append((code, "", "*", cells, (seg,)))
            return out
        seen: set[int] = set()
        by_text = self.words
        runs = {} if runs is None else runs
        for text in words:
            word = by_text[text]
            word_runs = runs.get(text)
            if word_runs is None:
                word_runs = runs[text] = self.runs(word, uncovered)
            shaped.word(word).find(word_runs, uncovered, blocked, seen, out)
        return out

    def blocked(self, uncovered: set[Cell], unlocked: set[str]) -> set[Cell]:
        """Squares no tile may cover now: Lock boxes still on the ink, uncovered Stops and Skulls."""
        out = set(self.obstacles.intersection(uncovered))
        for name, cells in self.locks:
            if name not in unlocked:
                out |= cells.difference(uncovered)
        return out


class ShapeLayout:
    """One shape on one grid: for each word, every way to lay the shape from it, laid lazily."""

    def __init__(self, grid: Grid, shape: tuple[Cell, ...]) -> None:
        self.grid, self.shape = grid, shape
        self.on_card = frozenset(one_cell((x, y)) for x in range(grid.width) for y in range(grid.height))
        self.order = scratch_order(shape)
        self.straight = all(v == 0 for _, v in shape)
        self.by_word: dict[str, WordLayout] = {}
        self._turned: dict[Cell, list[Cell]] = {}  # the shape's squares turned each way
        self._stars: list | None = None
        self._star_codes: dict[str, tuple] = {}
        self._kept: dict[tuple, tuple] = {}  # scratch orders, one object for each: compared by id
        self._spots: dict[tuple[Cell, Cell], tuple] = {}  # by start and direction: spot()
        self.producers: dict[int, list[tuple[str, int, int]]] = {}  # by id of a scratch order: the
        # ways (word, way index, run or overlap mask) of the words laid so far that scratch in it
        self.codes: dict[str, tuple[WordLayout, int, int]] = {}  # code -> (word, way, run) laid so far

    def kept(self, segments: tuple[tuple[Cell, ...], ...]) -> tuple[tuple[Cell, ...], ...]:
        """The one object standing for these segments on this grid (equal ones are the same)."""
        return self._kept.setdefault(segments, segments)

    def produced(self, kept: tuple, code: str, way: tuple[WordLayout, int, int]) -> None:
        """Note a way to lay the shape: by its code, and among those scratching in `kept`."""
        wl, index, run = way
        self.producers.setdefault(id(kept), []).append((wl.word.text, index, run))
        self.codes.setdefault(code, way)

    def word(self, word: Word) -> WordLayout:
        found = self.by_word.get(word.text)
        if found is None:
            found = self.by_word[word.text] = WordLayout(self, word)
        return found

    def laid(self, start: Cell, d: Cell) -> tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]:
        """The squares under the shape from `start` pointing along d, in scratch order, and those
        of them on the card."""
        turned = self._turned.get(d)
        if turned is None:
            turned = self._turned[d] = [turn(sq, d) for sq in self.shape]
        x, y = start
        cells = tuple([one_cell((x + u, y + v)) for u, v in turned])
        seg = tuple([cells[i] for i in self.order])
        on_card = self.on_card  # grid.inside, without a call a square (a shape is laid ~800
        return cells, seg, tuple([c for c in seg if c in on_card])  # times in 400 new games)

    def spot(self, start: Cell, d: Cell) -> tuple:
        """The shape laid from `start` along d as a ray lays it: (its squares, its scratch order
        (kept), the squares of that order on the card as a set, its squares as a set), made once
        for every word's ray that reaches it (set tests read a set's kept hashes; a tuple's cells
        are hashed anew at each test)."""
        found = self._spots.get((start, d))
        if found is None:
            laid, seg, inside = self.laid(start, d)
            found = self._spots[start, d] = (laid, self.kept((seg,)), frozenset(inside),
                                             frozenset(laid))
        return found

    def stars(self) -> list:
        """Every spot of a star tile: (code, squares, scratch order, on the card whole, the squares
        and their neighbours)."""
        if self._stars is None:
            grid, out = self.grid, []
            for y in range(grid.height):
                for x in range(grid.width):
                    for name, d in DIRECTIONS.items():
                        cells, seg, inside = self.laid((x, y), d)
                        halo = frozenset(cells).union(step(c, e) for c in cells for e in DIRECTIONS.values())
                        out.append((f"* {cell_name((x, y))} {name}", cells, seg,
                                    len(inside) == len(cells), halo))
            self._stars = out
            self._star_codes = {entry[0]: entry for entry in out}
        return self._stars

    def named(self, code: str, star: bool, words: Callable[[], list[Word]],
              uncovered: set[Cell]) -> Found:
        """The placement a legal code names, as it lies now (the overlaps' scratch order depends
        on what is scratched), found by its code without a search (`words`: the anchor words,
        asked for only if the code's word is not laid yet)."""
        if star:
            self.stars()
            _, cells, seg, _, _ = self._star_codes[code]
            return code, "", "*", cells, (seg,)
        way = self.codes.get(code)
        if way is None:  # from a word not laid yet
            for word in words():
                self.word(word)
            way = self.codes[code]
        wl, index, run = way
        if index < len(wl.rays):
            laid, kept, _, code, case, _ = wl.rays[index][4][run]
            return code, wl.word.text, case, laid, kept
        code, laid, insides, variants, _, _ = wl.overlaps[index - len(wl.rays)]
        return code, wl.word.text, "D", laid, variants[scratching(insides, uncovered)]


class WordLayout:
    """The ways to lay one shape from one word, in the order placement.py tries them: beside each
    letter (both sides), continuing past the last letter, before the first, then over the word."""

    def __init__(self, shape: ShapeLayout, word: Word) -> None:
        self.layout, self.word = shape, word
        grid = shape.grid
        self.rays = [(cells, past, d, case, [None] * (len(cells) + 1))
                     for cells, past, d, case in rays_from(grid, word)]  # laid by run
        self.overlaps = self._overlaps() if shape.straight else []
        # the ways that may ever be listed, by index (the rays, then the overlaps): not a ray from
        # the edge of the card outwards, nor an overlap sticking out only past the edge
        self.live = [i for i, ray in enumerate(self.rays) if ray[0]] + \
            [i for i, (_, _, insides, _, _, _) in enumerate(self.overlaps, len(self.rays)) if any(insides)]
        for index, ray in enumerate(self.rays):  # every run laid now: the shape's producers and
            for run in range(len(ray[0]) + 1):   # codes must know every way to lay it from the word
                self.ray_entry(index, run)

    def ray_entry(self, index: int, run: int) -> tuple:
        """The placement from a ray after `run` scratched squares: squares, scratch order, those on
        the card as a set, its code, its case (B past scratched squares beside a letter) and its
        squares as a set (ShapeLayout.spot)."""
        cells, past, d, case, entries = self.rays[index]
        start = cells[run] if run < len(cells) else past
        laid, kept, inside, squares = self.layout.spot(start, d)
        case = "B" if run and case == "A" else case
        code = f"{case} {self.word.text} {cell_name(start)} {DIRECTION_NAMES[d]}"
        entries[run] = entry = (laid, kept, inside, code, case, squares)
        shaped, way = self.layout, (self, index, run)  # shaped.produced, written out
        shaped.producers.setdefault(id(kept), []).append((self.word.text, index, run))
        shaped.codes.setdefault(code, way)
        return entry

    def _overlaps(self) -> list:
        """Each overlap as (code, squares, the squares of each segment on the card, scratch orders
        by the mask of segments scratching, squares as a set, the segments' squares on the card
        together: none left to scratch, the overlap scratches nothing)."""
        word, shaped = self.word, self.layout
        on_card, first = shaped.on_card, len(self.rays)
        out = []
        for index, (code, cells, segs) in enumerate(overlaps(word, len(shaped.shape)), first):
            insides = [on_card.intersection(s) for s in segs]
            kept = {mask: shaped.kept(tuple(s for i, s in enumerate(segs) if mask >> i & 1))
                    for mask in range(1, 1 << len(segs))}  # by the segments that scratch
            for mask, segments in kept.items():
                shaped.produced(segments, code, (self, index, mask))
            out.append((code, cells, insides, kept, frozenset(cells), frozenset().union(*insides)))
        return out

    def placed(self, index: int, uncovered: set[Cell], blocked: set[Cell],
               obstacles: frozenset[Cell]) -> tuple | None:
        """Way `index` (the rays, then the overlaps) as it lies now: (code, case, squares, scratch
        order, run or mask) if it is open, else None; whether another way listed before it
        scratches the same is not asked here."""
        rays = self.rays
        if index < len(rays):
            run = run_along(rays[index][0], uncovered, obstacles)
            if run < 0:
                return None
            laid, kept, inside, code, case, squares = rays[index][4][run]
            if blocked.isdisjoint(squares) and not uncovered.issuperset(inside):
                return code, case, laid, kept, run
            return None
        code, laid, insides, variants, squares, past = self.overlaps[index - len(rays)]
        if not blocked.isdisjoint(squares) or uncovered.issuperset(past):  # (past: it scratches
            return None  # nothing, asked first: 0.4 overlaps a move, a call less each)
        mask = scratching(insides, uncovered)
        return code, "D", laid, variants[mask], mask

    def find(self, runs: list[int], uncovered: set[Cell], blocked: set[Cell], seen: set[int],
             out: list[Found]) -> None:
        """Add to `out` this word's placements open now (`runs`: GridLayout.runs), those whose
        scratch order (its id) is not in `seen`."""
        text, rays = self.word.text, self.rays
        for index, run in enumerate(runs):
            if run < 0:
                continue
            laid, kept, inside, code, case, squares = rays[index][4][run]
            if blocked.isdisjoint(squares) and not uncovered.issuperset(inside) and id(kept) not in seen:
                seen.add(id(kept))
                out.append((code, text, case, laid, kept))
        for code, laid, insides, variants, squares, _ in self.overlaps:
            if not blocked.isdisjoint(squares):
                continue
            mask = scratching(insides, uncovered)
            if mask and id(kept := variants[mask]) not in seen:
                seen.add(id(kept))
                out.append((code, text, "D", laid, kept))


def scratching(insides: list[frozenset[Cell]], uncovered: set[Cell]) -> int:
    """Which segments of an overlap scratch something now, as a bit mask (0: none)."""
    mask = 0
    for i, inside in enumerate(insides):
        if not uncovered.issuperset(inside):
            mask |= 1 << i
    return mask


_SERIALS = count()
_GRIDS: dict[int, GridLayout] = {}  # by id of the grid (kept alive by its layout); a few at a time
_SHAPES: dict[tuple, dict[tuple[Cell, ...], ShapeLayout]] = {}  # by the grid's size and words
_KEEP = 16


def _shapes_of(grid: Grid) -> dict[tuple[Cell, ...], ShapeLayout]:
    """The shape layouts of grids of this size and these words: every game of a chapter loads
    its own grid, and they share what is laid."""
    key = (grid.width, grid.height, grid.words)
    found = _SHAPES.get(key)
    if found is None:
        if len(_SHAPES) >= _KEEP:
            del _SHAPES[next(iter(_SHAPES))]
        found = _SHAPES[key] = {}
    return found


def grid_layout(grid: Grid) -> GridLayout:
    found = _GRIDS.get(id(grid))
    if found is None or found.grid is not grid:
        if len(_GRIDS) >= _KEEP:
            del _GRIDS[next(iter(_GRIDS))]
        found = _GRIDS[id(grid)] = GridLayout(grid)
    return found


def find_placements(grid: Grid, uncovered: set[Cell], unlocked: set[str], words: list[str],
                    shape: tuple[Cell, ...], star: bool) -> list[Found]:
    """Every placement of the shape open now, from these complete words (a star tile: anywhere),
    each once, in placement.py's order: (code, anchor, case, squares, scratch order)."""
    layout = grid_layout(grid)
    return layout.find(uncovered, layout.blocked(uncovered, unlocked), words, shape, star)


def overlaps(word: Word, length: int) -> list[tuple[str, tuple[Cell, ...], list[tuple[Cell, ...]]]]:
    """A straight tile of `length` laid over part of a word and past its end(s): each placement's
    code, its squares, and the squares it scratches, one side after the other (both orders when it
    sticks out at both ends). The rule both the listing and the refusals' explanations follow."""
    d, n = word.direction, len(word.cells)
    back = (-d[0], -d[1])
    out = []
    (x0, y0), (x1, y1) = word.cells[0], word.cells[-1]
    for first in range(-length + 1, n):  # each covers part of the word (first < n, last >= 0)
        if first >= 0 and first + length <= n:  # within the word: sticks out nowhere
            continue
        cells = tuple([one_cell((x0 + d[0] * p, y0 + d[1] * p)) for p in range(first, first + length)])
        before = tuple([one_cell((x0 + back[0] * k, y0 + back[1] * k)) for k in range(1, -first + 1)])
        after = tuple([one_cell((x1 + d[0] * k, y1 + d[1] * k)) for k in range(1, first + length - n + 1)])
        sides = [("before", [before, after]), ("after", [after, before])] if before and after \
            else [("", [before or after])]
        for name, segs in sides:
            out.append((f"D {word.text} {first:+d} {name}".rstrip(), cells, segs))
    return out
