"""Balor, the solo automa: his saga turns from the control card, and the player's strikes at the end."""
from __future__ import annotations

from games.core.messages import Event
from games.otherworld import deck
from games.otherworld.content import CARDS
from games.otherworld.events import BalorTurn, CardStruck, DifficultyChosen
from games.otherworld.state import OtherState

TURNS = 3  # Balor's saga turns each round
MAX_STRIKES = 4


def pick(state: OtherState) -> int:
    """The cell Balor takes: highest value (control card 'high') or lowest, top-left first."""
    cells = [c for c, card in enumerate(state.grid) if card is not None]
    sign = -1 if state.balor_high else 1
    return min(cells, key=lambda c: (sign * CARDS[state.grid[c]].value, c))


def take_turn(state: OtherState) -> list[Event]:
    """Draw; an Ailm flips the control card; take the highest or lowest grid card; discard the draw."""
    drawn, _ = deck.draw(state)
    flipped = drawn is not None and CARDS[drawn].ailm
    if flipped:
        state.balor_high = not state.balor_high
    cell = pick(state)
    took, state.grid[cell] = state.grid[cell], None
    state.balor.append(took)
    if drawn is not None:
        state.discard.append(drawn)
    state.balor_left -= 1
    return [BalorTurn(drawn or "", flipped, state.balor_high, took)]


def choose_difficulty(state: OtherState, strikes: int) -> list[Event]:
    state.strikes = min(strikes, len(state.balor))
    return [DifficultyChosen(strikes)]


def strike(state: OtherState, card: str) -> list[Event]:
    state.balor.remove(card)
    state.struck.append(card)
    return [CardStruck(card)]


def strikes_done(state: OtherState) -> bool:
    return state.strikes >= 0 and len(state.struck) >= state.strikes
