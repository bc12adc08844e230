"""A custom table: seat by seat, a person at this terminal, an easy bot, a hard bot, or nobody."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from games.core.manifest import PERSON, YOU, seat_list
from games.core.registry import find
from games.core.seats import Seat
from tui.screens.table_choices import begin

PERSON_KIND, EMPTY = "person", "empty"


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
        self.kind_names = (PERSON_KIND, *(f"{level} bot" for level in self.info.bot_levels), EMPTY)
        self.kinds = [PERSON_KIND, self.kind_names[1]] + [EMPTY] * (max(self.info.players) - 2)
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
        """The chosen seats in order: the first person is you, every bot numbered by its level."""
        kinds, people = [], 0
        for kind in self.kinds:
            if kind == PERSON_KIND:
                people += 1
                kinds.append(YOU if people == 1 else PERSON)
            elif kind != EMPTY:
                kinds.append(kind.removesuffix(" bot"))
        return seat_list(tuple(kinds), self.app.settings.name, number_every_bot=True)

    def redraw(self) -> None:
        rows = []
        for i, kind in enumerate(self.kinds):
            mark = "▶" if i == self.selected else " "
            rows.append(f"{mark} Seat {i + 1}: [b]{kind}[/b]")
        count = len(self.seats())
        allowed = ", ".join(map(str, self.info.players))
        rows.append("")
        rows.append(f"[red]{self.problem}[/]" if self.problem else
                    f"{count} player{'s' if count != 1 else ''} (this game takes {allowed})")
        self.query_one("#seats", Static).update("\n".join(rows))

    def action_select(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.kinds)
        self.redraw()

    def action_cycle(self, step: int) -> None:
        kind = self.kinds[self.selected]
        names = self.kind_names
        self.kinds[self.selected] = names[(names.index(kind) + step) % len(names)]
        self.problem = ""
        self.redraw()

    def action_start(self) -> None:
        seats = self.seats()
        self.problem = self.info.seat_problem(seats) or ""
        if self.problem:
            self.redraw()
            return
        begin(self.app, self.info.id, seats)
