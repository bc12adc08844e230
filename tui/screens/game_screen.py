"""What every game screen shares: a view of a running table (games.core.runtime), bots thinking
in a worker, the log, and the keys for rules, undo and leaving.

A game screen only draws views and turns keys into commands; the table decides and the runtime
drives bots, undo and autosave. Subclasses implement `redraw()` and may react in `after_events()`.
"""
from __future__ import annotations

from collections import deque
from typing import Sequence


from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from games.core.messages import Command, Event
from games.core.runtime import Runtime
from games.core.table import Table
from saves.store import SaveError, SaveHandle
from tui.player_text import markup_safe

LOG_LINES = 1000  # the log popup scrolls: keep a whole game


class GameScreen(Screen):
    PRIVATE_HANDS = False  # True: between people at one terminal, hide the table (hidden hands)
    BINDINGS = [
        Binding("escape", "leave", "Menu"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("u", "undo", "Undo"),
        Binding("w", "whole_log", "Log"),
        Binding("ctrl+t", "talk", "Talk"),  # shared tables only (check_action)
    ]

    def __init__(self, table: Table, handle: SaveHandle | None) -> None:
        super().__init__()
        self.table, self.handle = table, handle
        self.shared = getattr(table, "remote", False)  # a seat at a shared table (tui.tables)
        if self.shared:
            self.runtime = table.runtime()
            table.on_news, table.on_refused = self.table_news, self.refused
            table.on_closed = lambda reason: self.app.notify(reason, markup=False)
        else:
            self.runtime = Runtime(table, autosave=self._autosave if handle is not None else None)
        self.bots = self.runtime.bots
        self.log_lines: deque[str] = deque(maxlen=LOG_LINES)
        self.thinking: int | None = None  # the bot seat about to move or thinking
        self._shown_to: int | None = None  # hotseat: the person the table was last shown to
        self.paused = False  # a dialog is open: bots wait until it closes
        self.problem = ""  # the last rejection, shown until a person's next accepted command
        self.ready = False  # set once the widgets exist
        self._unsubscribe = table.subscribe(self._on_command)

    # -- lifecycle --------------------------------------------------------------------
    def on_mount(self) -> None:
        self.runtime.pace = self.bot_pace()
        self.log_lines.extend(self.describe(None, self.table.opening))
        for seat, _, events in self.table.history():
            self.log_lines.extend(self.describe(seat, events))
        self.ready = True
        self.redraw()
        self.check_privacy()
        self.schedule_bot()

    def on_unmount(self) -> None:
        self._unsubscribe()

    # -- sending commands -------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The players' names ready for Rich markup: a name is text a player typed, never markup
        (`self.table.names` are the same names as typed, for plain Text and the log)."""
        return [markup_safe(name) for name in self.table.names]

    def viewer(self) -> int | None:
        """Whose eyes the screen serves: the one person, or in hotseat the person to act."""
        people = self.runtime.people
        if len(people) <= 1 or self.table.outcome() is not None:
            return people[0] if people else None
        return next((i for i in self.table.to_act() if i in people), None)

    def check_privacy(self) -> None:
        """With hidden hands and several people, ask for the terminal to be passed on."""
        viewer = self.viewer()
        if not self.PRIVATE_HANDS or viewer is None or viewer == self._shown_to:
            return
        people = len(self.runtime.people)  # at this terminal (a shared table: this session's seats)
        self._shown_to = viewer
        if people > 1 and self.table.outcome() is None:
            from tui.screens.dialogs import PassTerminal

            self.pause_bots()
            self.app.push_screen(PassTerminal(self.names[viewer]), lambda _: self.resume_bots())

    @property
    def view(self):
        """What the screen's viewer may see (games.core.protocol.Game.view)."""
        return self.table.view(self.viewer())

    def my_turn(self, view) -> bool:
        """Whether the view's own seat (a person's) is to act now."""
        seat = getattr(view, "seat", None)
        return seat is not None and seat in self.table.to_act() and not self.table.seats[seat].is_bot

    def legal(self, view) -> list[Command]:
        """The commands the view's seat may send now (none when it is not to act)."""
        return self.table.legal_commands(view.seat) if self.my_turn(view) else []

    def person_seat(self) -> int | None:
        """The seat a key press at this terminal acts for: a person to act, else any person."""
        people = self.runtime.people
        acting = [i for i in self.table.to_act() if i in people]
        return (acting or people or [None])[0]

    def send(self, command: Command) -> bool:
        seat = self.person_seat()
        if seat is None:
            return False
        result = self.table.dispatch(seat, command)
        if not result:
            self.problem = result.reason
            self.redraw()
            self.app.bell()
        return bool(result)

    def refused(self, reason: str) -> None:
        """A shared table's service refused a command sent earlier."""
        self.problem = reason
        self.redraw()
        self.app.bell()

    def table_news(self, lines: Sequence[str], chat: bool) -> None:
        """A shared table: someone joined, dropped out or came back, or said something."""
        self.log_lines.extend(lines)
        self.redraw()
        for line in lines:
            self.notify(line, title="chat" if chat else "", timeout=5, markup=False)

    def _on_command(self, seat: int, command: Command | None, events: Sequence[Event]) -> None:
        if not self.ready:
            return  # a shared table moved before the screen was up: on_mount reads the history
        if not self.table.seats[seat].is_bot:  # a bot's move leaves a person's last refusal on screen
            self.problem = ""
        if command is None:
            self.log_lines.append(f"{self.table.names[seat]} took back a move.")
        self.log_lines.extend(self.describe(seat, events))
        self.redraw()
        self.after_events(events)
        self.check_privacy()
        self.schedule_bot()

    def describe(self, seat: int | None, events: Sequence[Event]) -> list[str]:
        """Log lines for what happened, each worded for the log's reader (None from event_text: no
        line). With several people at one terminal the log stays on screen when it is passed on,
        so it names nobody's secrets; one person reads their own. Lines are plain text (they hold
        names and words players typed): show them as Text, never as markup."""
        people = self.runtime.people
        reader = people[0] if len(people) == 1 else None
        lines = (self.event_text(event, reader) for event in events)
        return [text for text in lines if text is not None]

    def event_text(self, event: Event, reader: int | None) -> str | None:
        """An event as the reader may know it: its public wording when it is another seat's secret."""
        seen_by = event.visible_to
        if seen_by is not None and reader not in seen_by and hasattr(event, "public"):
            return event.public(self.table.names)
        return event.describe(self.table.names)

    def autosave(self) -> None:
        if self.handle is not None:
            self._autosave(self.table)

    def _autosave(self, table: Table) -> None:
        try:
            self.handle.write(table)
        except SaveError as exc:
            self.notify(f"Could not save: {exc}", severity="error", timeout=6, markup=False)

    # -- bots ---------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """Let the next bot due to act (in seat rotation) move after the table's pace."""
        if self.paused or self.thinking is not None:
            return
        seat = self.runtime.next_bot()
        if seat is None:
            return
        self.thinking = seat
        self.redraw()
        self.set_timer(self.runtime.pace or 0.001, lambda: self._think(seat))

    def _think(self, seat: int) -> None:
        if self.paused or seat not in self.table.to_act():
            self.thinking = None
            self.schedule_bot()
            return
        decide = self.runtime.question(seat)
        self.run_worker(lambda: (seat, decide()), thread=True, group="bot", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bot" or event.state not in (WorkerState.SUCCESS,
                                                              WorkerState.ERROR):
            return
        self.thinking = None
        if event.state is WorkerState.ERROR:
            self.problem = f"The bot failed to move ({event.worker.error}); press escape."
            self.redraw()
            return
        seat, command = event.worker.result
        # Play goes on while a bot thinks: its move stands if it is still legal now.
        if self.paused or not self.runtime.play(seat, command):
            self.schedule_bot()

    def problem_line(self) -> str:
        """The last refusal as markup for a status line (its words may quote a player's name)."""
        return f"[b red]✗ {markup_safe(self.problem)}[/]"

    def bot_pace(self) -> float:
        """Seconds before a bot's move, so people can follow (Settings: bot pace)."""
        return self.app.settings.bot_pause

    def pause_bots(self) -> None:
        self.paused = True

    def resume_bots(self) -> None:
        self.paused = False
        self.redraw()
        self.schedule_bot()

    # -- actions --------------------------------------------------------------------
    def action_leave(self) -> None:
        self.autosave()
        self.app.pop_screen()

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen
        self.app.push_screen(RulesScreen(self.table.game.id))

    def action_whole_log(self) -> None:
        from tui.screens.dialogs import GameLog
        self.app.push_screen(GameLog(list(self.log_lines)))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.shared if action == "talk" else True

    def action_talk(self) -> None:
        from tui.screens.chat import ChatLine

        self.app.push_screen(ChatLine(), lambda text: self.table.say(text) if text else None)

    def action_undo(self) -> None:
        refusal = self.runtime.undo()
        if refusal is not None:
            self.problem = refusal
            self.redraw()

    # -- for subclasses -------------------------------------------------------------
    def redraw(self) -> None:
        raise NotImplementedError

    def after_events(self, events: Sequence[Event]) -> None:
        """React to what happened, e.g. open a round summary (pause bots while it is open)."""
