"""The save menu: every save with its game, progress, seats and time; continue or delete one."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves.store import SaveError, SaveInfo
from tui.screens.dialogs import Confirm
from tui.player_text import markup_safe


def describe(info: SaveInfo) -> str:
    if not info.readable:
        title = markup_safe(info.title or info.game or "unknown game")
        problem = markup_safe(info.problem)
        return f"[b]{info.save_id}[/b]  [red]unreadable[/red] ({title})\n  [dim]{problem}[/]"
    seats = markup_safe(" vs ".join(seat.label() for seat in info.seats))
    when = info.updated.astimezone().strftime("%d %b %H:%M") if info.updated else "?"
    # the time right after the title: a long progress line may wrap, the date never splits
    return f"[b]{markup_safe(info.title)}[/b]  {when} · {markup_safe(info.progress)}\n  [dim]{seats}[/]"


class SaveMenu(Screen):
    BINDINGS = [
        Binding("enter", "continue_save", "Continue", show=True),
        Binding("d,delete", "delete_save", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("Continue", classes="title")
                yield Static("", id="save-count", classes="subtitle", markup=False)  # names a folder
                yield OptionList(id="save-list")
                yield Static("↑↓ choose · enter continue · d delete · esc back", classes="hint")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Shown first or again after a game: list the saves as they are now (once, not also on mount)."""
        self.refresh_list()

    def refresh_list(self) -> None:
        self.saves = self.app.store.list()
        listing = self.query_one("#save-list", OptionList)
        listing.clear_options()
        listing.add_options([Option(describe(info), id=info.save_id) for info in self.saves])
        count = len(self.saves)
        folder = self.app.store.folder
        self.query_one("#save-count", Static).update(
            f"{count} save{'s' if count != 1 else ''} in {folder}" if count
            else f"no saves yet in {folder}: start a new game")
        if count:
            listing.highlighted = 0

    def _selected(self) -> SaveInfo | None:
        listing = self.query_one("#save-list", OptionList)
        if listing.highlighted is None or not self.saves:
            return None
        return self.saves[listing.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_continue_save()

    def action_continue_save(self) -> None:
        info = self._selected()
        if info is None:
            return
        if not info.readable:
            self.notify(f"This save cannot be continued: {info.problem}", severity="error", markup=False)
            return
        try:
            table, handle = self.app.store.load(info.save_id)
        except SaveError as exc:
            self.notify(f"This save cannot be continued: {exc}", severity="error", markup=False)
            self.refresh_list()
            return
        from tui.screens.start import start_game
        start_game(self.app, table, handle)

    def action_delete_save(self) -> None:
        info = self._selected()
        if info is None:
            return
        what = f"{info.title}, {info.progress}" if info.readable else info.save_id

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(info.save_id)
            except SaveError as exc:
                self.notify(str(exc), severity="error", markup=False)
            self.refresh_list()

        question = f"Delete the save {what}?\nThis cannot be undone."
        self.app.push_screen(Confirm(question), done)
