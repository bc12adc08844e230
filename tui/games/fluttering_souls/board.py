"""The Fluttering Souls layout: overlapping rows of cards, later rows drawn over earlier ones.

Open cards have a heavy border and their letter; covered cards a light border, so what covers what
shows without colour. Clicking an open card or pressing its letter collects it.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from games.fluttering_souls.cards import Species
from games.fluttering_souls.cards import BUTTERFLIES
from games.fluttering_souls.layouts import LABELS
from games.fluttering_souls.view import EMPTY, HIDDEN, FlutterView

CARD_W, HALF, ROW_H, CARD_H = 10, 5, 2, 3
BOARD_W = 60
COLOURS = {
    Species.EIGHTY_EIGHT: "red", Species.BLUE_MORPHO: "dodger_blue2", Species.MONARCH: "dark_orange",
    Species.SWALLOWTAIL: "yellow", Species.GREAT_EGGFLY: "magenta",
}
LIGHT = "┌┐└┘─│"
HEAVY = "┏┓┗┛━┃"


class Board(Widget):
    """Draws a FlutterView; `cursor` is the highlighted open slot."""

    DEFAULT_CSS = "Board { width: 62; height: 11; }"

    class SlotChosen(Message):
        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: FlutterView | None = None
        self.cursor: int | None = None

    def show(self, view: FlutterView, cursor: int | None) -> None:
        self.view, self.cursor = view, cursor
        self.refresh()

    def _origin(self) -> int:
        width = self.view.layout.width * HALF
        return max(0, (BOARD_W - width) // 2)

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        view = self.view
        rows = view.layout.rows * ROW_H + 1
        grid = [[(" ", Style())] * (BOARD_W + 2) for _ in range(rows)]
        left = self._origin()
        for slot in view.layout.slots:
            card = view.cards[slot.index]
            if view.dealt and card == EMPTY:
                continue
            self._draw_card(grid, left + slot.x * HALF, slot.row * ROW_H, slot.index, card,
                            view.open[slot.index], slot.face_up)
        text = Text()
        for y, line in enumerate(grid):
            for ch, style in line:
                text.append(ch, style)
            if y < rows - 1:
                text.append("\n")
        return text

    def _draw_card(self, grid, x: int, y: int, index: int, card: int, is_open: bool,
                   pattern_up: bool) -> None:
        view = self.view
        box = HEAVY if is_open else LIGHT
        if not view.dealt:  # the next layout card, before its cards are dealt
            name, colour = ("face up" if pattern_up else "face dn"), "grey50"
        elif card == HIDDEN:
            name, colour = "░░░░░░░░", "grey50"
        else:
            species = Species(card)
            name, colour = BUTTERFLIES[species].short, COLOURS[species]
        if self.app.no_color:  # greyscale would make some names unreadable: default colour
            colour = None
        border = Style(color=colour if is_open or colour is None else "grey50", bold=is_open)
        face = Style(color=colour, bold=is_open, dim=not is_open and view.dealt and colour is not None)
        if index == self.cursor:
            border = face = Style(color=colour, bold=True, reverse=True)
        label = LABELS[index] if view.dealt else " "
        top = box[0] + label + box[4] * (CARD_W - 3) + box[1]
        mid = box[5] + name.ljust(CARD_W - 2)[:CARD_W - 2] + box[5]
        bottom = box[2] + box[4] * (CARD_W - 2) + box[3]
        for dy, line in enumerate((top, mid, bottom)):
            for dx, ch in enumerate(line):
                if y + dy < len(grid) and x + dx < len(grid[0]):
                    inside = dy == 1 and 0 < dx < CARD_W - 1
                    style = face if inside else border
                    if dy == 0 and dx == 1 and view.dealt:
                        style = style + Style(bold=True, underline=is_open)
                    grid[y + dy][x + dx] = (ch, style)

    def slot_at(self, x: int, y: int) -> int | None:
        """The topmost present card under a point of the widget."""
        if self.view is None:
            return None
        left = self._origin()
        for slot in sorted(self.view.layout.slots, key=lambda s: -s.row):
            if self.view.cards[slot.index] == EMPTY:
                continue
            sx, sy = left + slot.x * HALF, slot.row * ROW_H
            if sx <= x < sx + CARD_W and sy <= y < sy + CARD_H:
                return slot.index
        return None

    def on_click(self, event) -> None:
        slot = self.slot_at(event.x, event.y)
        if slot is not None:
            self.post_message(self.SlotChosen(slot))
