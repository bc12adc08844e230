"""A chapter in play: what is uncovered, the hero boards, the Line of Tragedy, cards, score, jobs.

(Issue 21's tenth pass, the hero key's tile sizes; bench/random_play_instructions.py
once-upon-a-line --games 200 --no-gc: 88,375 and 88,375 on 34c9916. listing.drawing builds a hero's
key 1.03 times a move, 0.47 of them for a Reserve of two tiles or more (sorted, then each tile's size
by map over board.standard.get). A key kept whole by the board would seldom be found again: the
sorted Reserve and sizes equal the hero's last key's at 11% of those keys (tiles added 0.20 a move,
removed 0.18, sizes changed 0.02). Kept: HeroBoard.reduced, the Standard Tiles below full size,
kept by HeroBoard.resize (the one way sizes change: penalties, mends, a reset, tests); a Reserve
with none of them (54% of those keys) is keyed by its sorted ids alone: 87,995 and 87,938 (over
400 games: 89,668 -> 89,334).
Dropped: resize working `reduced` out afresh from every size by a comprehension (0.12 resizes a
move, ~3k instructions each): 88,617 and 88,709, more than the sizes it saves. (A cachegrind
microbenchmark of the key on 3,225 recorded Reserves put the sizes by map at ~3.5k a key; in play
they cost ~1.1k, by a cachegrind diff of the two trees: trust only whole-play counts.)"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.grid import Cell

COMPARTMENTS = 4
LOCKED = None  # a locked compartment
FREE: list[str] = []  # a free compartment, to compare with (`FREE in compartments`): made once,
# never changed (a new [] at each test is a list made and freed: ~0.17k a move in the draw)
STANDARD_SIZES = {f"s{n}": n for n in range(1, 6)}  # the Standard Tiles at full size (copy it)


@dataclass(slots=True)
class HeroBoard:
    id: str
    zone: int = 1
    standard: dict[str, int] = field(default_factory=lambda: dict(STANDARD_SIZES))
    talent_tiles: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    compartments: list[list[str] | None] = field(default_factory=lambda: [[] for _ in range(4)])
    active: bool = True  # False: deactivated (no longer in play until reactivated)
    retired: bool = False
    reduced: frozenset[str] = field(default=frozenset(), compare=False, repr=False)  # derived:
    # the Standard Tiles below full size, kept by `resize` (the draw's key reads it)

    def in_play(self) -> bool:
        return self.active and not self.retired

    def copy(self) -> "HeroBoard":
        compartments = self.compartments[:]
        for i, tiles in enumerate(compartments):
            if tiles:  # a free compartment ([]) is copied too, a locked one (None) is not
                compartments[i] = tiles[:]
            elif tiles is not LOCKED:
                compartments[i] = []
        return HeroBoard(self.id, self.zone, self.standard.copy(), self.talent_tiles[:],
                         self.reserve[:], compartments, self.active, self.retired, self.reduced)

    def resize(self, tile_id: str, size: int) -> None:
        """Set a Standard Tile's size (penalties, mends, a reset): the one way sizes change, so the
        board keeps which tiles are reduced (`reduced`: the draw keys a Reserve with none of them
        by its ids alone, without looking up their sizes)."""
        self.standard[tile_id] = size
        if size == STANDARD_SIZES[tile_id]:
            if tile_id in self.reduced:
                self.reduced = self.reduced - {tile_id}
        else:
            self.reduced = self.reduced | {tile_id}

    def free_compartment(self) -> int | None:
        for i, tiles in enumerate(self.compartments):
            if tiles is not LOCKED and not tiles:
                return i
        return None

    def locks(self) -> int:
        return sum(1 for c in self.compartments if c is LOCKED)


class Job(NamedTuple):
    """Work still to do, kept on a stack so a card taken mid-instruction is read at once (a named
    tuple: made several times a move, three times faster than a frozen dataclass)."""

    kind: str  # "read", "steps", "offer", "word", "hourglass", "scratch"
    card: str = ""
    steps: tuple = ()
    pos: int = 0
    index: int = 0  # the instruction's index on its card
    hero: str = ""
    word: str = ""
    data: Any = None  # scratch: (segments left, dotted, squares already scratched)


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the player must take before anything else happens."""

    kind: str  # "optional", "choice", "letters", "penalty", "riddle", "dotted"
    card: str = ""
    index: int = 0
    options: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    word: str = ""
    effect: str = ""
    hero: str = ""


@dataclass
class Riddle:
    key: str
    revealed: str = ""  # the answer squares scratched so far, left to right (" " blank)
    clues: int = 0
    penalties: int = 0  # ? squares scratched for this riddle
    solved: bool = False
    given_up: bool = False


