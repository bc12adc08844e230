"""What happens in Fluttering Souls, in the past tense: each event tells itself for the log."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from games.core.messages import Event
from games.fluttering_souls.cards import Species
from games.fluttering_souls.layouts import LABELS


@dataclass(frozen=True, slots=True)


class CardCollected(Event):
    seat: int
    slot: int
    species: Species

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} collected the {self.species} from {LABELS[self.slot]}."


@dataclass(frozen=True, slots=True)


class CardTurnedUp(Event):
    slot: int
    species: Species
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        article = "an" if str(self.species)[0] in "AEIOU" else "a"
        return f"{LABELS[self.slot]} turned face up: {article} {self.species}."


@dataclass(frozen=True, slots=True)


class EggflyPlaced(Event):
    seat: int
    slot: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} put the Great Eggfly on {LABELS[self.slot]}."


@dataclass(frozen=True, slots=True)


class EggflyKept(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} kept the Great Eggfly."


@dataclass(frozen=True, slots=True)


class RoundScored(Event):
    round_no: int
    points: tuple[int, int]
    winner: int
    by_eggfly: bool
    reveals: ClassVar[bool] = True  # the round is settled and the next layout card is turned up

    def describe(self, names: Sequence[str]) -> str:
        a, b = self.points
        how = " (tie broken by the Great Eggfly)" if self.by_eggfly else ""
        return (f"Round {self.round_no}: {names[0]} {a}, {names[1]} {b}. "
                f"White butterfly to {names[self.winner]}{how}.")


@dataclass(frozen=True, slots=True)


class OrderChosen(Event):
    seat: int
    first: int

    def describe(self, names: Sequence[str]) -> str:
        order = "first" if self.first == self.seat else "second"
        return f"{names[self.seat]} chose to go {order}."


@dataclass(frozen=True, slots=True)


class RoundDealt(Event):
    round_no: int
    layout: str
    first: int
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        return (f"Round {self.round_no}, {self.layout} layout. First player: {names[self.first]}. "
                f"Great Eggfly: {names[1 - self.first]}.")


@dataclass(frozen=True, slots=True)


class GameWon(Event):
    seat: int
    tokens: tuple[int, int]

    def describe(self, names: Sequence[str]) -> str:
        return f"Game over: {names[self.seat]} won, {max(self.tokens)}-{min(self.tokens)}."
