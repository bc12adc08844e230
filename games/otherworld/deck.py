"""The draw deck: dealing from the top and shuffling the discard pile back in when it runs out."""
from __future__ import annotations

from games.core.rng import derive_rng
from games.otherworld.state import OtherState


def draw(state: OtherState) -> tuple[str | None, bool]:
    """The top card (None if deck and discard pile are both empty), and whether it reshuffled."""
    reshuffled = False
    if not state.deck and state.discard:
        state.reshuffles += 1
        state.deck, state.discard = state.discard, []
        derive_rng(state.seed, "reshuffle", state.reshuffles).shuffle(state.deck)
        reshuffled = True
    return (state.deck.pop() if state.deck else None), reshuffled


def deal_grid(state: OtherState) -> tuple[list[str], bool]:
    """Fill every grid cell from the deck; returns the cards dealt and whether it reshuffled."""
    dealt, reshuffled = [], False
    for cell in range(state.rows * state.cols):
        card, again = draw(state)
        reshuffled |= again
        state.grid[cell] = card
        if card is not None:
            dealt.append(card)
    return dealt, reshuffled
