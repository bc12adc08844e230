"""A pane that shows as much of its text as its lines hold, its last line then saying how to read
the rest. It fits when it is drawn, so its first paint and every resize fit too (a card fitted
before the screen had a size was cut mid-sentence until a key redrew it)."""
from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static


def fit(text: Text, size: Size, more: str, console: Console) -> Text:
    """The text wrapped to the width, as many lines as the height holds; when it is longer, the
    last of them is '… ' + more."""
    if size.width <= 0 or size.height <= 0:
        return text
    lines = text.wrap(console, size.width)
    if len(lines) <= size.height:
        return Text("\n").join(lines)  # wrapped here: a pane that cuts lines shows them whole
    shown = Text("\n").join(lines[:size.height - 1])
    shown.append(f"\n… {more}", Style(italic=True))
    return shown


class FittedText(Static):
    """Shows its Text fitted to its size when `more` names how to read the rest, else as given."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.more = ""

    def show(self, text: Text, more: str = "") -> None:
        self.more = more
        self.update(text)

    def render(self):
        text = self.content
        if not self.more or not isinstance(text, Text):
            return super().render()
        return fit(text, self.content_size, self.more, self.app.console)
