"""Who may act in Questline, the commands each may send now, and why anything else is refused,
in a player's words: together, in one place."""
from __future__ import annotations

from itertools import product

from games.core.messages import Command
from games.questline import apply
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.decks import CARDS
from games.questline.state import EPILOGUES_BY_PLAYERS, HAND, HAND_LIMIT, Phase, QuestState

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


PLAY, OPENING = Phase.PLAY, Phase.OPENING  # module names: a class attribute of an Enum costs ~10x more
EVERYONE = {players: tuple(range(players)) for players in range(1, max(EPILOGUES_BY_PLAYERS) + 1)}
# who is still building, by who is done (every pattern for 1-6 players): one lookup where
# tuple(compress(...)) made two iterators and a tuple (~4.6k instructions) at every move once a
# player has completed
STILL_BUILDING = {done: tuple(s for s, d in enumerate(done) if not d)
                  for players in EVERYONE for done in product((False, True), repeat=players)}


def to_act(state: QuestState) -> tuple[int, ...]:
    phase = state.phase
    if phase is PLAY:
        if state.in_turn:
            return (state.turn,)
        done = state.done
        if True not in done:  # asked before every move: nobody complete yet is the common case
            return EVERYONE[state.players]
        return STILL_BUILDING[tuple(done)]
    if phase is OPENING:
        return tuple(s for s, c in enumerate(state.opening) if c is None)
    return ()


def _acting(state: QuestState, seat: int) -> bool:
    """Whether the seat is among to_act(state), without listing them."""
    if state.phase is PLAY:
        return (state.turn == seat if state.in_turn else not state.done[seat])
    return state.phase is OPENING and state.opening[seat] is None


# Commands are frozen values: each is made once and shared by every list of legal commands.
_CHOOSE = {card: ChooseFirstDiscard(card) for card in CARDS}
_DISCARD = {card: Discard(card) for card in CARDS}
_TAKES = tuple({card: TakeFromDiscard(owner, card) for card in CARDS}  # by owner, then card
               for owner in range(max(EPILOGUES_BY_PLAYERS)))
_DRAW_ADVENTURE, _DRAW_CLASS = (DrawFromDeck(deck) for deck in DECK_NAMES)
_COMPLETE, _RESET = CompleteHand(), Reset()


def legal_commands(state: QuestState, seat: int) -> list[Command]:
    if not 0 <= seat < state.players or not _acting(state, seat):
        return []
    return moves(state, seat)


def moves(state: QuestState, seat: int) -> list[Command]:
    """The legal commands of a seat that may act now (legal_commands once that is known: the
    runtime's listing for a bot asks only seats that may act)."""
    hand = state.hands[seat]
    if state.phase is OPENING:
        return list(map(_CHOOSE.__getitem__, hand))
    if len(hand) > HAND:  # holding: discard first
        return list(map(_DISCARD.__getitem__, hand))
    discards = state.discards
    if state.solo:
        out: list[Command] = list(map(_TAKES[0].__getitem__, discards[0]))
        if state.adventure_deck:
            out.append(_RESET)
        out.append(_COMPLETE)
        return out
    if state.final_cycles == 0:
        return [_COMPLETE]
    sources = apply.draw_sources(state, seat)
    out = []
    # a blocked seat's only source is its own area: with more, blocked() need not be asked again
    if len(sources) > 1 or not state.blocked(seat):
        if state.adventure_deck:
            out.append(_DRAW_ADVENTURE)
        if state.class_deck:
            out.append(_DRAW_CLASS)
    for owner in sources:
        out += map(_TAKES[owner].__getitem__, discards[owner])
    out.append(_COMPLETE)
    return out
