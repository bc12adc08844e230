"""Hypothesis playouts: random legal games keep every invariant; random illegal commands change nothing."""
from __future__ import annotations

import copy
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.seats import Seat
from games.core.table import Table
from games.fluttering_souls.apply import open_slots
from games.fluttering_souls.cards import COPIES, Species
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.game import GAME
from games.fluttering_souls.scoring import score_collection
from games.fluttering_souls.state import EMPTY, FlutterState, Phase
from games.fluttering_souls.view import HIDDEN
from tests.games.fluttering_souls.helpers import census

SEATS = (Seat("Ada"), Seat("Bo"))
ALL_CARDS = Counter({int(s): n for s, n in COPIES.items()})
EGGFLY = int(Species.GREAT_EGGFLY)
# Per round at most 18 collects, 18 Eggfly decisions and 18 Eggfly pick-ups; at most 5 rounds.
MAX_MOVES = 5 * 3 * 18 + 4

PLAYOUT = settings(max_examples=60, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_invariants(table: Table) -> None:
    state = table.state
    assert census(state) == ALL_CARDS  # no card lost or duplicated, the Eggfly exactly once
    eggflies = (state.cards.count(EGGFLY), state.held[0][EGGFLY], state.held[1][EGGFLY])
    assert sum(eggflies) == 1 and max(eggflies) == 1
    assert len(state.set_aside) == 2 and EGGFLY not in state.set_aside
    assert sum(state.tokens) == len(state.results)
    assert max(state.tokens) <= 3
    for result in state.results:
        totals = [score_collection(h).total for h in result.held]
        assert [s.total for s in result.scores] == totals
        if totals[0] != totals[1]:
            assert result.winner == totals.index(max(totals)) and not result.by_eggfly
        else:
            assert result.by_eggfly and result.held[result.winner][EGGFLY] == 1
    view = table.view(None)
    if view.dealt:
        for card, shown, up in zip(state.cards, view.cards, state.face_up):
            assert shown == (EMPTY if card == EMPTY else card if up else HIDDEN)
        assert view.open_slots == open_slots(state)
        for slot in range(18):
            if view.open[slot]:
                assert state.face_up[slot], "an open card is always face up"
    seats = table.to_act()
    if state.phase is Phase.OVER:
        assert seats == ()
    else:
        assert len(seats) == 1 and table.legal_commands(seats[0])
        assert table.legal_commands(1 - seats[0]) == []


def play(table: Table, data, moves: int | None = None) -> None:
    n = 0
    while table.outcome() is None and (moves is None or n < moves):
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        command = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        assert table.dispatch(seat, command)
        check_invariants(table)
        n += 1
        assert len(table.log) <= MAX_MOVES


@PLAYOUT
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_random_legal_games_keep_every_invariant(seed: int, data) -> None:
    table = Table(GAME, SEATS, seed)
    check_invariants(table)
    play(table, data)
    state, outcome = table.state, table.outcome()
    assert state.phase is Phase.OVER and len(table.log) <= MAX_MOVES
    (winner,) = outcome.winners
    assert state.tokens[winner] == 3 and state.tokens[1 - winner] < 3
    assert state.results[-1].winner == winner
    assert 3 <= len(state.results) <= 5 and state.round_no == len(state.results)
    names = [r.layout for r in state.results]
    assert len(set(names)) == len(names)


def picture(table: Table) -> tuple:
    fields = {name: copy.deepcopy(getattr(table.state, name)) for name in FlutterState.__slots__}
    return (GAME.snapshot(table.state), table.view(0), table.view(1), fields, list(table.log))


def illegal_commands(table: Table, out_of_range: int) -> list[tuple[int, object]]:
    """(seat, command) pairs that must all be refused in the table's current state."""
    state = table.state
    mover = table.to_act()[0]
    found: list[tuple[int, object]] = [(mover, Collect(out_of_range))]
    found += [(1 - mover, c) for c in table.legal_commands(mover)]  # the wrong seat
    if state.phase is not Phase.EGGFLY:
        found += [(mover, PlaceEggfly()), (mover, KeepEggfly())]
    if state.phase is not Phase.CHOOSE_ORDER:
        found += [(mover, ChooseOrder(True)), (mover, ChooseOrder(False))]
    if state.phase is Phase.COLLECT:
        legal = set(open_slots(state))
        found += [(mover, Collect(s)) for s in range(18) if s not in legal]  # covered or empty
    else:
        found += [(mover, Collect(s)) for s in range(18)]
    return found


@PLAYOUT
@given(seed=st.integers(0, 2**31 - 1), data=st.data(),
       out_of_range=st.one_of(st.integers(max_value=-1), st.integers(min_value=18)))
def test_random_illegal_commands_change_nothing(seed: int, data, out_of_range: int) -> None:
    table = Table(GAME, SEATS, seed)
    play(table, data, moves=data.draw(st.integers(0, 150), label="moves first"))
    if table.outcome() is not None:
        candidates = [(seat, Collect(0)) for seat in (0, 1)]
    else:
        candidates = illegal_commands(table, out_of_range)
    for _ in range(3):
        seat, command = data.draw(st.sampled_from(candidates), label="illegal")
        before = picture(table)
        result = table.dispatch(seat, command)
        assert not result, f"{command!r} by seat {seat} should be refused"
        assert result.reason.strip() and result.reason[0].isupper()
        assert result.reason.rstrip().endswith(".")
        assert picture(table) == before
    check_invariants(table)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_every_covered_or_empty_slot_is_refused_with_its_reason(seed: int, data) -> None:
    table = Table(GAME, SEATS, seed)
    play(table, data, moves=data.draw(st.integers(0, 40), label="moves first"))
    state = table.state
    if state.phase is not Phase.COLLECT:
        return
    mover = table.to_act()[0]
    for slot in range(18):
        reason = GAME.rejection(state, mover, Collect(slot))
        if state.cards[slot] == EMPTY:
            assert reason and "already been collected" in reason
        elif slot in open_slots(state):
            assert reason is None
        else:
            assert reason and "is not open" in reason
            for above in state.layout.slots[slot].covered_by:
                if state.cards[above] != EMPTY:
                    assert f" at {state.layout.slots[above].label}" in reason
