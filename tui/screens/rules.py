"""Rules: a menu of the five games, then one game's rules in our own words."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from games.core.registry import all_games, find


class RulesMenu(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("Rules", classes="title")
                yield Static("which game?", classes="subtitle")
                yield OptionList(*(Option(f"[b]{i.title}[/b]" + ("" if i.playable else
                                          "  [dim]coming soon[/]"), id=i.id) for i in all_games()))
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(RulesScreen(event.option.id))


class RulesScreen(Screen):
    """One game's rules; opened from the rules menu or with ? during a game."""

    DEFAULT_CSS = "RulesScreen VerticalScroll { padding: 0 2; }"
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False),
        Binding("down,j", "scroll(1)", "Scroll down", show=False),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(find(self.game_id).rules_text())
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll").scroll_relative(y=lines, animate=False)
