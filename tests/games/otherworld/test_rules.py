"""Otherworld rules from hand-built states: grid sizes and storyteller legality, turn order, lost
storytellers, gaps, discarding when nothing fits, cleanup, rounds, and refusals in a player's words."""
from __future__ import annotations

import pytest

from games.otherworld import apply
from games.otherworld.commands import DiscardCard, PlaceCard, PlaceStoryteller, TakeCard
from games.otherworld.game import GAME
from games.otherworld.grid import edges, size_for
from games.otherworld.state import BALOR, NOBODY, Phase
from games.otherworld.storytellers import free_edges, live, lost
from tests.games.otherworld.helpers import new_state, play, plain, row

# rows x columns, and edges: rows*(cols-1) horizontal + (rows-1)*cols vertical
GRIDS = [(1, 3, 3, 12), (2, 3, 3, 12), (3, 3, 4, 17), (4, 4, 4, 24)]


@pytest.mark.parametrize("players,rows,cols,edge_count", GRIDS)
def test_grid_size_and_edges_by_player_count(players, rows, cols, edge_count):
    state = new_state(players)
    assert (state.rows, state.cols) == size_for(players) == (rows, cols)
    assert all(c is not None for c in state.grid) and len(state.grid) == rows * cols
    all_edges = edges(rows, cols)
    assert len(all_edges) == edge_count == len(state.tellers)
    for e in all_edges:  # every edge joins two orthogonal neighbours: never a corner
        (ra, ca), (rb, cb) = divmod(e.a, cols), divmod(e.b, cols)
        assert abs(ra - rb) + abs(ca - cb) == 1
    assert sorted(free_edges(state)) == list(range(edge_count))


@pytest.mark.parametrize("players,rows,cols,edge_count", GRIDS)
def test_storytellers_one_per_edge_three_each_in_turn_order(players, rows, cols, edge_count):
    state = new_state(players, seed=5)
    seats = [s for s in state.order() if s != BALOR]
    expected = seats * 3
    for n, seat in enumerate(expected):
        assert GAME.to_act(state) == (seat,)
        taken = [e for e, owner in enumerate(state.tellers) if owner != NOBODY]
        for e in taken:
            assert GAME.rejection(state, seat, PlaceStoryteller(e)) == (
                "A storyteller already sits on that edge: one storyteller per edge.")
        assert GAME.rejection(state, seat, PlaceStoryteller(edge_count)) == (
            "There is no such edge on this grid.")
        play(state, seat, PlaceStoryteller(free_edges(state)[0]))
        assert len(free_edges(state)) == edge_count - n - 1 or state.phase is not Phase.JOURNEY
    assert all(len(state.storytellers_of(s)) == 3 for s in range(players))
    assert state.phase is Phase.TAKE


def test_turn_order_is_counterclockwise_and_the_first_player_passes_clockwise():
    state = new_state(4)
    state.first = 1
    assert state.order() == [1, 0, 3, 2]
    state.round = 1
    state.hands = [[] for _ in range(4)]
    state.phase = Phase.CLEANUP
    apply.next_round(state)
    assert state.first == 2 and state.round == 2 and state.order() == [2, 1, 0, 3]
    assert state.phase is Phase.JOURNEY and state.turn == 2


def test_solo_order_alternates_you_and_balor():
    state = new_state(1)
    assert state.order() == [0, BALOR]
    state.round = 2
    assert state.order() == [BALOR, 0]


def journey(state, picks):
    """Place storytellers on the given edges, in the order the game asks for them."""
    for edge in picks:
        play(state, state.turn, PlaceStoryteller(edge))


def test_a_storyteller_takes_only_a_card_it_touches_and_goes_home():
    state = new_state(2, seed=3)
    state.first = state.turn = 0
    journey(state, [0, 6, 1, 7, 2, 8])  # seat 0 on edges 0,1,2; seat 1 on 6,7,8
    assert state.phase is Phase.TAKE and state.turn == 0
    e0 = edges(3, 3)[0]
    far = next(c for c in range(9) if c not in e0.cells)
    assert GAME.rejection(state, 0, TakeCard(0, far)) == (
        "A storyteller takes only one of the two cards it touches.")
    assert GAME.rejection(state, 0, TakeCard(6, e0.a)) == "You have no storyteller on that edge."
    card = state.grid[e0.a]
    play(state, 0, TakeCard(0, e0.a))
    assert card in state.hands[0] and state.grid[e0.a] is None and state.tellers[0] == NOBODY
    assert state.phase is Phase.PLACE and GAME.to_act(state) == (0,)


def test_lost_storytellers_wait_until_no_live_storyteller_is_left():
    state = new_state(2, seed=3)
    state.first = state.turn = 0
    # edges 0 (cells 0-1) and 1 (cells 1-2) for seat 0; seat 1 on edge 2 (vertical, cells 0-3)
    # and two more elsewhere
    journey(state, [0, 2, 1, 10, 6, 11])
    assert state.tellers[2] == 1
    # seat 0 takes cell 0 with edge 0 and places it: seat 1's storyteller on 0-3 still touches 3
    play(state, 0, TakeCard(0, 0))
    play(state, 0, PlaceCard(state.hands[0][-1], 0))
    assert state.turn == 1
    # make seat 0's remaining storytellers lost: empty cells 1 and 2 (edge 1) and edge 6's cells
    for cell in (1, 2, *edges(3, 3)[6].cells):
        state.grid[cell] = None
    assert lost(state, 0) == [1, 6] and live(state, 0) == []
    assert live(state, 1)
    # seat 1 keeps taking while seat 0 is skipped
    while live(state, 1):
        assert GAME.to_act(state) == (1,)
        play(state, 1, GAME.legal_commands(state, 1)[0])
        play(state, 1, GAME.legal_commands(state, 1)[0])
    # now only lost storytellers remain: they pick any card, in turn order
    assert not any(live(state, s) for s in (0, 1))
    seat = state.turn
    legal = GAME.legal_commands(state, seat)
    cells_left = {c for c, card in enumerate(state.grid) if card is not None}
    assert {cmd.cell for cmd in legal} == cells_left
    assert all(state.tellers[cmd.edge] == seat for cmd in legal)
    play(state, seat, legal[0])


