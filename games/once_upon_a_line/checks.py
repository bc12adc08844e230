"""What a chapter names must exist: card numbers of their own, and the items, heroes, guilds, squares,
zones and words its cards and steps refer to (a misspelling would otherwise fail silently in play)."""
from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Iterator

from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.grid import ZONE_NAMES, cell_name, parse_cell
from games.once_upon_a_line.story import MARKUP, Instruction, Problems, Step

HERO_STEPS = {"deactivate": "deactivates", "reactivate": "reactivates", "reset": "resets",
              "retire": "retires", "gain_hero": "gains", "companion": "gives a companion to"}
BRACKETS = re.compile(r"\[[^\]\n]*\]")


def instructions(chapter: Chapter) -> Iterator[tuple[str, Instruction | None, Step]]:
    """(place, instruction, step) for every step of every card, and the chapter's start."""
    for step in chapter.start:
        yield "[chapter] start", None, step
    for key, card in chapter.cards.items():
        for number, ins in enumerate(card.instructions, 1):
            place = f"card {key}, instruction {number}"
            for step in (*ins.steps, *(s for opt in ins.options for s in opt)):
                yield place, ins, step


def items_given(chapter: Chapter) -> set[str]:
    return {str(s.value) for _, _, s in instructions(chapter) if s.action == "gain_item"}


def check_numbers(chapter: Chapter, problems: Problems) -> None:
    """Cards are taken by number, riddles found by number: two with one number are ambiguous."""
    for kind, entries in (("card", chapter.cards), ("challenge", chapter.challenges)):
        first: dict[int, str] = {}
        for key, entry in entries.items():
            if entry.number in first:
                problems.add(f"{kind} {key}", f"has number {entry.number}, which {kind} "
                                              f"{first[entry.number]} has too: give each its own")
            first.setdefault(entry.number, key)


def check_names(chapter: Chapter, problems: Problems, carried_items: frozenset[str] = frozenset()
                ) -> None:
    """Items, heroes, guilds, squares and trigger words named by steps and instructions."""
    items = items_given(chapter) | carried_items
    guilds = {hero.guild for hero in chapter.roster.values()}
    words = {w.text for w in chapter.grid.words}
    for place, ins, step in instructions(chapter):
        if step.action == "lose_item":
            _item(step.value, items, place, "loses", problems)
        if step.action in HERO_STEPS:
            _hero(step.value, chapter, place, HERO_STEPS[step.action], problems)
        if step.action == "scratch":
            _squares(step.value, chapter, place, problems)
        cond = step.condition
        if cond is not None and cond.kind in ("item", "no_item"):
            _item(cond.value, items, place, "asks for" if cond.kind == "item" else
                  "asks for the lack of", problems)
        if cond is not None and cond.kind == "hero":
            _hero(cond.value, chapter, place, "asks for", problems)
        if cond is not None and cond.kind == "guild" and cond.value not in guilds:
            problems.add(place, f"asks for a hero of the guild {cond.value!r}, which no hero has"
                                f"{_maybe(cond.value, guilds)}")
        if ins is not None and ins.on.startswith("word:") and ins.on[5:] not in words:
            problems.add(place, f"waits for {ins.on}, but {ins.on[5:]} is not a word of the grid"
                                f"{_maybe(ins.on[5:], words)}")


def _item(item, items: set[str], place: str, verb: str, problems: Problems) -> None:
    if item not in items:
        problems.add(place, f"{verb} the item {item!r}, which no card of this chapter or an "
                            f"earlier one gives{_maybe(str(item), items)}")


def _hero(hero, chapter: Chapter, place: str, verb: str, problems: Problems) -> None:
    if hero not in chapter.roster:
        problems.add(place, f"{verb} the hero {hero!r}, who is in neither heroes.toml nor this "
                            f"chapter{_maybe(str(hero), set(chapter.roster))}")
    elif verb == HERO_STEPS["companion"] and chapter.roster[hero].companion is None:
        problems.add(place, f"{verb} {chapter.roster[hero].name}, who has no companion in heroes.toml")


def _squares(value, chapter: Chapter, place: str, problems: Problems) -> None:
    if value == "start":
        return
    grid = chapter.grid
    if isinstance(value, str) or not isinstance(value, list):
        problems.add(place, f"scratch = {value!r}: write \"start\" or a list of squares like "
                            f"[\"C3\", \"C4\"]")
        return
    corner = cell_name((grid.width - 1, grid.height - 1))
    for name in value:
        try:
            cell = parse_cell(str(name))
        except ValueError as exc:
            problems.add(place, f"scratches {exc}")
            continue
        if not grid.inside(cell):
            problems.add(place, f"scratches {name}, which is off the grid (A1 to {corner})")


def check_zones(chapter: Chapter, problems: Problems) -> None:
    """A card's zone colours its title: it must be a zone of this grid. Marks must be well formed."""
    zones = sorted(set(chapter.grid.zones.values()))
    shown = ", ".join(f"{z} {ZONE_NAMES[z]}" for z in zones)
    for key, card in chapter.cards.items():
        if card.zone not in zones:
            problems.add(f"card {key}", f"zone = {card.zone}, but the grid's words lie in zones "
                                        f"{shown}")
        for mark in BRACKETS.findall(card.text):
            if not MARKUP.fullmatch(mark):
                problems.add(f"card {key}", f"{mark} is not a word mark: write [WORD], [WORD@2] "
                                            f"(in zone 2), [~WORD] (underlined) or [#WORD] (black)")


def _maybe(name: str, known: set[str]) -> str:
    close = get_close_matches(name, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
