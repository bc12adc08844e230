"""Otherworld cards and Geas: what they are (content.py loads them from content/*.toml)."""
from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("red", "yellow", "blue", "green")
VALUES = range(9)
PLACED = ("swap", "shift", "draw", "recall", "wander")  # resolve when the card is placed
ONGOING = ("wild", "waver", "long")  # change scoring or rules while in the tableau
ABILITIES = PLACED + ONGOING
ABILITY_TEXT = {
    "swap": "may swap two cards of your tableau",
    "shift": "may move a tableau card to another row, leaving a gap",
    "draw": "draws a card from the deck into your hand",
    "recall": "may take another tableau card back into your hand",
    "wander": "may move one of your storytellers to another free edge",
    "wild": "counts as every colour for regions",
    "waver": "counts as its value, one more or one less, for a Geas",
    "long": "lets its row hold 6 cards",
}
GEAS_KINDS = ("ascending", "descending", "gentle", "distinct", "pairs", "same", "odd", "even",
              "high", "sum")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    colour: str
    value: int
    ability: str = ""
    ailm: bool = False
    flavour: str = ""

    @property
    def label(self) -> str:
        """Value and colour initial, readable without colour: '7R'."""
        return f"{self.value}{self.colour[0].upper()}"


@dataclass(frozen=True, slots=True)
class Geas:
    id: str
    name: str
    kind: str
    table: tuple[int, ...]  # points by measure (not used by `sum`)
    balor: int
    text: str
    at_least: int = 0  # `high`: the lowest value that counts
    min_cards: int = 0  # `sum`: cards the row needs before it scores
    bands: tuple[tuple[int, int, int], ...] = ()  # `sum`: (lowest, highest, points)
