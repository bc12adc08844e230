"""Settings: your name, how fast bots play, and the colour theme. Saved as you change them."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, RadioButton, RadioSet, Static

from tui.key_order import TextField
from tui.settings import BOT_PACES, NAME_LENGTH, THEMES, clean_name

PACE_HINTS = {"fast": "no pause", "normal": "a short pause", "relaxed": "time to watch"}


class SettingsScreen(Screen):
    DEFAULT_CSS = """
    SettingsScreen RadioSet { width: 100%; height: auto; border: none; }
    SettingsScreen Label { padding-top: 1; text-style: bold; }
    SettingsScreen Input { width: 30; }
    """
    BINDINGS = [Binding("escape", "leave", "Back")]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        with Vertical(classes="centered"):
            with Vertical(classes="menu-box"):
                yield Static("Settings", classes="title")
                yield Label("Your name")
                yield TextField(settings.name, max_length=NAME_LENGTH, id="name")
                yield Static(id="name-note", classes="hint", markup=False)
                yield Label("Bot pace (pause after each bot move)")
                with RadioSet(id="bot-pace"):
                    for pace in BOT_PACES:
                        yield RadioButton(f"{pace} ({PACE_HINTS[pace]})",
                                          value=pace == settings.bot_pace, name=pace)
                yield Label("Colours")
                with RadioSet(id="theme"):
                    for theme in THEMES:
                        yield RadioButton(theme, value=theme == settings.theme, name=theme)
                yield Static("tab moves between fields · escape saves and goes back",
                             classes="hint")
        yield Footer()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        choice = event.pressed.name
        if event.radio_set.id == "bot-pace":
            self.app.settings.bot_pace = choice
        elif event.radio_set.id == "theme" and choice in self.app.available_themes:
            self.app.settings.theme = choice
            self.app.theme = choice
        self._save()

    def on_input_changed(self, event: Input.Changed) -> None:
        name, note = clean_name(event.value)
        if name:
            self.app.settings.name = name
        self.query_one("#name-note", Static).update(note or "")

    def _save(self) -> None:
        problem = self.app.settings.save()
        if problem:
            self.notify(problem, severity="error", markup=False)

    def action_leave(self) -> None:
        self._save()
        self.app.pop_screen()
