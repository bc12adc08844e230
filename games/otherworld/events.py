"""What happens in Otherworld, in the past tense: each event tells itself for the log (a card drawn
or discarded is named only to its holder)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from games.core.messages import Event
from games.core.words import agrees, their
from games.otherworld.content import CARDS, GEAS


@dataclass(frozen=True, slots=True)
class StorytellerPlaced(Event):
    seat: int
    edge: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} placed a storyteller on edge {self.edge + 1}."


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    seat: int
    card: str
    lost: bool  # taken by a lost storyteller (any card)

    def describe(self, names: Sequence[str]) -> str:
        how = " with a lost storyteller" if self.lost else ""
        return f"{names[self.seat]} took {card_text(self.card)}{how}."


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    seat: int
    card: str
    row: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} placed {card_text(self.card)} in {row_text(self.row)}."


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A discard from hand: only the discarder sees which card."""

    seat: int
    card: str

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat})

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} discarded {card_text(self.card)}."

    def public(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} discarded a card."


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: str
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat})

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew {card_text(self.card)}."

    def public(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew a card."


@dataclass(frozen=True, slots=True)
class CardsSwapped(Event):
    seat: int
    first: str
    second: str

    def describe(self, names: Sequence[str]) -> str:
        return (f"{names[self.seat]} swapped {CARDS[self.first].name} and "
                f"{CARDS[self.second].name}.")


@dataclass(frozen=True, slots=True)
class CardShifted(Event):
    seat: int
    card: str
    row: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} moved {CARDS[self.card].name} to {row_text(self.row)}."


@dataclass(frozen=True, slots=True)
class CardRecalled(Event):
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} took {CARDS[self.card].name} back into {their(names[self.seat])} hand."


@dataclass(frozen=True, slots=True)
class StorytellerMoved(Event):
    seat: int
    edge: int
    to: int

    def describe(self, names: Sequence[str]) -> str:
        return (f"{names[self.seat]} moved a storyteller from edge {self.edge + 1} "
                f"to edge {self.to + 1}.")


@dataclass(frozen=True, slots=True)
class AbilitySkipped(Event):
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} did not use {CARDS[self.card].name}'s ability."


@dataclass(frozen=True, slots=True)
class BalorTurn(Event):
    drawn: str
    flipped: bool
    high: bool
    took: str
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        side = "highest" if self.high else "lowest"
        took = f"Balor took {card_text(self.took)}, the {side} card"
        if not self.drawn:
            return took + "."
        flip = ": its Ailm flipped his control card" if self.flipped else ""
        return f"{took} (he drew {CARDS[self.drawn].name}{flip})."


@dataclass(frozen=True, slots=True)
class GeasDrawn(Event):
    """Setup: the three Geas cards, top row to bottom, that score the tableaus."""

    geas: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        rows = ", ".join(f"{ROW_NAMES[r]} {GEAS[g].name}" for r, g in enumerate(self.geas))
        return f"The Geas: {rows}."


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round 1: the first player is {names[self.seat]}."


@dataclass(frozen=True, slots=True)
class GridDealt(Event):
    round: int
    cards: tuple[str, ...]
    reshuffled: bool = False
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        shuffle = " (the discard pile was shuffled into a new deck)" if self.reshuffled else ""
        return f"Round {self.round}: a new grid of {len(self.cards)} cards{shuffle}."


@dataclass(frozen=True, slots=True)
class DifficultyChosen(Event):
    strikes: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Difficulty: {self.strikes} of Balor's cards will be struck."


@dataclass(frozen=True, slots=True)
class CardStruck(Event):
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{card_text(self.card)} was struck from Balor's pile."


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    scores: tuple[int, ...]  # per seat; solo: (you, Balor)
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        if len(self.scores) == 2 and len(names) == 1:
            you, balor = self.scores
            verdict = "you beat Balor" if you > balor else (
                "a tie with Balor" if you == balor else "Balor wins")
            return f"Final scores: {names[0]} {you}, Balor {balor}: {verdict}."
        shown = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.scores))
        won = " and ".join(names[s] for s in self.winners)
        verb = "win" if len(self.winners) > 1 else agrees(won, "wins", "win")
        return f"Final scores: {shown}. {won} {verb}."


ROW_NAMES = ("top", "middle", "bottom")


def card_text(card: str) -> str:
    c = CARDS[card]
    return f"{c.name} ({c.value} {c.colour})"


def row_text(row: int) -> str:
    return f"the {ROW_NAMES[row]} row" if 0 <= row < 3 else f"row {row}"
