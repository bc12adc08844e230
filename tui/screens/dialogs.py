"""Small modal dialogs shared by every screen."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class Confirm(ModalScreen[bool]):
    """Ask a yes/no question; y or enter confirms, n or escape declines. The question is plain
    text, never markup: it may quote a save's title or a hero's name from a chapter file."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 60; height: auto; border: thick $warning; padding: 1 2;
                          background: $surface; }
    Confirm .hint { padding-top: 1; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Static("y yes · n no", classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Message(ModalScreen[None]):
    """A block of text to read; any of enter, escape or space closes it."""

    DEFAULT_CSS = """
    Message { align: center middle; }
    Message > Vertical { width: 70; height: auto; max-height: 22; border: thick $primary;
                          padding: 0 2; background: $surface; }
    Message .hint { padding-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Close")]

    def __init__(self, title: str, body: str | Text) -> None:
        super().__init__()
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield Static(self.body)
            yield Static("enter to go on", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class GameLog(ModalScreen[None]):
    """The whole game log, scrolled to its newest line; arrows, page keys, home and end scroll.
    Any other long reading (a table in full) opens in it with its own title, at its top."""

    DEFAULT_CSS = """
    GameLog { align: center middle; }
    GameLog > Vertical { width: 76; height: auto; max-height: 22; border: thick $primary;
                         background: $surface; padding: 0 1; }
    GameLog VerticalScroll { height: auto; max-height: 18; }
    GameLog .hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,enter,w,i", "close", "Close"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-15)", "Page up", show=False),
        Binding("pagedown", "scroll(15)", "Page down", show=False),
        Binding("home", "edge(False)", "Oldest", show=False),
        Binding("end", "edge(True)", "Newest", show=False),
    ]

    def __init__(self, lines: list[str], title: str | None = None, scroll_to_end: bool = True) -> None:
        super().__init__()
        self.lines = lines
        self.title_text = title or f"Game log ({len(lines)} lines, newest last)"
        self.scroll_to_end = scroll_to_end

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title", markup=False)
            with VerticalScroll(id="log-lines"):
                yield Static(Text("\n".join(self.lines) or "Nothing has happened yet."))
            yield Static("↑↓ pgup pgdn home end scroll · enter close", classes="hint")

    def on_mount(self) -> None:
        if self.scroll_to_end:
            self.call_after_refresh(self.query_one("#log-lines").scroll_end, animate=False)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#log-lines").scroll_relative(y=lines, animate=False)

    def action_edge(self, newest: bool) -> None:
        scroll = self.query_one("#log-lines")
        if newest:
            scroll.scroll_end(animate=False)
        else:
            scroll.scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class PassTerminal(Screen):
    """Hotseat privacy: hides the table until the next player is at the keyboard."""

    DEFAULT_CSS = """
    PassTerminal { align: center middle; }
    PassTerminal > Vertical { width: 60; height: auto; border: thick $accent; padding: 1 2; }
    """
    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Pass the terminal to [b]{self.player}[/b].", classes="title")
            yield Static(f"Press enter when only {self.player} can see the screen.")

    def action_ready(self) -> None:
        self.dismiss(None)
