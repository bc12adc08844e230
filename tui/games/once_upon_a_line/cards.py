"""Story cards read so far, grouped by zone, and the reading pane for one card."""
from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text

from games.once_upon_a_line.grid import ZONE_MARKS
from games.once_upon_a_line.story import Card
from games.once_upon_a_line.telling import tell
from games.once_upon_a_line.view import LineView
from tui.games.once_upon_a_line.zones import zone_style, zone_text


def card_order(view: LineView) -> list[Card]:
    """The cards read, zone by zone (blue first), each zone in the order read."""
    return sorted(view.cards, key=lambda card: card.zone)


def cards_pane(view: LineView, selected: str | None, no_color: bool, width: int,
               height: int) -> Text:
    """Zone headings and card lines, scrolled so the selected card is in sight."""
    rows: list[tuple[Text, str | None]] = []
    zone = None
    for card in card_order(view):
        if card.zone != zone:
            zone = card.zone
            rows.append((zone_text(zone, no_color, bold=True), None))
        mark = "▸" if card.key == selected else " "
        gone = " (discarded)" if card.key in view.discarded else ""
        style = zone_style(card.zone, no_color, reverse=card.key == selected)
        # a long title goes on under itself: cut at the pane's edge it read 'The Troll Under the Je'
        for n, part in enumerate(textwrap.wrap(f"{card.title}{gone}", max(width - 5, 8))):
            head = f"{mark}{card.key:<4}" if n == 0 else " " * 5
            rows.append((Text(head, Style(bold=card.key == selected)).append(part, style), card.key))
    if not rows:
        return Text("No card read yet.", Style(dim=True))
    at = next((i for i, (_, key) in enumerate(rows) if key == selected), 0)
    start = max(0, min(at - height // 2, len(rows) - height))
    text = Text("\n").join(line for line, _ in rows[start:start + height])
    return text


def card_text(card: Card, view: LineView, no_color: bool) -> Text:
    """Title, number, zone and icons; the story with its WORDS in their zones; the instructions."""
    head = Text(f"{card.key} · {card.title}", zone_style(card.zone, no_color, bold=True))
    head.append(f"  no.{card.number} ", Style(dim=True))
    head.append_text(zone_text(card.zone, no_color))
    if card.skull:
        head.append("  ☠ a Skull touches this word", Style(bold=True))
    if card.brace:
        head.append("  { a Word of Power crosses it", Style(bold=True))
    if card.key in view.discarded:
        head.append("  (discarded)", Style(dim=True))
    text = Text.assemble(head, "\n")
    for piece, mention in card.segments():
        if mention is None:
            text.append(piece)
        elif mention.black:
            text.append(piece, Style(bold=True))
        else:
            zone = mention.zone or card.zone
            style = zone_style(zone, no_color, bold=True, underline=mention.underlined)
            text.append(piece + ZONE_MARKS.get(zone, ""), style)
    for ins in card.instructions:
        text.append("\n" + tell(ins, view.currency[0]), Style(italic=True))
    return text
