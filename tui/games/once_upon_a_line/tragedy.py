"""The Line of Tragedy on one line: scratched hourglasses show what they hid, the rest wait."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from games.once_upon_a_line.view import LineView

HOURGLASS = "⧗"
EFFECT_GLYPHS = {"empty": "○", "-1": "1", "-2": "2", "lock": "#", "clover": "♣", "bell": "♪",
                 "tragedy": "☠"}
LEGEND = "⧗ to scratch · ○ nothing · 1 2 tile shrank · # compartment locked · ♣ clover · ♪ bell"


def tragedy_text(view: LineView, no_color: bool) -> Text:
    """'Tragedy ○1#⧗⧗⧗⧗⧗⧗ 6 left' (with the bell when it rang)."""
    left = view.tragedy_length - len(view.tragedy)
    warn = Style(bold=True, color=None if no_color or left > 2 else "red")
    text = Text("Tragedy ", Style(bold=True))
    for effect in view.tragedy:
        text.append(EFFECT_GLYPHS.get(effect, "?"), Style(dim=effect == "empty", bold=True))
    text.append(HOURGLASS * left, Style(color=None if no_color else "yellow"))
    text.append(f" {left} left", warn)
    if view.bell:
        text.append(" ♪bell", Style(bold=True))
    return text
