"""Scenario tests for the rules of Fluttering Souls, from hand-built and seeded states."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.seats import Seat
from games.core.table import Table
from games.fluttering_souls import apply
from games.fluttering_souls.cards import COPIES, ROUND_DECK, Species
from games.fluttering_souls.commands import COMMANDS, ChooseOrder, Collect, KeepEggfly, PlaceEggfly
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
from games.fluttering_souls.game import GAME
from games.fluttering_souls.content import LAYOUTS
from games.fluttering_souls.state import EMPTY, FlutterState, Phase
from games.fluttering_souls.view import HIDDEN
from tests.games.fluttering_souls.helpers import census

E, B, M, S, G = (int(Species.EIGHTY_EIGHT), int(Species.BLUE_MORPHO), int(Species.MONARCH),
                 int(Species.SWALLOWTAIL), int(Species.GREAT_EGGFLY))
SEATS = (Seat("Ada"), Seat("Bo"))
# Slot indexes by label.
(A_, B_, C_, D_, E_, F_, G_, H_, I_, J_, K_, L_, M_, N_, O_, P_, Q_, R_) = range(18)

# Temple Steps: row 1 A-F face down (underneath), row 2 G-K face up, row 3 L-O face down, row 4
# P-R face up on top. L is covered by P; M by P and Q; N by Q and R; O by R.
TEMPLE = next(layout for layout in LAYOUTS if layout.name == "Temple Steps")
TEMPLE_CARDS = [E] * 6 + [B] * 5 + [M] * 4 + [E, E, S]  # 18 on the layout
TEMPLE_ASIDE = [B, S]


def temple_state(first: int = 0, cards: list[int] | None = None) -> FlutterState:
    """A hand-built round 1 on Temple Steps: seat `first` to move, the other holds the Eggfly."""
    state = apply.new_game(1)
    state.layout = TEMPLE
    state.cards = list(cards if cards is not None else TEMPLE_CARDS)
    state.set_aside = TEMPLE_ASIDE[:]
    state.face_up = [slot.face_up for slot in TEMPLE.slots]
    state.held = [[0] * 5, [0] * 5]
    state.held[1 - first][G] = 1
    state.first = state.turn = first
    state.phase, state.emptied = Phase.COLLECT, -1
    return state


def end_of_round_state(last: list[int], held: list[list[int]], turn: int,
                       tokens=(0, 0)) -> FlutterState:
    """A hand-built state where only the slots in `last` (face up, open: row 4) are left."""
    state = temple_state(first=turn)
    state.cards = [EMPTY] * 18
    for slot, card in zip((P_, Q_, R_), last):
        state.cards[slot] = card
    state.held = [h[:] for h in held]
    state.tokens = list(tokens)
    return state


def table_with(state: FlutterState) -> Table:
    return Table(GAME, SEATS, state.seed, state=state)


def assert_sentence(text: str) -> None:
    """A rejection is a non-empty English sentence: capital letter, words, a full stop."""
    assert isinstance(text, str) and text.strip()
    assert text[0].isupper(), text
    assert text.rstrip().endswith("."), text
    assert " " in text, text


def reject(table: Table, seat: int, command) -> str:
    before = table.state.copy()
    result = table.dispatch(seat, command)
    assert not result, f"{command!r} should have been rejected"
    assert_sentence(result.reason)
    assert fields(table.state) == fields(before), "a rejection must leave the state unchanged"
    return result.reason


def fields(state: FlutterState) -> dict:
    return {name: getattr(state, name) for name in FlutterState.__slots__}


FULL_GAME_CENSUS = Counter({int(s): n for s, n in COPIES.items()})


# -- setup -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 17, 123456])
def test_setup_deals_21_cards(seed: int) -> None:
    state = apply.new_game(seed)
    assert state.round_no == 1 and state.phase is Phase.COLLECT
    assert len(state.cards) == 18 and EMPTY not in state.cards
    assert G not in state.cards
    assert len(state.set_aside) == 2
    assert state.turn == state.first
    second = 1 - state.first
    assert state.held[second] == [0, 0, 0, 0, 1]
    assert state.held[state.first] == [0, 0, 0, 0, 0]
    assert sorted(state.cards + state.set_aside) == sorted(int(s) for s in ROUND_DECK)
    assert census(state) == FULL_GAME_CENSUS
    assert state.face_up == [slot.face_up for slot in state.layout.slots]
    assert state.layout is LAYOUTS[state.layout_order[0]]


def test_first_player_comes_from_the_seed() -> None:
    firsts = [apply.new_game(seed).first for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [apply.new_game(seed).first for seed in range(40)]
    assert GAME.to_act(apply.new_game(0)) == (apply.new_game(0).first,)


def test_setup_needs_two_seats() -> None:
    with pytest.raises(ValueError, match="2 players"):
        GAME.setup(1, 3, {})


# -- open cards and turning face up -------------------------------------------------------------------

def test_open_cards_at_the_start_are_the_uncovered_ones() -> None:
    state = temple_state()
    assert apply.open_slots(state) == [P_, Q_, R_]
    assert GAME.legal_commands(state, 0) == [Collect(P_), Collect(Q_), Collect(R_)]
    assert GAME.legal_commands(state, 1) == []
    for slot in range(18):
        assert apply.is_open(state, slot) == (slot in (P_, Q_, R_))


def test_a_face_down_card_turns_up_exactly_when_it_becomes_open() -> None:
    table = table_with(temple_state(first=0))
    result = table.dispatch(0, Collect(R_))
    # O lay only under R: open now, so face up. N is still under Q: stays face down.
    assert result.events == (CardCollected(0, R_, Species.SWALLOWTAIL),
                             CardTurnedUp(O_, Species.MONARCH))
    assert table.state.face_up[O_] and not table.state.face_up[N_]
    assert apply.open_slots(table.state) == [O_, P_, Q_]
    view = table.view(1)
    assert view.cards[O_] == M and view.cards[N_] == HIDDEN
    # Bo (holding the Eggfly) takes Q: N is now open and turns up; M is still under P.
    result = table.dispatch(1, Collect(Q_))
    assert CardTurnedUp(N_, Species.MONARCH) in result.events
    assert table.state.face_up[N_] and not table.state.face_up[M_]


def test_collecting_a_covered_card_names_the_covering_cards() -> None:
    table = table_with(temple_state(first=0))
    assert "P" in reject(table, 0, Collect(L_))
    reason = reject(table, 0, Collect(M_))
    assert reason == "M is not open: the Eighty-eight at P and the Eighty-eight at Q lie on it."
    # a face-down card on top is named without giving its species away
    reason = reject(table, 0, Collect(G_))
    assert reason == "G is not open: a face-down card at L lies on it."
    assert "Monarch" not in reason


@pytest.mark.parametrize("slot", [-1, 18, 99])
def test_collecting_outside_the_layout_is_rejected(slot: int) -> None:
    reason = reject(table_with(temple_state()), 0, Collect(slot))
    assert "A to R" in reason


def test_collecting_an_empty_slot_is_rejected() -> None:
    table = table_with(temple_state(first=0))
    table.dispatch(0, Collect(P_))
    table.dispatch(1, Collect(R_))
    table.dispatch(1, KeepEggfly())
    assert "already been collected" in reject(table, 0, Collect(P_))


# -- the Great Eggfly --------------------------------------------------------------------------------

def test_eggfly_is_offered_to_its_holder_right_after_collecting() -> None:
    table = table_with(temple_state(first=0))
    table.dispatch(0, Collect(P_))  # Ada holds no Eggfly: the turn simply passes
    assert table.state.phase is Phase.COLLECT and table.to_act() == (1,)
    table.dispatch(1, Collect(R_))
    assert table.state.phase is Phase.EGGFLY and table.to_act() == (1,)
    assert table.state.emptied == R_
    assert table.legal_commands(1) == [PlaceEggfly(), KeepEggfly()]
    assert GAME.waiting_for(table.state, table.names) == "Bo to decide about the Great Eggfly"
    assert "Great Eggfly" in reject(table, 1, Collect(Q_))
    assert "not your turn" in reject(table, 0, PlaceEggfly())


def test_placing_the_eggfly_fills_the_emptied_slot_and_blocks_what_lies_beneath() -> None:
    table = table_with(temple_state(first=1))  # Bo first; Ada holds the Eggfly
    table.dispatch(1, Collect(P_))  # L opens (turns up); M is still under Q
    table.dispatch(0, Collect(Q_))  # M opens and turns up; N is still under R
    assert table.state.face_up[M_]
    result = table.dispatch(0, PlaceEggfly())
    assert result.events == (EggflyPlaced(0, Q_),)
    state = table.state
    assert state.cards[Q_] == G and state.face_up[Q_]
    assert state.held[0][G] == 0
    assert not apply.is_open(state, M_)  # the Eggfly lies on M again
    assert apply.open_slots(state) == [L_, Q_, R_]
    assert "the Great Eggfly at Q lies on it" in reject(table, 1, Collect(M_))
    assert table.to_act() == (1,) and state.phase is Phase.COLLECT


def test_opponent_collects_the_eggfly_and_uses_it_on_a_later_turn() -> None:
    table = table_with(temple_state(first=1))
    table.dispatch(1, Collect(P_))
    table.dispatch(0, Collect(Q_))
    table.dispatch(0, PlaceEggfly())
    result = table.dispatch(1, Collect(Q_))  # Bo takes the Eggfly itself
    assert result.events[0] == CardCollected(1, Q_, Species.GREAT_EGGFLY)
    # house ruling: collecting the Eggfly does not offer to put it straight back
    assert table.state.phase is Phase.COLLECT and table.to_act() == (0,)
    assert table.state.held[1][G] == 1 and apply.eggfly_holder(table.state) == 1
    table.dispatch(0, Collect(R_))
    assert table.state.phase is Phase.COLLECT, "Ada no longer holds the Eggfly"
    table.dispatch(1, Collect(M_))  # a later turn: now Bo may use it
    assert table.state.phase is Phase.EGGFLY and table.legal_commands(1) == [PlaceEggfly(),
                                                                            KeepEggfly()]
    table.dispatch(1, PlaceEggfly())
    assert table.state.cards[M_] == G


def test_keeping_the_eggfly() -> None:
    table = table_with(temple_state(first=1))
    table.dispatch(1, Collect(P_))
    result = table.dispatch(0, Collect(Q_))
    assert result and table.state.phase is Phase.EGGFLY
    result = table.dispatch(0, KeepEggfly())
    assert result.events == (EggflyKept(0),)
    assert table.state.held[0][G] == 1 and table.state.cards[Q_] == EMPTY
    assert table.state.phase is Phase.COLLECT and table.to_act() == (1,)


def test_eggfly_commands_at_the_wrong_time_are_rejected() -> None:
    table = table_with(temple_state(first=0))  # Ada to move, Bo holds the Eggfly
    assert reject(table, 0, PlaceEggfly()) == "You do not hold the Great Eggfly."
    assert reject(table, 0, KeepEggfly()) == "You do not hold the Great Eggfly."
    table.dispatch(0, Collect(P_))
    table.dispatch(1, Collect(R_))
    table.dispatch(1, KeepEggfly())
    table.dispatch(0, Collect(Q_))
    assert "right after you collect" in reject(table, 1, PlaceEggfly())  # holder, but too late
    assert "only between rounds" in reject(table, 1, ChooseOrder(True))


# -- end of a round ---------------------------------------------------------------------------------

def test_last_card_scores_the_round_and_the_loser_chooses() -> None:
    # Ada: 2 Monarch (2) -> collects a third Monarch (5). Bo: a Morpho trio (4) and the Eggfly.
    state = end_of_round_state([EMPTY, EMPTY, M], [[0, 0, 2, 0, 0], [0, 3, 0, 0, 1]], turn=0)
    table = table_with(state)
    result = table.dispatch(0, Collect(R_))
    assert result.events[-1] == RoundScored(1, (5, 4), 0, False)
    state = table.state
    assert state.tokens == [1, 0]
    assert state.phase is Phase.CHOOSE_ORDER and state.round_no == 2
    assert state.chooser == 1 and table.to_act() == (1,)
    assert GAME.waiting_for(state, table.names) == "Bo to choose who goes first"
    assert table.legal_commands(1) == [ChooseOrder(True), ChooseOrder(False)]
    assert "not your turn" in reject(table, 0, ChooseOrder(True))
    assert "round is over" in reject(table, 1, Collect(P_))
    result_line = state.results[-1]
    assert (result_line.winner, result_line.by_eggfly, result_line.round_no) == (0, False, 1)
    assert [s.total for s in result_line.scores] == [5, 4]


def test_a_tied_round_goes_to_the_eggfly_holder() -> None:
    # Both end on 3 points; Bo holds the Eggfly.
    state = end_of_round_state([EMPTY, E, EMPTY], [[1, 0, 0, 0, 0], [2, 0, 0, 0, 1]], turn=0)
    table = table_with(state)
    result = table.dispatch(0, Collect(Q_))
    assert result.events[-1] == RoundScored(1, (3, 3), 1, True)
    assert table.state.tokens == [0, 1] and table.state.chooser == 0
    assert "Great Eggfly" in result.events[-1].describe(table.names)


def test_eggfly_on_the_last_spot_forces_the_rival_to_take_it() -> None:
    # Bo holds the Eggfly and takes the last card, then puts the Eggfly in its place.
    state = end_of_round_state([EMPTY, EMPTY, E], [[3, 0, 0, 0, 0], [1, 0, 0, 0, 1]], turn=1)
    table = table_with(state)
    table.dispatch(1, Collect(R_))
    assert table.state.phase is Phase.EGGFLY
    table.dispatch(1, PlaceEggfly())
    assert table.state.phase is Phase.COLLECT and table.legal_commands(0) == [Collect(R_)]
    result = table.dispatch(0, Collect(R_))
    # 3 each (Ada: a pair and one spare; Bo: a pair): Ada now holds the Eggfly and wins the tie
    assert result.events[-1] == RoundScored(1, (3, 3), 0, True)


@pytest.mark.parametrize("go_first", [True, False])
def test_loser_chooses_order_and_the_second_player_gets_the_eggfly(go_first: bool) -> None:
    state = end_of_round_state([EMPTY, EMPTY, M], [[0, 0, 2, 0, 0], [0, 3, 0, 0, 1]], turn=0)
    table = table_with(state)
    table.dispatch(0, Collect(R_))  # Ada wins round 1; Bo chooses
    result = table.dispatch(1, ChooseOrder(go_first))
    first = 1 if go_first else 0
    assert result.events[0] == OrderChosen(1, first)
    assert isinstance(result.events[1], RoundDealt) and result.events[1].round_no == 2
    state = table.state
    assert state.first == state.turn == first
    assert state.held[1 - first] == [0, 0, 0, 0, 1] and state.held[first] == [0] * 5
    assert state.phase is Phase.COLLECT and EMPTY not in state.cards
    assert len(state.set_aside) == 2 and census(state) == FULL_GAME_CENSUS
    assert state.layout is LAYOUTS[state.layout_order[1]]


def play_out(seed: int, pick=lambda legal, rng: rng.choice(legal), rng_seed: int = 0):
    """A whole seeded game with (by default) random legal moves; returns the table and all events."""
    rng = random.Random(rng_seed)
    table = Table(GAME, SEATS, seed)
    events = []
    while table.outcome() is None:
        seat = table.to_act()[0]
        result = table.dispatch(seat, pick(table.legal_commands(seat), rng))
        assert result
        events.extend(result.events)
        assert len(table.log) < 400
    return table, events


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_new_layout_every_round_never_repeated(seed: int) -> None:
    table, events = play_out(seed, rng_seed=seed)
    assert sorted(table.state.layout_order) == list(range(15))
    dealt = [e.layout for e in events if isinstance(e, RoundDealt)]
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(dealt) == len(scored) - 1  # round 1 was dealt at setup
    names = [r.layout for r in table.state.results]
    assert len(names) == len(set(names)) == len(scored)
    assert names[1:] == dealt


def test_game_over_at_three_tokens() -> None:
    state = end_of_round_state([EMPTY, EMPTY, M], [[0, 0, 2, 0, 0], [0, 3, 0, 0, 1]], turn=0,
                               tokens=(2, 2))
    table = table_with(state)
    result = table.dispatch(0, Collect(R_))
    assert result.events[-1] == GameWon(0, (3, 2))
    assert table.state.phase is Phase.OVER
    outcome = table.outcome()
    assert outcome.winners == (0,) and outcome.scores == (3, 2) and outcome.summary == "3-2"
    assert table.to_act() == () and table.legal_commands(0) == table.legal_commands(1) == []
    assert GAME.progress(table.state) == "finished, 3-2"
    assert reject(table, 0, Collect(P_)) == "The game is over."


@pytest.mark.parametrize("seed", [7, 8])
def test_seeded_games_end_with_one_winner_on_three_tokens(seed: int) -> None:
    table, _ = play_out(seed, rng_seed=seed)
    (winner,) = table.outcome().winners
    assert table.state.tokens[winner] == 3 and table.state.tokens[1 - winner] < 3
    assert sum(table.state.tokens) == len(table.state.results)


# -- views ------------------------------------------------------------------------------------------

def test_view_hides_face_down_and_set_aside_cards() -> None:
    state = temple_state()
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        for slot, card in enumerate(view.cards):
            assert card == (state.cards[slot] if state.face_up[slot] else HIDDEN)
        assert not hasattr(view, "set_aside") and not hasattr(view, "layout_order")
        assert Counter(view.unseen()) == Counter(
            [c for c, up in zip(state.cards, state.face_up) if not up] + state.set_aside)
    assert set(GAME.view(state, 0).cards) >= {HIDDEN}


def test_view_does_not_change_when_hidden_cards_are_shuffled() -> None:
    state = temple_state()
    hidden = [i for i, up in enumerate(state.face_up) if not up]
    other = state.copy()
    pool = [state.cards[i] for i in hidden] + state.set_aside
    random.Random(4).shuffle(pool)
    for i, card in zip(hidden, pool):
        other.cards[i] = card
    other.set_aside = pool[len(hidden):]
    assert other.cards != state.cards or other.set_aside != state.set_aside
    assert GAME.view(other, 0) == GAME.view(state, 0)


@pytest.mark.parametrize("seed", [3, 11])
def test_unseen_is_hidden_plus_set_aside_throughout_a_game(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(GAME, SEATS, seed)
    while table.outcome() is None:
        state = table.state
        view = table.view(table.to_act()[0])
        if view.dealt:
            hidden = [c for c, up in zip(state.cards, state.face_up) if c != EMPTY and not up]
            assert Counter(view.unseen()) == Counter(hidden + state.set_aside)
            assert [c for c in view.cards if c >= 0] == [
                c for c, up in zip(state.cards, state.face_up) if c != EMPTY and up]
        else:  # between rounds the new layout shows, but no cards are on it yet
            assert all(c == EMPTY for c in view.cards) and not any(view.open)
        seat = table.to_act()[0]
        table.dispatch(seat, rng.choice(table.legal_commands(seat)))


# -- determinism ------------------------------------------------------------------------------------

def test_same_seed_and_commands_give_the_same_game() -> None:
    first, _ = play_out(21, rng_seed=5)
    second = Table(GAME, SEATS, 21)
    for seat, command in first.log:
        assert second.dispatch(seat, command)
    assert GAME.snapshot(second.state) == GAME.snapshot(first.state)
    assert second.view(0) == first.view(0) and second.view(None) == first.view(None)
    assert fields(second.state) == fields(first.state)


def test_same_seed_step_by_step() -> None:
    a, b = Table(GAME, SEATS, 99), Table(GAME, SEATS, 99)
    rng = random.Random(1)
    for _ in range(30):
        seat = a.to_act()[0]
        command = rng.choice(a.legal_commands(seat))
        assert a.dispatch(seat, command).events == b.dispatch(seat, command).events
        assert GAME.snapshot(a.state) == GAME.snapshot(b.state)
        assert a.view(seat) == b.view(seat)


def test_different_seeds_usually_deal_differently() -> None:
    deals = {(apply.new_game(seed).layout.name, tuple(apply.new_game(seed).cards))
             for seed in range(20)}
    assert len(deals) >= 18


def test_every_command_class_is_known_to_the_game() -> None:
    assert set(GAME.commands) == set(COMMANDS) == {Collect, PlaceEggfly, KeepEggfly, ChooseOrder}
    assert repr(Collect(0)) == "Collect(A)" and repr(ChooseOrder(False)) == "ChooseOrder(second)"
