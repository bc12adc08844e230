"""How every game screen tells seats apart: one colour per seat, always with the seat's number too
(the game must read without colour)."""
from __future__ import annotations

from rich.style import Style

SEAT_COLOURS = ("magenta", "cyan", "orange1", "bright_white")


def seat_style(seat: int, no_color: bool) -> Style:
    return Style(color=None if no_color else SEAT_COLOURS[seat % len(SEAT_COLOURS)], bold=True)
