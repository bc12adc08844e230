"""The saga on screen: the score sheet and the ending in the end-of-chapter dialog, going on to the
next chapter (choosing its heroes when the chapter asks for it), carrying on after a Tragedy.
Mixed into the Once Upon a Line screen (follow.py opens these after the end dialog)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import SelectionList, Static

from games.once_upon_a_line.view import LineView, SagaView


def sheet_text(saga: SagaView) -> Text:
    """The saga's score sheet (and its ending, once the last chapter is told) for the end dialog."""
    text = Text("\n\nTales of the Wend, the score sheet:\n", style="bold")
    for line in saga.sheet:
        text.append(f"  {line}\n")
    text.append(f"  Total {saga.total}\n", style="bold")
    if saga.ending is not None:
        title, told = saga.ending
        text.append(f"\nThe end of the saga: {title}\n", style="bold")
        text.append(told + "\n")
    return text


class HeroChoice(ModalScreen[tuple[str, ...] | None]):
    """Choose the heroes who play the next chapter, from those the saga has: space marks one,
    enter starts once as many are marked as the chapter needs."""

    DEFAULT_CSS = """
    HeroChoice { align: center middle; }
    HeroChoice > Vertical { width: 64; height: auto; max-height: 20; border: thick $primary;
                            background: $surface; padding: 0 1; }
    HeroChoice SelectionList { height: auto; max-height: 12; }
    HeroChoice .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "start", "Start", priority=True), Binding("escape", "cancel", "Not now")]

    def __init__(self, title: str, needed: int, heroes: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.chapter_title, self.needed, self.heroes = title, needed, heroes

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.chapter_title}: choose {self.needed} heroes", classes="title",
                         markup=False)
            yield SelectionList[str](*[(name, hero) for hero, name in self.heroes], id="heroes")
            yield Static("", id="choice-problem", markup=False)
            yield Static("space marks a hero · enter starts · escape: not now", classes="hint")

    def action_start(self) -> None:
        chosen = tuple(self.query_one(SelectionList).selected)
        if len(chosen) != self.needed:
            self.query_one("#choice-problem", Static).update(
                f"Mark {self.needed} heroes, not {len(chosen)}.")
            return
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SagaSteps:
    """After a chapter's end dialog: on to the next chapter of the saga (its heroes chosen if it
    asks), or after a Tragedy a retry, else carrying on."""

    def after_the_end(self, view: LineView) -> None:
        if view.ended == "tragedy":
            self.offer_retry()
        else:
            self.offer_next(view)

    def offer_next(self, view: LineView) -> None:
        from tui.screens.dialogs import Confirm

        saga = view.saga
        if saga is None or saga.carry_on is None:
            return
        question = f"Go on with the saga: {saga.next_title}?"
        self.open_dialog(Confirm(question), lambda yes: yes and self.begin_next(saga))

    def begin_next(self, saga: SagaView) -> None:
        if not saga.choose:
            self.start_next(saga, None)
            return
        dialog = HeroChoice(saga.next_title, saga.heroes_needed, saga.available)
        self.open_dialog(dialog, lambda heroes: heroes and self.start_next(saga, heroes))

    def start_next(self, saga: SagaView, heroes: tuple[str, ...] | None) -> None:
        from games.core.rng import new_seed
        from games.core.table import Table
        from tui.screens.start import start_game

        options = dict(saga.carry_on)
        if heroes:
            options["heroes"] = list(heroes)
        table = self.table
        start_game(self.app, Table(table.game, table.seats, new_seed(), options))
