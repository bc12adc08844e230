"""What an Otherworld player can do: commands, in the imperative."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command

# -- commands ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceStoryteller(Command):
    """Journey: put one of your storytellers on a free edge between two cards."""

    edge: int


@dataclass(frozen=True, slots=True)
class TakeCard(Command):
    """Saga: the storyteller on `edge` takes the card in `cell` into your hand and leaves."""

    edge: int
    cell: int


@dataclass(frozen=True, slots=True)
class PlaceCard(Command):
    """Saga: play a card from your hand to a row of your tableau (its first gap, else its end)."""

    card: str
    row: int


@dataclass(frozen=True, slots=True)
class DiscardCard(Command):
    """Discard a card from your hand: at cleanup, or in the saga when no card can be placed."""

    card: str


@dataclass(frozen=True, slots=True)
class SwapCards(Command):
    """Swap ability: two cards of your tableau change places."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class ShiftCard(Command):
    """Shift ability: move a tableau card to another row; it leaves a gap behind."""

    card: str
    row: int


@dataclass(frozen=True, slots=True)
class RecallCard(Command):
    """Recall ability: take a card of your tableau back into your hand."""

    card: str


@dataclass(frozen=True, slots=True)
class MoveStoryteller(Command):
    """Wander ability: move one of your storytellers still on the grid to another free edge."""

    edge: int
    to: int


@dataclass(frozen=True, slots=True)
class SkipAbility(Command):
    """Do not use the ability of the card just placed."""


@dataclass(frozen=True, slots=True)
class ChooseDifficulty(Command):
    """Solo, at the end: how many of Balor's cards you strike (4 easiest, 0 hardest)."""

    strikes: int


@dataclass(frozen=True, slots=True)
class StrikeCard(Command):
    """Solo, at the end: remove one card from Balor's scoring pile."""

    card: str


COMMANDS = (PlaceStoryteller, TakeCard, PlaceCard, DiscardCard, SwapCards, ShiftCard, RecallCard,
            MoveStoryteller, SkipAbility, ChooseDifficulty, StrikeCard)


# -- events --------------------------------------------------------------------------------

ABILITY_COMMANDS = (SwapCards, ShiftCard, RecallCard, MoveStoryteller, SkipAbility)  # answer a placed card
