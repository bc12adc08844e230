"""One line of chat at a shared table: typed here, sent on enter (the service limits length and
rate, and shows it to everyone at the table as plain text)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.key_order import TextField
from tui.tables.service import CHAT_LENGTH


class ChatLine(ModalScreen[str | None]):
    DEFAULT_CSS = """
    ChatLine { align: center bottom; }
    ChatLine > Vertical { width: 78; height: auto; border: thick $primary; background: $surface;
                          padding: 0 1; margin-bottom: 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Say to the table (enter sends, escape cancels)")
            yield TextField(max_length=CHAT_LENGTH, id="chat-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
