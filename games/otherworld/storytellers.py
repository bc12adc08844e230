"""Storytellers on the grid: free edges, live and lost storytellers, whose saga turn it is."""
from __future__ import annotations

from games.otherworld.grid import Edge, edges
from games.otherworld.state import BALOR, NOBODY, STORYTELLERS, OtherState


def all_edges(state: OtherState) -> tuple[Edge, ...]:
    return edges(state.rows, state.cols)


def touched(state: OtherState, edge: int) -> list[int]:
    """The cells with a card that the edge touches."""
    grid, e = state.grid, edges(state.rows, state.cols)[edge]
    return [c for c in (e.a, e.b) if grid[c] is not None]


def free_edges(state: OtherState) -> list[int]:
    """Edges a storyteller may go to: no storyteller yet, and two cards to touch."""
    grid, tellers = state.grid, state.tellers
    return [e.index for e in edges(state.rows, state.cols)
            if tellers[e.index] == NOBODY and grid[e.a] is not None and grid[e.b] is not None]


def live(state: OtherState, seat: int) -> list[int]:
    """The seat's storytellers that still touch a card."""
    return [e for e in state.storytellers_of(seat) if touched(state, e)]


def lost(state: OtherState, seat: int) -> list[int]:
    return [e for e in state.storytellers_of(seat) if not touched(state, e)]


def any_live(state: OtherState) -> bool:
    grid, found = state.grid, edges(state.rows, state.cols)
    return any(owner != NOBODY and (grid[found[e].a] is not None or grid[found[e].b] is not None)
               for e, owner in enumerate(state.tellers))


def journey_done(state: OtherState) -> bool:
    return all(len(state.storytellers_of(s)) >= STORYTELLERS for s in range(state.players))


def next_to_place(state: OtherState, after: int | None) -> int | None:
    """Journey: the next seat in turn order (after `after`) with a storyteller still to place."""
    seats = [s for s in state.order() if s != BALOR]
    start = 0 if after is None else seats.index(after) + 1
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        if len(state.storytellers_of(seat)) < STORYTELLERS:
            return seat
    return None


def can_take(state: OtherState, actor: int) -> bool:
    """Saga: whether an actor has a turn now. Lost storytellers wait until none is live."""
    if not any(c is not None for c in state.grid):
        return False
    if actor == BALOR:
        return state.balor_left > 0
    if any_live(state):
        return bool(live(state, actor))
    return bool(state.storytellers_of(actor))
