"""Hypothesis playouts of Otherworld: random legal games for 1-4 seats run to the end keeping every
card, hands are empty after round 5, illegal commands are refused with the state unchanged, and a
save round trip after every command replays to the same state."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.messages import decode_command, encode_command
from games.core.seats import Seat
from games.core.table import Table
from games.otherworld.content import CARD_IDS
from games.otherworld.commands import (
    COMMANDS, ChooseDifficulty, DiscardCard, MoveStoryteller, PlaceCard, PlaceStoryteller, RecallCard,
    ShiftCard, StrikeCard, SwapCards, TakeCard,
)
from games.otherworld.game import GAME
from games.otherworld.scoring import score_all
from games.otherworld.state import ROUNDS, STORYTELLERS, OtherState, Phase

PLAYOUT = settings(max_examples=12, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 600


def census(state: OtherState) -> Counter:
    places = [state.deck, state.discard, [c for c in state.grid if c], *state.hands,
              *[[c for r in t for c in r if c] for t in state.tableaus], state.balor, state.struck]
    return Counter(c for p in places for c in p)


def check(state: OtherState) -> None:
    assert census(state) == Counter(CARD_IDS), "a card was lost or copied"
    for seat in range(state.players):
        assert len(state.storytellers_of(seat)) <= STORYTELLERS
        for r in state.tableaus[seat]:
            assert len(r) <= 6 and (not r or r[-1] is not None)  # no hole at a row's end
    if state.phase is Phase.JOURNEY:
        assert all(len(h) == 6 - state.round for h in state.hands)


def table_for(players: int, seed: int) -> Table:
    return Table(GAME, tuple(Seat(f"P{i + 1}") for i in range(players)), seed)


@PLAYOUT
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_random_legal_games_end_with_every_card_kept_and_hands_empty(players, seed):
    table = table_for(players, seed)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if table.outcome() is not None:
            break
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        assert legal, f"no legal command in {table.state.phase}"
        assert table.dispatch(seat, rng.choice(legal))
        check(table.state)
    state = table.state
    assert table.outcome() is not None and state.round == ROUNDS
    assert all(h == [] for h in state.hands)
    tallies = score_all(state.tableaus, state.geas, state.balor if state.solo else None)
    assert state.scores == [t.total for t in tallies]
    assert table.outcome().winners == tuple(
        s for s in range(players) if state.scores[s] == max(state.scores)) or state.solo


def random_command(rng: random.Random, state: OtherState):
    cards = list(CARD_IDS)
    kind = rng.choice(COMMANDS)
    n = lambda: rng.randrange(-1, 26)  # noqa: E731
    return {PlaceStoryteller: lambda: PlaceStoryteller(n()), TakeCard: lambda: TakeCard(n(), n()),
            PlaceCard: lambda: PlaceCard(rng.choice(cards), rng.randrange(-1, 4)),
            DiscardCard: lambda: DiscardCard(rng.choice(cards)),
            SwapCards: lambda: SwapCards(rng.choice(cards), rng.choice(cards)),
            ShiftCard: lambda: ShiftCard(rng.choice(cards), rng.randrange(4)),
            RecallCard: lambda: RecallCard(rng.choice(cards)),
            MoveStoryteller: lambda: MoveStoryteller(n(), n()),
            ChooseDifficulty: lambda: ChooseDifficulty(rng.randrange(-1, 7)),
            StrikeCard: lambda: StrikeCard(rng.choice(cards))}.get(kind, kind)()


@PLAYOUT
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_illegal_commands_are_refused_with_a_reason_and_change_nothing(players, seed):
    table = table_for(players, seed)
    rng = random.Random(seed)
    while table.outcome() is None and len(table.log) < MAX_MOVES:
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        for _ in range(3):
            command = random_command(rng, table.state)
            if command in legal:
                continue
            before = repr(table.state)
            result = table.dispatch(rng.randrange(players), command)
            if result:  # a legal one after all (e.g. a swap given in the other order)
                break
            assert result.reason and result.reason.endswith((".", ")"))
            assert repr(table.state) == before
        if table.outcome() is None:
            seat = table.to_act()[0]
            table.dispatch(seat, rng.choice(table.legal_commands(seat)))


def test_a_save_round_trip_after_every_command_replays_to_the_same_state():
    for players in (1, 3):
        table = table_for(players, 77)
        rng = random.Random(players)
        while table.outcome() is None:
            seat = table.to_act()[0]
            command = rng.choice(table.legal_commands(seat))
            assert decode_command(encode_command(command), COMMANDS) == command
            table.dispatch(seat, command)
            if len(table.log) % 25 == 0 or table.outcome() is not None:
                again = Table.replay(GAME, table.seats, table.seed, {}, table.log)
                assert repr(again.state) == repr(table.state)
