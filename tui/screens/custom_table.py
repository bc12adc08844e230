"""A custom table: seat by seat, a person at this terminal, an easy bot, a hard bot, or nobody."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from games.core.registry import find
from games.core.rng import new_seed
from games.core.seats import Seat, SeatKind
from games.core.table import Table

KINDS = ("person", "easy bot", "hard bot", "empty")


class CustomTable(Screen):
    BINDINGS = [
        Binding("up", "select(-1)", "Seat", show=False),
        Binding("down", "select(1)", "Seat", show=False),
        Binding("left", "cycle(-1)", "Change", show=False),
        Binding("right,space", "cycle(1)", "Change"),
        Binding("enter", "start", "Start"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = find(game_id)
        self.game = self.info.load()
        most = max(self.game.seat_counts)
        self.kinds = ["person", "easy bot"] + ["empty"] * (most - 2)
        self.selected = 1
        self.problem = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static(f"{self.info.title}: custom table", classes="title")
                yield Static(id="seats")
                yield Static("↑↓ seat · ←→ change who sits there · enter start", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def seats(self) -> tuple[Seat, ...]:
        seats, people, bots = [], 0, {"easy": 0, "hard": 0}
        for kind in self.kinds:
            if kind == "person":
                people += 1
                seats.append(Seat(self.app.settings.name if people == 1 else f"Player {people}"))
            elif kind != "empty":
                level = kind.split()[0]
                bots[level] += 1
                seats.append(Seat(f"{level.capitalize()} bot {bots[level]}", SeatKind.BOT, level))
        return tuple(seats)

    def redraw(self) -> None:
        rows = []
        for i, kind in enumerate(self.kinds):
            mark = "▶" if i == self.selected else " "
            rows.append(f"{mark} Seat {i + 1}: [b]{kind}[/b]")
        count = len(self.seats())
        allowed = ", ".join(map(str, self.game.seat_counts))
        rows.append("")
        rows.append(f"[red]{self.problem}[/]" if self.problem else
                    f"{count} player{'s' if count != 1 else ''} (this game takes {allowed})")
        self.query_one("#seats", Static).update("\n".join(rows))

    def action_select(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.kinds)
        self.redraw()

    def action_cycle(self, step: int) -> None:
        kind = self.kinds[self.selected]
        self.kinds[self.selected] = KINDS[(KINDS.index(kind) + step) % len(KINDS)]
        self.problem = ""
        self.redraw()

    def action_start(self) -> None:
        from tui.screens.new_game import start_game, table_options

        seats = self.seats()
        if len(seats) not in self.game.seat_counts:
            self.problem = f"{self.info.title} takes {self.game.seat_counts[0]} to " \
                           f"{self.game.seat_counts[-1]} players, not {len(seats)}."
        elif all(seat.is_bot for seat in seats):
            self.problem = "At least one seat must be a person at this terminal."
        else:
            start_game(self.app, Table(self.game, seats, new_seed(), table_options(seats, self.info.id)))
            return
        self.redraw()
