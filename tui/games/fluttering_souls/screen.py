"""The Fluttering Souls screen: the layout, both collections, the log, and a prompt line."""
from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from games.core.messages import Event
from games.core.words import counted
from games.fluttering_souls.cards import Species
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.events import GameWon, RoundScored
from games.fluttering_souls.layouts import LABELS
from games.fluttering_souls.scoring import Score, score_collection
from games.fluttering_souls.view import FlutterView, Phase
from tui.games.fluttering_souls.board import Board
from tui.player_text import markup_safe
from tui.screens.dialogs import Message
from tui.screens.game_screen import GameScreen

SHORT = {Species.EIGHTY_EIGHT: "88", Species.BLUE_MORPHO: "Morpho", Species.MONARCH: "Monarch",
         Species.SWALLOWTAIL: "Swallow", Species.GREAT_EGGFLY: "Eggfly"}


def collection_line(held: Sequence[int]) -> str:
    parts = [f"{n}×{SHORT[Species(s)]}" for s, n in enumerate(held) if n]
    return " ".join(parts) or "—"


def tokens_text(n: int) -> str:
    return "●" * n + "○" * (3 - n)


class FlutteringSoulsScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("left", "move(-1, 0)", "Move", show=False),
        Binding("right", "move(1, 0)", "Move", show=False),
        Binding("up", "move(0, -1)", "Move", show=False),
        Binding("down", "move(0, 1)", "Move", show=False),
        Binding("enter,space", "collect_cursor", "Collect", show=False),
        Binding("y", "eggfly(True)", "Eggfly: put", show=False),
        Binding("n", "eggfly(False)", "Eggfly: keep", show=False),
        Binding("1", "order(True)", "Go first", show=False),
        Binding("2", "order(False)", "Go second", show=False),
        Binding("s", "scores", "Scores"),
    ]

    def __init__(self, table, handle) -> None:
        super().__init__(table, handle)
        self.cursor: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="fs-top")
        with Horizontal(id="fs-middle"):
            yield Board(id="fs-board")
            yield Static(id="fs-side")
        yield Static(id="fs-collections")
        yield Static(id="fs-log")
        yield Static(id="fs-status")
        yield Footer()

    # -- drawing ------------------------------------------------------------------------
    @property
    def view(self) -> FlutterView:
        return self.table.view(self.person_seat())

    def redraw(self) -> None:
        if not self.ready:
            return
        view = self.view
        if self.cursor not in view.open_slots:
            self.cursor = view.open_slots[0] if view.open_slots else None
        names = self.names
        self.query_one("#fs-top", Static).update(
            f"[b]Fluttering Souls[/b] · round {view.round_no} · {view.layout.name} layout   "
            f"{names[0]} {tokens_text(view.tokens[0])}  {names[1]} {tokens_text(view.tokens[1])}")
        self.query_one(Board).show(view, self.cursor if self._my_turn(view) else None)
        self.query_one("#fs-side", Static).update(self._side(view))
        self.query_one("#fs-collections", Static).update(self._collections(view))
        self.query_one("#fs-log", Static).update(Text("\n".join(list(self.log_lines)[-3:])))
        self.query_one("#fs-status", Static).update(self._status(view))

    def _side(self, view: FlutterView) -> str:
        holder = view.eggfly_holder
        eggfly = int(Species.GREAT_EGGFLY)
        where = (self.names[holder] if holder is not None
                 else f"on card {LABELS[view.cards.index(eggfly)]}" if eggfly in view.cards else "—")
        first = (f"chosen by {self.names[self.table.to_act()[0]]}" if view.phase is Phase.CHOOSE_ORDER
                 else self.names[view.first])
        return (f"[b]Great Eggfly[/b]\n {where}\n[b]First player[/b]\n {first}\n"
                f"[b]Unseen[/b] {len(view.unseen())}\n\n"
                "[dim]┏━┓ open\n┌─┐ covered\n░░ face down[/]")

    def _collections(self, view: FlutterView) -> str:
        lines = []
        for seat, name in enumerate(self.names):
            score = score_collection(view.held[seat]).total
            lines.append(f"[b]{name}[/b] ({counted(score, 'pt')}): {collection_line(view.held[seat])}")
        return "\n".join(lines)

    def _my_turn(self, view: FlutterView) -> bool:
        acting = self.table.to_act()
        return bool(acting) and acting[0] in self.runtime.people

    def _status(self, view: FlutterView) -> str:
        if self.problem:
            return self.problem_line()
        outcome = self.table.outcome()
        if outcome is not None:
            winner = self.names[outcome.winners[0]]
            return f"[b]{winner} won the game {markup_safe(outcome.summary)}.[/] escape: menu"
        seat = self.table.to_act()[0]
        name = self.names[seat]
        if seat in self.bots:
            return f"[i]{name} is thinking…[/]"
        if seat not in self.runtime.people:  # at a shared table: another session's seat
            return f"[i]waiting for {markup_safe(self.table.waiting_for())}…[/]"
        who = "" if len(self.bots) else f"{name}: "
        if view.phase is Phase.EGGFLY:
            return (f"{who}put the Great Eggfly on {LABELS[view.emptied]}?  "
                    "[b]y[/b] put it there · [b]n[/b] keep it")
        if view.phase is Phase.CHOOSE_ORDER:
            return (f"{who}you lost the round. Next: the {view.layout.name} layout. "
                    "[b]1[/b] go first · [b]2[/b] go second (gets the Eggfly)")
        letters = "".join(LABELS[i] for i in view.open_slots)
        return f"{who}collect an open card: press its letter ({letters}) or ←→ and enter"

    # -- keys -----------------------------------------------------------------------------
    def on_key(self, event: textual_events.Key) -> None:
        """Letters A-R collect that card; while deciding about the Eggfly, n means keep it."""
        key = event.character
        if not key or len(key) != 1 or not key.isalpha() or key.upper() not in LABELS:
            return
        if key.lower() == "n" and self.table.view(None).phase is Phase.EGGFLY:
            return
        event.stop()
        self.send(Collect(LABELS.index(key.upper())))

    def on_board_slot_chosen(self, message: Board.SlotChosen) -> None:
        self.send(Collect(message.slot))

    def action_collect_cursor(self) -> None:
        if self.cursor is not None:
            self.send(Collect(self.cursor))

    def action_move(self, dx: int, dy: int) -> None:
        view = self.view
        slots = [view.layout.slots[i] for i in view.open_slots]
        if not slots or self.cursor is None:
            return
        here = view.layout.slots[self.cursor]

        def distance(s) -> tuple:
            ahead = (s.x - here.x) * dx + (s.row - here.row) * dy
            side = abs(s.row - here.row) if dx else abs(s.x - here.x)
            return (ahead <= 0, side * 2 + abs(ahead), s.index)

        best = min((s for s in slots if s.index != here.index), key=distance, default=None)
        if best is not None and distance(best)[0] is False:
            self.cursor = best.index
            self.redraw()

    def action_eggfly(self, put: bool) -> None:
        self.send(PlaceEggfly() if put else KeepEggfly())

    def action_order(self, first: bool) -> None:
        self.send(ChooseOrder(first))

    def action_scores(self) -> None:
        scores = [score_collection(held) for held in self.view.held]
        self.app.push_screen(Message("Scores if the round ended now", self._score_text(scores)))

    def _score_text(self, scores: Sequence[Score]) -> str:
        """Each seat's sets, one per line, with the total: how the best allocation was reached."""
        blocks = []
        for name, score in zip(self.names, scores):
            lines = "\n".join(f"  {line}" for line in score.lines()) or "  no sets"
            blocks.append(f"[b]{name}: {score.total} points[/b]\n{lines}")
        return "\n".join(blocks)

    # -- round ends -------------------------------------------------------------------------
    def after_events(self, events: Sequence[Event]) -> None:
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is None:
            return
        result = self.table.view(None).results[-1]
        summary = markup_safe(scored.describe(self.table.names))
        blocks = [self._score_text(result.scores), "", summary]
        won = next((e for e in events if isinstance(e, GameWon)), None)
        if won is not None:
            blocks.append(f"[b]{markup_safe(won.describe(self.table.names))}[/b]")
        self.pause_bots()
        self.app.push_screen(Message(f"Round {scored.round_no} scored", "\n".join(blocks)),
                             lambda _: self.resume_bots())
