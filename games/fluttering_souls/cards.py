"""The butterflies: species codes used by the rules, and their names from content/butterflies.toml."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources


class Species(IntEnum):
    EIGHTY_EIGHT = 0
    BLUE_MORPHO = 1
    MONARCH = 2
    SWALLOWTAIL = 3
    GREAT_EGGFLY = 4

    @property
    def card(self) -> "Butterfly":
        return BUTTERFLIES[self]

    def __str__(self) -> str:
        return BUTTERFLIES[self].name


# The rulebook's 21 cards.
COPIES = {Species.EIGHTY_EIGHT: 8, Species.BLUE_MORPHO: 6, Species.MONARCH: 4,
          Species.SWALLOWTAIL: 2, Species.GREAT_EGGFLY: 1}
# The 20 cards shuffled each round: every card but the Great Eggfly.
ROUND_DECK: tuple[Species, ...] = tuple(
    s for s, n in COPIES.items() if s is not Species.GREAT_EGGFLY for _ in range(n))
SLOTS = 18
SET_ASIDE = len(ROUND_DECK) - SLOTS


@dataclass(frozen=True, slots=True)
class Butterfly:
    species: Species
    name: str
    short: str
    latin: str
    scoring: str
    line: str


def load_butterflies() -> dict[Species, Butterfly]:
    path = resources.files("games.fluttering_souls") / "content" / "butterflies.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    by_id = {entry["id"]: entry for entry in data["butterfly"]}
    cards = {}
    for species in Species:
        entry = by_id[species.name.lower().replace("_", "-")]
        if entry["copies"] != COPIES[species]:
            raise ValueError(f"butterflies.toml: {entry['name']} must have {COPIES[species]} copies")
        cards[species] = Butterfly(species, entry["name"], entry["short"], entry["latin"],
                                   entry["scoring"], entry["line"])
    return cards


BUTTERFLIES = load_butterflies()
