"""The Once Upon a Line screen: the Grid of Destiny, hero boards, cards, the Line of Tragedy.

Playing a hero: a number picks the hero, numbers pick tiles from its Reserve, enter lists the legal
placements (↑↓ anchor word, ←→ placement, previewed on the grid), enter scratches; the squares are
then revealed one by one (any key shows them all). Decisions, Words of Power and riddles open
dialogs; p pencils letters into squares still under the ink. Tab cycles the side pane.
"""
from __future__ import annotations

import re
from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from games.core.messages import Event
from games.once_upon_a_line.events import Pencilled
from games.once_upon_a_line.grid import Cell, cell_name
from games.once_upon_a_line.legal import WAITING
from games.once_upon_a_line.telling import money
from games.once_upon_a_line.view import HeroView, LineView
from tui.screens.game_screen import GameScreen
from tui.games.once_upon_a_line.action import ActionChoice
from tui.games.once_upon_a_line.dialogs import ReadDialog
from tui.games.once_upon_a_line.fitted import FittedText
from tui.games.once_upon_a_line.follow import AfterCommands
from tui.games.once_upon_a_line.moves import HeroMoves
from tui.games.once_upon_a_line.cards import card_order, cards_pane, card_text
from tui.games.once_upon_a_line.grid import GridBoard, Overlay
from tui.games.once_upon_a_line.heroes import hero_boards, reserve_choice, tile_short
from tui.games.once_upon_a_line.story import key_pane, standing, story_pane
from tui.games.once_upon_a_line.saga import SagaSteps
from tui.games.once_upon_a_line.tragedy import tragedy_text
from tui.games.once_upon_a_line.zones import zone_text

PANES = ("Heroes", "Cards", "Story", "Key")
HOW = {"A": "beside", "B": "on from a line", "C": "continuing", "D": "over", "*": "anywhere"}
ARROWS = {"right": "→", "left": "←", "down": "↓", "up": "↑"}
SIDES = {"before": " start side first", "after": " end side first"}
PANE_LINES, PANE_WIDTH = 12, 28
STATUS_WIDTH = 78  # the status lines' width at 80 columns, the smallest terminal
REVEAL_SECONDS = 0.18


