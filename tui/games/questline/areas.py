"""The discard areas a Questline player may take from, lettered, and the other players' hands, fitted
to the rows of their box at 80 columns: cards are shown as whole as the rows allow."""
from __future__ import annotations

from typing import Sequence

from games.questline.cards import Card
from tui.games.questline.text import card_chip, card_rows, columns
from tui.player_text import markup_safe

BOX_ROWS = 8  # the areas and, under them, the others' hands
WIDTH = 78  # 80 columns inside the box's padding
LABEL = 6  # "left", "yours", "right", "theirs"
CHIP = 9  # a card in a row of several: its letter, a space, level (3), ★, stars (2), a space; then its name
SEPARATOR = " · "


def chip_name_width(per_row: int) -> int:
    """The characters of a name that fit when `per_row` cards share a row (one space between)."""
    return (WIDTH - LABEL - 1 - (per_row - 1)) // per_row - CHIP


def area_lines(areas: Sequence[tuple[str, Sequence[tuple[str, Card]]]], rows: int) -> list[str]:
    """Each area's label and its cards as "letter card", in markup: one card to a row (its whole line,
    as in the hand, a long one on two rows while rows are left) while every area fits in `rows`
    that way, else two, three or four to a row with their names cut to fit (i and the letter read a
    card in full)."""
    counts = [len(cards) for _, cards in areas]
    per_row = next((per for per in (1, 2, 3) if sum(max(1, -(-n // per)) for n in counts) <= rows), 4)
    spare = rows - sum(max(1, n) for n in counts)  # for cards too long for one row
    line = WIDTH - LABEL - 3  # after the label and the letter
    name_width, feature_width = columns([card for _, cards in areas for _, card in cards], line)
    lines = []
    for label, cards in areas:
        chips: list[str] = []  # one to a row: a card's second row is a chip of its own
        for letter, card in cards:
            if per_row > 1:
                chips.append(f"[b]{letter}[/b] {card_chip(card, chip_name_width(per_row))}")
                continue
            first, *more = card_rows(card, name_width, feature_width, line, 2 if spare > 0 else 1)
            spare -= len(more)
            chips += [f"[b]{letter}[/b] {first}", *(f"  {row}" for row in more)]
        rows_of = [" ".join(chips[i:i + per_row]).rstrip() for i in range(0, len(chips), per_row)]
        lines.append(f"[b]{label:<{LABEL}}[/b] {(rows_of or ['[dim]empty[/]'])[0]}")
        lines += [f"{'':<{LABEL}} {row}" for row in rows_of[1:]]
    return lines


def others_lines(entries: Sequence[str]) -> list[str]:
    """The other players' entries ("Ada (left) 7 cards") packed into rows of WIDTH, whole, dimmed."""
    rows: list[str] = []
    for entry in entries:
        if rows and len(rows[-1]) + len(SEPARATOR) + len(entry) <= WIDTH:
            rows[-1] += SEPARATOR + entry
        else:
            rows.append(entry)
    return [f"[dim]{markup_safe(row)}[/]" for row in rows]
