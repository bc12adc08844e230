"""Heroes and their talent tiles, read from content/heroes.toml (heroes outlive a chapter)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from games.once_upon_a_line.grid import Cell

SYMBOLS = ("combinable", "single", "dotted", "star")
SPECIAL_EFFECTS = {
    "mend": "grow this hero's most reduced Standard Tile back by one square",
    "free_move": "move this hero to another zone without scratching an hourglass",
    "hint": "take the next clue of the riddle being solved without scratching a ? square",
}
ARROWS: dict[str, Cell] = {">": (1, 0), "<": (-1, 0), "v": (0, 1), "^": (0, -1)}


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    kind: str  # "standard", "shaped" or "special"
    symbol: str = "combinable"
    squares: tuple[Cell, ...] = ()  # relative to the arrow square, the arrow pointing right (1, 0)
    effect: str = ""  # special tiles only

    @property
    def straight(self) -> bool:
        return self.kind != "special" and all(y == 0 for _, y in self.squares)

    @property
    def size(self) -> int:
        return len(self.squares)


@dataclass(frozen=True, slots=True)
class Talent:
    word: str
    text: str
    tile: str


LEGENDARY_EFFECTS = {
    "free_clue": "the first clue of every riddle costs no ? square while this hero is in play",
    "free_move": "this hero's first move to another zone each chapter costs no hourglass",
}


@dataclass(frozen=True, slots=True)
class Companion:
    """An animal bonded to a hero: its talents join the hero's once it is gained (a step), are
    won like any other, and are out of play whenever the hero is."""

    name: str
    text: str
    talents: tuple[Talent, ...]


@dataclass(frozen=True, slots=True)
class Legendary:
    """A hero's permanent ability: no tile, no compartment (LEGENDARY_EFFECTS)."""

    text: str
    effect: str


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    guild: str
    intro: str
    talents: tuple[Talent, ...]
    companion: Companion | None = None
    legendary: Legendary | None = None

    def all_talents(self) -> tuple[Talent, ...]:
        """Its own talents, then its companion's (whether or not the companion is gained yet)."""
        return self.talents + (self.companion.talents if self.companion else ())


def standard_tile(size: int) -> Tile:
    found = _STANDARD.get(size)
    if found is None:
        found = _STANDARD[size] = Tile(f"std{size}", "standard", "combinable",
                                       tuple((i, 0) for i in range(size)))
    return found


_STANDARD: dict[int, Tile] = {}  # made once each (tiles are frozen): asked for every legal list


def parse_shape(rows: list[str]) -> tuple[Cell, ...]:
    """Squares of a drawn shape, turned so its arrow points right, arrow square first."""
    found = [(x, y, ch) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in "#><v^"]
    arrows = [(x, y, ch) for x, y, ch in found if ch in ARROWS]
    if len(arrows) != 1:
        raise ValueError("a shape needs exactly one arrow square (> < v ^)")
    ax, ay, arrow = arrows[0]
    dx, dy = ARROWS[arrow]
    cells = [(x - ax, y - ay) for x, y, _ in found]
    # rotate so (dx, dy) becomes (1, 0): multiply by the inverse rotation
    turned = [(u * dx + v * dy, -u * dy + v * dx) for u, v in cells]
    turned.sort(key=lambda c: (c != (0, 0)))
    return tuple(turned)


def _tile(tile_id: str, data: dict) -> Tile:
    kind = data.get("kind")
    if kind == "special":
        effect = data.get("effect")
        if effect not in SPECIAL_EFFECTS:
            raise ValueError(f"tile {tile_id}: effect must be one of {', '.join(SPECIAL_EFFECTS)}")
        return Tile(tile_id, "special", "single", (), effect)
    if kind != "shaped":
        raise ValueError(f"tile {tile_id}: kind must be shaped or special")
    symbol = data.get("symbol")
    if symbol not in SYMBOLS:
        raise ValueError(f"tile {tile_id}: symbol must be one of {', '.join(SYMBOLS)}")
    try:
        squares = parse_shape(list(data.get("shape", [])))
    except ValueError as exc:
        raise ValueError(f"tile {tile_id}: {exc}") from None
    tile = Tile(tile_id, "shaped", symbol, squares)
    if symbol == "combinable" and not tile.straight:
        raise ValueError(f"tile {tile_id}: a combinable tile must be straight")
    return tile


def load_heroes(data: dict, known_tiles: dict[str, Tile] | None = None
                ) -> tuple[dict[str, Hero], dict[str, Tile]]:
    """Heroes and talent tiles from parsed TOML; raises ValueError naming the hero or tile."""
    tiles = {tid: _tile(tid, t) for tid, t in data.get("tiles", {}).items()}
    every_tile = {**(known_tiles or {}), **tiles}
    heroes = {}
    for hid, h in data.get("heroes", {}).items():
        companion = legendary = None
        if "companion" in h:
            c = h["companion"]
            if not isinstance(c, dict) or not c.get("name") or not c.get("talents"):
                raise ValueError(f"hero {hid}: a companion needs a name and talents")
            companion = Companion(str(c["name"]), str(c.get("text", "")),
                                  _talents(hid, c["talents"], every_tile))
        if "legendary" in h:
            lg = h["legendary"]
            if not isinstance(lg, dict) or lg.get("effect") not in LEGENDARY_EFFECTS:
                raise ValueError(f"hero {hid}: a legendary talent's effect is one of "
                                 f"{', '.join(LEGENDARY_EFFECTS)}")
            legendary = Legendary(str(lg.get("text", "")), lg["effect"])
        heroes[hid] = Hero(hid, str(h.get("name", hid)), str(h.get("guild", "")),
                           str(h.get("intro", "")), _talents(hid, h.get("talents", []), every_tile),
                           companion, legendary)
    return heroes, tiles


def _talents(hid: str, items: list, every_tile: dict[str, Tile]) -> tuple[Talent, ...]:
    talents = []
    for t in items:
        word = str(t.get("word", "")).upper()
        if not word.isalpha():
            raise ValueError(f"hero {hid}: talent word {word!r} must be letters only")
        if t.get("tile") not in every_tile:
            raise ValueError(f"hero {hid}: talent {word} names unknown tile {t.get('tile')!r}")
        talents.append(Talent(word, str(t.get("text", "")), t["tile"]))
    return tuple(talents)


@cache
def saga_heroes() -> tuple[dict[str, Hero], dict[str, Tile]]:
    """The heroes of content/heroes.toml (none yet if the file is missing)."""
    path = resources.files("games.once_upon_a_line").joinpath("content/heroes.toml")
    if not path.is_file():
        return {}, {}
    try:
        return load_heroes(tomllib.loads(path.read_text()))
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"heroes.toml: {exc}") from None
