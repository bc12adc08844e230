"""The fabletop app: composes screens and routes between them. Games load only when opened."""
from __future__ import annotations

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.geometry import Size

from saves.store import SaveStore
from tui.redraw import render_only_what_changed
from tui.screens.menu import MainMenu
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.settings import Settings


class FabletopApp(App):
    TITLE = "fabletop"
    CSS_PATH = "app.tcss"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, store: SaveStore | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        render_only_what_changed()  # the same bytes as Textual's own redraw, less work per key
        self.store = store or SaveStore()
        warning = None
        if settings is None:
            settings, warning = Settings.load()
        self.settings = settings
        self._startup_warning = warning
        self.tables = None  # the shared tables' service (tui.tables.client), when one is reachable

    async def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        await self.connect_tables()
        self.push_screen(MainMenu())
        if self._startup_warning:
            self.notify(self._startup_warning, severity="warning", timeout=8, markup=False)
        self.check_size()

    async def connect_tables(self) -> None:
        """Reach the table service named by FABLETOP_TABLES (set by `fabletop serve`), if any."""
        from tui.tables.client import socket_path

        path = socket_path()
        if path is None:
            return
        from tui.tables.notices import connect

        self.tables = await connect(self, path)

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        from tui.screens.game_screen import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Rules", "Read this game's rules", screen.action_rules)
            yield SystemCommand("Undo", "Take back your last move", screen.action_undo)
            yield SystemCommand("Save and leave", "Back to the main menu; the game is saved",
                                screen.action_leave)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)
        self.call_after_refresh(self.check_size)  # and again once the app has taken its size

    def check_size(self, size: Size | None = None) -> None:
        """Show the "too small" screen while the terminal is below 80x24, and only then.

        Under load resizes arrive in bursts, and a grow that came while the message was still being
        pushed left it on screen at 80x24 (issue 16): so the size is checked again after each
        resize has been taken, and by the message screen once mounted; the last size always wins."""
        width, height = size or self.size
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = [s for s in self.screen_stack if isinstance(s, TooSmallScreen)]
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif too_small:
            showing[-1].update_size(width, height)
        elif showing and self.screen is showing[-1]:
            self.pop_screen()
        elif showing:  # not on top yet (being pushed): it checks again when mounted
            return
