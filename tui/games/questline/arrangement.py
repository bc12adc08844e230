"""A hand laid out card by card with the stars each earns and why; rearrange it and watch the total."""
from __future__ import annotations

from textwrap import wrap

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import Static

from games.questline.arrange import best_arrangement
from games.questline.cards import MAX_LEVEL, Card
from games.questline.scoring import Placement, evaluate

INDENT = " " * 6  # a card's reasons, under its name
REASONS = 70  # their width: the box's 74 columns inside, less room for the scrollbar


class ArrangementScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ArrangementScreen { align: center middle; }
    ArrangementScreen > Vertical { width: 78; height: auto; max-height: 23; border: thick $primary;
                                   padding: 0 1; background: $surface; }
    ArrangementScreen VerticalScroll { height: auto; max-height: 17; }
    ArrangementScreen #ql-lines, ArrangementScreen #ql-total { height: auto; }
    """
    BINDINGS = [
        Binding("up,k", "select(-1)", "Select", show=False),
        Binding("down,j", "select(1)", "Select", show=False),
        Binding("left_square_bracket,shift+up", "move(-1)", "Move left", key_display="["),
        Binding("right_square_bracket,shift+down", "move(1)", "Move right", key_display="]"),
        Binding("plus,equals_sign", "level(1)", "? level +", key_display="+"),
        Binding("minus", "level(-1)", "? level -", key_display="-"),
        Binding("b", "best", "Best"),
        Binding("escape,enter", "close", "Close"),
    ]

    def __init__(self, hand: list[Card], epilogue: Card | None) -> None:
        super().__init__()
        self.epilogue = epilogue
        self.line, tally = best_arrangement(hand, epilogue)
        self.best_total = tally.total
        self.selected = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Your questline, card by card", classes="title")
            with VerticalScroll(can_focus=False):  # the keys pick cards; the picked one is kept in view
                yield Static(id="ql-lines")
            yield Static(id="ql-total")  # under the box that scrolls: always in sight
            yield Static("↑↓ pick · [ ] move left/right · + - level of a ? · b best · "
                         "enter close", classes="hint")

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        tally = evaluate(self.line, self.epilogue)
        rows, name_width = [], max(len(p.card.name) for p in self.line)
        for i, score in enumerate(tally.cards):
            mark = "▶" if i == self.selected else " "
            placed = self.line[i]
            level = placed.level if placed.card.wild else placed.card.level_text()
            reasons = "; ".join(f"{text} {stars:+d}" if stars else text
                                for text, stars in score.reasons)
            head = f"{mark} L{str(level):<3} {placed.card.name:<{name_width}} {score.stars:>3}★"
            if score.face_down:
                head += "  face down"
            elif score.base:
                head += f"  base {score.base}"
            told = wrap(reasons, REASONS, initial_indent=INDENT, subsequent_indent=INDENT)
            if i == self.selected:
                picked = Region(0, len(rows), 1, 1 + len(told))
            rows += [head, *(f"[dim]{row}[/]" for row in told)]
        if tally.epilogue:
            rows.append(f"  Epilogue {tally.epilogue.card.name}: {tally.epilogue.stars}★")
        verdict = "the best possible" if tally.total == self.best_total else (
            f"best possible {self.best_total}")
        self.query_one("#ql-lines", Static).update("\n".join(rows))
        self.query_one("#ql-total", Static).update(f"[b]Total {tally.total} stars[/b] ({verdict})")
        scroll = self.query_one(VerticalScroll)  # the picked card in view, once its rows are laid out
        self.call_after_refresh(scroll.scroll_to_region, picked, animate=False)

    def action_select(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.line)
        self.redraw()

    def action_move(self, step: int) -> None:
        j = self.selected + step
        if 0 <= j < len(self.line):
            self.line[self.selected], self.line[j] = self.line[j], self.line[self.selected]
            self.selected = j
            self.redraw()

    def action_level(self, step: int) -> None:
        placed = self.line[self.selected]
        if placed.card.wild:
            level = min(MAX_LEVEL, max(2, placed.level + step))
            self.line[self.selected] = Placement(placed.card, level)
            self.redraw()

    def action_best(self) -> None:
        self.line = best_arrangement([p.card for p in self.line], self.epilogue)[0]
        self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)
