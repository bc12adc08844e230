"""Abilities that resolve when their card is placed: the choices each offers, and carrying them out."""
from __future__ import annotations

from games.core.messages import Command, Event
from games.otherworld import deck
from games.otherworld.commands import MoveStoryteller, RecallCard, ShiftCard, SkipAbility, SwapCards
from games.otherworld.content import CARDS
from games.otherworld.events import (
    AbilitySkipped,
    CardDrawn,
    CardRecalled,
    CardShifted,
    CardsSwapped,
    StorytellerMoved,
)
from games.otherworld.state import OtherState
from games.otherworld.storytellers import free_edges
from games.otherworld.tableau import accepts, cards_in, find, put, take_out

CHOOSING = ("swap", "shift", "recall", "wander")  # abilities that wait for the player's choice


def options(state: OtherState, seat: int, card: str) -> list[Command]:
    """The uses of the placed card's ability open to the seat now (SkipAbility not included)."""
    ability = CARDS[card].ability
    tableau = state.tableaus[seat]
    placed = cards_in(tableau)
    if ability == "swap":
        return [SwapCards(a, b) for i, a in enumerate(placed) for b in placed[i + 1:]]
    if ability == "shift":
        return [ShiftCard(c, r) for c in placed for r in range(len(tableau))
                if r != find(tableau, c)[0] and accepts(tableau[r], c)]
    if ability == "recall":
        return [RecallCard(c) for c in placed if c != card]
    if ability == "wander":
        free = free_edges(state)
        return [MoveStoryteller(e, to) for e in state.storytellers_of(seat) for to in free]
    return []


def on_placed(state: OtherState, seat: int, card: str) -> tuple[list[Event], bool]:
    """Resolve what happens at once; returns the events and whether a choice is now awaited."""
    ability = CARDS[card].ability
    if ability == "draw":
        drawn, _ = deck.draw(state)
        if drawn is None:
            return [], False
        state.hands[seat].append(drawn)
        return [CardDrawn(seat, drawn)], False
    if ability in CHOOSING and options(state, seat, card):
        state.pending = card
        return [], True
    return [], False


def resolve(state: OtherState, seat: int, command: Command) -> list[Event]:
    """Carry out a legal ability choice (or the skip)."""
    tableau = state.tableaus[seat]
    card, state.pending = state.pending, ""
    if isinstance(command, SkipAbility):
        return [AbilitySkipped(seat, card)]
    if isinstance(command, SwapCards):
        (r1, i1), (r2, i2) = find(tableau, command.first), find(tableau, command.second)
        tableau[r1][i1], tableau[r2][i2] = command.second, command.first
        return [CardsSwapped(seat, command.first, command.second)]
    if isinstance(command, ShiftCard):
        r, i = find(tableau, command.card)
        take_out(tableau[r], i)
        put(tableau[command.row], command.card)
        return [CardShifted(seat, command.card, command.row)]
    if isinstance(command, RecallCard):
        r, i = find(tableau, command.card)
        take_out(tableau[r], i)
        state.hands[seat].append(command.card)
        return [CardRecalled(seat, command.card)]
    assert isinstance(command, MoveStoryteller)
    state.tellers[command.to] = state.tellers[command.edge]
    state.tellers[command.edge] = -1
    return [StorytellerMoved(seat, command.edge, command.to)]