def test_a_lost_storyteller_is_refused_while_others_still_touch_cards():
    state = new_state(2, seed=3)
    state.first = state.turn = 0
    journey(state, [0, 6, 1, 7, 2, 8])
    state.grid[0] = state.grid[1] = None  # seat 0's edge 0 is now lost; edge 1 still live
    any_card = next(c for c, card in enumerate(state.grid) if card is not None)
    assert "lost" in GAME.rejection(state, 0, TakeCard(0, any_card))


def test_rows_build_left_to_right_fill_gaps_first_and_hold_five():
    state = new_state(2)
    state.phase, state.turn = Phase.PLACE, 0
    state.tableaus[0][0] = row("1r", None, "3r")
    state.hands[0] = [plain("blue", 5), plain("blue", 6)]
    play(state, 0, PlaceCard(plain("blue", 5), 0))
    assert state.tableaus[0][0][1] == plain("blue", 5)  # the gap, not the end
    state.phase, state.turn = Phase.PLACE, 0
    state.tableaus[0][1] = row("1g", "2g", "3g", "4g", "5g")
    assert GAME.rejection(state, 0, PlaceCard(plain("blue", 6), 1)) == (
        "The middle row is full: it holds at most 5 cards.")


def test_with_no_legal_placement_you_discard_instead():
    state = new_state(2)
    state.phase, state.turn = Phase.PLACE, 0
    state.tableaus[0] = [row("0r", "1r", "2r", "3r", "4r"), row("0y", "1y", "2y", "3y", "4y"),
                         row("0b", "1b", "2b", "3b", "4b")]
    state.hands[0] = [plain("green", 5)]
    assert GAME.legal_commands(state, 0) == [DiscardCard(plain("green", 5))]
    play(state, 0, DiscardCard(plain("green", 5)))
    assert state.hands[0] == [] and state.discard[-1] == plain("green", 5)


def test_discarding_while_a_card_fits_is_refused():
    state = new_state(2)
    state.phase, state.turn = Phase.PLACE, 0
    card = state.hands[0][0]
    assert GAME.rejection(state, 0, DiscardCard(card)) == (
        "You can still place a card: discard only when no card fits your tableau.")


def test_cleanup_discards_down_to_the_next_hand_size_then_deals_a_new_grid():
    state = new_state(3, seed=2)
    state.phase, state.round, state.first = Phase.CLEANUP, 2, 0
    state.hands = [state.hands[0] + [state.deck.pop()], state.hands[1][:4], state.hands[2][:3]]
    state.turn = NOBODY
    apply._next_cleanup(state)  # as at the end of the saga
    assert state.hand_size_after() == 3
    assert state.turn == 0  # first in turn order with cards to shed
    old_grid = list(state.grid)
    for seat, count in ((0, 3), (1, 1)):
        for _ in range(count):
            assert GAME.to_act(state) == (seat,)
            play(state, seat, DiscardCard(state.hands[seat][0]))
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert state.round == 3 and state.phase is Phase.JOURNEY and state.first == 1
    assert all(c in state.discard for c in old_grid)
    assert all(c is not None for c in state.grid)


def test_round_five_cleanup_empties_every_hand():
    state = new_state(2)
    state.round, state.phase = 5, Phase.TAKE
    state.grid = [None] * 9
    apply.begin_cleanup(state)
    assert state.hands == [[], []] and state.phase is Phase.OVER and len(state.scores) == 2


def test_the_deck_is_reshuffled_from_the_discard_pile_when_it_runs_out():
    state = new_state(4)
    state.discard, state.deck = state.deck, []
    state.grid = [None] * 16
    dealt = apply.next_round(state)[0]
    assert dealt.reshuffled and state.reshuffles == 1 and all(state.grid)


@pytest.mark.parametrize("command,phase,reason", [
    (PlaceCard("acorn", 0), Phase.JOURNEY,
     "It is the journey: place a storyteller on a free edge first."),
    (PlaceStoryteller(0), Phase.TAKE, "First take a card that one of your storytellers touches."),
    (TakeCard(0, 0), Phase.PLACE, "First place the card: choose a card from your hand and a row."),
    (PlaceStoryteller(0), Phase.CLEANUP, "It is cleanup: discard a card from your hand."),
])
def test_commands_out_of_phase_are_refused_with_the_reason(command, phase, reason):
    state = new_state(2)
    state.phase = phase
    assert GAME.rejection(state, state.turn, command) == reason


def test_a_card_not_in_hand_and_a_bad_row_are_refused():
    state = new_state(2)
    state.phase, state.turn = Phase.PLACE, 0
    other = state.hands[1][0]
    assert GAME.rejection(state, 0, PlaceCard(other, 0)) == "That card is not in your hand."
    assert GAME.rejection(state, 0, PlaceCard(state.hands[0][0], 3)) == (
        "Your tableau has three rows: top, middle and bottom.")


def test_hands_start_at_five_and_shrink_by_one_a_round():
    state = new_state(3)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert [5 - r for r in range(1, 6)] == [4, 3, 2, 1, 0]
    for r in range(1, 6):
        state.round = r
        assert state.hand_size_after() == 5 - r
