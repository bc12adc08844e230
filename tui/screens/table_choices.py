"""A new table's options chosen in the menu after its seats (how long a game is), then the start."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from games.core.registry import find
from games.core.rng import new_seed
from games.core.seats import Seat
from games.core.table import Table
from tui.screens.start import start_game


def begin(app, game_id: str, seats: tuple[Seat, ...]) -> None:
    """Seats chosen: ask the table's choices (TableChoice), if the game has any, then start."""
    info = find(game_id)
    if info.choices:
        app.push_screen(TableChoices(game_id, seats))
    else:
        start_game(app, Table(info.load(), seats, new_seed(), info.table_options(seats)))


class TableChoices(Screen):
    """The game's options for a new table, one question after another (how long the game is)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, game_id: str, seats: tuple[Seat, ...]) -> None:
        super().__init__()
        self.info, self.seats = find(game_id), seats
        self.chosen: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static(self.info.title, classes="title")
                yield Static(id="choice-question", classes="subtitle")
                yield OptionList(id="choice-values")
        yield Footer()

    def on_mount(self) -> None:
        self.ask()

    def ask(self) -> None:
        choice = self.info.choices[len(self.chosen)]
        self.query_one("#choice-question", Static).update(choice.question)
        values = self.query_one("#choice-values", OptionList)
        values.clear_options()
        values.add_options([Option(label, id=value) for value, label in choice.values])
        values.highlighted = 0
        values.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen[self.info.choices[len(self.chosen)].key] = event.option.id
        if len(self.chosen) < len(self.info.choices):
            self.ask()
            return
        options = self.info.table_options(self.seats, self.chosen)
        start_game(self.app, Table(self.info.load(), self.seats, new_seed(), options))

