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
    if info.group is not None and info.readable:  # under its group's heading
        when = info.updated.astimezone().strftime("%d %b %H:%M") if info.updated else "?"
        seats = markup_safe(" vs ".join(seat.label() for seat in info.seats))
        return (f"  [b]{markup_safe(info.group['line'])}[/b]  {when}\n"
                f"    [dim]{markup_safe(info.progress)} · {seats}[/]")
    if not info.readable:
        title = markup_safe(info.title or info.game or "unknown game")
        problem = markup_safe(info.problem)
        return f"[b]{info.save_id}[/b]  [red]unreadable[/red] ({title})\n  [dim]{problem}[/]"
    seats = markup_safe(" vs ".join(seat.label() for seat in info.seats))
    when = info.updated.astimezone().strftime("%d %b %H:%M") if info.updated else "?"
    # the time right after the title: a long progress line may wrap, the date never splits
    return f"[b]{markup_safe(info.title)}[/b]  {when} · {markup_safe(info.progress)}\n  [dim]{seats}[/]"


def group_head(group: dict) -> str:
    """A group's line above its saves (a saga: its score sheet so far, newest chapter last)."""
    parts = [*group.get("sheet", []), group["line"]]
    total = group.get("total")
    told = f" · total {total}" if isinstance(total, int) else ""
    return f"[b]{markup_safe(group['title'])}[/b]{told}\n  [dim]{markup_safe(' · '.join(parts))}[/]"


def arranged(saves: list[SaveInfo]) -> list[SaveInfo | dict]:
    """The menu's rows, newest first: a group (its newest part's group, as a heading) where its
    first save comes, then its saves from the latest part back; saves of no group as they are."""
    rows: list[SaveInfo | dict] = []
    done: set[str] = set()
    for info in saves:
        group = info.group
        if group is None:
            rows.append(info)
            continue
        if group["id"] in done:
            continue
        done.add(group["id"])
        members = sorted((i for i in saves if i.group and i.group["id"] == group["id"]),
                         key=lambda i: -i.group["order"])
        rows.append(members[0].group)
        rows += members
    return rows


class SaveMenu(Screen):
    BINDINGS = [
        Binding("enter", "continue_save", "Continue", show=True),
        Binding("d,delete", "delete_save", "Delete"),
        Binding("f", "fork_save", "Replay from its start"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("Continue", classes="title")
                yield Static("", id="save-count", classes="subtitle", markup=False)  # names a folder
                yield OptionList(id="save-list")
                yield Static("↑↓ choose · enter continue · f replay a finished one from its start · "
                             "d delete · esc back", classes="hint")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Shown first or again after a game: list the saves as they are now (once, not also on mount)."""
        self.refresh_list()

    def refresh_list(self) -> None:
        self.saves = self.app.store.list()
        self.rows = arranged(self.saves)
        listing = self.query_one("#save-list", OptionList)
        listing.clear_options()
        listing.add_options([Option(describe(row), id=row.save_id) if isinstance(row, SaveInfo)
                             else Option(group_head(row), disabled=True) for row in self.rows])
        count = len(self.saves)
        folder = self.app.store.folder
        self.query_one("#save-count", Static).update(
            f"{count} save{'s' if count != 1 else ''} in {folder}" if count
            else f"no saves yet in {folder}: start a new game")
        if count:
            listing.highlighted = next(i for i, row in enumerate(self.rows) if isinstance(row, SaveInfo))

    def _selected(self) -> SaveInfo | None:
        listing = self.query_one("#save-list", OptionList)
        if listing.highlighted is None or not self.saves:
            return None
        row = self.rows[listing.highlighted]
        return row if isinstance(row, SaveInfo) else None

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

    def action_fork_save(self) -> None:
        """A finished game played again from its start, in a save of its own (a saga's chapter:
        a fork that leaves the chapters saved after it as they are)."""
        info = self._selected()
        if info is None or not info.readable:
            return
        try:
            table, _ = self.app.store.load(info.save_id)
        except SaveError as exc:
            self.notify(f"This save cannot be replayed: {exc}", severity="error", markup=False)
            return
        if table.outcome() is None:
            self.notify("It is not finished: enter continues it.", markup=False)
            return
        from games.core.rng import new_seed
        from games.core.table import Table
        from tui.screens.start import start_game

        seed = new_seed()
        options = table.fork_options(seed)
        start_game(self.app, Table(table.game, table.seats, seed, options))

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
