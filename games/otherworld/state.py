"""The full state of an Otherworld game: card ids and small lists, flat and cheap to copy."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

ROUNDS = 5
START_HAND = 5
STORYTELLERS = 3
ROWS = 3
ROW_LIMIT, LONG_ROW_LIMIT = 5, 6
NOBODY = -1  # an edge without a storyteller
BALOR = -2  # Balor's place in the saga order (solo); he is not a seat


class Phase(Enum):
    JOURNEY = "journey"  # place storytellers on edges
    TAKE = "take"  # saga: take a card a storyteller touches
    PLACE = "place"  # saga: place a card from hand into the tableau (or discard if none fits)
    ABILITY = "ability"  # saga: the placed card's ability wants a choice
    CLEANUP = "cleanup"  # discard down to the next round's hand size
    DIFFICULTY = "difficulty"  # solo: how many of Balor's cards to strike
    STRIKE = "strike"  # solo: strike Balor's cards one by one
    OVER = "over"


# The phases as plain names for the rules' hot paths: reading Phase.X goes through the enum
# metaclass's attribute hook every time (about 8x the cost of a module global).
(JOURNEY, TAKE, PLACE, ABILITY, CLEANUP, DIFFICULTY, STRIKE, OVER) = (
    Phase.JOURNEY, Phase.TAKE, Phase.PLACE, Phase.ABILITY,
    Phase.CLEANUP, Phase.DIFFICULTY, Phase.STRIKE, Phase.OVER)


Row = list  # card ids, or None for a gap; built left to right


@dataclass(slots=True)
class OtherState:
    seed: int
    players: int
    deck: list[str]  # top is the end of the list
    discard: list[str]
    rows: int
    cols: int
    grid: list[str | None]  # per cell: a card id, or None once taken
    tellers: list[int]  # per edge: the seat whose storyteller sits there, or NOBODY
    hands: list[list[str]]
    tableaus: list[list[Row]]  # per seat: three rows
    geas: list[str]  # one Geas id per row
    round: int = 1
    first: int = 0
    turn: int = 0  # the seat to act (in the saga, BALOR never stays here: he acts at once)
    phase: Phase = Phase.JOURNEY
    pending: str = ""  # ABILITY: the card whose ability waits for a choice
    balor: list[str] = field(default_factory=list)  # solo: Balor's scoring pile
    balor_high: bool = True  # solo: the control card's side
    balor_left: int = 0  # solo: Balor's saga turns left this round
    strikes: int = -1  # solo: how many of Balor's cards the player strikes (-1: not chosen)
    struck: list[str] = field(default_factory=list)
    reshuffles: int = 0
    scores: list[int] = field(default_factory=list)  # filled at the end (solo: [you, Balor])

    @property
    def solo(self) -> bool:
        return self.players == 1

    def copy(self) -> "OtherState":
        return OtherState(
            self.seed, self.players, self.deck[:], self.discard[:], self.rows, self.cols,
            self.grid[:], self.tellers[:], [h[:] for h in self.hands],
            [[r[:] for r in t] for t in self.tableaus], self.geas[:], self.round, self.first,
            self.turn, self.phase, self.pending, self.balor[:], self.balor_high, self.balor_left,
            self.strikes, self.struck[:], self.reshuffles, self.scores[:])

    def order(self) -> list[int]:
        """Turn order this round, counterclockwise from the first player (seats sit clockwise).

        Solo: you and Balor alternate, you first in odd rounds."""
        if self.solo:
            return [0, BALOR] if self.round % 2 == 1 else [BALOR, 0]
        return [(self.first - i) % self.players for i in range(self.players)]

    def hand_size_after(self) -> int:
        """The hand size each player keeps after this round's cleanup: 4, 3, 2, 1, 0."""
        return START_HAND - self.round

    def storytellers_of(self, seat: int) -> list[int]:
        return [e for e, owner in enumerate(self.tellers) if owner == seat]
