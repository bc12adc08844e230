"""Carrying out Otherworld commands on OtherState: setup, journey, saga, cleanup, rounds and scoring;
`apply` is the one entry the game uses."""
from __future__ import annotations

from games.core.messages import Command, Event
from games.core.rng import derive_rng
from games.otherworld import abilities, balor, deck
from games.otherworld.commands import (
    ABILITY_COMMANDS,
    ChooseDifficulty,
    DiscardCard,
    PlaceCard,
    PlaceStoryteller,
    TakeCard,
)
from games.otherworld.content import CARD_IDS, GEAS_IDS
from games.otherworld.events import (
    CardDiscarded,
    CardPlaced,
    CardTaken,
    GameScored,
    GridDealt,
    StorytellerPlaced,
)
from games.otherworld.grid import edges, size_for
from games.otherworld.scoring import score_all
from games.otherworld.state import (
    BALOR,
    NOBODY,
    ROUNDS,
    ROWS,
    START_HAND,
    OtherState,
)
from games.otherworld.state import ABILITY, CLEANUP, DIFFICULTY, JOURNEY, OVER, PLACE, STRIKE, TAKE
from games.otherworld.storytellers import can_take, journey_done, next_to_place, touched
from games.otherworld.tableau import accepts, put


def new_game(seed: int, players: int) -> tuple[OtherState, list[Event]]:
    cards = list(CARD_IDS)
    derive_rng(seed, "deck").shuffle(cards)
    geas = derive_rng(seed, "geas").sample(list(GEAS_IDS), ROWS)
    rows, cols = size_for(players)
    hands = [[cards.pop() for _ in range(START_HAND)] for _ in range(players)]
    first = derive_rng(seed, "first player").randrange(players)
    state = OtherState(seed, players, cards, [], rows, cols, [None] * (rows * cols),
                       [NOBODY] * len(edges(rows, cols)), hands,
                       [[[] for _ in range(ROWS)] for _ in range(players)], geas,
                       first=first, turn=first)
    dealt, reshuffled = deck.deal_grid(state)
    return state, [GridDealt(1, tuple(dealt), reshuffled)]


# -- journey -------------------------------------------------------------------------------

def place_storyteller(state: OtherState, seat: int, edge: int) -> list[Event]:
    state.tellers[edge] = seat
    events: list[Event] = [StorytellerPlaced(seat, edge)]
    if journey_done(state):
        state.phase = TAKE
        state.balor_left = balor.TURNS if state.solo else 0
        return events + advance(state, None)
    state.turn = next_to_place(state, seat)
    return events


# -- saga ----------------------------------------------------------------------------------

def advance(state: OtherState, after: int | None) -> list[Event]:
    """Pass the saga turn on in turn order; Balor acts at once; with nobody left, clean up."""
    order = state.order()
    events: list[Event] = []
    start = 0 if after is None else order.index(after) + 1
    step = 0
    while step < len(order):
        actor = order[(start + step) % len(order)]
        step += 1
        if not can_take(state, actor):
            continue
        if actor != BALOR:
            state.turn, state.phase = actor, TAKE
            return events
        events += balor.take_turn(state)
        start, step = order.index(BALOR) + 1, 0
    return events + begin_cleanup(state)


def take_card(state: OtherState, seat: int, edge: int, cell: int) -> list[Event]:
    was_lost = not touched(state, edge)
    state.tellers[edge] = NOBODY
    card, state.grid[cell] = state.grid[cell], None
    state.hands[seat].append(card)
    state.phase = PLACE
    return [CardTaken(seat, card, was_lost)]


def can_place(state: OtherState, seat: int) -> bool:
    return any(accepts(row, card) for row in state.tableaus[seat] for card in state.hands[seat])


def place_card(state: OtherState, seat: int, card: str, row: int) -> list[Event]:
    state.hands[seat].remove(card)
    put(state.tableaus[seat][row], card)
    events: list[Event] = [CardPlaced(seat, card, row)]
    found, waiting = abilities.on_placed(state, seat, card)
    events += found
    if waiting:
        state.phase = ABILITY
        return events
    return events + advance(state, seat)


