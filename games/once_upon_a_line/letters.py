"""Words of Power: their letters cross off talent letters; a completed talent grants its tile."""
from __future__ import annotations

from games.core.messages import Event
from games.core.words import counted
from games.once_upon_a_line.events import Happened
from games.once_upon_a_line.jobs import proceed
from games.once_upon_a_line.state import LineState

Place = tuple[str, int]  # (hero, talent index)


def talents(state: LineState, hero: str):
    """The talents the hero may win: its own, and its companion's once the companion has joined."""
    found = state.chapter.roster[hero]
    return found.all_talents() if hero in state.companions else found.talents


def letter_places(state: LineState, word: str) -> bool:
    """Whether any letter of the word has a place on a talent of a hero in play."""
    letters = {ch for ch in word if ch.isalpha()}
    return any(not crossed and ch in letters for h in state.in_play()
               for t, talent in enumerate(talents(state, h))
               for ch, crossed in zip(talent.word, state.crossed[h][t]))


def parse_plan(plan: str, word: str) -> list[Place | None]:
    """'wren.0 - tobble.2 ...': one entry per letter of the word; '-' loses the letter."""
    letters = [ch for ch in word if ch.isalpha()]
    parts = plan.split()
    if len(parts) != len(letters):
        raise ValueError(f"say where each of the {len(letters)} letters of {word} goes")
    out: list[Place | None] = []
    for part in parts:
        if part == "-":
            out.append(None)
            continue
        hero, _, index = part.partition(".")
        if not index.isdigit():
            raise ValueError(f"{part!r} is not a hero and a talent number")
        out.append((hero, int(index)))
    return out


def plan_problem(state: LineState, plan: str, word: str) -> str | None:
    try:
        places = parse_plan(plan, word)
    except ValueError as exc:
        return str(exc)
    free = {h: [list(c) for c in state.crossed[h]] for h in state.in_play()}
    lost = []
    for ch, place in zip([c for c in word if c.isalpha()], places):
        if place is None:
            lost.append(ch)
            continue
        hero, t = place
        if hero not in free:
            return f"{hero} is not a hero in play."
        if t >= len(talents(state, hero)):
            return f"{hero} has no talent number {t + 1}."
        talent = talents(state, hero)[t]
        spot = next((i for i, (c, x) in enumerate(zip(talent.word, free[hero][t]))
                     if c == ch and not x), None)
        if spot is None:
            return f"{talent.word} has no {ch} left to cross off."
        free[hero][t][spot] = True
    for ch in lost:  # the rulebook loses only the letters that cannot be crossed off
        for hero, rows in free.items():
            for talent, row in zip(talents(state, hero), rows):
                if any(c == ch and not x for c, x in zip(talent.word, row)):
                    return (f"The {ch} can still be crossed off on {talent.word}: only letters "
                            f"with no place are lost.")
    return None


def suggested_plan(state: LineState, word: str) -> str:
    """Each letter to the talent closest to completion that can take it (the first such talent,
    hero by hero, talent by talent; on it the first place of the letter not crossed off). (The
    place found by str.find, not by a generator over the talent's letters: the legal list of a
    state waiting for letters is this plan, built at each such draw: ~2,600 bytecodes a plan by
    the generator, 0.005 plans a move; 81,860 -> 80,996 instructions a move.)"""
    rows = [(hero, t, talent.word[:len(crossed)], list(crossed)) for hero in state.in_play()
            for t, (talent, crossed) in enumerate(zip(talents(state, hero), state.crossed[hero]))]
    parts = []
    for ch in word:
        if not ch.isalpha():
            continue
        best = None
        for row in rows:
            letters, crossed = row[2], row[3]
            spot = letters.find(ch)
            while spot >= 0 and crossed[spot]:
                spot = letters.find(ch, spot + 1)
            if spot >= 0:
                left = crossed.count(False)
                if best is None or left < best[0]:
                    best = (left, row, spot)
        if best is None:
            parts.append("-")
        else:
            _, (hero, t, _, crossed), spot = best
            crossed[spot] = True
            parts.append(f"{hero}.{t}")
    return " ".join(parts)


def give_letters(state: LineState, plan: str, out: list[Event]) -> None:
    word = state.pending.word
    state.pending = None
    lost = 0
    for ch, place in zip([c for c in word if c.isalpha()], parse_plan(plan, word)):
        if place is None:
            lost += 1
            continue
        hero, t = place
        talent = talents(state, hero)[t]
        row = state.crossed[hero][t]
        row[next(i for i, (c, x) in enumerate(zip(talent.word, row)) if c == ch and not x)] = True
        if all(row):
            board = state.heroes[hero]
            board.talent_tiles.append(talent.tile)
            board.reserve.append(talent.tile)
            state.changed(hero)
            state.talents_won.append((hero, t))
            out.append(Happened(f"{hero} masters {talent.word}: a new talent tile."))
    if lost:
        out.append(Happened(f"{counted(lost, 'letter')} of {word} lost."))
    proceed(state, out)
