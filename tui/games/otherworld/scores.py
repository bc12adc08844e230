"""The Otherworld score sheet: every row against its Geas and every colour region, drawn on the
tableaus (• marks the cards of the colour regions that score)."""
from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from games.core.words import counted
from games.otherworld.cards import COLOURS
from games.otherworld.content import GEAS
from games.otherworld.scoring import largest_region, score_all
from games.otherworld.view import OtherView
from tui.games.otherworld.text import card_label, tableau_text


def sheet_text(view: OtherView, names: Sequence[str], no_color: bool) -> Text:
    tallies = score_all(view.tableaus, view.geas, view.balor if view.solo else None)
    final = "Final scores" if view.scores else "Scores if the game ended now"
    text = Text(f"{final} · • marks the colour regions that score\n", style="bold")
    for seat, tableau in enumerate(view.tableaus):
        tally = tallies[seat]
        members = set()
        for colour, points in zip(COLOURS, tally.colours):
            if points:
                members |= largest_region(tableau, colour)
        notes = [f"{GEAS[g].name}: {p}" for g, p in zip(view.geas, tally.rows)]
        text.append(f"\n{names[seat]}: {counted(tally.total, 'point')}\n", style="bold")
        text.append_text(tableau_text(tableau, no_color, members=members, notes=notes))
        text.append("\n" + _colours(tally) + "\n")
    if view.solo:
        balor = tallies[1]
        pile = " ".join(card_label(c) for c in view.balor)
        struck = " ".join(card_label(c) for c in view.struck)
        text.append(f"\nBalor: {counted(balor.total, 'point')}\n", style="bold")
        text.append(f"Geas corners {' + '.join(map(str, balor.rows))}\npile {pile}\n")
        if struck:
            text.append(f"struck {struck}\n")
        text.append(_colours(balor, "cards") + "\n")
    return text


def _colours(tally, unit: str = "region") -> str:
    parts = [f"{colour} {unit} {size} → {points}"
             for colour, size, points in zip(COLOURS, tally.sizes, tally.colours)]
    return "colours: " + " · ".join(parts)


class ScoreSheet(ModalScreen[None]):
    DEFAULT_CSS = """
    ScoreSheet { align: center middle; }
    ScoreSheet > VerticalScroll { width: 78; height: 22; border: thick $primary;
                                  background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,s,q", "close", "Close"),
                Binding("up", "scroll(-1)", "Scroll", show=False),
                Binding("down", "scroll(1)", "Scroll", show=False)]

    def __init__(self, view: OtherView, names: Sequence[str]) -> None:
        super().__init__()
        self.sheet_view, self.names = view, list(names)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ow-sheet"):
            yield Static(sheet_text(self.sheet_view, self.names, self.app.no_color))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#ow-sheet").scroll_relative(y=lines, animate=False)
