"""What happened in a chapter, in the past tense, for the log and the screen."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.messages import Event
from games.core.words import counted


@dataclass(frozen=True, slots=True)
class ChapterOpened(Event):
    """Setup: the chapter begins with the words its Starting boxes reveal."""

    title: str
    words: tuple[str, ...]

    def describe(self, names: Sequence[str]) -> str:
        return f"{self.title}: the Starting boxes reveal {', '.join(self.words) or 'nothing'}."


@dataclass(frozen=True, slots=True)
class SquaresScratched(Event):
    hero: str  # "" for a free scratch
    squares: tuple[str, ...]  # in the order scratched, such as ("C3", "C4")
    lost: int = 0  # squares past the edge or already scratched
    stopped_by: str = ""  # "stop" or "skull"
    found: tuple[str, ...] = ()  # what each square showed: a letter, "blank", "Stop" or "Skull"
    reveals = True

    def describe(self, names: Sequence[str]) -> str:
        """'tansy scratched E3 F3 G3: Y, blank, Stop; a Stop ended the action' (what it revealed)."""
        squares = " ".join(self.squares) or "no square"
        text = f"{self.hero} scratched {squares}" if self.hero else f"{squares} scratched for free"
        if self.found:
            text += f": {', '.join(self.found)}"
        if self.lost:
            text += f"; {counted(self.lost, 'square')} lost"
        return text + (f"; a {self.stopped_by.title()} ended the action" if self.stopped_by else "")


@dataclass(frozen=True, slots=True)
class WordCompleted(Event):
    word: str
    power: bool
    reveals = True

    def describe(self, names: Sequence[str]) -> str:
        return f"{'Word of Power' if self.power else 'Story Word'} {self.word} uncovered"


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    key: str
    title: str
    reveals = True

    def describe(self, names: Sequence[str]) -> str:
        return f"Card {self.key} read: {self.title}"


@dataclass(frozen=True, slots=True)
class HourglassScratched(Event):
    square: int  # 1-based along the Line of Tragedy
    effect: str
    result: str
    reveals = True

    def describe(self, names: Sequence[str]) -> str:
        return f"Hourglass {self.square}: {self.result}"


@dataclass(frozen=True, slots=True)
class Happened(Event):
    text: str
    reveals = True

    def describe(self, names: Sequence[str]) -> str:
        return self.text


def happened(text: str) -> Happened:
    """The Happened event telling this: made once for each text and handed out again (a frozen
    value, as the listing's commands are; the steps and penalties tell ~0.4 a move, and most texts
    recur from game to game: a lookup costs less than a new event)."""
    found = _HAPPENED.get(text)
    if found is None:
        if len(_HAPPENED) >= 20_000:
            _HAPPENED.clear()
        found = _HAPPENED[text] = Happened(text)
    return found


_HAPPENED: dict[str, Happened] = {}


@dataclass(frozen=True, slots=True)
class Pencilled(Event):
    square: str
    letter: str

    def describe(self, names: Sequence[str]) -> str:
        return f"Pencilled {self.letter or 'nothing'} in {self.square}"
