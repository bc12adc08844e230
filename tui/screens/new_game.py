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


def _bots(level: str, count: int, start: int = 1) -> tuple[Seat, ...]:
    label = level.capitalize()
    if count == 1:
        return (Seat(f"{label} bot", SeatKind.BOT, level),)
    return tuple(Seat(f"{label} bot {i}", SeatKind.BOT, level) for i in range(start, start + count))


def _people(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"Player {i}") for i in range(1, count + 1))


def seat_choices(game_id: str, name: str) -> list[tuple[str, str, tuple[Seat, ...]]]:
    """Who can sit at the table, per game: (key, label, seats)."""
    you = Seat(name)
    if game_id == "once-upon-a-line":
        return [("prologue", "Prologue — solo, or friends side by side", (you,))]
    if game_id == "questline":
        return [
            ("solo", "Solo: you against the rank chart", (you,)),
            ("easy1", "You and 1 easy bot", (you, *_bots("easy", 1))),
            ("easy3", "You and 3 easy bots", (you, *_bots("easy", 3))),
            ("hard1", "You and 1 hard bot", (you, *_bots("hard", 1))),
            ("hard3", "You and 3 hard bots", (you, *_bots("hard", 3))),
            ("mixed5", "You, 2 hard and 3 easy bots (6 players)",
             (you, *_bots("hard", 2), *_bots("easy", 3))),
            ("people2", "Two people at this terminal (hotseat)", _people(2)),
            ("people3", "Three people at this terminal (hotseat)", _people(3)),
            ("people2bots", "Two people and two easy bots", (*_people(2), *_bots("easy", 2))),
            ("custom", "Custom table: choose every seat", ()),
        ]
    if game_id == "otherworld":
        return [
            ("solo", "Solo: you against Balor", (you,)),
            ("easy1", "You and 1 easy bot", (you, *_bots("easy", 1))),
            ("hard1", "You and 1 hard bot", (you, *_bots("hard", 1))),
            ("easy2", "You and 2 easy bots", (you, *_bots("easy", 2))),
            ("hard3", "You and 3 hard bots", (you, *_bots("hard", 3))),
            ("mixed3", "You, 1 hard and 2 easy bots", (you, *_bots("hard", 1), *_bots("easy", 2))),
            ("people2", "Two people at this terminal (hotseat)", _people(2)),
            ("people4", "Four people at this terminal (hotseat)", _people(4)),
            ("custom", "Custom table: choose every seat", ()),
        ]
    return [
        ("easy", "Play against the easy bot", (you, *_bots("easy", 1))),
        ("hard", "Play against the hard bot", (you, *_bots("hard", 1))),
        ("hotseat", "Two people at this terminal (hotseat)", _people(2)),
    ]


# Options a new table of a game starts with (the first chapter of Once Upon a Line).
GAME_OPTIONS = {"once-upon-a-line": {"chapter": "prologue"}}


def table_options(seats: tuple[Seat, ...], game_id: str = "") -> dict:
    """The game's own start options; several people at one terminal take turns in seat order."""
    options = dict(GAME_OPTIONS.get(game_id, {}))
    if sum(not seat.is_bot for seat in seats) > 1:
        options["in_turn"] = True
    return options


class SeatSetup(Screen):
    """Choose the seats; starting creates the table and its save, then opens the game screen."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = find(game_id)

    def compose(self) -> ComposeResult:
        self.choices = seat_choices(self.info.id, self.app.settings.name)
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static(self.info.title, classes="title")
                yield Static("who is playing?", classes="subtitle")
                yield OptionList(*(Option(label, id=key) for key, label, _ in self.choices),
                                 id="seat-choices")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "custom":
            from tui.screens.custom_table import CustomTable
            self.app.push_screen(CustomTable(self.info.id))
            return
        seats = next(s for key, _, s in self.choices if key == event.option.id)
        start_game(self.app, Table(self.info.load(), seats, new_seed(), table_options(seats, self.info.id)))


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
