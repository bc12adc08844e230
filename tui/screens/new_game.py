"""New game: pick one of the five games, then who plays."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from games.core.registry import GAMES, find
from games.core.rng import new_seed
from games.core.seats import Seat, SeatKind
from games.core.table import Table


class NewGameScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        options = []
        for info in GAMES:
            status = "" if info.playable else "  [b]coming soon[/b]"
            options.append(Option(f"[b]{info.title}[/b]{status}\n  [dim]{info.blurb}[/]",
                                  id=info.id, disabled=not info.playable))
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("New game", classes="title")
                yield Static("games marked coming soon cannot be played yet", classes="subtitle")
                yield OptionList(*options, id="game-list")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(SeatSetup(event.option.id))


# Who can sit at the table, per game: (key, label, seats builder)
def _two_player_choices(name: str) -> list[tuple[str, str, tuple[Seat, ...]]]:
    return [
        ("easy", "Play against the easy bot",
         (Seat(name), Seat("Easy bot", SeatKind.BOT, "easy"))),
        ("hard", "Play against the hard bot",
         (Seat(name), Seat("Hard bot", SeatKind.BOT, "hard"))),
        ("hotseat", "Two people at this terminal (hotseat)",
         (Seat("Player 1"), Seat("Player 2"))),
    ]


class SeatSetup(Screen):
    """Choose the seats; starting creates the table and its save, then opens the game screen."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = find(game_id)

    def compose(self) -> ComposeResult:
        self.choices = _two_player_choices(self.app.settings.name)
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static(self.info.title, classes="title")
                yield Static("who is playing?", classes="subtitle")
                yield OptionList(*(Option(label, id=key) for key, label, _ in self.choices),
                                 id="seat-choices")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seats = next(s for key, _, s in self.choices if key == event.option.id)
        start_game(self.app, Table(self.info.load(), seats, new_seed()))


def start_game(app, table: Table, handle=None) -> None:
    """Open the game screen for a table, creating its save first when the game is new."""
    from saves.store import SaveError
    from tui.screens import game_screen_class

    if handle is None:
        try:
            handle = app.store.create(table)
        except SaveError as exc:
            app.notify(f"This game will not be saved: {exc}", severity="error", timeout=8)
    screen = game_screen_class(table.game.id)(table, handle)
    while len(app.screen_stack) > 2:  # leaving the game returns to the main menu
        app.pop_screen()
    app.push_screen(screen)
