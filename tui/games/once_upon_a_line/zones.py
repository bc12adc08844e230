"""Zones on screen: each has a colour and a mark (grid.ZONE_MARKS), so none depends on colour alone."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from games.once_upon_a_line.grid import ZONE_MARKS, ZONE_NAMES

ZONE_COLOURS = {1: "dodger_blue1", 2: "green3", 3: "red1", 4: "medium_purple1",
                5: "dark_goldenrod", 6: "dark_orange"}


def zone_style(zone: int, no_color: bool, **extra) -> Style:
    """The zone's colour (none under NO_COLOR) plus any other attributes (bold, underline...)."""
    colour = None if no_color else ZONE_COLOURS.get(zone)
    return Style(color=colour, **extra)


def zone_label(zone: int) -> str:
    """'~blue': the mark first, so a colour-blind player or NO_COLOR still tells zones apart."""
    return f"{ZONE_MARKS.get(zone, '?')}{ZONE_NAMES.get(zone, 'no zone')}"


def zone_text(zone: int, no_color: bool, bold: bool = False) -> Text:
    return Text(zone_label(zone), zone_style(zone, no_color, bold=bold))
