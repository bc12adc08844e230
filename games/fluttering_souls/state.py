"""The full state of a Fluttering Souls game: small and flat, so bots can copy it cheaply."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from games.fluttering_souls.layouts import Layout
from games.fluttering_souls.content import LAYOUTS
from games.fluttering_souls.scoring import Score

EMPTY = -1  # a slot whose card was collected
SEATS = 2
TOKENS_TO_WIN = 3


class Phase(Enum):
    COLLECT = "collect"  # the seat to move collects an open card
    EGGFLY = "eggfly"  # the Eggfly holder decides whether to put it into the slot just emptied
    CHOOSE_ORDER = "choose order"  # the round's loser chooses to go first or second
    OVER = "over"


@dataclass(frozen=True, slots=True)
class RoundResult:
    round_no: int
    layout: str
    held: tuple[tuple[int, ...], tuple[int, ...]]
    scores: tuple[Score, Score]
    winner: int
    by_eggfly: bool


@dataclass(slots=True)
class FlutterState:
    seed: int
    layout_order: list[int]  # indexes into LAYOUTS, in deck order (hidden)
    round_no: int
    layout: Layout
    cards: list[int]  # per slot: a Species value, or EMPTY
    face_up: list[bool]
    set_aside: list[int]  # the 2 cards nobody sees
    held: list[list[int]]  # per seat: cards held per Species (the Eggfly included)
    first: int
    turn: int
    phase: Phase
    emptied: int = -1  # the slot the last collected card came from
    tokens: list[int] = field(default_factory=lambda: [0, 0])
    results: list[RoundResult] = field(default_factory=list)

    @property
    def chooser(self) -> int:
        """The seat choosing the order: the loser of the last round."""
        return 1 - self.results[-1].winner

    def copy(self) -> "FlutterState":
        return FlutterState(
            self.seed, self.layout_order, self.round_no, self.layout, self.cards[:],
            self.face_up[:], self.set_aside[:], [self.held[0][:], self.held[1][:]], self.first,
            self.turn, self.phase, self.emptied, self.tokens[:], self.results[:])


def layout_for_round(state: FlutterState, round_no: int) -> Layout:
    return LAYOUTS[state.layout_order[round_no - 1]]
