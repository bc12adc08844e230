"""The full state of a Questline game (multiplayer or solo): card ids only, flat and cheap to copy."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from random import Random

from games.questline.decks import deal

HAND = 7  # cards in a finished hand
HAND_LIMIT = 8
DISCARD_LIMIT = 7  # a full discard area: its owner may only draw from it
FINAL_CYCLES = 2  # the last player still playing draws and discards twice more
EPILOGUES_BY_PLAYERS = {2: (4, 6), 3: (3, 4, 6), 4: (2, 3, 5, 6), 5: (1, 2, 3, 5, 6),
                        6: (1, 2, 3, 4, 5, 6)}


def _neighbours(players: int, seat: int) -> tuple[int, ...]:
    """The seats beside `seat` (left first; one seat when there are two players, none solo)."""
    if players < 2:
        return ()
    left, right = (seat - 1) % players, (seat + 1) % players
    return (left,) if left == right else (left, right)


NEIGHBOURS = {players: tuple(_neighbours(players, seat) for seat in range(players))
              for players in range(1, max(EPILOGUES_BY_PLAYERS) + 1)}


class Phase(Enum):
    OPENING = "opening"  # everyone chooses a first discard, revealed together
    PLAY = "play"
    OVER = "over"


@dataclass(slots=True)
class QuestState:
    seed: int
    players: int
    solo: bool
    in_turn: bool  # hotseat: one draw-and-discard cycle each, in seat order
    class_deck: list[str]  # top of each deck is the end of the list
    adventure_deck: list[str]  # solo: epilogue cards are shuffled in
    epilogues: list[str]  # multiplayer: the stack, highest on top; solo: the revealed ones
    hands: list[list[str]]
    discards: list[list[str]]
    opening: list[str | None]  # the first discard each player chose, hidden until all chose
    out_of_play: list[str] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    epilogue_of: list[str | None] = field(default_factory=list)
    turn: int = 0  # in_turn only: whose cycle it is
    final_cycles: int = -1  # cycles left to the last player (-1 until one player is left)
    phase: Phase = Phase.OPENING
    scores: list[int] = field(default_factory=list)  # filled at the end
    # Multiplayer decks are shuffled as they are drawn (decks.deal), each by its own generator, kept
    # here until the deck is settled (None after): below the top, such a deck is in no settled order.
    # Not compared: the generator's place follows from the seed and the cards drawn.
    class_rng: Random | None = field(default=None, compare=False)
    adventure_rng: Random | None = field(default=None, compare=False)

    def settle_decks(self) -> None:
        """Finish shuffling the decks still shuffled as they are drawn: the same cards come next, in
        the same order, and the lists now show it."""
        if self.class_rng is not None:
            self.class_deck[:] = deal(self.class_rng, self.class_deck, len(self.class_deck))[::-1]
            self.class_rng = None
        if self.adventure_rng is not None:
            self.adventure_deck[:] = deal(self.adventure_rng, self.adventure_deck,
                                          len(self.adventure_deck))[::-1]
            self.adventure_rng = None

    def copy(self) -> "QuestState":
        self.settle_decks()  # a copy drawing from its own deck must not share the generator
        return QuestState(
            self.seed, self.players, self.solo, self.in_turn, self.class_deck[:],
            self.adventure_deck[:], self.epilogues[:], [h[:] for h in self.hands],
            [d[:] for d in self.discards], self.opening[:], self.out_of_play[:], self.done[:],
            self.epilogue_of[:], self.turn, self.final_cycles, self.phase,
            self.scores[:])

    def holding(self, seat: int) -> bool:
        """Whether the seat has drawn and must now discard."""
        return len(self.hands[seat]) > HAND

    def blocked(self, seat: int) -> bool:
        """A full discard area: its owner may draw only from it until someone else takes one."""
        return len(self.discards[seat]) >= DISCARD_LIMIT

    def neighbours(self, seat: int) -> tuple[int, ...]:
        return NEIGHBOURS[self.players][seat]

    def still_playing(self) -> list[int]:
        return [s for s in range(self.players) if not self.done[s]]
