"""A riddle of the Challenge Gateway: type a guess, take a clue, use a hint tile, or give up.

The dialog sends each command through the game screen and stays open while the riddle waits; it
closes (returning True) once the riddle is solved, given up, or another decision comes first.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from games.once_upon_a_line.commands import GiveUp, Guess, TakeClue, UseSpecial
from games.once_upon_a_line.view import ANSWER_SQUARES, BLANK_SQUARE
from tui.key_order import TextField
from tui.screens.dialogs import Confirm
from tui.screens.game_screen import GameScreen


class RiddleDialog(ModalScreen[bool | None]):
    DEFAULT_CSS = """
    RiddleDialog { align: center middle; }
    RiddleDialog > Vertical { width: 76; height: auto; max-height: 23; border: thick $accent;
                              padding: 0 1; background: $surface; }
    RiddleDialog #riddle-news { color: $text-muted; }
    RiddleDialog Input { width: 1fr; }
    RiddleDialog Horizontal { height: auto; }
    RiddleDialog Button { min-width: 10; margin: 0 1 0 0; }
    """
    BINDINGS = [
        Binding("f2", "clue", "Clue"),
        Binding("f3", "give_up", "Give up"),
        Binding("f4", "hint", "Hint tile"),
        Binding("escape", "close", "Later"),
    ]

    def __init__(self, owner: GameScreen) -> None:  # the Once Upon a Line screen
        super().__init__()
        self.owner = owner

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="riddle-title", classes="title")
            yield Static(id="riddle-body")
            yield Static(id="riddle-news")
            with Horizontal():
                yield TextField(placeholder="your answer", id="riddle-guess")  # enter: the hint line says
                yield Button("Clue F2", id="riddle-clue")
                yield Button("Hint F4", id="riddle-hint")
                yield Button("Give up F3", id="riddle-give-up")
            yield Static("enter guess · F2 clue (scratches a ? square) · F3 give up · tab buttons · "
                         "esc look at the board", classes="hint")

    def on_mount(self) -> None:
        self.redraw("")
        self.query_one("#riddle-guess", Input).focus()

    def hint_command(self) -> UseSpecial | None:
        return next((c for c in self.owner.table.legal_commands(0) if isinstance(c, UseSpecial)),
                    None)

    def redraw(self, news: str) -> None:
        riddle = self.owner.table.view(0).riddle
        if riddle is None:
            return
        self.query_one("#riddle-title", Static).update(f"Riddle {riddle.number}")
        body = Text(riddle.riddle + "\n\n")
        shown = riddle.revealed.replace(BLANK_SQUARE, "·").ljust(ANSWER_SQUARES, "░")
        body.append("Answer  " + " ".join(shown), Style(bold=True))
        for n, clue in enumerate(riddle.clues, 1):
            body.append(f"\nClue {n}: {clue}")
        body.append(f"\n? squares scratched: {riddle.penalties}", Style(dim=True))
        self.query_one("#riddle-body", Static).update(body)
        self.query_one("#riddle-news", Static).update(Text(news))
        self.query_one("#riddle-clue", Button).disabled = len(riddle.clues) >= 2
        self.query_one("#riddle-hint", Button).display = self.hint_command() is not None

    def act(self, command) -> None:
        before = self.owner.log_count
        if not self.owner.send(command):
            self.redraw(self.owner.problem)
            return
        view = self.owner.table.view(0)
        if view.pending is None or view.pending.kind != "riddle":
            self.dismiss(True)
            return
        news = [line for line in self.owner.new_log_lines(before) if not line.startswith("Clue ")]
        self.redraw("\n".join(news))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        guess = event.value.strip()
        event.input.value = ""
        if guess:
            self.act(Guess(guess))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"riddle-clue": self.action_clue, "riddle-hint": self.action_hint,
         "riddle-give-up": self.action_give_up}[event.button.id]()

    def action_clue(self) -> None:
        self.act(TakeClue())

    def action_hint(self) -> None:
        command = self.hint_command()
        if command is None:
            self.redraw("No hero has a hint tile to play now.")
        else:
            self.act(command)

    def action_give_up(self) -> None:
        question = "Give up? The answer is shown, and two ? squares are scratched."
        self.app.push_screen(Confirm(question), lambda yes: yes and self.act(GiveUp()))

    def action_close(self) -> None:
        self.dismiss(None)
