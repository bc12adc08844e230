"""What follows a command on the Once Upon a Line screen: the scratched squares revealed one by one,
then a dialog for whatever the chapter waits for (a decision, a Word of Power, a riddle, the end).
Mixed into the screen, which provides the drawing.
"""
from __future__ import annotations

from typing import Sequence

from rich.text import Text

from games.core.messages import Event
from games.once_upon_a_line.commands import Answer, GiveLetters
from games.once_upon_a_line.events import SquaresScratched
from games.once_upon_a_line.grid import parse_cell
from games.once_upon_a_line.view import LineView
from tui.games.once_upon_a_line.dialogs import DecisionDialog, LettersDialog, ReadDialog, decision
from tui.games.once_upon_a_line.riddle import RiddleDialog
from tui.games.once_upon_a_line.cards import card_text
from tui.games.once_upon_a_line.grid import GridBoard
from tui.games.once_upon_a_line.saga import sheet_text
from tui.games.once_upon_a_line.story import score_total

REVEAL_SECONDS = 0.18


class AfterCommands:
    # -- revealing scratched squares one by one -------------------------------------------------
    def track_reveal(self, view: LineView) -> None:
        uncovered = {c for c, sq in view.squares.items() if sq.kind != "ink"}
        if self.shown is None:
            self.shown = uncovered
        self.shown &= uncovered
        self.queue = [c for c in self.queue if c in uncovered]
        fresh = uncovered - self.shown - set(self.queue)
        self.queue += sorted(fresh, key=lambda c: (c[1], c[0]))

    def after_events(self, events: Sequence[Event]) -> None:
        order = [parse_cell(s) for e in events if isinstance(e, SquaresScratched) for s in e.squares]
        self.queue.sort(key=lambda c: order.index(c) if c in order else len(order))
        if self.queue and self.timer is None:
            self.timer = self.set_interval(REVEAL_SECONDS, self.reveal_next)
        elif not self.queue:
            self.follow_up()

    def reveal_next(self) -> None:
        if self.queue:
            self.shown.add(self.queue.pop(0))
        if self.queue:
            view = self.view
            self.query_one(GridBoard).show(view, self.overlay(view))
        else:
            self.finish_reveal()

    def finish_reveal(self) -> None:
        self.shown |= set(self.queue)
        self.queue = []
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.redraw()
        self.follow_up()

    # -- decisions waiting, in dialogs --------------------------------------------------------
    def open_dialog(self, dialog, done) -> None:
        self.dialog = dialog

        def closed(result) -> None:
            self.dialog = None
            done(result)
        # Pushed from the app's own queue: Textual runs `closed` on whoever pushes, and a dialog
        # opened while another is closing would otherwise hand its result to the closing one.
        self.app.call_later(self.app.push_screen, dialog, closed)

    def follow_up(self) -> None:
        """Open the dialog for whatever the chapter waits for (once the reveal is over)."""
        if self.queue or self.dialog is not None or not self.is_current:
            return
        view = self.view
        if view.ended:
            if not self.end_shown:
                self.show_end()
            return
        pending = view.pending
        if pending is None:
            return
        if pending.kind == "riddle":
            self.open_dialog(RiddleDialog(self), lambda done: done and self.follow_up())
        elif pending.kind == "letters":
            plan = view.planner.suggested_plan(pending.word)
            dialog = LettersDialog(view, pending.word, plan, self.problem)
            self.open_dialog(dialog, lambda plan: plan and self.answer(GiveLetters(plan)))
        else:
            title, question, labels = decision(view, pending)
            dialog = DecisionDialog(title, question, pending.options, labels)
            self.open_dialog(dialog, lambda option: option and self.answer(Answer(option)))

    def answer(self, command) -> None:
        if not self.send(command):
            self.follow_up()  # open it again, showing why

    def show_end(self) -> None:
        """The last card read (the Epilogue, or what led to Tragedy), then the score line by line."""
        self.end_shown = True
        view, outcome = self.view, self.table.outcome()
        body = card_text(view.cards[-1], view, self.app.no_color) if view.cards else Text()
        lines = [f"{points:+3d}  {label}" for label, points in view.score]
        body.append("\n\n" + "\n".join([outcome.summary, "", *lines, f"Total {score_total(view)}"]))
        if view.saga is not None:
            body.append_text(sheet_text(view.saga))
        body.append("\nEscape on the board goes back to the menu.")
        title = "Tragedy" if view.ended == "tragedy" else "The Epilogue"
        self.open_dialog(ReadDialog(title, body), lambda _: self.after_the_end(view))

    def offer_retry(self) -> None:
        """After a Tragedy the chapter may be played again from its start (a new save)."""
        from tui.screens.dialogs import Confirm

        question = ("The Line of Tragedy ran out. Play this chapter again from its start? "
                    "(This save keeps the Tragedy.) No carries on with the saga.")
        self.open_dialog(Confirm(question), lambda yes: self.retry() if yes else self.offer_next(self.view))

    def retry(self) -> None:
        from games.core.rng import new_seed
        from games.core.table import Table
        from tui.screens.start import start_game

        table = self.table
        start_game(self.app, Table(table.game, table.seats, new_seed(), dict(table.options)))
