"""What happens in Dice Upon a Time, in the past tense: each event tells itself for the log (a Magic
Item card is named only to the one who holds it)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from games.core.messages import Event
from games.core.words import YOU, agrees, counted
from games.dice_upon_a_time.dice import face_text


@dataclass(frozen=True, slots=True)
class Happened(Event):
    """Anything the rules tell in a sentence of their own (effects, rewards, a question answered)."""

    text: str

    def describe(self, names: Sequence[str]) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Told(Event):
    """What happened to one player, told after their name in the past tense, which reads the same
    for "You" and for a name ("won the Snake die")."""

    seat: int
    text: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} {self.text}"


@dataclass(frozen=True, slots=True)
class ChapterBegan(Event):
    chapter: int
    first: int
    rolls: tuple[tuple[Any, ...], ...]  # per seat, the faces of the dice rolled
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        rolled = "; ".join(f"{names[s]} rolled {' '.join(face_text(f) for f in faces) or 'nothing'}"
                           for s, faces in enumerate(self.rolls))
        first = names[self.first]
        return f"Chapter {self.chapter} begins: {first} {agrees(first, 'goes', 'go')} first. {rolled}."


@dataclass(frozen=True, slots=True)
class DiePlaced(Event):
    seat: int
    face: Any
    socket: str
    where: str  # the socket in words

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} placed a {face_text(self.face)} on {self.where}."


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    seat: int
    to: str  # the field's name
    how: str = ""  # "", "on a Rabbit token", "by a Steed", "sent by a card"

    def describe(self, names: Sequence[str]) -> str:
        how = f" {self.how}" if self.how else ""
        return f"{names[self.seat]} went to {self.to}{how}."


@dataclass(frozen=True, slots=True)
class TokensTaken(Event):
    seat: int
    token: str  # its name
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} took {counted(self.count, self.token)}."


@dataclass(frozen=True, slots=True)
class QuestDrawn(Event):
    seat: int
    title: str
    value: int
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew the quest {self.title} ({self.value} AP)."


@dataclass(frozen=True, slots=True)
class MagicDrawn(Event):
    """A Magic Item card drawn: only its holder sees which."""

    seat: int
    title: str
    reveals: ClassVar[bool] = True

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat})

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew the Magic Item {self.title}."

    def public(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew a Magic Item card."


@dataclass(frozen=True, slots=True)
class StoryRead(Event):
    seat: int
    title: str
    text: str
    reveals: ClassVar[bool] = True

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} drew the Story card {self.title}: {self.text}"


@dataclass(frozen=True, slots=True)
class QuestCompleted(Event):
    seat: int
    title: str
    value: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} completed {self.title} ({self.value} AP)."


@dataclass(frozen=True, slots=True)
class TradeOffered(Event):
    """An offer between two players met on a field: the table sees a Magic Item card given only as
    "a Magic Item card"; the two of them see which."""

    seat: int
    partner: int
    give: str  # in words
    take: str
    give_public: str

    @property
    def visible_to(self) -> frozenset[int]:
        return frozenset({self.seat, self.partner})

    def describe(self, names: Sequence[str]) -> str:
        return self._told(names, self.give)

    def public(self, names: Sequence[str]) -> str:
        return self._told(names, self.give_public)

    def _told(self, names: Sequence[str], give: str) -> str:
        partner = "you" if names[self.partner] == YOU else names[self.partner]
        return f"{names[self.seat]} offered {partner} {give} for {self.take}."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} passed for the rest of the chapter."


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        shown = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.scores))
        won = " and ".join(n if i == 0 or n != YOU else "you"
                           for i, n in enumerate(names[s] for s in self.winners))
        verb = "share the victory" if len(self.winners) > 1 else agrees(won, "wins", "win")
        return f"Final Adventure Points: {shown}. {won} {verb}."
