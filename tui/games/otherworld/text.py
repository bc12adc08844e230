"""Otherworld drawn as text for 80 columns: the grid with its edges, tableaus, hands and Geas.

Everything reads without colour: cards show value, colour initial, an ability sign and the Ailm
mark; storytellers show their seat number; highlights add » « marks as well as reverse video.
"""
from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text

from games.otherworld.cards import Geas
from games.otherworld.content import CARDS
from games.otherworld.grid import edges
from games.otherworld.view import NOBODY, OtherView
from tui.seats import seat_style

CARD_COLOURS = {"red": "red", "yellow": "yellow", "blue": "dodger_blue1", "green": "green"}
SIGNS = {"swap": "⇄", "shift": "↕", "draw": "+", "recall": "↩", "wander": "~", "wild": "*",
         "waver": "±", "long": "≡"}
AILM = "✚"
ROW_KEYS = "tmb"
ROW_LABELS = ("top", "middle", "bottom")
KIND_TEXT = {"ascending": "rising run", "descending": "falling run", "gentle": "steps of ±1",
             "distinct": "different values", "pairs": "pairs", "same": "same value",
             "odd": "all odd", "even": "all even", "high": "cards ≥{at_least}", "sum": "sum"}
CELL_W, GAP_W = 6, 3


def card_label(card: str) -> str:
    """Four characters: value, colour initial, ability sign, Ailm mark ('7R⇄✚')."""
    c = CARDS[card]
    return f"{c.value}{c.colour[0].upper()}{SIGNS.get(c.ability, ' ')}{AILM if c.ailm else ' '}"


def card_style(card: str | None, no_color: bool, lit: bool = False) -> Style:
    colour = None if no_color or card is None else CARD_COLOURS[CARDS[card].colour]
    return Style(color=colour, bold=True, reverse=lit)


def geas_line(geas: Geas) -> str:
    """'rising run: 2→2 3→5 4→9 5→14 6→20' (sum Geas: bands)."""
    what = KIND_TEXT[geas.kind].format(at_least=geas.at_least)
    if geas.kind == "sum":
        bands = " ".join((f"{lo}+" if hi >= 48 else f"≤{hi}" if lo == 0 else f"{lo}-{hi}")
                         + f"→{p}" for lo, hi, p in geas.bands if p)
        return f"{what} of {geas.min_cards}: {bands}"
    table = " ".join(f"{m}→{p}" for m, p in enumerate(geas.table) if p)
    return f"{what}: {table}"


def grid_text(view: OtherView, no_color: bool, lit_cells: set[int] = frozenset(),
              cursor_edge: int | None = None, marked_edge: int | None = None) -> Text:
    """The grid: cards in cells, edges between them with storyteller numbers or · when free."""
    text = Text()
    all_edges = edges(view.rows, view.cols)
    by_line: dict[int, dict[float, int]] = {}
    for e in all_edges:
        by_line.setdefault(e.line, {})[e.column] = e.index
    for line in range(2 * view.rows - 1):
        if line % 2 == 0:
            r = line // 2
            for c in range(view.cols):
                cell = r * view.cols + c
                _cell(text, view.grid[cell], cell in lit_cells, no_color)
                if c + 1 < view.cols:
                    _edge(text, view, by_line[line][c + 0.5], cursor_edge, marked_edge, no_color,
                          "─")
        else:
            for c in range(view.cols):
                text.append(" ")
                _edge(text, view, by_line[line][float(c)], cursor_edge, marked_edge, no_color, " ")
                text.append(" " * (CELL_W - 4 + (GAP_W if c + 1 < view.cols else 0)))
        text.append("\n")
    text.rstrip()
    return text


def _cell(text: Text, card: str | None, lit: bool, no_color: bool) -> None:
    if card is None:
        text.append("  ··  ", Style(dim=True))
        return
    left, right = ("»", "«") if lit else (" ", " ")
    text.append(left)
    text.append(card_label(card), card_style(card, no_color, lit))
    text.append(right)


def _edge(text: Text, view: OtherView, edge: int, cursor: int | None, marked: int | None,
          no_color: bool, pad: str) -> None:
    owner = view.tellers[edge]
    cells = edges(view.rows, view.cols)[edge].cells
    usable = all(view.grid[c] is not None for c in cells)
    if owner != NOBODY:
        mark, style = str(owner + 1), seat_style(owner, no_color)
    else:
        mark, style = ("·" if usable else " "), Style(dim=not usable)
    if edge in (cursor, marked):
        text.append("[" if edge == cursor else "(")
        text.append(mark, style + Style(reverse=True))
        text.append("]" if edge == cursor else ")")
    else:
        text.append(pad)
        text.append(mark, style)
        text.append(pad)


def tableau_text(tableau: Sequence[Sequence[str | None]], no_color: bool,
                 lit: set[tuple[int, int]] = frozenset(), members: set[tuple[int, int]] = frozenset(),
                 notes: Sequence[str] = ("", "", "")) -> Text:
    """Three rows of cards with room for 5 (6 with a long card); `members` get a • mark."""
    text = Text()
    for r, row in enumerate(tableau):
        text.append(f"{ROW_KEYS[r]} {ROW_LABELS[r]:<6} ", Style(bold=True))
        for i in range(max(5, len(row))):
            card = row[i] if i < len(row) else None
            here = (r, i) in lit
            if i >= len(row):
                text.append("  ·   ", Style(dim=True))
            elif card is None:
                text.append(" gap  " if not here else "»gap« ", Style(dim=not here, reverse=here))
            else:
                text.append("»" if here else ("•" if (r, i) in members else " "))
                text.append(card_label(card), card_style(card, no_color, here))
                text.append("«" if here else " ")
        text.append(f" {notes[r]}")
        if r < len(tableau) - 1:
            text.append("\n")
    return text


NAME_WIDTH = max(len(card.name) for card in CARDS.values())


def hand_text(hand: Sequence[str], selected: str | None, no_color: bool, per_line: int = 2) -> Text:
    """The hand, numbered, each card's label and whole name: two to a line fit 80 columns."""
    text = Text()
    for n, card in enumerate(hand, 1):
        lit = card == selected
        text.append(f"{n}", Style(bold=True))
        text.append("»" if lit else " ")
        text.append(card_label(card), card_style(card, no_color, lit))
        text.append(f" {CARDS[card].name:<{NAME_WIDTH}}  ")
        if n % per_line == 0 and n < len(hand):
            text.append("\n")
    return text
