"""What a Questline player can do: commands, in the imperative."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command


@dataclass(frozen=True, slots=True)
class ChooseFirstDiscard(Command):
    """Opening: put one card of your hand face down as your first discard."""

    card: str


@dataclass(frozen=True, slots=True)
class DrawFromDeck(Command):
    """Draw the top card of the adventure deck or the class deck."""

    deck: str  # "adventure" or "class"


@dataclass(frozen=True, slots=True)
class TakeFromDiscard(Command):
    """Take a face-up card from a discard area: your own or a neighbour's."""

    owner: int
    card: str


@dataclass(frozen=True, slots=True)
class Discard(Command):
    """Put a card from your hand face up into your discard area."""

    card: str


@dataclass(frozen=True, slots=True)
class CompleteHand(Command):
    """Declare your seven cards complete and take an epilogue."""


@dataclass(frozen=True, slots=True)
class Reset(Command):
    """Solo: clear your discard area and refill it from the decks."""


COMMANDS = (ChooseFirstDiscard, DrawFromDeck, TakeFromDiscard, Discard, CompleteHand, Reset)
