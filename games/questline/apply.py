"""Carrying out Questline commands on QuestState: setup, drawing, taking, discarding, completing;
`apply` is the one entry the game uses (solo.py holds the solo rules it calls)."""
from __future__ import annotations

from games.core.messages import Command, Event
from games.questline import solo
from games.questline.commands import ChooseFirstDiscard, Discard, DrawFromDeck, Reset, TakeFromDiscard
from games.core.rng import derive_rng
from games.questline.events import (
    CardDiscarded, CardDrawn, CardTaken, FirstDiscardChosen, FirstDiscardsRevealed, GameScored,
    HandCompleted,
)
from games.questline.decks import ADVENTURE_IDS, CARDS, CLASS_IDS, EPILOGUE_BY_STARS, deal
from games.questline.state import (
    EPILOGUES_BY_PLAYERS, FINAL_CYCLES, NEIGHBOURS, Phase, QuestState,
)

OPENING_CLASS, OPENING_ADVENTURE = 2, 6


def new_game(seed: int, players: int, in_turn: bool) -> QuestState:
    # each deck is shuffled as it is drawn, by its own generator (decks.deal): the same cards come
    # up as from a deck shuffled whole at the start
    classes, adventures = list(CLASS_IDS), list(ADVENTURE_IDS)
    class_rng, adventure_rng = derive_rng(seed, "class deck"), derive_rng(seed, "adventure deck")
    stack = list(map(EPILOGUE_BY_STARS.__getitem__, EPILOGUES_BY_PLAYERS[players]))  # highest on top
    hands, discards = [], []  # (loops and map: comprehensions are Python calls)
    for _ in range(players):
        hand = deal(class_rng, classes, OPENING_CLASS)
        hand += deal(adventure_rng, adventures, OPENING_ADVENTURE)
        hands.append(hand)
        discards.append([])
    return QuestState(seed, players, False, in_turn, classes, adventures, stack, hands,
                      discards, [None] * players, done=[False] * players,
                      epilogue_of=[None] * players, class_rng=class_rng,
                      adventure_rng=adventure_rng)


def choose_first_discard(state: QuestState, seat: int, card: str) -> list[Event]:
    state.hands[seat].remove(card)
    state.opening[seat] = card
    events: list[Event] = [FirstDiscardChosen(seat)]
    if None not in state.opening:  # everyone chose (not all() of a generator: a Python call)
        for s, chosen in enumerate(state.opening):
            state.discards[s].append(chosen)
        events.append(FirstDiscardsRevealed(tuple(state.opening)))
        state.opening = [None] * state.players
        state.phase = Phase.PLAY
    return events


def draw_sources(state: QuestState, seat: int) -> list[int]:
    """Discard areas the seat may take from now: its own, and neighbours' still in play."""
    if state.blocked(seat):
        return [seat]
    done = state.done
    if state.players == 2 or True not in done:  # every neighbour's area open
        return [seat, *NEIGHBOURS[state.players][seat]]
    return [seat, *(n for n in NEIGHBOURS[state.players][seat] if not done[n])]


def draw_from_deck(state: QuestState, seat: int, deck: str) -> list[Event]:
    if deck == "class":
        pile, rng = state.class_deck, state.class_rng
    else:
        pile, rng = state.adventure_deck, state.adventure_rng
    card = pile.pop() if rng is None else deal(rng, pile, 1)[0]
    state.hands[seat].append(card)
    return [CardDrawn(seat, deck, card)]


def take_from_discard(state: QuestState, seat: int, owner: int, card: str) -> list[Event]:
    state.discards[owner].remove(card)
    state.hands[seat].append(card)
    return [CardTaken(seat, owner, card)]


def discard(state: QuestState, seat: int, card: str) -> list[Event]:
    state.hands[seat].remove(card)
    state.discards[seat].append(card)
    if state.final_cycles > 0:
        state.final_cycles -= 1
    if state.in_turn:  # (asked here: a call less at every discard of simultaneous play)
        _next_turn(state)
    return [CardDiscarded(seat, card)]


def complete_hand(state: QuestState, seat: int) -> list[Event]:
    state.done[seat] = True
    epilogue = state.epilogues.pop()
    state.epilogue_of[seat] = epilogue
    if state.players > 2:
        state.out_of_play += state.discards[seat]
        state.discards[seat] = []
    events: list[Event] = [HandCompleted(seat, epilogue)]
    playing = state.still_playing()
    if len(playing) == 1 and state.final_cycles < 0:
        # a discard still owed from a draw made earlier does not use up one of the two cycles
        state.final_cycles = FINAL_CYCLES + (1 if state.holding(playing[0]) else 0)
    if not playing:
        return events + score_game(state)
    if state.in_turn:
        _next_turn(state)
    return events


def _next_turn(state: QuestState) -> None:
    """Hotseat (in_turn): the cycle passes to the next seat still playing."""
    playing = state.still_playing()
    if playing:
        state.turn = min((s for s in playing if s > state.turn), default=playing[0])


def score_game(state: QuestState) -> list[Event]:
    from games.questline.arrange import score_hand

    scores = state.scores = []  # (a loop and map: comprehensions are Python calls, ~1k each)
    for hand, epilogue in zip(state.hands, state.epilogue_of):
        scores.append(score_hand(list(map(CARDS.__getitem__, hand)), CARDS[epilogue]))
    state.phase = Phase.OVER
    return [GameScored(tuple(state.scores), winner(state))]


def winner(state: QuestState) -> int:
    """Most stars; a tie goes to the higher epilogue (the first seat on a full tie)."""
    best, best_key = 0, None
    for seat, (stars, epilogue) in enumerate(zip(state.scores, state.epilogue_of)):
        key = (stars, CARDS[epilogue].stars)  # (a loop, not max with a lambda: a call a seat)
        if best_key is None or key > best_key:
            best, best_key = seat, key
    return best


def apply(state: QuestState, seat: int, command: Command) -> list[Event]:
    """Carry out a legal command: the state changes, and the events they make. A legal command is of
    one of COMMANDS' own classes (Table.check), so its class is told by `is`, not isinstance (a
    builtin call each); the commonest first (a 2-seat game: 8 discards, 5 takes, 3 draws)."""
    kind = command.__class__
    if kind is Discard:
        return discard(state, seat, command.card)
    if kind is TakeFromDiscard:
        return take_from_discard(state, seat, command.owner, command.card)
    if kind is DrawFromDeck:
        return draw_from_deck(state, seat, command.deck)
    if kind is ChooseFirstDiscard:
        return choose_first_discard(state, seat, command.card)
    if kind is Reset:
        return solo.reset(state)
    return solo.complete(state) if state.solo else complete_hand(state, seat)
