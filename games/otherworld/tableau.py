"""A tableau: three rows built left to right. A gap (None) made by an effect is filled first."""
from __future__ import annotations

from games.otherworld.content import CARDS
from games.otherworld.state import LONG_ROW_LIMIT, ROW_LIMIT, Row


LONG = frozenset(c for c, card in CARDS.items() if card.ability == "long")


def limit(row: Row) -> int:
    """5 cards, or 6 while the row holds a card with the `long` ability."""
    return LONG_ROW_LIMIT if not LONG.isdisjoint(row) else ROW_LIMIT


def has_gap(row: Row) -> bool:
    return None in row


def accepts(row: Row, card: str | None = None) -> bool:
    """Whether a card can be played to this row (a long card makes room for itself)."""
    if len(row) < ROW_LIMIT or None in row:
        return True
    return len(row) < (LONG_ROW_LIMIT if card in LONG else limit(row))


def put(row: Row, card: str) -> int:
    """Play a card to the row: into its leftmost gap, else at its right end. Returns the position."""
    if None in row:
        at = row.index(None)
        row[at] = card
        return at
    row.append(card)
    return len(row) - 1


def take_out(row: Row, at: int) -> str:
    """Remove the card at a position, leaving a gap; a hole at the right end is no gap."""
    card = row[at]
    row[at] = None
    while row and row[-1] is None:
        row.pop()
    return card


def find(tableau: list[Row], card: str) -> tuple[int, int]:
    for r, row in enumerate(tableau):
        if card in row:
            return r, row.index(card)
    raise ValueError(f"{card} is not in the tableau")


def cards_in(tableau: list[Row]) -> list[str]:
    return [c for row in tableau for c in row if c is not None]


def values(row: Row) -> list[int | None]:
    return [CARDS[c].value if c is not None else None for c in row]