def use_ability(state: OtherState, seat: int, command) -> list[Event]:
    return abilities.resolve(state, seat, command) + advance(state, seat)


def discard(state: OtherState, seat: int, card: str) -> list[Event]:
    """A discard from hand: in the saga when nothing fits, or at cleanup."""
    state.hands[seat].remove(card)
    state.discard.append(card)
    events: list[Event] = [CardDiscarded(seat, card)]
    if state.phase is PLACE:
        return events + advance(state, seat)
    return events + _next_cleanup(state)


# -- cleanup and the next round --------------------------------------------------------------

def must_discard(state: OtherState, seat: int) -> bool:
    return len(state.hands[seat]) > state.hand_size_after()


def begin_cleanup(state: OtherState) -> list[Event]:
    state.phase = CLEANUP
    if state.round == ROUNDS:  # the last hands are discarded whole
        events: list[Event] = []
        for seat in range(state.players):
            for card in list(state.hands[seat]):
                state.hands[seat].remove(card)
                state.discard.append(card)
                events.append(CardDiscarded(seat, card))
        return events + end_of_game(state)
    state.turn = NOBODY  # whoever is due first in turn order discards first
    return _next_cleanup(state)


def _next_cleanup(state: OtherState) -> list[Event]:
    seats = [s for s in state.order() if s != BALOR]
    due = [s for s in seats if must_discard(state, s)]
    if state.turn in due:
        return []
    if due:
        state.turn = due[0]
        return []
    return next_round(state)


def next_round(state: OtherState) -> list[Event]:
    state.discard += [c for c in state.grid if c is not None]
    state.grid = [None] * len(state.grid)
    state.tellers = [NOBODY] * len(state.tellers)
    state.round += 1
    state.first = (state.first + 1) % state.players
    state.turn, state.phase = state.first, JOURNEY
    dealt, reshuffled = deck.deal_grid(state)
    return [GridDealt(state.round, tuple(dealt), reshuffled)]


# -- the end ---------------------------------------------------------------------------------

def end_of_game(state: OtherState) -> list[Event]:
    state.discard += [c for c in state.grid if c is not None]
    state.grid = [None] * len(state.grid)
    state.tellers = [NOBODY] * len(state.tellers)
    if state.solo:
        state.phase, state.turn = DIFFICULTY, 0
        return []
    return score_game(state)


def score_game(state: OtherState) -> list[Event]:
    tallies = score_all(state.tableaus, state.geas, state.balor if state.solo else None)
    state.scores = [t.total for t in tallies]
    state.phase = OVER
    return [GameScored(tuple(state.scores), winners(state))]


def winners(state: OtherState) -> tuple[int, ...]:
    """Solo: you win unless Balor scores more. Otherwise the highest total; ties share the win."""
    if state.solo:
        return (0,) if state.scores[0] >= state.scores[1] else ()
    best = max(state.scores)
    return tuple(s for s, p in enumerate(state.scores) if p == best)


def choose_difficulty(state: OtherState, strikes: int) -> list[Event]:
    events = balor.choose_difficulty(state, strikes)
    if balor.strikes_done(state):
        return events + score_game(state)
    state.phase = STRIKE
    return events


def strike(state: OtherState, card: str) -> list[Event]:
    events = balor.strike(state, card)
    return events + (score_game(state) if balor.strikes_done(state) else [])


def apply(state: OtherState, seat: int, command: Command) -> list[Event]:
    """Carry out a legal command: the state changes, and the events they make."""
    if isinstance(command, PlaceStoryteller):
        return place_storyteller(state, seat, command.edge)
    if isinstance(command, TakeCard):
        return take_card(state, seat, command.edge, command.cell)
    if isinstance(command, PlaceCard):
        return place_card(state, seat, command.card, command.row)
    if isinstance(command, DiscardCard):
        return discard(state, seat, command.card)
    if isinstance(command, ABILITY_COMMANDS):
        return use_ability(state, seat, command)
    if isinstance(command, ChooseDifficulty):
        return choose_difficulty(state, command.strikes)
    return strike(state, command.card)
