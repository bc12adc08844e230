"""The Otherworld screen: the grid with its edges, your tableau and hand, the Geas, live scores.

Arrow keys walk what can be chosen now (free edges on the journey, cards to take in the saga,
tableau cards for an ability); enter chooses. Digits pick a hand card, t/m/b the row to play it to.
"""
from __future__ import annotations

from typing import Sequence


from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from games.core.messages import Command, Event
from games.core.words import counted
from games.otherworld.content import CARDS, GEAS
from games.otherworld.commands import (
    ChooseDifficulty, DiscardCard, MoveStoryteller, PlaceCard, PlaceStoryteller, RecallCard, ShiftCard,
    SkipAbility, StrikeCard, SwapCards, TakeCard,
)
from games.otherworld.events import GameScored
from games.otherworld.grid import edges
from games.otherworld.scoring import score_all
from games.otherworld.view import BALOR, ROUNDS, OtherView, Phase
from tui.screens.game_screen import GameScreen
from tui.games.otherworld.prompts import STRIKE_KEYS, prompt, step
from tui.player_text import markup_safe
from tui.seats import seat_style
from tui.games.otherworld.text import (
    ROW_KEYS, card_label, geas_line, grid_text, hand_text, tableau_text,
)

class OtherworldScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    PRIVATE_HANDS = True
    BINDINGS = [
        Binding("up", "move('up')", "Move", show=False),
        Binding("down", "move('down')", "Move", show=False),
        Binding("left", "move('left')", "Move", show=False),
        Binding("right", "move('right')", "Move", show=False),
        Binding("enter,space", "choose", "Choose"),
        Binding("t", "row(0)", "Top", show=False),
        Binding("m", "row(1)", "Middle", show=False),
        Binding("b", "row(2)", "Bottom", show=False),
        Binding("x", "discard", "Discard", show=False),
        Binding("n", "skip", "Skip ability", show=False),
        Binding("o", "others", "Others"),
        Binding("s", "scores", "Scores"),
    ]

    def __init__(self, table, handle) -> None:
        super().__init__(table, handle)
        self.cursor = None  # an edge, a cell or a (row, position), by phase
        self.marked = None  # swap: the first card; shift: the card; wander: the storyteller
        self.selected: str | None = None  # the hand card picked with a digit
        self.showing: int | None = None  # whose tableau is shown (None: the viewer's)

    def compose(self) -> ComposeResult:
        yield Static(id="ow-top")
        with Horizontal(id="ow-middle"):
            yield Static(id="ow-grid")
            yield Static(id="ow-geas")
        yield Static(id="ow-tableau")
        yield Static(id="ow-hand")
        yield Static(id="ow-log")
        yield Static(id="ow-status")
        yield Footer()

    # -- what the viewer sees -----------------------------------------------------------
    def targets(self, view: OtherView) -> dict:
        """What the arrow keys walk now: key -> (y, x) on screen."""
        legal = self.legal(view)
        all_edges = edges(view.rows, view.cols)
        if view.phase is Phase.JOURNEY:
            found = {c.edge for c in legal if isinstance(c, PlaceStoryteller)}
        elif view.phase is Phase.TAKE:
            return {c.cell: (2 * (c.cell // view.cols), c.cell % view.cols)
                    for c in legal if isinstance(c, TakeCard)}
        elif view.phase is Phase.ABILITY and CARDS[view.pending].ability == "wander":
            found = {c.edge for c in legal if isinstance(c, MoveStoryteller)} if \
                self.marked is None else {c.to for c in legal if isinstance(c, MoveStoryteller)
                                          and c.edge == self.marked}
        elif view.phase is Phase.ABILITY:
            cards = {card for c in legal for card in _cards_of(c)}
            tableau = view.tableaus[view.seat]
            return {(r, i): (r, i) for r, row in enumerate(tableau) for i, c in enumerate(row)
                    if c in cards}
        else:
            return {}
        return {e: (all_edges[e].line, all_edges[e].column) for e in sorted(found)}

    def fix_cursor(self, view: OtherView) -> None:
        points = self.targets(view)
        if self.cursor not in points:
            self.cursor = next(iter(points), None)
        if self.selected not in view.hand:
            self.selected = view.hand[0] if len(view.hand) == 1 else None

    # -- drawing --------------------------------------------------------------------------
    def redraw(self) -> None:
        if not self.ready:
            return
        view = self.view
        self.fix_cursor(view)
        no_color = self.app.no_color
        self.query_one("#ow-top", Static).update(self._top(view))
        self.query_one("#ow-grid", Static).update(self._grid(view, no_color))
        self.query_one("#ow-geas", Static).update(self._geas(view))
        self.query_one("#ow-tableau", Static).update(self._tableau(view, no_color))
        hand = hand_text(view.hand, self.selected, no_color) if view.seat is not None else ""
        self.query_one("#ow-hand", Static).update(hand or "[dim]no cards in hand[/]")
        self.query_one("#ow-log", Static).update(Text("\n".join(list(self.log_lines)[-2:])))
        self.query_one("#ow-status", Static).update(self._status(view))

    def projected(self, view: OtherView) -> list[int]:
        return [t.total for t in score_all(view.tableaus, view.geas,
                                           view.balor if view.solo else None)]

    def _top(self, view: OtherView):
        from rich.text import Text

        phase = {Phase.TAKE: "saga", Phase.PLACE: "saga", Phase.ABILITY: "saga"}.get(
            view.phase, view.phase.value)
        first = view.order[0]  # solo: you and Balor take turns going first
        head = (f"Otherworld · round {view.round} of 5 · {phase} · first: "
                f"{'Balor' if first == BALOR else self.table.names[first]} · deck {view.deck_left}")
        text = Text(head + "\n", style="bold")
        scores = self.projected(view)
        no_color = self.app.no_color
        for seat in range(view.players):
            tellers = sum(1 for t in view.tellers if t == seat)
            text.append(f"{seat + 1}", seat_style(seat, no_color))
            mark = "▶" if seat in self.table.to_act() else " "
            text.append(f"{mark}{self.table.names[seat][:11]} {scores[seat]:>3} "
                        f"{'●' * tellers:<3} ")
        if view.solo:
            side = "▲ high" if view.balor_high else "▼ low"
            text.append(f"B Balor {scores[1]:>3} · control {side} · pile {len(view.balor)}"
                        f" · {view.balor_left} turns left")
        return text

    def _grid(self, view: OtherView, no_color: bool):
        lit, cursor_edge, marked_edge = set(), None, None
        if view.phase is Phase.TAKE and self.cursor is not None:
            lit = {self.cursor}
        elif isinstance(self.cursor, int):
            cursor_edge = self.cursor
            lit = set(edges(view.rows, view.cols)[self.cursor].cells)
        if view.phase is Phase.ABILITY and isinstance(self.marked, int):
            marked_edge = self.marked
        if not any(view.grid):
            over = self.table.outcome() is not None
            last = view.round >= ROUNDS
            return "[dim]" + ("The game is over." if over else
                              "The grid is empty: the last round's cards are all taken." if last else
                              "The grid is empty until the next round is dealt.") + "[/]"
        return grid_text(view, no_color, lit, cursor_edge, marked_edge)

    def _geas(self, view: OtherView) -> str:
        lines = []
        for r, g in enumerate(view.geas):
            lines.append(f"[b]{ROW_KEYS[r]} {GEAS[g].name}[/b]")
            lines.append(f" {geas_line(GEAS[g])}")
        return "\n".join(lines)

    def _tableau(self, view: OtherView, no_color: bool):
        from rich.text import Text

        from games.otherworld.geas import row_points

        if view.solo and self.showing == BALOR:
            labels = " ".join(card_label(c) for c in view.balor) or "no cards yet"
            return Text(f"Balor's pile (o: back to yours)\n{labels}")
        seat = self.showing if self.showing is not None else view.seat
        if seat is None:
            return Text("Hands and tableaus are hidden until the next player is at the keyboard.")
        tableau = view.tableaus[seat]
        lit = {self.cursor} if isinstance(self.cursor, tuple) and seat == view.seat else set()
        if isinstance(self.marked, tuple) and seat == view.seat:
            lit.add(self.marked)
        notes = [counted(row_points(g, r), "pt") for g, r in zip(view.geas, tableau)]
        whose = "Your tableau" if seat == view.seat else f"{self.table.names[seat]}'s tableau (o: next)"
        text = Text(whose + "\n", style="bold")
        text.append_text(tableau_text(tableau, no_color, lit, notes=notes))
        return text

    def _status(self, view: OtherView) -> str:
        outcome = self.table.outcome()
        if outcome is not None:
            summary = markup_safe(outcome.summary)
            return f"[b]Game over: {summary}.[/] s: the score sheet · escape: menu"
        if self.problem:
            return self.problem_line()
        if not self.my_turn(view):
            who = markup_safe(self.table.waiting_for())
            thinking = " (thinking)" if self.thinking is not None else ""
            return f"[i]Waiting for {who}{thinking}…[/]"
        return prompt(view, self.legal(view), self.selected, self.marked)

    # -- keys -----------------------------------------------------------------------------
    def on_key(self, event: textual_events.Key) -> None:
        key = event.character
        if not key or len(key) != 1:
            return
        view = self.view
        if key.isdigit() and view.seat is not None:
            event.stop()
            if view.phase is Phase.DIFFICULTY:
                self.send(ChooseDifficulty(int(key)))
                return
            n = int(key)
            if not 1 <= n <= len(view.hand):
                self.problem = f"There is no card {n} in your hand."
            else:
                self.selected, self.problem = view.hand[n - 1], ""
            self.redraw()
        elif len(key) == 1 and key.upper() in STRIKE_KEYS and view.phase is Phase.STRIKE:
            event.stop()  # lower case strikes too, as letters pick cards in every game
            index = STRIKE_KEYS.index(key.upper())
            if index < len(view.balor):
                self.send(StrikeCard(view.balor[index]))
            else:
                self.problem = f"Balor has no card {key.upper()}: his pile is {STRIKE_KEYS[0]}-" \
                               f"{STRIKE_KEYS[len(view.balor) - 1]}."
                self.redraw()

    def action_move(self, direction: str) -> None:
        view = self.view
        points = self.targets(view)
        if points:
            self.cursor = step(points, self.cursor, direction)
            self.redraw()

    def action_choose(self) -> None:
        view = self.view
        if not self.my_turn(view) or self.cursor is None:
            return
        if view.phase is Phase.JOURNEY:
            self.send(PlaceStoryteller(self.cursor))
        elif view.phase is Phase.TAKE:
            self.send(self._take(view, self.cursor))
        elif view.phase is Phase.ABILITY:
            self._ability_choice(view)

    def _take(self, view: OtherView, cell: int) -> TakeCard:
        """Use the storyteller whose other card is worth least (keeps the better chances)."""
        options = [c for c in self.legal(view) if isinstance(c, TakeCard) and c.cell == cell]

        def other(command: TakeCard) -> tuple:
            rest = [c for c in edges(view.rows, view.cols)[command.edge].cells if c != cell]
            card = view.grid[rest[0]] if rest else None
            return (card is not None, CARDS[card].value if card else -1)
        return min(options, key=other)

    def _ability_choice(self, view: OtherView) -> None:
        ability = CARDS[view.pending].ability
        if ability == "wander":
            if self.marked is None:
                self.marked, self.cursor = self.cursor, None
                self.redraw()
            else:
                self.send(MoveStoryteller(self.marked, self.cursor))
            return
        r, i = self.cursor
        card = view.tableaus[view.seat][r][i]
        if ability == "recall":
            self.send(RecallCard(card))
        elif ability == "shift" or self.marked is None:
            self.marked = (r, i)
            self.redraw()
        else:
            mr, mi = self.marked
            self.send(SwapCards(view.tableaus[view.seat][mr][mi], card))

    def _ready(self, view: OtherView) -> bool:
        """Whether keys may act now; says why not when it is someone else's turn."""
        if self.table.outcome() is not None:
            return False
        if not self.my_turn(view):
            self.problem = f"It is not your turn: waiting for {self.table.waiting_for()}."
            self.redraw()
            return False
        return True

    def action_row(self, row: int) -> None:
        view = self.view
        if not self._ready(view):
            return
        if view.phase is Phase.ABILITY and CARDS[view.pending].ability == "shift":
            if self.marked is None:
                self.problem = "First mark the card to move: arrows, then enter."
                self.redraw()
                return
            mr, mi = self.marked
            self.send(ShiftCard(view.tableaus[view.seat][mr][mi], row))
            return
        if self.selected is None:
            self.problem = "First pick a card from your hand with its number."
            self.redraw()
            return
        self.send(PlaceCard(self.selected, row))

    def action_discard(self) -> None:
        if not self._ready(self.view):
            return
        if self.selected is None:
            self.problem = "First pick the card to discard with its number."
            self.redraw()
            return
        self.send(DiscardCard(self.selected))

    def action_skip(self) -> None:
        self.send(SkipAbility())

    def action_others(self) -> None:
        view = self.view
        if view.seat is None:
            return
        order = [s for s in range(view.players) if s != view.seat]
        if view.solo:
            order = [BALOR]
        cycle = [None, *order]
        self.showing = cycle[(cycle.index(self.showing) + 1) % len(cycle)] \
            if self.showing in cycle else None
        self.redraw()

    def action_scores(self) -> None:
        from tui.games.otherworld.scores import ScoreSheet

        self.app.push_screen(ScoreSheet(self.table.view(self.viewer()), self.table.names))

    # -- events ---------------------------------------------------------------------------
    def send(self, command: Command) -> bool:
        done = super().send(command)
        if done:
            self.marked = None
            if not isinstance(command, (PlaceCard, DiscardCard)):
                return done
            self.selected = None
            self.redraw()
        return done

    def after_events(self, events: Sequence[Event]) -> None:
        if any(isinstance(e, GameScored) for e in events):
            from tui.games.otherworld.scores import ScoreSheet

            self.pause_bots()
            self.app.push_screen(ScoreSheet(self.table.view(self.viewer()), self.table.names),
                                 lambda _: self.resume_bots())


def _cards_of(command: Command) -> tuple[str, ...]:
    if isinstance(command, SwapCards):
        return (command.first, command.second)
    if isinstance(command, (ShiftCard, RecallCard)):
        return (command.card,)
    return ()