@dataclass(slots=True)  # 34 fields: past 30 a plain instance keeps a dict of its own (no shared
# keys), and every read of the state at every move went through it (docs/speed.md)
class LineState:
    chapter: Chapter
    heroes: dict[str, HeroBoard]
    uncovered: set[Cell] = field(default_factory=set)
    unlocked: set[str] = field(default_factory=set)
    tragedy_scratched: int = 0
    bell: bool = False
    dystopia: int = 0
    utopia: int = 0
    read: list[str] = field(default_factory=list)
    discarded: set[str] = field(default_factory=set)
    completed: list[str] = field(default_factory=list)
    inventory: list[str] = field(default_factory=list)
    currency: int = 0
    missions: dict[str, dict[str, Any]] = field(default_factory=dict)
    crossed: dict[str, list[list[bool]]] = field(default_factory=dict)  # hero -> talent -> letter
    talents_won: list[tuple[str, int]] = field(default_factory=list)  # this chapter
    gained_heroes: list[str] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    pending: Pending | None = None
    riddles: dict[str, Riddle] = field(default_factory=dict)
    penalty_squares: int = 0  # ? squares scratched on the Challenge Gateway
    blanks: int = 0
    stops: int = 0
    skulls: int = 0
    ended: str = ""  # "", "epilogue" or "tragedy"
    quest_points: int = 0
    notes: dict[Cell, str] = field(default_factory=dict)
    seed: int = 0  # the table's seed: any chance a chapter holds derives from it, as in every game
    saga: dict[str, Any] = field(default_factory=dict)  # the saga this chapter belongs to (saga.py)
    kept_tiles: dict[str, list[str]] = field(default_factory=dict)  # talent tiles won before, every hero
    companions: list[str] = field(default_factory=list)  # heroes whose companion has joined them
    legendary_used: list[str] = field(default_factory=list)  # heroes whose free move is spent
    drawn: Any = field(default=None, compare=False, repr=False)  # derived, never saved: what the
    # draw keeps (listing.Drawn), rebuilt when missing; told of changes by `changed`
    ongoing: Any = field(default=None, compare=False, repr=False)  # derived, never saved: the
    # chapter's ongoing instructions by trigger (jobs.card_jobs), read by jobs.fire

    def changed(self, hero: str | None = None) -> tuple | None:
        """Tell the draw a hero's board changed (its Reserve, tile sizes, compartments, zone, being
        in play; None: any board, or the completed words), so it lists that hero afresh; what it
        drew last (listing.Drawn.placing), which it forgets, or None."""
        drawn = self.drawn
        if drawn is None:
            return None
        placing, drawn.placing = drawn.placing, None  # (1.2 changes a move)
        if hero is None:
            drawn.heroes.clear()
            drawn.words.clear()
        else:
            drawn.heroes.pop(hero, None)
        return placing

    def copy(self) -> "LineState":
        """An independent copy; the chapter (read-only content), frozen jobs, the saga and the
        talent tiles kept are shared; `drawn` is derived: the copy rebuilds its own. (Every game's
        first state is one: setup.new_chapter. Made by the constructor, field by field, as the
        boards: copy.copy reads the instance's __dict__, which makes one, and an instance with a
        __dict__ of its own has every attribute read at every move after it go a slower way.)"""
        return LineState(  # positionally, in the fields' order: 33 keywords cost more than the
            # copying itself (each is matched by name against the signature)
            self.chapter, {h: b.copy() for h, b in self.heroes.items()}, self.uncovered.copy(),
            self.unlocked.copy(), self.tragedy_scratched, self.bell, self.dystopia, self.utopia,
            self.read[:], self.discarded.copy(), self.completed[:], self.inventory[:],
            self.currency,
            {k: dict(v) for k, v in self.missions.items()} if self.missions else {},
            {h: list(map(list, v)) for h, v in self.crossed.items()},  # (map: no call a hero, as
            # a list comprehension is)
            self.talents_won[:], self.gained_heroes[:], self.jobs[:], self.pending,
            {k: copy.copy(r) for k, r in self.riddles.items()} if self.riddles else {},
            self.penalty_squares, self.blanks, self.stops, self.skulls, self.ended,
            self.quest_points, self.notes.copy(), self.seed, self.saga, self.kept_tiles,
            self.companions[:], self.legendary_used[:])

    def in_play(self) -> list[str]:
        return [h for h, board in self.heroes.items() if board.in_play()]

    def tragedy_left(self) -> int:
        return len(self.chapter.tragedy) - self.tragedy_scratched

    def word_complete(self, text: str) -> bool:
        return text in self.completed
