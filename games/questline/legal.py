"""Who may act in Questline, the commands each may send now, and why anything else is refused,
in a player's words: together, in one place."""
from __future__ import annotations

from games.core.messages import Command
from games.questline import apply
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.state import HAND_LIMIT, Phase, QuestState

DECK_NAMES = ("adventure", "class")
HOLDING = f"You hold {HAND_LIMIT} cards: discard one first (a questline is 7 cards)."


def rejection(state: QuestState, seat: int, command: Command) -> str | None:
    if isinstance(command, ChooseFirstDiscard):
        if state.phase is not Phase.OPENING:
            return "The first discards were already revealed."
        if command.card not in state.hands[seat]:
            return "That card is not in your hand."
        return None
    if state.phase is Phase.OPENING:
        return "First choose a card from your hand for your discard area."
    if isinstance(command, Discard):
        if not state.holding(seat):
            return "Draw a card before you discard."
        return None if command.card in state.hands[seat] else "That card is not in your hand."
    if state.holding(seat):
        return HOLDING
    if isinstance(command, DrawFromDeck):
        return _deck_problem(state, seat, command.deck)
    if isinstance(command, TakeFromDiscard):
        return _take_problem(state, seat, command.owner, command.card)
    if isinstance(command, Reset):
        if not state.solo:
            return "Reset is a solo action."
        return None if state.adventure_deck else "The adventure deck is empty: no more resets."
    if isinstance(command, CompleteHand):
        return None
    return "Questline has no such move."


def _deck_problem(state: QuestState, seat: int, deck: str) -> str | None:
    if state.solo:
        return ("In solo play you never draw from the decks: take a card from your discard "
                "area, or reset it.")
    if state.final_cycles == 0:
        return "You have drawn and discarded twice since the others finished: complete now."
    if state.blocked(seat):
        return ("Your discard area holds 7 cards: you may only take from it until someone "
                "else takes one.")
    if deck not in ("adventure", "class"):
        return "There is no such deck: draw from the adventure deck or the class deck."
    pile = state.class_deck if deck == "class" else state.adventure_deck
    return None if pile else f"The {deck} deck is empty."


def _take_problem(state: QuestState, seat: int, owner: int, card: str) -> str | None:
    if state.final_cycles == 0 and not state.solo:
        return "You have drawn and discarded twice since the others finished: complete now."
    if not isinstance(owner, int) or not 0 <= owner < state.players:
        return "There is no such player."
    if owner not in apply.draw_sources(state, seat):
        if state.blocked(seat):
            return ("Your discard area holds 7 cards: you may only take from it until someone "
                    "else takes one.")
        if owner in state.neighbours(seat):
            side = "left" if owner == (seat - 1) % state.players else "right"
            return (f"Your {side} neighbour has completed their questline: that discard area is "
                    "out of play.")
        return "You can only take from your own discard area or your neighbours'."
    if card not in state.discards[owner]:
        return "That card is not in that discard area (someone may have taken it)."
    return None


def to_act(state: QuestState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.OPENING:
        return tuple(s for s, c in enumerate(state.opening) if c is None)
    if state.in_turn:
        return (state.turn,)
    return tuple(state.still_playing())


def legal_commands(state: QuestState, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    hand = state.hands[seat]
    if state.phase is Phase.OPENING:
        return [ChooseFirstDiscard(card) for card in hand]
    if state.holding(seat):
        return [Discard(card) for card in hand]
    if state.solo:
        moves: list[Command] = [TakeFromDiscard(0, c) for c in state.discards[0]]
        return moves + ([Reset()] if state.adventure_deck else []) + [CompleteHand()]
    if state.final_cycles == 0:
        return [CompleteHand()]
    moves = []
    if not state.blocked(seat):
        moves += [DrawFromDeck(d) for d in DECK_NAMES if _deck(state, d)]
    for owner in apply.draw_sources(state, seat):
        moves += [TakeFromDiscard(owner, c) for c in state.discards[owner]]
    return moves + [CompleteHand()]


def _deck(state: QuestState, name: str) -> list[str]:
    return state.class_deck if name == "class" else state.adventure_deck