class OnceUponALineScreen(HeroMoves, AfterCommands, SagaSteps, GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back/Menu"),
        Binding("1", "number(1)", "Pick", key_display="1-9"),
        *(Binding(str(n % 10), f"number({n})", show=False) for n in range(2, 11)),
        Binding("enter", "go", "Go", show=False),
        Binding("up", "arrow(0, -1)", show=False), Binding("down", "arrow(0, 1)", show=False),
        Binding("left", "arrow(-1, 0)", show=False), Binding("right", "arrow(1, 0)", show=False),
        Binding("tab", "pane", "Pane"),
        Binding("p", "pencil", "Pencil"),
        Binding("r", "replace", "Replace", show=False),
        Binding("m", "move", "Move", show=False),
        Binding("v", "read", "Read"),
        Binding("h", "stuck", "Stuck?"),
        Binding("s", "save", "Save"),
        # named in the status line instead of the footer, which has no room for them
        Binding("w", "whole_log", "Log", show=False),
        Binding("question_mark", "rules", "Rules", key_display="?", show=False),
    ]

    def __init__(self, table, handle) -> None:
        super().__init__(table, handle)
        self.choice: ActionChoice | None = None
        self.pencilling = False
        self.cursor: Cell = (0, 0)
        self.pane = 0
        self.card_key: str | None = None  # the card in the reading pane
        self.cards_seen = 0
        self.shown: set[Cell] | None = None  # squares the player has seen revealed
        self.queue: list[Cell] = []  # scratched squares still to reveal, in scratch order
        self.timer = None
        self.dialog = None
        self.end_shown = False
        self.note = ""  # a hint for the status line about the action being chosen (not an error)
        self.log_count = 0
        self.drawn: dict[str, tuple[Text, str]] = {}  # what each pane shows now

    def compose(self) -> ComposeResult:
        yield Static(id="ol-top")
        with Horizontal(id="ol-middle"):
            yield GridBoard(id="ol-grid")
            with Vertical(id="ol-side"):
                yield Static(id="ol-tabs")
                yield FittedText(id="ol-pane")
        yield FittedText(id="ol-read")
        yield Static(id="ol-log")
        yield Static(id="ol-status")
        yield Footer()

    def on_mount(self) -> None:
        """Textual runs GameScreen.on_mount too (after this): open the chapter once it has."""
        self.call_after_refresh(self.open_chapter)

    def open_chapter(self) -> None:
        view = self.view
        if not self.table.log and not view.ended:
            intro = f"{view.introduction}\n\nMain quest: {view.main_quest}"
            self.open_dialog(ReadDialog(view.title, intro), lambda _: self.follow_up())
        else:
            self.follow_up()

    def on_unmount(self) -> None:  # Textual calls GameScreen.on_unmount as well
        if self.timer is not None:
            self.timer.stop()

    # -- reading the table ----------------------------------------------------------------
    @property
    def view(self) -> LineView:
        return self.table.view(0)

    def hero_view(self, view: LineView, hero_id: str) -> HeroView:
        return next(h for h in view.heroes if h.id == hero_id)

    def say(self, problem: str) -> None:
        """A key at the wrong time: explain, change nothing."""
        self.problem = problem
        self.app.bell()
        self.redraw()

    # -- drawing -----------------------------------------------------------------------------
    def redraw(self) -> None:
        if not self.ready:
            return
        view = self.view
        self.track_reveal(view)
        self.query_one(GridBoard).show(view, self.overlay(view))
        status = self.status(view)
        # a refusal longer than the two status lines takes the log line's row too (the log line
        # only repeats the log's newest entry), so it is read whole and nothing else moves
        self.set_class(len(status.wrap(self.app.console, self.status_width())) > 2, "-long-status")
        self.put("#ol-status", status)
        if self.queue:
            return  # the rest of the screen waits until the squares are revealed
        self.follow_cards(view)
        no_color = self.app.no_color
        top = Text(f"{view.title}", Style(bold=True))
        top.append(" │ ").append_text(tragedy_text(view, no_color))
        top.append(f" │ {money(view.currency[1], view.currency[0])} │ {standing(view)}")
        self.put("#ol-top", top)
        self.put("#ol-tabs", self.tabs(view))
        self.put("#ol-pane", *self.pane_text(view))
        card = next((c for c in view.cards if c.key == self.card_key), None)
        reading = card_text(card, view, no_color) if card else Text(view.introduction)
        self.put("#ol-read", reading, "v reads the whole card")
        self.put("#ol-log", Text((list(self.log_lines) or [""])[-1]))

    def put(self, selector: str, text: Text, more: str = "") -> None:
        """Update a pane only when its text changed: over SSH every byte travels. `more` says how
        to read what a fitted pane has no room for (a long card's instructions were cut off)."""
        if self.drawn.get(selector) != (text, more):
            self.drawn[selector] = (text, more)
            pane = self.query_one(selector, Static)
            if isinstance(pane, FittedText):
                pane.show(text, more)
            else:
                pane.update(text)

    def tabs(self, view: LineView) -> Text:
        text = Text()
        for i, name in enumerate(PANES):
            label = f"{name} {len(view.cards)}" if name == "Cards" else name
            if i:
                text.append(" ")  # one space between tabs: four fit 28 columns with 99 cards
            text.append(label, Style(reverse=i == self.pane, bold=i == self.pane))
        return text

    def pane_text(self, view: LineView) -> tuple[Text, str]:
        """The side pane's text, and how to read the rest when it is fitted to the pane."""
        name, no_color = PANES[self.pane], self.app.no_color
        width = self.query_one("#ol-pane", Static).content_size.width or PANE_WIDTH
        if name == "Heroes":
            return hero_boards(view, self.choice.hero if self.choice else None, no_color, width), ""
        if name == "Cards":
            return cards_pane(view, self.card_key, no_color, width, PANE_LINES), ""
        if name == "Story":
            return story_pane(view), "v reads it all"
        return key_pane(), ""

    def overlay(self, view: LineView) -> Overlay:
        masked = frozenset(self.queue)
        if self.pencilling:
            return Overlay(cursor=self.cursor, masked=masked)
        if self.choice is None or not self.choice.placing:
            return Overlay(masked=masked)
        uncovered = {c for c, sq in view.squares.items() if sq.kind != "ink"}
        inside = lambda c: 0 <= c[0] < view.width and 0 <= c[1] < view.height  # noqa: E731
        preview, lost, _ = self.choice.preview(uncovered, inside)
        word = self.choice.current().anchor
        anchor = view.planner.word_cells(word) if word else frozenset()
        return Overlay(preview, lost, anchor, None, masked)

    def status(self, view: LineView) -> Text:
        """Two lines: what to do now, then a problem, a note, or the keys that work now. A problem
        or note too long for one line takes the whole status, so it is read whole (refusals were cut
        at 80 columns)."""
        line, keys = self.prompt(view)
        note = self.note if self.choice is not None else ""  # a note is about the action being chosen
        if self.problem:
            red = None if self.app.no_color else "red"
            second = Text(f"✗ {self.named(self.problem)}", Style(bold=True, color=red))
        else:
            second = Text(note or keys, Style(italic=bool(note)))
        if (self.problem or note) and second.cell_len > self.status_width():
            return second
        return Text.assemble(line, "\n", second)

    def status_width(self) -> int:
        return self.query_one("#ol-status", Static).content_size.width or STATUS_WIDTH

    def prompt(self, view: LineView) -> tuple[Text, str]:
        if self.queue:
            return Text("Scratching…", Style(italic=True)), "any key shows every square at once"
        if view.ended:
            return Text(f"Chapter over: {self.table.outcome().summary}"), "enter the score · esc menu"
        if self.pencilling:
            return (Text(f"Pencil in {cell_name(self.cursor)}: type a letter"),
                    "backspace rubs out · arrows move · enter or esc: done")
        if view.pending is not None and self.choice is None:
            return (Text(f"Waiting for you to {WAITING[view.pending.kind]}.", Style(bold=True)),
                    "enter opens it · tab pane · v read")
        if self.choice is None:
            scroll = " · ←→↑↓ scroll" if self.query_one(GridBoard).window.clipped else ""
            return (Text(f"Press 1-{len(view.heroes)} to play a hero."),
                    f"p pencil · tab pane · v read · w log · u undo · ? rules · s save{scroll}")
        hero = self.hero_view(view, self.choice.hero)
        head = Text(f"{hero.name}", Style(bold=True))
        if not self.choice.placing:
            head.append(" ").append_text(zone_text(hero.zone, self.app.no_color))
            tiles = view.planner.tiles(hero.id)
            head.append(" tiles ").append_text(reserve_choice(tiles, self.choice.tiles))
            return head, "numbers pick tiles · enter where? · r replace tiles · m move zone · esc"
        if self.choice.star:
            return head.append_text(self.placement_line(view, hero)), (
                "arrows move the star tile · space turns it · enter scratch · esc other tiles")
        return head.append_text(self.placement_line(view, hero)), (
            "↑↓ anchor word · ←→ placement · enter scratch · esc other tiles")

    def placement_line(self, view: LineView, hero: HeroView) -> Text:
        """'[5] HORSE 1/2 · beside, C4…C8 ↓ · 3/14 · 2 lost' (short: the grid shows the rest)."""
        choice = self.choice
        tiles = "+".join(tile_short(dict(hero.reserve)[t]) for t in choice.tiles)
        anchors, placements = choice.anchors(), choice.at_anchor()
        uncovered = {c for c, sq in view.squares.items() if sq.kind != "ink"}
        preview, _, lost = choice.preview(uncovered, lambda c: 0 <= c[0] < view.width
                                              and 0 <= c[1] < view.height)
        placement = choice.current()
        order = sorted(preview, key=preview.get) or [placement.cells[0]]
        span = cell_name(order[0]) if len(order) == 1 else f"{cell_name(order[0])}…{cell_name(order[-1])}"
        last = placement.code.split()[-1]
        arrow = ARROWS.get(last, "")
        side = SIDES.get(last, "")  # over a word: which side is scratched first
        # placements over a word may start on the same square: the span tells them apart (the
        # planner offers one placement per outcome)
        where = f"{HOW[placement.case]}{side}, {span} {arrow}".rstrip()
        lost_text = f" · {lost} lost" if lost else ""
        if choice.star:
            return Text(f" [{tiles}] {where}{lost_text}")
        return Text(f" [{tiles}] {anchors[choice.anchor]} {choice.anchor + 1}/{len(anchors)}"
                    f" · {where} · {choice.index + 1}/{len(placements)}{lost_text}")

    def follow_cards(self, view: LineView) -> None:
        """A newly read card opens in the reading pane; after an undo the pane stays valid."""
        keys = [c.key for c in view.cards]
        if len(keys) > self.cards_seen or self.card_key not in keys:
            self.card_key = keys[-1] if keys else None
        self.cards_seen = len(keys)

    # -- the log -------------------------------------------------------------------------------
    def describe(self, seat: int, events: Sequence[Event]) -> list[str]:
        lines = super().describe(seat, events)
        self.log_count += len(lines)
        return lines

    def event_text(self, event: Event, reader: int | None) -> str | None:
        if isinstance(event, Pencilled):  # pencil notes stay out of the log
            return None
        return self.named(super().event_text(event, reader))

    def named(self, text: str) -> str:
        """Events and refusals name heroes by id: the player reads their names."""
        for hero in self.view.heroes:
            text = re.sub(rf"\b{re.escape(hero.id)}\b", hero.name, text)
        return text

    def new_log_lines(self, before: int) -> list[str]:
        count = min(self.log_count - before, len(self.log_lines))
        return list(self.log_lines)[-count:] if count > 0 else []

    # -- keys ----------------------------------------------------------------------------------
    def on_key(self, event: textual_events.Key) -> None:
        """Keys that switch pencilling on and off are handled here, before any binding: bindings
        run after the key reaches the app, so a fast typist's next letter would arrive first."""
        if self.queue:
            event.stop()
            self.finish_reveal()
        elif self.pencilling:
            self.pencil_key(event)
        elif event.key == "p":
            event.stop()
            self.action_pencil()
        elif event.key == "space" and self.choice is not None and self.choice.star:
            event.stop()
            self.choice.turn_here()
            self.redraw()

    def action_pane(self) -> None:
        self.pane = (self.pane + 1) % len(PANES)
        self.redraw()

    def action_arrow(self, dx: int, dy: int) -> None:
        if self.pencilling:
            self.move_cursor(dx, dy)
        elif self.choice is not None and self.choice.star:
            if not self.choice.move_start(dx, dy):
                self.say("The star tile cannot start further that way.")
                return
            self.problem = ""
            self.redraw()
        elif self.choice is not None and self.choice.placing:
            self.choice.turn(anchors=dy, places=dx)
            self.problem = ""
            self.redraw()
        elif PANES[self.pane] == "Cards" and dy:
            keys = [c.key for c in card_order(self.view)]
            if keys:
                at = keys.index(self.card_key) if self.card_key in keys else 0
                self.card_key = keys[(at + dy) % len(keys)]
                self.redraw()
        elif self.query_one(GridBoard).window.clipped:
            if self.query_one(GridBoard).pan(dx, dy):
                self.problem = ""
                self.redraw()
            else:
                self.say("That is the edge of the grid.")
        else:
            self.say("Arrows work once tiles are chosen (enter), in pencil mode (p) or on the "
                     "Cards pane (tab).")

    def action_stuck(self) -> None:
        """The rulebook's "Stuck?" advice for this chapter as it stands: where to look, never what."""
        lines = "\n\n".join(f"· {hint}" for hint in self.view.hints)
        self.app.push_screen(ReadDialog("Stuck? Where to look", Text(lines)))

    def action_read(self) -> None:
        view, name = self.view, PANES[self.pane]
        card = next((c for c in view.cards if c.key == self.card_key), None)
        if name == "Heroes":
            body = "\n\n".join(f"{h.name}\n" + "\n".join(f"  {word}: {text}"
                                                          for word, text, _, _ in h.talents)
                               + (f"\n  (with {h.companion})" if h.companion else "")
                               + (f"\n  Legendary: {h.legendary}" if h.legendary else "")
                               for h in view.heroes)
            self.app.push_screen(ReadDialog("Heroes and their talents", body))
        elif name == "Cards" and card is not None:
            self.app.push_screen(ReadDialog(f"{card.key} · {card.title}",
                                            card_text(card, view, self.app.no_color)))
        elif name == "Key":
            self.app.push_screen(ReadDialog("The key", key_pane(whole=True)))
        else:
            body = Text(f"{view.introduction}\n\n").append_text(story_pane(view, whole=True))
            self.app.push_screen(ReadDialog(view.title, body))

    def action_save(self) -> None:
        if self.handle is None:
            self.say("This game has no save file (see the message when it started).")
            return
        self.autosave()
        self.notify("Saved. Continue it from the main menu's Continue.", timeout=3)

    def action_undo(self) -> None:
        self.choice, self.pencilling = None, False
        super().action_undo()
