"""Tables: the shared tables on this server. Join one (or take your seat again), watch one, start
one with seats open to other people, leave one, invite a player by name."""
from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from games.core.registry import all_games, find
from tui.key_order import TextField
from tui.player_text import markup_safe
from tui.tables.service import OPEN, PERSON, YOU, ServiceError, TableInfo

REFRESH = 3.0  # seconds between refreshes of the list while it is shown


def seat_text(seat, me: str) -> str:
    name = markup_safe(seat.name)
    if seat.kind == "open":
        return "[i]open[/i]"
    if seat.kind == "bot":
        return f"{name} (bot)"
    marks = [m for m, on in (("you", seat.player == me), ("away", seat.away),
                             ("a bot plays for now", seat.stand_in)) if on]
    return f"{name} ({', '.join(marks)})" if marks else name


def describe(info: TableInfo, me: str) -> str:
    seats = " · ".join(seat_text(seat, me) for seat in info.seats)
    state = ("finished: " + markup_safe(info.progress)) if info.finished \
        else f"waiting for {markup_safe(info.waiting_for)}" if info.waiting_for else ""
    invited = "  [b reverse] invited [/]" if me in info.invited else ""
    return (f"[b]{markup_safe(info.title)}[/b] {info.table_id} · by {info.host}{invited}\n"
            f"  {seats}\n  [dim]{state}[/]")


async def open_table(app, table_id: str, spectate: bool = False, leaving: Screen | None = None) -> None:
    """The game's own screen on a remote seat (or as a spectator: the public view only), in place
    of `leaving` if given. `leaving` is popped only once the table is open: a screen's workers end
    when it is removed, so popping it first could cancel the worker calling this half-way."""
    from tui.screens.start import game_screen_class
    from tui.tables.remote import open_remote

    table = await open_remote(app.tables, table_id, spectate)
    if leaving is not None and app.screen is leaving:
        app.pop_screen()
    app.push_screen(game_screen_class(table.game.id)(table, None))


