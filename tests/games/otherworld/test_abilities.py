"""Every Otherworld ability: the placed ones resolve on placement (or wait for a choice, which may be
skipped), the ongoing ones change scoring or the rules while in the tableau."""
from __future__ import annotations

from games.otherworld.content import CARDS
from games.otherworld.commands import (
    MoveStoryteller, PlaceCard, RecallCard, ShiftCard, SkipAbility, SwapCards,
)
from games.otherworld.events import CardDrawn
from games.otherworld.game import GAME
from games.otherworld.geas import row_points
from games.otherworld.scoring import largest_region
from games.otherworld.state import NOBODY, Phase
from games.otherworld.storytellers import free_edges
from games.otherworld.tableau import accepts
from tests.games.otherworld.helpers import card, new_state, play, row


def placing(card_id: str, tableau=None, players: int = 2):
    """A state where seat 0 is about to place `card_id` in the saga."""
    state = new_state(players, seed=4)
    state.phase, state.turn, state.first = Phase.PLACE, 0, 0
    state.hands[0] = [card_id, *state.hands[0][:3]]
    if tableau is not None:
        state.tableaus[0] = tableau
    return state


def test_swap_exchanges_two_tableau_cards():
    swap = card("red", 0, "swap")
    state = placing(swap, [row("1r", "2r"), row("7b"), []])
    play(state, 0, PlaceCard(swap, 2))
    assert state.phase is Phase.ABILITY and state.pending == swap
    a, b = state.tableaus[0][0][0], state.tableaus[0][1][0]
    assert SwapCards(a, b) in GAME.legal_commands(state, 0)
    play(state, 0, SwapCards(b, a))  # either order is accepted
    assert state.tableaus[0][0][0] == b and state.tableaus[0][1][0] == a
    assert state.phase is not Phase.ABILITY and state.pending == ""


def test_shift_moves_a_card_to_another_row_leaving_a_gap():
    shift = card("red", 2, "shift")
    state = placing(shift, [row("1y", "2y", "3y"), [], []])
    play(state, 0, PlaceCard(shift, 1))
    middle = state.tableaus[0][0][1]
    play(state, 0, ShiftCard(middle, 2))
    assert state.tableaus[0][0][1] is None and state.tableaus[0][2] == [middle]
    # the next card played to the top row must fill the gap
    state.phase, state.turn = Phase.PLACE, 0
    nxt = state.hands[0][0]
    play(state, 0, PlaceCard(nxt, 0))
    assert state.tableaus[0][0][1] == nxt


def test_shift_from_the_right_end_leaves_no_gap_and_cannot_stay_in_its_row():
    shift = card("yellow", 5, "shift")
    state = placing(shift, [row("1y", "2y"), [], []])
    play(state, 0, PlaceCard(shift, 0))
    last = state.tableaus[0][0][1]
    assert GAME.rejection(state, 0, ShiftCard(last, 0)) is not None
    play(state, 0, ShiftCard(shift, 1))
    assert len(state.tableaus[0][0]) == 2 and None not in state.tableaus[0][0]


def test_draw_takes_a_card_from_the_deck_at_once():
    draw = card("red", 3, "draw")
    state = placing(draw)
    top = state.deck[-1]
    events = play(state, 0, PlaceCard(draw, 0))
    assert top in state.hands[0] and CardDrawn(0, top) in events
    assert state.phase is not Phase.ABILITY


def test_recall_takes_another_card_back_into_hand_leaving_a_gap():
    recall = card("red", 5, "recall")
    state = placing(recall, [row("4g", "5g", "6g"), [], []])
    play(state, 0, PlaceCard(recall, 1))
    assert RecallCard(recall) not in GAME.legal_commands(state, 0)  # not the card just placed
    back = state.tableaus[0][0][0]
    play(state, 0, RecallCard(back))
    assert back in state.hands[0] and state.tableaus[0][0][0] is None


def test_wander_moves_a_storyteller_to_a_free_edge():
    wander = card("red", 6, "wander")
    state = placing(wander)
    state.tellers[3] = 0
    play(state, 0, PlaceCard(wander, 0))
    free = free_edges(state)
    assert MoveStoryteller(3, free[0]) in GAME.legal_commands(state, 0)
    play(state, 0, MoveStoryteller(3, free[0]))
    assert state.tellers[3] == NOBODY and state.tellers[free[0]] == 0


def test_placed_abilities_may_be_skipped_and_need_a_target():
    swap = card("blue", 6, "swap")
    state = placing(swap, [row("2b"), [], []])
    play(state, 0, PlaceCard(swap, 0))
    play(state, 0, SkipAbility())
    assert state.pending == "" and state.phase is not Phase.ABILITY
    lone = placing(card("yellow", 4, "swap"))  # an empty tableau: nothing to swap with
    play(lone, 0, PlaceCard(card("yellow", 4, "swap"), 0))
    assert lone.phase is not Phase.ABILITY
    wander = placing(card("blue", 0, "wander"))  # no storyteller left on the grid
    play(wander, 0, PlaceCard(card("blue", 0, "wander"), 0))
    assert wander.phase is not Phase.ABILITY


def test_an_ability_waits_before_anything_else():
    swap = card("red", 0, "swap")
    state = placing(swap, [row("1r"), [], []])
    play(state, 0, PlaceCard(swap, 0))
    reason = GAME.rejection(state, 0, PlaceCard(state.hands[0][0], 1))
    assert reason.startswith("First use or skip the ability of Ash-Wife's Kettle")


def test_wild_counts_as_every_colour_for_regions():
    wild = card("red", 8, "wild")
    tableau = [row("1b", "2b"), [wild], row("3g")]
    assert len(largest_region(tableau, "blue")) == 3  # 1b 2b above the wild card
    assert len(largest_region(tableau, "green")) == 2  # the wild and 3g below it
    assert len(largest_region(tableau, "red")) == 1


def test_waver_counts_one_more_or_one_less_for_a_geas():
    waver = card("blue", 3, "waver")  # may count as 2, 3 or 4
    rising = [row("3r")[0], waver, row("5r")[0]]  # counts as 4: a run of 3
    assert row_points("rising-path", rising) == 5
    assert row_points("rising-path", row("3r", "3y", "5r")) == 2  # a plain 3: a run of 2
    pairs_row = [*row("4r"), waver]
    assert row_points("twin-souls", pairs_row) == 4  # waver counts as 4: one pair
    assert row_points("twin-souls", row("4r", "3r")) == 0


def test_long_lets_its_row_hold_six():
    long = card("yellow", 2, "long")
    full = row("0r", "1r", "3r", "4r", "5r")
    assert not accepts(full) and accepts(full, long)
    state = placing(long, [full, [], []])
    play(state, 0, PlaceCard(long, 0))
    assert len(state.tableaus[0][0]) == 6
    assert not accepts(state.tableaus[0][0])


def test_about_a_third_of_the_cards_carry_each_kind_of_ability():
    kinds = [c.ability for c in CARDS.values() if c.ability]
    assert len(kinds) == 24 and all(kinds.count(k) == 3 for k in set(kinds))
