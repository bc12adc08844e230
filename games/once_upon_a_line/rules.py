"""Which commands are legal now, why one is not, and carrying one out."""
from __future__ import annotations

from itertools import combinations

from games.core.messages import Command, Event
from games.once_upon_a_line import actions, letters, riddles
from games.once_upon_a_line.commands import (
    Answer, GiveLetters, GiveUp, Guess, MoveHero, Pencil, ReplaceTiles, TakeClue, UseSpecial, UseTiles,
)
from games.once_upon_a_line.events import Happened, Pencilled
from games.once_upon_a_line import flow  # noqa: F401 (registers every kind of job)
from games.once_upon_a_line.jobs import proceed, push
from games.once_upon_a_line.grid import ZONE_NAMES, parse_cell
from games.once_upon_a_line.heroes import Tile, standard_tile
from games.once_upon_a_line.placement import (
    Placement, anchors, placement_problem, placements, shape_of,
)
from games.once_upon_a_line.state import Job, LineState
from games.once_upon_a_line.tragedy import apply_penalty

WAITING = {"optional": "decide whether to follow the optional instruction",
           "choice": "choose one of the options", "letters": "say where the letters go",
           "penalty": "choose the hero who bears the penalty", "riddle": "solve the riddle",
           "dotted": "decide whether to scratch on"}


def tile(state: LineState, hero: str, tile_id: str) -> Tile:
    if tile_id in state.heroes[hero].standard:
        return standard_tile(state.heroes[hero].standard[tile_id])
    return state.chapter.tiles[tile_id]


def tile_sets(state: LineState, hero: str) -> list[tuple[str, ...]]:
    """Tiles that may be played together: any combinable tiles in a line, or one other tile."""
    reserve = state.heroes[hero].reserve
    combinable = [t for t in reserve if tile(state, hero, t).symbol == "combinable"]
    sets = [c for n in range(1, len(combinable) + 1) for c in combinations(combinable, n)]
    return sets + [(t,) for t in reserve if tile(state, hero, t).kind == "shaped"
                   and tile(state, hero, t).symbol != "combinable"]


def placements_for(state: LineState, hero: str, tile_ids: tuple[str, ...]) -> list[Placement]:
    return placements(state, hero, [tile(state, hero, t) for t in tile_ids])


def zones(state: LineState) -> list[int]:
    return sorted(set(state.chapter.grid.zones.values()))


def legal(state: LineState) -> list[Command]:
    if state.ended:
        return []
    pending = state.pending
    if pending is not None:
        if pending.kind == "letters":
            return [GiveLetters(letters.suggested_plan(state, pending.word))]
        if pending.kind == "riddle":
            clue = [TakeClue()] if riddles.current(state).clues < 2 else []
            return clue + [GiveUp()] + specials(state, "hint")
        return [Answer(o) for o in pending.options]
    out: list[Command] = []
    for hero in state.in_play():
        board = state.heroes[hero]
        if board.free_compartment() is not None:
            by_shape: dict = {}  # tile sets of one shape share their placements
            for ids in tile_sets(state, hero):
                tiles = [tile(state, hero, t) for t in ids]
                key = shape_of(tiles, board.standard)
                if key not in by_shape:
                    by_shape[key] = placements(state, hero, tiles)
                out += [UseTiles(hero, "+".join(ids), p.code) for p in by_shape[key]]
        if any(board.compartments[i] for i in range(4)):
            out.append(ReplaceTiles(hero))
        out += [MoveHero(hero, z) for z in zones(state) if z != board.zone]
    return out + specials(state, "mend") + specials(state, "free_move")


def specials(state: LineState, effect: str) -> list[Command]:
    out: list[Command] = []
    for hero in state.in_play():
        board = state.heroes[hero]
        for t in board.reserve:
            if tile(state, hero, t).effect == effect and special_problem(state, hero, t, 0) is None:
                targets = [z for z in zones(state) if z != board.zone] if effect == "free_move" else [0]
                out += [UseSpecial(hero, t, z) for z in targets]
    return out


def special_problem(state: LineState, hero: str, tile_id: str, zone: int) -> str | None:
    board = state.heroes[hero]
    if tile_id not in board.reserve or tile(state, hero, tile_id).kind != "special":
        return f"{state.chapter.roster[hero].name} has no special tile {tile_id} in the Reserve."
    if board.free_compartment() is None:
        return f"{state.chapter.roster[hero].name} has no free Action Compartment."
    effect = tile(state, hero, tile_id).effect
    riddle = state.pending is not None and state.pending.kind == "riddle"
    if effect == "hint" and not (riddle and riddles.current(state).clues < 2):
        return "A hint helps only while a riddle with a clue left is being solved."
    if effect != "hint" and state.pending is not None:
        return f"First {WAITING[state.pending.kind]}."
    if effect == "mend" and all(int(t[1:]) == n for t, n in board.standard.items()):
        return f"None of {state.chapter.roster[hero].name}'s Standard Tiles is reduced."
    if effect == "free_move" and (zone not in zones(state) or zone == board.zone):
        return "Choose a zone of this chapter other than the hero's own."
    return None


