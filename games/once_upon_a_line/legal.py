"""Which Once Upon a Line commands are legal now, and why any other is refused, in a player's
words: together, in one place."""
from __future__ import annotations

from games.core.messages import Command, Shared
from games.once_upon_a_line import (
    flow,  # noqa: F401 (registers every kind of job)
    letters,
    riddles,
)
from games.once_upon_a_line.commands import (
    Answer,
    GiveLetters,
    GiveUp,
    Guess,
    MoveHero,
    Pencil,
    ReplaceTiles,
    TakeClue,
    UseSpecial,
    UseTiles,
)
from games.once_upon_a_line.grid import ZONE_NAMES, parse_cell
from games.once_upon_a_line.hero_tiles import tile, tile_sets, zones
from games.once_upon_a_line.layout import grid_layout
from games.once_upon_a_line.placement import (
    anchors,
    Finder,
    placement_problem,
)
from games.once_upon_a_line.state import HeroBoard, LineState

WAITING = {"optional": "decide whether to follow the optional instruction",
           "choice": "choose one of the options", "letters": "say where the letters go",
           "penalty": "choose the hero who bears the penalty", "riddle": "solve the riddle",
           "dotted": "decide whether to scratch on"}


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
    finder = None  # the placements open now, looked for once per shape and zone
    for hero in state.in_play():
        board = state.heroes[hero]
        if board.free_compartment() is not None:
            finder = finder or Finder(state)
            tiles_of = {t: tile(state, hero, t) for t in board.reserve}
            for ids in tile_sets(state, hero):
                joined = "+".join(ids)
                out += [USE_TILES[hero, joined, code]
                        for code in finder.codes(hero, [tiles_of[t] for t in ids])]
        out += hero_actions(state, hero)
    return out + special_tiles(state)


def hero_actions(state: LineState, hero: str) -> list[Command]:
    """A hero's actions besides tiles: return the tiles played (if any), move to another zone."""
    board = state.heroes[hero]
    return other_actions(hero, board.zone, any(board.compartments),
                         grid_layout(state.chapter.grid).zones)


def other_actions(hero: str, zone: int, tiles_out: bool, zones: tuple[int, ...]) -> list[Command]:
    """hero_actions by what they depend on: the hero, its zone, whether a compartment holds
    tiles, the chapter's zones (listing.hero_part has them at hand, in its key)."""
    key = (hero, zone, tiles_out, zones)
    found = _ACTIONS.get(key)
    if found is None:
        found = [_REPLACE_TILES[hero]] if tiles_out else []
        found = _ACTIONS[key] = found + [_MOVE_HERO[hero, z] for z in zones if z != zone]
    return found  # shared: read it, never change it


def special_tiles(state: LineState) -> list[Command]:
    """The special tiles playable now: those that mend, then the free moves."""
    for board in state.heroes.values():
        if holds_special_tile(state, board):
            return specials(state, "mend") + specials(state, "free_move")
    return []


def holds_special_tile(state: LineState, board: HeroBoard) -> bool:
    """Whether a Reserve holds a special tile that mends or moves a hero: special_tiles lists no
    other (a hint's tile is played on a riddle). The draw asks it for each new part of a hero
    (listing.hero_part) and lists the special tiles only where it holds: asked of any talent tile
    (a shaped one too), the specials were looked for afresh at every draw while a hero held one
    (~24k instructions each, 0.045 a move, none found; 83,022 -> 81,860 instructions a move)."""
    tiles = state.chapter.tiles
    for t in board.reserve:
        if t not in board.standard:  # a Standard Tile is never special
            found = tiles[t]
            if found.kind == "special" and found.effect in SPECIAL_TILE_EFFECTS:
                return True
    return False


SPECIAL_TILE_EFFECTS = ("mend", "free_move")  # the special tiles special_tiles lists


# made once: a legal list is built for every move
USE_TILES = Shared(UseTiles, spread=True, keep=100_000)
_REPLACE_TILES = Shared(ReplaceTiles)
_MOVE_HERO = Shared(MoveHero, spread=True)
_ACTIONS: dict[tuple, list[Command]] = {}  # a hero's other actions by zone, tiles out and zones


def use_tiles(hero: str, tiles: str, code: str) -> UseTiles:
    """The one UseTiles command for these fields (the listing's own object)."""
    return USE_TILES[hero, tiles, code]


def specials(state: LineState, effect: str) -> list[Command]:
    out: list[Command] = []
    for hero in state.in_play():
        board = state.heroes[hero]
        for t in board.reserve:
            if t in board.standard:  # a Standard Tile is never special
                continue
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


def guess_problem(word: str) -> str | None:
    if not word:
        return "Type a word to guess."
    if len(word) > riddles.ANSWER_SQUARES:
        return (f"An answer has at most {riddles.ANSWER_SQUARES} letters: the Challenge Gateway has "
                f"{riddles.ANSWER_SQUARES} answer squares.")
    return None


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
            return guess_problem(riddles.normalise(command.word))
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
