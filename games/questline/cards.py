"""Questline cards: class, adventure and epilogue cards with levels, terrain, tags, skills, abilities.

Cards are content (content/*.toml); this module defines what a card is, parses the files and names
every problem it finds (`check_content`). The sequence and scoring rules live in scoring.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

TERRAINS = ("dungeon", "forest", "mountain", "village")
TAGS = ("beast", "combat", "gear", "gold", "social", "undead")
SKILLS = ("agility", "might", "magic")
MAX_LEVEL = 7
UNIQUE_EFFECTS = ("variety", "finale", "kinship", "herald")


class Kind(str, Enum):
    CLASS = "class"
    ADVENTURE = "adventure"
    EPILOGUE = "epilogue"


@dataclass(frozen=True, slots=True)
class Feature:
    """A condition on one card: `terrain:forest`, `tag:gold`, `skill:magic`, or `any`."""

    axis: str  # "terrain", "tag", "skill" or "any"
    value: str = ""

    @classmethod
    def parse(cls, text: str, axes: tuple[str, ...]) -> "Feature":
        if text == "any" and "any" in axes:
            return cls("any")
        axis, _, value = text.partition(":")
        allowed = {"terrain": TERRAINS, "tag": TAGS, "skill": SKILLS}
        if axis not in axes or axis not in allowed or value not in allowed[axis]:
            raise ValueError(f"{text!r} is not one of {', '.join(a + ':...' for a in axes)}")
        return cls(axis, value)

    def __str__(self) -> str:
        return "any card" if self.axis == "any" else f"{self.value} {self.axis}"


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability. kind: quest, mastery, shortcut, setback or unique (see content/README.md)."""

    kind: str
    feature: Feature | None = None  # quest: what is counted; mastery: what is needed;
    #                                 shortcut: what the card after the skip must show
    stars: int = 0  # quest: per match; mastery: once; unique: per its effect
    at_least: int = 1  # mastery: how many matches to the left
    skill: str = ""  # setback: the skill cancelled
    effect: str = ""  # unique: one of UNIQUE_EFFECTS
    threshold: int = 0  # unique "herald": the lowest epilogue that pays


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: Kind
    name: str
    levels: tuple[int, ...] = ()  # () for a "?" card and for epilogues
    wild: bool = False  # a "?" card: takes any single level and scores stars equal to it
    terrain: str = ""
    tags: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    stars: int = 0
    abilities: tuple[Ability, ...] = field(default=())
    flavour: str = ""

    def level_text(self) -> str:
        if self.wild:
            return "?"
        return "/".join(map(str, self.levels)) if self.levels else ""

    def shows(self, feature: Feature) -> int:
        """How many times this card shows a feature (a card may carry a tag twice)."""
        if feature.axis == "any":
            return 1
        if feature.axis == "terrain":
            return int(self.terrain == feature.value)
        if feature.axis == "tag":
            return self.tags.count(feature.value)
        return self.skills.count(feature.value)