class TablesScreen(Screen):
    BINDINGS = [
        Binding("enter", "join", "Join / play", show=True),
        Binding("w", "watch", "Watch"),
        Binding("n", "new", "New table"),
        Binding("l", "leave", "Leave"),
        Binding("i", "invite", "Invite"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[TableInfo] = []
        self.listed = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("Tables", classes="title")
                yield Static("", id="tables-count", classes="subtitle")
                yield OptionList(id="tables-list")
                yield Static("enter join or play · w watch · n new table · l leave · i invite · "
                             "esc back", classes="hint")
        yield Footer()

    @property
    def me(self) -> str:
        return self.app.tables.player

    def on_mount(self) -> None:
        self.set_interval(REFRESH, self.refresh_list)

    def on_screen_resume(self) -> None:
        self.refresh_list()

    @work(exclusive=True, group="tables-list")
    async def refresh_list(self) -> None:
        try:
            infos = [TableInfo.from_json(t) for t in await self.app.tables.request("list")]
        except ServiceError as exc:
            self.query_one("#tables-count", Static).update(markup_safe(str(exc)))
            return
        if infos == self.infos and self.listed:
            return  # nothing changed: over SSH every byte travels
        self.infos, self.listed = infos, True
        listing = self.query_one("#tables-list", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        listing.add_options([Option(describe(info, self.me), id=info.table_id) for info in self.infos])
        if self.infos:
            listing.highlighted = min(keep or 0, len(self.infos) - 1)
        count = len(self.infos)
        self.query_one("#tables-count", Static).update(
            f"{count} table{'s' if count != 1 else ''}" if count
            else "no tables yet: press n to start one")

    def _selected(self) -> TableInfo | None:
        listing = self.query_one("#tables-list", OptionList)
        if listing.highlighted is None or listing.highlighted >= len(self.infos):
            return None
        return self.infos[listing.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_join()

    @work(group="tables-action")
    async def action_join(self) -> None:
        info = self._selected()
        if info is None:
            return
        seated = any(seat.player == self.me for seat in info.seats)
        try:
            if not seated:
                await self.app.tables.request("join", table=info.table_id)
            await open_table(self.app, info.table_id)
        except ServiceError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            self.refresh_list()

    @work(group="tables-action")
    async def action_watch(self) -> None:
        info = self._selected()
        if info is not None:
            try:
                await open_table(self.app, info.table_id, spectate=True)
            except ServiceError as exc:
                self.notify(str(exc), severity="warning", markup=False)

    def action_new(self) -> None:
        self.app.push_screen(NewSharedTable())

    @work(group="tables-action")
    async def action_leave(self) -> None:
        info = self._selected()
        if info is None or not any(seat.player == self.me for seat in info.seats):
            self.notify("You have no seat at this table.", markup=False)
            return
        from tui.screens.dialogs import Confirm

        if await self.app.push_screen_wait(Confirm(f"Leave {info.title} ({info.table_id})? "
                                                   "A bot plays your seat until someone joins.")):
            try:
                await self.app.tables.request("leave", table=info.table_id)
            except ServiceError as exc:
                self.notify(str(exc), severity="warning", markup=False)
            self.refresh_list()

    @work(group="tables-action")
    async def action_invite(self) -> None:
        info = self._selected()
        if info is None:
            return
        name = await self.app.push_screen_wait(AskName())
        if not name:
            return
        try:
            await self.app.tables.request("invite", table=info.table_id, player=name)
            self.notify(f"{name} is invited.", markup=False)
        except ServiceError as exc:
            self.notify(str(exc), severity="warning", markup=False)


class AskName(ModalScreen[str | None]):
    """Whom to invite: a player name as they log in."""

    DEFAULT_CSS = """
    AskName { align: center middle; }
    AskName > Vertical { width: 50; height: auto; border: thick $primary; background: $surface;
                         padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Invite which player? (their login name)")
            yield TextField(max_length=16, id="invite-name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


SEAT_WORDS = {OPEN: "open: for another player to join", PERSON: "a person at this terminal"}


class NewSharedTable(Screen):
    """A new shared table, one question at a time: the game, how many seats, who sits in each
    seat after yours (open, a person here, a bot), then the game's own choices."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self) -> None:
        super().__init__()
        self.game_id: str | None = None
        self.count = 0
        self.seats: list[str] = [YOU]
        self.options: dict[str, str] = {}
        self.answers: list[str] = []  # the ids of the question on screen

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("New shared table", classes="title")
                yield Static(id="new-question", classes="subtitle")
                yield OptionList(id="new-answers")
        yield Footer()

    def on_mount(self) -> None:
        self.ask()

    def question(self) -> tuple[str, list[tuple[str, str]]] | None:
        if self.game_id is None:
            return "which game?", [(m.id, m.title) for m in all_games()
                                   if m.playable and max(m.players) >= 2]
        info = find(self.game_id)
        if not self.count:
            counts = [n for n in info.players if n >= 2]
            if len(counts) > 1:
                return "how many players?", [(str(n), f"{n} players") for n in counts]
            self.count = counts[0]
        if len(self.seats) < self.count:
            answers = [(OPEN, SEAT_WORDS[OPEN]), (PERSON, SEAT_WORDS[PERSON])]
            answers += [(level, f"{level} bot") for level in info.bot_levels]
            return f"seat {len(self.seats) + 1} (seat 1 is yours)?", answers
        for choice in info.choices:
            if choice.key not in self.options:
                return choice.question, list(choice.values)
        return None

    def ask(self) -> None:
        asked = self.question()
        if asked is None:
            self.create()
            return
        text, answers = asked
        self.answers = [value for value, _ in answers]
        self.query_one("#new-question", Static).update(text)
        listing = self.query_one("#new-answers", OptionList)
        listing.clear_options()
        listing.add_options([Option(markup_safe(label), id=value) for value, label in answers])
        listing.highlighted = 0
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        value = event.option.id
        if value not in self.answers:
            return  # a key typed ahead selected an answer of the question before
        if self.game_id is None:
            self.game_id = value
        elif not self.count:
            self.count = int(value)
        elif len(self.seats) < self.count:
            self.seats.append(value)
        else:
            info = find(self.game_id)
            key = next(c.key for c in info.choices if c.key not in self.options)
            self.options[key] = value
        self.ask()

    @work(group="tables-action")
    async def create(self) -> None:
        tables = self.app.tables
        try:
            table_id = await tables.request("create", game=self.game_id, seats=self.seats,
                                            options=self.options)
            await open_table(self.app, table_id, leaving=self)
        except ServiceError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            self.app.pop_screen()
