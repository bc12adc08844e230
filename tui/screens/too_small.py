"""Shown instead of any screen while the terminal is smaller than 80x24; gone when enlarged."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: auto; max-width: 100%; text-align: center; }
    """
    BINDINGS = []

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.update_size(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.app.check_size)  # grown back while this was being pushed?

    def on_screen_resume(self) -> None:
        self.app.check_size()

    def update_size(self, width: int, height: int) -> None:
        self.query_one(Static).update(
            f"Terminal too small\n\nfabletop needs {MIN_WIDTH}x{MIN_HEIGHT}; "
            f"this one is {width}x{height}.\nEnlarge the window to go on: nothing is lost.")
