"""What one seat may see: face-down cards, the set-aside cards and the layout deck stay hidden."""
from __future__ import annotations

from dataclasses import dataclass

from games.fluttering_souls.apply import is_open
from games.fluttering_souls.cards import COPIES, Species
from games.fluttering_souls.layouts import Layout
from games.fluttering_souls.state import EMPTY, FlutterState, Phase, RoundResult

HIDDEN = -2  # a face-down card: present, but nobody knows which butterfly it is


@dataclass(frozen=True, slots=True)
class FlutterView:
    seat: int | None
    round_no: int
    layout: Layout
    cards: tuple[int, ...]  # per slot: a Species value, EMPTY, or HIDDEN
    open: tuple[bool, ...]
    held: tuple[tuple[int, ...], tuple[int, ...]]
    tokens: tuple[int, int]
    first: int
    turn: int
    phase: Phase
    emptied: int
    results: tuple[RoundResult, ...]
    dealt: bool  # False while the loser chooses the order: the new layout is still empty

    @property
    def eggfly_holder(self) -> int | None:
        for seat in (0, 1):
            if self.held[seat][Species.GREAT_EGGFLY]:
                return seat
        return None

    @property
    def open_slots(self) -> list[int]:
        return [i for i, o in enumerate(self.open) if o]

    def unseen(self) -> list[int]:
        """The butterflies this seat has not seen this round: face down or set aside."""
        counts = dict(COPIES)
        for card in self.cards:
            if card >= 0:
                counts[Species(card)] -= 1
        for held in self.held:
            for species, n in enumerate(held):
                counts[Species(species)] -= n
        return [int(s) for s, n in counts.items() for _ in range(n)]


def view_of(state: FlutterState, seat: int | None) -> FlutterView:
    dealt = state.phase is not Phase.CHOOSE_ORDER
    cards = tuple(
        EMPTY if (card == EMPTY or not dealt) else (card if up else HIDDEN)
        for card, up in zip(state.cards, state.face_up))
    if not dealt:
        cards = tuple(EMPTY for _ in state.layout.slots)
    return FlutterView(
        seat, state.round_no, state.layout, cards,
        tuple(dealt and is_open(state, i) for i in range(len(cards))),
        (tuple(state.held[0]), tuple(state.held[1])), (state.tokens[0], state.tokens[1]),
        state.first, state.turn, state.phase, state.emptied, tuple(state.results), dealt)

# Screens read views and never the state: what they need of the game's types comes from here.
__all__ = ['EMPTY', 'HIDDEN', 'FlutterView', 'Phase', 'view_of']
