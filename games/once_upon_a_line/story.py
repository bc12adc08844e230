"""Story cards, their instructions and the riddles of the Challenge Gateway, as data."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ACTIONS = ("scratch", "unlock", "take", "discard", "gain_item", "lose_item", "currency", "utopia",
           "dystopia", "hourglass", "mission", "milestone", "close_mission", "deactivate",
           "reactivate", "reset", "retire", "gain_hero", "companion", "challenge", "epilogue", "note")
CONDITIONS = ("item", "no_item", "hero", "guild", "currency")
TRIGGERS = ("stop", "skull", "hourglass", "move")  # plus "word:WORD"
PENALTIES = ("empty", "hourglass", "dystopia", "-1")
ANSWER_SQUARES = 8  # the Challenge Gateway's answer squares; those after the answer are blank
MARKUP = re.compile(r"\[([~#]?)([A-Z][A-Z '\-]*?)(?:@([1-6]))?\]")


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    value: Any


@dataclass(frozen=True, slots=True)
class Step:
    action: str
    value: Any
    title: str = ""  # a mission's title
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Instruction:
    must: bool
    now: bool
    steps: tuple[Step, ...] = ()
    options: tuple[tuple[Step, ...], ...] = ()  # a choice: pick one
    labels: tuple[str, ...] = ()
    on: str = ""  # the trigger of an ongoing instruction


@dataclass(frozen=True, slots=True)
class Mention:
    """A word in capitals on a card: where the card says it lies."""

    word: str
    zone: int | None  # None: the card's own zone
    underlined: bool
    black: bool


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    number: int
    title: str
    zone: int
    text: str
    skull: bool = False
    brace: bool = False
    instructions: tuple[Instruction, ...] = ()

    def mentions(self) -> list[Mention]:
        return [Mention(m.group(2), int(m.group(3)) if m.group(3) else None, m.group(1) == "~",
                        m.group(1) == "#") for m in MARKUP.finditer(self.text)]

    def plain_text(self) -> str:
        return MARKUP.sub(lambda m: m.group(2), self.text)

    def segments(self) -> list[tuple[str, Mention | None]]:
        """The text in pieces, each capital word with its mention (for drawing it in its zone)."""
        out: list[tuple[str, Mention | None]] = []
        last = 0
        for m in MARKUP.finditer(self.text):
            out.append((self.text[last:m.start()], None))
            out.append((m.group(2), Mention(m.group(2), int(m.group(3)) if m.group(3) else None,
                                            m.group(1) == "~", m.group(1) == "#")))
            last = m.end()
        out.append((self.text[last:], None))
        return [(t, m) for t, m in out if t]


@dataclass(frozen=True, slots=True)
class Challenge:
    key: str
    number: int
    riddle: str
    answer: str
    clues: tuple[str, str]
    penalties: tuple[str, ...]
    solved: str  # the card taken once solved


@dataclass(frozen=True, slots=True)
class Criterion:
    kind: str
    points: int = 0
    limit: int = 0


@dataclass
class Problems:
    """Problems found while reading a chapter, each naming where."""

    where: str
    found: list[str] = field(default_factory=list)

    def add(self, place: str, problem: str) -> None:
        self.found.append(f"{self.where}: {place}: {problem}")
