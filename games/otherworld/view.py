"""What one Otherworld seat may see: the grid, storytellers, every tableau, its own hand only."""
from __future__ import annotations

from dataclasses import dataclass

from games.otherworld.state import BALOR, NOBODY, ROUNDS, OtherState, Phase


@dataclass(frozen=True, slots=True)
class OtherView:
    seat: int | None
    players: int
    round: int
    phase: Phase
    turn: int
    first: int
    order: tuple[int, ...]  # this round's turn order (solo: includes Balor as -2)
    rows: int
    cols: int
    grid: tuple[str | None, ...]
    tellers: tuple[int, ...]
    hand: tuple[str, ...]  # this seat's hand
    hand_sizes: tuple[int, ...]
    tableaus: tuple[tuple[tuple[str | None, ...], ...], ...]
    geas: tuple[str, ...]
    deck_left: int
    discard_size: int
    pending: str
    balor: tuple[str, ...]  # solo: Balor's scoring pile (taken from the open grid)
    balor_high: bool
    balor_left: int
    strikes: int
    struck: tuple[str, ...]
    scores: tuple[int, ...]

    @property
    def solo(self) -> bool:
        return self.players == 1


def view_of(state: OtherState, seat: int | None) -> OtherView:
    return OtherView(
        seat, state.players, state.round, state.phase, state.turn, state.first,
        tuple(state.order()), state.rows, state.cols, tuple(state.grid), tuple(state.tellers),
        tuple(state.hands[seat]) if seat is not None else (),
        tuple(len(h) for h in state.hands),
        tuple(tuple(tuple(r) for r in t) for t in state.tableaus), tuple(state.geas),
        len(state.deck), len(state.discard), state.pending, tuple(state.balor), state.balor_high,
        state.balor_left, state.strikes, tuple(state.struck), tuple(state.scores))

# Screens read views and never the state: what they need of the game's types comes from here.
__all__ = ['BALOR', 'NOBODY', 'ROUNDS', 'OtherView', 'Phase', 'view_of']
