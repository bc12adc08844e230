"""What the player sees: never a letter still under the ink, never a riddle's unrevealed answer."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.once_upon_a_line import letters
from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.hints import hints
from games.once_upon_a_line.planner import Planner, tile_label
from games.once_upon_a_line.riddles import ANSWER_SQUARES, BLANK_SQUARE
from games.once_upon_a_line.saga import SagaView, saga_view
from games.once_upon_a_line.scoring import score_lines
from games.once_upon_a_line.state import LineState, Pending
from games.once_upon_a_line.story import Card
from games.once_upon_a_line.telling import tell


@dataclass(frozen=True, slots=True)
class SquareView:
    kind: str  # "ink", "letter", "blank", "stop", "skull"
    char: str = ""
    zone: int = 0
    marks: tuple[tuple[str, str], ...] = ()  # (side, '|' or '{')
    lock: bool = False  # a Lock box still on the ink
    start: bool = False  # a Starting box still on the ink
    note: str = ""  # a pencilled letter


@dataclass(frozen=True, slots=True)
class HeroView:
    id: str
    name: str
    zone: int
    in_play: bool
    reserve: tuple[tuple[str, str], ...]  # (tile id, label)
    compartments: tuple[tuple[str, ...] | None, ...]  # None: locked
    talents: tuple[tuple[str, str, tuple[bool, ...], bool], ...]  # word, text, crossed, won
    legendary: str = ""  # its Legendary Talent, in words
    companion: str = ""  # its companion's name, once it has joined


@dataclass(frozen=True, slots=True)
class RiddleView:
    key: str
    number: int
    riddle: str
    revealed: str  # the answer squares scratched, left to right; BLANK_SQUARE for a blank one
    clues: tuple[str, ...]
    penalties: int


@dataclass(frozen=True, slots=True)
class LineView:
    title: str
    introduction: str
    main_quest: str
    width: int
    height: int
    squares: dict[Cell, SquareView]
    heroes: tuple[HeroView, ...]
    tragedy: tuple[str, ...]  # effects of the scratched squares, left to right
    tragedy_length: int
    bell: bool
    cards: tuple[Card, ...]  # cards read, in the order read
    discarded: frozenset[str]
    ongoing: tuple[tuple[str, str], ...]  # (card key, the instruction told)
    completed: tuple[str, ...]
    inventory: tuple[str, ...]
    currency: tuple[str, int]
    missions: tuple[tuple[str, int, bool], ...]
    score: tuple[tuple[str, int], ...]
    pending: Pending | None
    riddle: RiddleView | None
    ended: str
    planner: Planner = field(compare=False, repr=False)  # what is legal while composing an action
    saga: SagaView | None = None  # at the chapter's end: the score sheet and how to carry on
    hints: tuple[str, ...] = ()  # where to look when stuck (hints.py), never the answer


def square_view(state: LineState, cell: Cell) -> SquareView:
    grid = state.chapter.grid
    if cell not in state.uncovered:
        lock = grid.lock_at(cell)
        return SquareView("ink", lock=lock is not None and lock not in state.unlocked,
                          start=cell in grid.start, note=state.notes.get(cell, ""))
    kind = grid.squares[cell].value
    if kind != "letter":
        return SquareView(kind)
    return SquareView("letter", grid.letters[cell], grid.zones[cell], tuple(grid.marks_at(cell)))


def view_of(state: LineState) -> LineView:
    chapter, grid = state.chapter, state.chapter.grid
    heroes = []
    for hero_id, board in state.heroes.items():
        hero = chapter.roster[hero_id]
        talents = tuple((t.word, t.text, tuple(state.crossed[hero_id][i]),
                         (hero_id, i) in state.talents_won or t.tile in board.talent_tiles)
                        for i, t in enumerate(letters.talents(state, hero_id)))
        joined = hero.companion.name if hero.companion and hero_id in state.companions else ""
        heroes.append(HeroView(hero_id, hero.name, board.zone, board.in_play(),
                               tuple((t, tile_label(state, hero_id, t)) for t in board.reserve),
                               tuple(None if c is None else tuple(tile_label(state, hero_id, t)
                                                                  for t in c)
                                     for c in board.compartments), talents,
                                hero.legendary.text if hero.legendary else "", joined))
    ongoing = tuple((key, tell(ins, chapter.currency)) for key in state.read
                    if key not in state.discarded
                    for ins in chapter.cards[key].instructions if not ins.now)
    riddle = None
    if state.pending is not None and state.pending.kind == "riddle":
        r, c = state.riddles[state.pending.card], chapter.challenges[state.pending.card]
        riddle = RiddleView(c.key, c.number, c.riddle, r.revealed,
                            c.clues[:r.clues], r.penalties)
    return LineView(
        chapter.title, chapter.introduction, chapter.main_quest, grid.width, grid.height,
        {(x, y): square_view(state, (x, y)) for y in range(grid.height) for x in range(grid.width)},
        tuple(heroes), chapter.tragedy[:state.tragedy_scratched], len(chapter.tragedy), state.bell,
        tuple(chapter.cards[k] for k in state.read), frozenset(state.discarded), ongoing,
        tuple(state.completed), tuple(state.inventory), (chapter.currency, state.currency),
        tuple((m["title"], m["milestones"], m["closed"]) for m in state.missions.values()),
        tuple(score_lines(state)), state.pending, riddle, state.ended, Planner(state),
        saga_view(state), hints(state))

# Screens read views and never the state: what they need of the game's types comes from here.
__all__ = ['ANSWER_SQUARES', 'BLANK_SQUARE', 'HeroView', 'LineView', 'Pending', 'RiddleView', 'SagaView',
           'SquareView', 'view_of']
