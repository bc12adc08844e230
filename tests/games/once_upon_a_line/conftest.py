"""Helpers for Once Upon a Line scenarios: test chapters (files here or drawn inline), states built
by hand (uncovered squares, completed words, hero zones and tiles) and commands that must pass or fail."""
from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

from games.core.messages import Command, Event
from games.once_upon_a_line import apply, legal
from games.once_upon_a_line import hero_tiles
from games.once_upon_a_line.chapter import Chapter, parse_chapter
from games.once_upon_a_line.events import SquaresScratched
from games.once_upon_a_line.jobs import proceed, push
from games.once_upon_a_line.grid import Cell, cell_name, parse_cell
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.state import Job, LineState

HERE = Path(__file__).parent

# The two heroes of tiny.toml, for chapters drawn inline.
HEROES = """
[heroes.corvin]
name = "Corvin"
guild = "tinkers"
intro = "A test hero."
talents = [
  { word = "SAIL", text = "A line of two.", tile = "cor_line" },
  { word = "ROAM", text = "A hook.", tile = "cor_hook" },
  { word = "HEAL", text = "Mends a tile.", tile = "cor_mend" },
]

[heroes.ysolde]
name = "Ysolde"
guild = "weavers"
intro = "Another test hero."
talents = [
  { word = "SKETCH", text = "A star.", tile = "ysl_star" },
  { word = "DOT", text = "Dotted.", tile = "ysl_dot" },
  { word = "HINT", text = "A hint.", tile = "ysl_hint" },
]

[tiles.cor_line]
kind = "shaped"
symbol = "combinable"
shape = [">#"]

[tiles.cor_hook]
kind = "shaped"
symbol = "single"
shape = [">##", "..#"]

[tiles.cor_mend]
kind = "special"
effect = "mend"

[tiles.ysl_star]
kind = "shaped"
symbol = "star"
shape = [">#"]

[tiles.ysl_dot]
kind = "shaped"
symbol = "dotted"
shape = [">##"]

[tiles.ysl_hint]
kind = "special"
effect = "hint"

[tiles.cor_walk]  # no talent grants it: tests give it by hand
kind = "special"
effect = "free_move"
"""


@cache
def chapter(name: str = "tiny") -> Chapter:
    """A test chapter from this folder, parsed once (chapters are read-only)."""
    return parse_chapter((HERE / f"{name}.toml").read_text(), f"{name}.toml")


def fresh(name: str = "tiny", **changes) -> LineState:
    """A new chapter in play; `changes` replace Chapter fields (tragedy=..., success=...)."""
    base = chapter(name)
    return new_chapter(dataclasses.replace(base, **changes) if changes else base)


def toml_list(items) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def drawn(rows: list[str], story: tuple[str, ...] = (), power: tuple[str, ...] = (),
          start: str | None = None, zones: list[str] | None = None,
          locks: dict[str, list[str]] | None = None, cards: str = "",
          tragedy: tuple[str, ...] = ("empty",) * 8 + ("tragedy",),
          start_steps: str = '[ { scratch = "start" } ]', positions: str = "") -> Chapter:
    """A chapter drawn inline: every letter in zone 1 unless `zones` says otherwise; every Story
    Word without a card in `cards` gets a plain one."""
    zones = zones or ["".join("1" if ch.isalpha() or ch in "_-" else "." for ch in r) for r in rows]
    start = start or (story + power)[0]
    text = [
        '[chapter]\nid = "drawn"\nnumber = 98\ntitle = "Drawn"\nheroes = ["corvin", "ysolde"]',
        f'currency = "buttons"\nstart = {start_steps}\ntragedy = {toml_list(tragedy)}',
        f"[grid]\nrows = {toml_list(rows)}\nzones = {toml_list(zones)}",
        f"story_words = {toml_list(story)}\npower_words = {toml_list(power)}",
        f'start_word = "{start}"',
    ]
    if positions:
        text.append(f"[grid.positions]\n{positions}")
    if locks:
        text.append("[grid.locks]\n" + "\n".join(f"{k} = {toml_list(v)}" for k, v in locks.items()))
    text.append(cards)
    for word in story:
        key = "".join(ch for ch in word if ch.isalpha())[:3]
        if f"[cards.{key}]" not in cards:
            text.append(f'[cards.{key}]\nnumber = {len(text)}\ntitle = "{word}"\nzone = 1\n'
                        f'text = "The {word} card."')
    return parse_chapter("\n".join(text) + "\n" + HEROES, "drawn.toml")


