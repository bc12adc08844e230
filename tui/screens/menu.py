"""The main menu: New game, Continue, Rules, Settings, Quit."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui.key_order import in_arrival_order

ENTRIES = (
    ("new", "New game", "start one of the five games"),
    ("continue", "Continue", "pick up a saved game where it stopped"),
    ("tables", "Tables", "play with other people on this server"),
    ("rules", "Rules", "how each game is played"),
    ("settings", "Settings", "your name, bot pace, colours"),
    ("quit", "Quit", "leave fabletop (games are saved)"),
)


class MenuOptions(OptionList):
    """The menu's options, light per key (over SSH, 30 sessions' keys share two cores): moving the
    highlight redraws only the two options it leaves and enters (Textual's OptionList redraws
    every option); its keys are priority bindings, acted on as they arrive rather than after the
    key has gone down to the list and bubbled back up through the box and the screen; and no
    OptionHighlighted message is posted (nothing in the menu listens to it)."""

    BINDINGS = in_arrival_order(OptionList.BINDINGS)
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        if new is not None:
            self.scroll_to_highlight()
        lines = self._index_to_line
        for index in {old, new} - {None}:
            if index in lines:
                self.refresh_lines(lines[index], self._heights[index])
            else:  # not laid out yet: all of it
                self.refresh()


class MainMenu(Screen):
    BINDINGS = [
        Binding("n", "open('new')", "New game"),
        Binding("c", "open('continue')", "Continue"),
        Binding("t", "open('tables')", "Tables"),
        Binding("r", "open('rules')", "Rules"),
        Binding("s", "open('settings')", "Settings"),
        Binding("q", "open('quit')", "Quit"),
    ]

    def entries(self):
        """The menu's lines; Tables only when a table service is reachable."""
        shared = getattr(self.app, "tables", None) is not None
        return [entry for entry in ENTRIES if entry[0] != "tables" or shared]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "open" and parameters == ("tables",):
            return getattr(self.app, "tables", None) is not None
        return True

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-box"):
            yield Static("fabletop", classes="title")
            yield Static("five tabletop games in the terminal", classes="subtitle")
            yield MenuOptions(*(Option(f"{label:<10} [dim]{hint}[/]", id=key)
                               for key, label, hint in self.entries()), id="main-menu")
            yield Static("↑↓ choose · enter open · or press the first letter", classes="hint")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(event.option.id)

    def action_open(self, key: str) -> None:
        if key == "quit":
            self.app.exit()
        elif key == "new":
            from tui.screens.new_game import NewGameScreen
            self.app.push_screen(NewGameScreen())
        elif key == "continue":
            from tui.screens.saves import SaveMenu
            self.app.push_screen(SaveMenu())
        elif key == "tables" and self.check_action("open", ("tables",)):
            from tui.screens.tables import TablesScreen
            self.app.push_screen(TablesScreen())
        elif key == "rules":
            from tui.screens.rules import RulesMenu
            self.app.push_screen(RulesMenu())
        elif key == "settings":
            from tui.screens.settings import SettingsScreen
            self.app.push_screen(SettingsScreen())
