"""The Grid of Destiny on screen: three columns a square (a boundary slot, the letter, a slot).

A grid bigger than the room left beside the side pane shows through a Window that follows the
preview, the pencil cursor and the squares being revealed; arrows in the labels (`‹ ›` in the
column letters, `▲ ▼` by the row numbers) say that more of the grid lies that way.

Ink is shaded; a revealed letter shows its word boundaries in the side slots and its zone as colour
plus a mark (grid.ZONE_MARKS) in a free slot. Pencilled letters are lower case on the ink, so they
never look like scratched ones. An overlay previews a placement (squares numbered in scratch order),
underlines the anchor word, shows the pencil cursor and hides squares still being revealed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from games.once_upon_a_line.grid import ZONE_MARKS, Cell
from games.once_upon_a_line.view import LineView, SquareView
from tui.games.once_upon_a_line.window import Window
from tui.games.once_upon_a_line.zones import zone_style

SQUARE_W, LABEL_W = 3, 3
SIDE_MIN = 22  # columns kept for the side pane beside a big grid (the container has no margin)
ROWS_MIN, AROUND = 12, 12  # grid rows always shown; screen rows the rest of the screen needs
INK, LOCK, START = "░", "#", "»"
SYMBOL_GLYPHS = {"blank": "·", "stop": "⊘", "skull": "☠"}
MARK_GLYPHS = {("left", "|"): "|", ("left", "{"): "{", ("right", "|"): "|", ("right", "{"): "}",
               ("top", "|"): "▔", ("top", "{"): "⌒", ("bottom", "|"): "▁", ("bottom", "{"): "‿"}
LEGEND = (
    ("░░░", "ink, still to scratch"), ("░#░", "a Lock box"), ("░»░", "a Starting box"),
    ("░a░", "your pencilled letter"), ("|H~", "bar: a word starts/ends"), ("E}", "brace: Word of Power"),
    ("▔ ▁", "bar above/below (down/up)"), ("⌒ ‿", "brace above/below"),
    (" · ", "blank"), (" ⊘ ", "Stop"), (" ☠ ", "Skull"), (" 1 ", "preview: scratch order"),
    ("‹›▲▼", "more grid that way: arrows scroll it"),
)


@dataclass(frozen=True)
class Overlay:
    preview: dict[Cell, int] = field(default_factory=dict)  # squares to scratch, numbered 1..n
    lost: frozenset[Cell] = frozenset()  # squares under the tiles already scratched
    anchor: frozenset[Cell] = frozenset()
    cursor: Cell | None = None
    masked: frozenset[Cell] = frozenset()  # scratched, not yet revealed on screen


def slots(square: SquareView) -> tuple[str, str, bool, bool]:
    """The left and right slot of a letter square, and whether each holds a boundary mark."""
    left = right = ""
    later = []
    for side, mark in square.marks:  # a word's own side first
        glyph = MARK_GLYPHS[(side, mark)]
        if side == "left" and not left:
            left = glyph
        elif side == "right" and not right:
            right = glyph
        else:
            later.append((side, glyph))
    for side, glyph in later:  # marks above go left, below go right, else wherever there is room
        if side in ("top", "left") and not left:
            left = glyph
        elif not right:
            right = glyph
        elif not left:
            left = glyph
    is_left, is_right = bool(left), bool(right)
    zone_mark = ZONE_MARKS.get(square.zone, "")
    if not right:
        right = zone_mark
    elif not left:
        left = zone_mark
    return left or " ", right or " ", is_left, is_right


class GridBoard(Widget):
    """Draws a LineView's squares with an Overlay; a click asks for the pencil cursor there."""

    DEFAULT_CSS = "GridBoard { width: auto; height: auto; }"

    class SquareClicked(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: LineView | None = None
        self.overlay = Overlay()
        self.window = Window(16, 12)
        self.opening: list[Cell] = []  # the letters shown when the grid first opened

    def show(self, view: LineView, overlay: Overlay) -> None:
        if self.view is not None and (view.squares, overlay) == (self.view.squares, self.overlay):
            return  # nothing to repaint
        resized = self.view is None or (view.width, view.height) != (self.view.width,
                                                                      self.view.height)
        self.view, self.overlay = view, overlay
        if resized:  # a new grid: start where its letters are (the Starting word)
            self.window = Window(view.width, view.height)
            self.opening = [c for c, sq in view.squares.items() if sq.kind != "ink"]
        self.follow()
        self.refresh(layout=resized)

    def follow(self) -> None:
        """Keep what the player looks at on screen: the cursor, else the preview (from its first
        square), else the squares still being revealed."""
        over = self.overlay
        if over.cursor is not None:
            self.window.follow([over.cursor])
        elif over.preview:  # the squares to scratch, and the word they are placed by if it fits
            order = sorted(over.preview, key=over.preview.get)
            self.window.follow([*order, *over.anchor], order[0])
        elif over.masked:
            self.window.follow(over.masked, min(over.masked, key=lambda c: (c[1], c[0])))

    def pan(self, dx: int, dy: int) -> bool:
        moved = self.window.pan(dx, dy)
        if moved:
            self.refresh()
        return moved

    def get_content_width(self, container, viewport) -> int:
        cols = (container.width - SIDE_MIN - LABEL_W) // SQUARE_W
        self.window.fit(cols, self.window.rows or self.window.height)
        self.follow()
        return LABEL_W + SQUARE_W * self.window.cols

    def get_content_height(self, container, viewport, width: int) -> int:
        self.window.fit(self.window.cols or self.window.width, max(ROWS_MIN, viewport.height - AROUND))
        if self.opening:  # once the window has its size: show the letters the grid opened with
            self.window.follow(self.opening, min(self.opening, key=lambda c: (c[1], c[0])))
            self.opening = []
        self.follow()
        return 1 + self.window.rows

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        win, dim = self.window, Style(dim=True)
        xs, ys = range(win.x, win.x + win.cols), range(win.y, win.y + win.rows)
        text = Text(" " * LABEL_W, dim)
        for x in xs:
            left = "‹" if x == win.x and x > 0 else " "
            right = "›" if x == xs[-1] and x < win.width - 1 else " "
            text.append(f"{left}{chr(65 + x)}{right}")
        for y in ys:
            more = "▲" if y == win.y and y > 0 else "▼" if y == ys[-1] and y < win.height - 1 else " "
            text.append("\n")
            text.append(f"{y + 1:>{LABEL_W - 1}}{more}", dim)
            for x in xs:
                for ch, style in self.square((x, y)):
                    text.append(ch, style)
        return text

    def square(self, cell: Cell) -> list[tuple[str, Style]]:
        """Three (character, style) pairs for one square, overlay included."""
        no_color, over = self.app.no_color, self.overlay
        square = self.view.squares[cell]
        if cell in over.preview:
            order = str(over.preview[cell])
            style = Style(bold=True, reverse=True) if no_color else Style(bold=True, color="black",
                                                                          bgcolor="yellow")
            return [(ch, style) for ch in order.center(SQUARE_W)]
        if cell in over.masked:
            square = SquareView("ink")
        parts = self.plain(square, no_color)
        if cell in over.anchor or cell in over.lost:
            parts = [(ch, style + Style(underline=True)) for ch, style in parts]
        if cell == over.cursor:
            parts = [(ch, style + Style(reverse=True, bold=True)) for ch, style in parts]
        return parts

    @staticmethod
    def plain(square: SquareView, no_color: bool) -> list[tuple[str, Style]]:
        ink = Style(dim=True) if no_color else Style(color="grey50")
        if square.kind == "ink":
            middle, style = INK, ink
            if square.note:
                middle, style = square.note.lower(), Style(bold=True, italic=True,
                                                           color=None if no_color else "yellow")
            elif square.lock:
                middle, style = LOCK, Style(bold=True)
            elif square.start:
                middle, style = START, Style(bold=True)
            return [(INK, ink), (middle, style), (INK, ink)]
        if square.kind != "letter":
            return [(" ", Style()), (SYMBOL_GLYPHS[square.kind], Style(bold=square.kind != "blank")),
                    (" ", Style())]
        left, right, left_mark, right_mark = slots(square)
        letter = zone_style(square.zone, no_color, bold=True)
        mark = zone_style(square.zone, no_color, dim=True)
        return [(left, letter if left_mark else mark),
                ("_" if square.char == " " else square.char, letter),
                (right, letter if right_mark else mark)]

    def on_click(self, event) -> None:
        if self.view is None:
            return
        x = (event.x - LABEL_W) // SQUARE_W + self.window.x
        y = event.y - 1 + self.window.y
        if self.window.shows((x, y)) and event.x >= LABEL_W:
            self.post_message(self.SquareClicked((x, y)))
