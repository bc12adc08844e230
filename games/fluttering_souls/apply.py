"""Carrying out Fluttering Souls commands on FlutterState: dealing, collecting, the Eggfly, scoring a
round and choosing the order; `apply` is the one entry the game uses (bots use the helpers too)."""
from __future__ import annotations

from games.core.messages import Command, Event
from games.core.rng import derive_rng
from games.fluttering_souls.cards import ROUND_DECK, SLOTS, Species
from games.fluttering_souls.commands import Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.events import (
    CardCollected,
    CardTurnedUp,
    EggflyKept,
    EggflyPlaced,
    GameWon,
    OrderChosen,
    RoundDealt,
    RoundScored,
)
from games.fluttering_souls.content import LAYOUTS
from games.fluttering_souls.scoring import score_collection
from games.fluttering_souls.state import (
    EMPTY,
    TOKENS_TO_WIN,
    FlutterState,
    Phase,
    RoundResult,
    layout_for_round,
)

EGGFLY = int(Species.GREAT_EGGFLY)


def new_game(seed: int) -> FlutterState:
    order = list(range(len(LAYOUTS)))
    derive_rng(seed, "layouts").shuffle(order)
    first = derive_rng(seed, "first player").randrange(2)
    state = FlutterState(seed, order, 1, LAYOUTS[order[0]], [EMPTY] * SLOTS, [False] * SLOTS, [],
                         [[0] * 5, [0] * 5], first, first, Phase.COLLECT)
    deal(state)
    return state


def deal(state: FlutterState) -> list[Event]:
    """Shuffle the 20 butterflies onto this round's layout; the second player takes the Eggfly."""
    deck = [int(s) for s in ROUND_DECK]
    derive_rng(state.seed, "deal", state.round_no).shuffle(deck)
    state.layout = layout_for_round(state, state.round_no)
    state.cards = deck[:SLOTS]
    state.set_aside = deck[SLOTS:]
    state.face_up = [slot.face_up for slot in state.layout.slots]
    state.held = [[0] * 5, [0] * 5]
    state.held[1 - state.first][EGGFLY] = 1
    state.turn, state.phase, state.emptied = state.first, Phase.COLLECT, -1
    return [RoundDealt(state.round_no, state.layout.name, state.first)]


def is_open(state: FlutterState, slot: int) -> bool:
    cards = state.cards
    return cards[slot] != EMPTY and all(cards[j] == EMPTY for j in state.layout.slots[slot].covered_by)


def open_slots(state: FlutterState) -> list[int]:
    cards, slots = state.cards, state.layout.slots
    return [i for i in range(SLOTS)
            if cards[i] != EMPTY and all(cards[j] == EMPTY for j in slots[i].covered_by)]


def eggfly_holder(state: FlutterState) -> int | None:
    for seat in (0, 1):
        if state.held[seat][EGGFLY]:
            return seat
    return None


def collect(state: FlutterState, slot: int) -> list[Event]:
    seat, species = state.turn, state.cards[slot]
    state.cards[slot] = EMPTY
    state.held[seat][species] += 1
    state.emptied = slot
    events: list[Event] = [CardCollected(seat, slot, Species(species))]
    for below in state.layout.slots[slot].covers:
        if not state.face_up[below] and is_open(state, below):
            state.face_up[below] = True
            events.append(CardTurnedUp(below, Species(state.cards[below])))
    if species != EGGFLY and state.held[seat][EGGFLY]:
        state.phase = Phase.EGGFLY
        return events
    return events + end_turn(state)


def place_eggfly(state: FlutterState) -> list[Event]:
    seat, slot = state.turn, state.emptied
    state.held[seat][EGGFLY] = 0
    state.cards[slot] = EGGFLY
    state.face_up[slot] = True
    return [EggflyPlaced(seat, slot), *end_turn(state)]


def keep_eggfly(state: FlutterState) -> list[Event]:
    return [EggflyKept(state.turn), *end_turn(state)]


def end_turn(state: FlutterState) -> list[Event]:
    state.phase = Phase.COLLECT
    if any(card != EMPTY for card in state.cards):
        state.turn = 1 - state.turn
        return []
    return score_round(state)


def round_winner(state: FlutterState) -> tuple[int, bool, tuple]:
    """The round's winner, whether the Eggfly broke a tie, and both scores."""
    scores = (score_collection(state.held[0]), score_collection(state.held[1]))
    a, b = scores[0].total, scores[1].total
    if a != b:
        return (0 if a > b else 1), False, scores
    return eggfly_holder(state), True, scores


def score_round(state: FlutterState) -> list[Event]:
    winner, by_eggfly, scores = round_winner(state)
    state.tokens[winner] += 1
    state.results.append(RoundResult(state.round_no, state.layout.name,
                                     (tuple(state.held[0]), tuple(state.held[1])), scores, winner,
                                     by_eggfly))
    events: list[Event] = [RoundScored(state.round_no, (scores[0].total, scores[1].total), winner,
                                       by_eggfly)]
    if state.tokens[winner] >= TOKENS_TO_WIN:
        state.phase = Phase.OVER
        return events + [GameWon(winner, (state.tokens[0], state.tokens[1]))]
    state.round_no += 1
    state.layout = layout_for_round(state, state.round_no)  # the next layout card is revealed
    state.phase = Phase.CHOOSE_ORDER
    return events


def choose_order(state: FlutterState, go_first: bool) -> list[Event]:
    chooser = state.chooser
    state.first = chooser if go_first else 1 - chooser
    return [OrderChosen(chooser, state.first), *deal(state)]


def apply(state: FlutterState, seat: int, command: Command) -> list[Event]:
    """Carry out a legal command: the state changes, and the events they make."""
    if isinstance(command, Collect):
        return collect(state, command.slot)
    if isinstance(command, PlaceEggfly):
        return place_eggfly(state)
    if isinstance(command, KeepEggfly):
        return keep_eggfly(state)
    return choose_order(state, command.go_first)
