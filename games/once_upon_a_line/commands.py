"""What the player may ask for: hero actions, answers to decisions, riddles and pencil notes."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command


@dataclass(frozen=True, slots=True)
class UseTiles(Command):
    """Place tiles from a hero's Reserve and scratch (placement: a code from the legal list)."""

    hero: str
    tiles: str  # tile ids joined by '+', such as "s3+s2"
    placement: str


@dataclass(frozen=True, slots=True)
class ReplaceTiles(Command):
    """Scratch an hourglass, then return every tile in the hero's compartments to the Reserve."""

    hero: str


@dataclass(frozen=True, slots=True)
class MoveHero(Command):
    """Scratch an hourglass, then turn the hero's Zone Tile to another zone."""

    hero: str
    zone: int


@dataclass(frozen=True, slots=True)
class UseSpecial(Command):
    """Play a round Special Talent Tile (zone: where a free move goes, else 0)."""

    hero: str
    tile: str
    zone: int = 0


@dataclass(frozen=True, slots=True)
class Answer(Command):
    """Answer the decision waiting: yes/no, an option number, a hero, go/stop."""

    choice: str


@dataclass(frozen=True, slots=True)
class GiveLetters(Command):
    """Where each letter of a Word of Power goes: 'hero.talent' per letter, '-' to lose it."""

    plan: str


@dataclass(frozen=True, slots=True)
class Guess(Command):
    word: str


@dataclass(frozen=True, slots=True)
class TakeClue(Command):
    pass


@dataclass(frozen=True, slots=True)
class GiveUp(Command):
    pass


@dataclass(frozen=True, slots=True)
class Pencil(Command):
    """A pencilled letter in a square not yet scratched ('' rubs it out)."""

    square: str
    letter: str


COMMANDS = (UseTiles, ReplaceTiles, MoveHero, UseSpecial, Answer, GiveLetters, Guess, TakeClue,
            GiveUp, Pencil)