def cells(names: str) -> list[Cell]:
    return [parse_cell(n) for n in names.split()]


def names(squares) -> list[str]:
    return [cell_name(c) for c in squares]


def uncover(state: LineState, squares: str) -> None:
    """Squares scratched earlier, set by hand: no word completed, no card read."""
    state.uncovered |= set(cells(squares))


def complete(state: LineState, *words: str) -> None:
    """Words already uncovered and completed earlier (their cards count as not read)."""
    for text in words:
        state.uncovered |= set(state.chapter.grid.word(text).cells)
        if text not in state.completed:
            state.completed.append(text)
    state.changed()  # set by hand: told as the rules tell (LineState.changed)


def place(state: LineState, hero: str, zone: int | None = None,
          standard: dict[str, int] | None = None, reserve: list[str] | None = None,
          compartments: list | None = None) -> None:
    """Set a hero board by hand."""
    board = state.heroes[hero]
    if zone is not None:
        board.zone = zone
    if standard is not None:
        for tile_id, size in standard.items():
            board.resize(tile_id, size)
    if reserve is not None:
        board.reserve = list(reserve)
    if compartments is not None:
        board.compartments = [None if c is None else list(c) for c in compartments]
    state.changed(hero)


def give_tile(state: LineState, hero: str, tile: str) -> None:
    """A talent tile won earlier, in the hero's Reserve."""
    board = state.heroes[hero]
    board.talent_tiles.append(tile)
    board.reserve.append(tile)
    state.changed(hero)


def play(state: LineState, command: Command) -> list[Event]:
    """A command the rules must accept; its events."""
    reason = legal.rejection(state, command)
    assert reason is None, f"{command} was refused: {reason}"
    return apply.apply(state, command)


def refused(state: LineState, command: Command) -> str:
    """A command the rules must refuse, leaving the state unchanged; the reason."""
    before = state.copy()
    reason = legal.rejection(state, command)
    assert reason, f"{command} was accepted"
    assert state == before
    return reason


def take(state: LineState, key: str) -> list[Event]:
    """Take and read a card, as an instruction would."""
    out: list[Event] = []
    push(state, Job("read", card=key))
    proceed(state, out)
    return out


def hourglasses(state: LineState, count: int = 1, hero: str = "") -> list[Event]:
    """Scratch Line of Tragedy squares, as a hero's action (hero) or an instruction would."""
    out: list[Event] = []
    push(state, *[Job("hourglass", hero=hero) for _ in range(count)])
    proceed(state, out)
    return out


def scratched(events: list[Event], hero: str | None = None) -> list[str]:
    """Squares uncovered by these events, in order (only one hero's when given)."""
    return [sq for e in events if isinstance(e, SquaresScratched)
            and (hero is None or e.hero == hero) for sq in e.squares]


def scratch_events(events: list[Event]) -> list[SquaresScratched]:
    return [e for e in events if isinstance(e, SquaresScratched)]


def codes(state: LineState, hero: str, tiles: str) -> list[str]:
    return [p.code for p in hero_tiles.placements_for(state, hero, tuple(tiles.split("+")))]


def placement(state: LineState, hero: str, tiles: str, code: str):
    found = [p for p in hero_tiles.placements_for(state, hero, tuple(tiles.split("+"))) if p.code == code]
    assert found, f"{code} is not legal for {hero} with {tiles}: {codes(state, hero, tiles)}"
    return found[0]


def sizes(state: LineState, hero: str) -> list[int]:
    """A hero's Standard Tile sizes, largest first."""
    return sorted(state.heroes[hero].standard.values(), reverse=True)
