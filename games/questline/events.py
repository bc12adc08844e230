"""What happens in Questline, in the past tense: each event tells itself for the log (a card drawn
from a deck is named only to the one who drew it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence
from games.core.messages import Event
from games.core.words import YOU, agrees, counted, their
from games.questline.decks import CARDS


@dataclass(frozen=True, slots=True)
class HandsDealt(Event):
    """Setup: each hand dealt, and the epilogues waiting (solo: the discard area shown too)."""

    hand: int  # cards in each hand
    epilogues: tuple[int, ...]  # stars of the epilogues waiting, next first
    shown: tuple[str, ...] = ()  # solo: the cards of the discard area

    def describe(self, names: Sequence[str]) -> str:
        stars = " ".join(f"★{n}" for n in self.epilogues)
        if self.shown:
            area = ", ".join(map(_name, self.shown))
            return f"A hand of {self.hand} cards; the discard area shows {area}; epilogue {stars} waits."
        first, *rest = [f"★{n}" for n in self.epilogues] or ["none"]
        then = f", then {' '.join(rest)}" if rest else ""
        return f"Each storyteller holds {self.hand} cards; the epilogues wait: {first} next{then}."


@dataclass(frozen=True, slots=True)
class FirstDiscardsRevealed(Event):
    cards: tuple[str, ...]
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        shown = ", ".join(f"{names[s]}: {_name(c)}" for s, c in enumerate(self.cards))
        return f"First discards revealed. {shown}."


@dataclass(frozen=True, slots=True)
class FirstDiscardChosen(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} chose a first discard."


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card drawn from a deck: only its new holder sees which."""

    seat: int
    deck: str
    card: str
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat})

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew {_name(self.card)} from the {self.deck} deck."

    def public(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew from the {self.deck} deck."


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    seat: int
    owner: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        if self.owner == self.seat:
            whose = f"{their(names[self.seat])} own"
        else:
            whose = "your" if names[self.owner] == YOU else f"{names[self.owner]}'s"
        return f"{names[self.seat]} took {_name(self.card)} from {whose} discard area."


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} discarded {_name(self.card)}."


@dataclass(frozen=True, slots=True)
class HandCompleted(Event):
    seat: int
    epilogue: str

    def describe(self, names: Sequence[str]) -> str:
        who = names[self.seat]
        return f"{who} completed {their(who)} questline and took {_name(self.epilogue)}."


@dataclass(frozen=True, slots=True)
class EpilogueRevealed(Event):
    card: str
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        return f"An epilogue turned up from the adventure deck: {_name(self.card)}."


@dataclass(frozen=True, slots=True)
class DiscardAreaReset(Event):
    cards: tuple[str, ...]
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        return "Reset: the discard area now shows " + ", ".join(map(_name, self.cards)) + "."


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    scores: tuple[int, ...]
    winner: int

    def describe(self, names: Sequence[str]) -> str:
        if len(self.scores) == 1:  # solo: the rank chart judges the tale, not a rival
            return f"Final score: {counted(self.scores[0], 'star')}."
        shown = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.scores))
        winner = names[self.winner]
        return f"Final scores: {shown}. {winner} {agrees(winner, 'tells', 'tell')} the finest tale."


def _name(card: str) -> str:
    return CARDS[card].name
