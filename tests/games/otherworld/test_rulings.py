"""The house rulings for Otherworld (docs/rulings.md) that other test files do not already cover."""
from __future__ import annotations

from games.otherworld import apply
from games.otherworld.commands import TakeCard
from games.otherworld.game import GAME
from games.otherworld.scoring import balor_sizes
from games.otherworld.state import Phase
from tests.games.otherworld.helpers import card, new_state, plain


def test_the_first_player_comes_from_the_seed():
    assert new_state(4, seed=7).first == new_state(4, seed=7).first
    assert {new_state(4, seed=s).first for s in range(20)} == {0, 1, 2, 3}


def test_balor_counts_a_wild_card_only_as_its_own_colour():
    pile = [card("red", 8, "wild"), plain("blue", 1), plain("blue", 2)]
    assert balor_sizes(pile) == (1, 0, 2, 0)


def test_tied_top_scores_share_the_victory():
    state = new_state(3)
    state.scores, state.phase = [40, 40, 31], Phase.OVER
    assert apply.winners(state) == (0, 1)
    assert GAME.outcome(state).winners == (0, 1)


def test_live_storytellers_go_before_the_same_players_lost_ones():
    state = new_state(2, seed=3)
    state.phase, state.turn = Phase.TAKE, 0
    state.tellers[0] = 0  # cells 0-1: will be lost
    state.tellers[6] = 0  # a live one
    state.grid[0] = state.grid[1] = None
    legal = GAME.legal_commands(state, 0)
    assert legal and all(c.edge == 6 for c in legal)
    assert "lost" in GAME.rejection(state, 0, TakeCard(0, 4))


def test_discards_from_hand_are_seen_only_by_the_discarder():
    from games.otherworld.events import CardDiscarded

    event = CardDiscarded(1, plain("red", 3))
    assert event.visible_to == frozenset({1})
    assert event.public(["A", "B"]) == "B discarded a card."
