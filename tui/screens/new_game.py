"""New game: pick one of the five games, then who plays."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from games.core.registry import all_games, find
from tui.screens.table_choices import begin

CUSTOM = "custom"


class NewGameScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        options, games = [], all_games()
        for info in games:
            status = "" if info.playable else "  [b]coming soon[/b]"
            options.append(Option(f"[b]{info.title}[/b]{status}\n  [dim]{info.blurb}[/]",
                                  id=info.id, disabled=not info.playable))
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("New game", classes="title")
                soon = any(not info.playable for info in games)
                yield Static("games marked coming soon cannot be played yet" if soon
                             else "enter picks a game · esc back", classes="subtitle")
                yield OptionList(*options, id="game-list")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(SeatSetup(event.option.id))


class SeatSetup(Screen):
    """Choose the seats; starting creates the table and its save, then opens the game screen."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = find(game_id)

    def compose(self) -> ComposeResult:
        choices = [Option(preset.label, id=preset.key) for preset in self.info.presets]
        if self.info.custom_table:
            choices.append(Option("Custom table: choose every seat", id=CUSTOM))
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static(self.info.title, classes="title")
                yield Static("who is playing?", classes="subtitle")
                yield OptionList(*choices, id="seat-choices")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == CUSTOM:
            from tui.screens.custom_table import CustomTable
            self.app.push_screen(CustomTable(self.info.id))
            return
        preset = next(p for p in self.info.presets if p.key == event.option.id)
        begin(self.app, self.info.id, preset.build(self.app.settings.name))