def rejection(state: LineState, command: Command) -> str | None:
    if state.ended:
        return "The chapter is over."
    if isinstance(command, Pencil):
        return pencil_problem(state, command)
    if isinstance(command, UseSpecial):
        return special_problem(state, command.hero, command.tile, command.zone) \
            if command.hero in state.in_play() else not_in_play(state, command.hero)
    pending = state.pending
    if pending is not None:
        return pending_problem(state, command)
    if isinstance(command, (Answer, GiveLetters, Guess, TakeClue, GiveUp)):
        return "Nothing is waiting for an answer now."
    hero = getattr(command, "hero", "")
    if hero not in state.in_play():
        return not_in_play(state, hero)
    board, name = state.heroes[hero], state.chapter.roster[hero].name
    if isinstance(command, ReplaceTiles):
        return None if any(board.compartments[i] for i in range(4)) else \
            f"{name}'s Action Compartments are empty: there is nothing to return."
    if isinstance(command, MoveHero):
        if command.zone not in zones(state):
            return f"This chapter has no zone {command.zone}."
        return f"{name} is already in the {ZONE_NAMES[command.zone]} zone." \
            if command.zone == board.zone else None
    if isinstance(command, UseTiles):
        return tiles_problem(state, command)
    return "That is not an action of this game."


def not_in_play(state: LineState, hero: str) -> str:
    """Named as the player knows the hero: deactivated, retired or never in this chapter."""
    known = state.chapter.roster.get(hero)
    return f"{known.name if known else hero} is not a hero in play."


def tiles_problem(state: LineState, command: UseTiles) -> str | None:
    hero, board, name = command.hero, state.heroes[command.hero], state.chapter.roster[command.hero].name
    if board.free_compartment() is None:
        return f"{name} has no free Action Compartment: replace the tiles first."
    ids = tuple(command.tiles.split("+"))
    if any(t not in board.reserve for t in ids) or len(set(ids)) != len(ids):
        return f"{name} does not have those tiles in the Reserve."
    if any(tile(state, hero, t).kind == "special" for t in ids):
        return "A round special tile scratches no square: play it as a special tile, on its own."
    if frozenset(ids) not in {frozenset(s) for s in tile_sets(state, hero)}:
        return "Only tiles with the combinable arrow may be played together."
    star = len(ids) == 1 and tile(state, hero, ids[0]).symbol == "star"  # needs no anchor word
    if not star and not anchors(state, hero):
        return f"{name} has no uncovered word in the {ZONE_NAMES[board.zone]} zone to scratch from."
    return placement_problem(state, hero, [tile(state, hero, t) for t in ids], command.placement)


def pending_problem(state: LineState, command: Command) -> str | None:
    pending = state.pending
    first = f"First {WAITING[pending.kind]}."
    if pending.kind == "letters":
        if not isinstance(command, GiveLetters):
            return first
        return letters.plan_problem(state, command.plan, pending.word)
    if pending.kind == "riddle":
        if isinstance(command, TakeClue):
            return None if riddles.current(state).clues < 2 else "Both clues are already taken."
        if isinstance(command, Guess):
            return None if riddles.normalise(command.word) else "Type a word to guess."
        return None if isinstance(command, GiveUp) else first
    if not isinstance(command, Answer):
        return first
    return None if command.choice in pending.options else \
        f"Answer with one of: {', '.join(pending.labels)}."


def pencil_problem(state: LineState, command: Pencil) -> str | None:
    try:
        cell = parse_cell(command.square)
    except ValueError as exc:
        return str(exc)
    if not state.chapter.grid.inside(cell):
        return f"{command.square} is not on the grid."
    if cell in state.uncovered:
        return f"{command.square} is already scratched."
    if len(command.letter) > 1 or (command.letter and not command.letter.isalpha()):
        return "Pencil one letter (or nothing, to rub it out)."
    return None


def apply(state: LineState, command: Command) -> list[Event]:
    out: list[Event] = []
    if isinstance(command, UseTiles):
        ids = command.tiles.split("+")
        placement = next(p for p in placements_for(state, command.hero, tuple(ids))
                         if p.code == command.placement)
        dotted = len(ids) == 1 and tile(state, command.hero, ids[0]).symbol == "dotted"
        actions.use_tiles(state, command.hero, ids, placement, dotted, out)
    elif isinstance(command, ReplaceTiles):
        actions.replace_tiles(state, command.hero, out)
    elif isinstance(command, MoveHero):
        actions.move_hero(state, command.hero, command.zone, False, out)
    elif isinstance(command, UseSpecial):
        effect = tile(state, command.hero, command.tile).effect
        actions.use_special(state, command.hero, command.tile, effect, command.zone, out)
    elif isinstance(command, Answer):
        answer(state, command.choice, out)
    elif isinstance(command, GiveLetters):
        letters.give_letters(state, command.plan, out)
    elif isinstance(command, Guess):
        riddles.guess(state, command.word, out)
    elif isinstance(command, TakeClue):
        riddles.take_clue(state, free=False, out=out)
    elif isinstance(command, GiveUp):
        riddles.give_up(state, out)
    elif isinstance(command, Pencil):
        cell = parse_cell(command.square)
        if command.letter:
            state.notes[cell] = command.letter.upper()
        else:
            state.notes.pop(cell, None)
        out.append(Pencilled(command.square.upper(), command.letter.upper()))
    return out


def answer(state: LineState, choice: str, out: list[Event]) -> None:
    pending, state.pending = state.pending, None
    if pending.kind == "optional" and choice == "yes":
        ins = state.chapter.cards[pending.card].instructions[pending.index]
        push(state, Job("steps", card=pending.card, steps=ins.steps, index=pending.index))
    elif pending.kind == "choice" and choice != "no":
        ins = state.chapter.cards[pending.card].instructions[pending.index]
        push(state, Job("steps", card=pending.card, steps=ins.options[int(choice)],
                        index=pending.index))
    elif pending.kind == "penalty":
        out.append(Happened(f"{choice}: {apply_penalty(state, pending.effect, choice)}"))
    elif pending.kind == "dotted" and choice == "stop":
        rest = state.jobs.pop()  # the rest of the dotted tile is not scratched
        push(state, Job("scratch", hero=rest.hero, data=((), False, rest.data[2])))
        out.append(Happened("The hero stops scratching."))
    proceed(state, out)
