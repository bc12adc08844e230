"""Solo against Balor: his control card, Ailm flips, highest or lowest pick with top-left ties, his
pile, the difficulty strikes chosen at the end, and his score."""
from __future__ import annotations

from games.otherworld import apply, balor
from games.otherworld.content import CARDS, GEAS
from games.otherworld.commands import ChooseDifficulty, PlaceStoryteller, StrikeCard
from games.otherworld.game import GAME
from games.otherworld.state import Phase
from tests.games.otherworld.helpers import new_state, play, plain


def grid_of(state, labels):
    colours = {"r": "red", "y": "yellow", "b": "blue", "g": "green"}
    state.grid = [plain(colours[lab[-1]], int(lab[:-1])) for lab in labels]


def ailm_card(has: bool) -> str:
    return next(c.id for c in CARDS.values() if c.ailm == has)


def test_balor_takes_the_highest_top_left_first_and_discards_his_draw():
    state = new_state(1)
    grid_of(state, ["3r", "8y", "1b", "8g", "0r", "5b", "2y", "0g", "4r"])
    state.deck.append(ailm_card(False))
    state.balor_left, state.balor_high = 3, True
    drawn = state.deck[-1]
    balor.take_turn(state)
    assert state.balor == [plain("yellow", 8)] and state.grid[1] is None
    assert state.discard[-1] == drawn and state.balor_left == 2 and state.balor_high


def test_an_ailm_flips_the_control_card_to_the_lowest():
    state = new_state(1)
    grid_of(state, ["3r", "8y", "1b", "8g", "0r", "5b", "2y", "0g", "4r"])
    state.deck.append(ailm_card(True))
    state.balor_left, state.balor_high = 3, True
    balor.take_turn(state)
    assert not state.balor_high and state.balor == [plain("red", 0)]  # the 0 at cell 4 first
    state.deck.append(ailm_card(True))
    balor.take_turn(state)
    assert state.balor_high and state.balor[-1] == plain("yellow", 8)


def test_balor_alternates_with_you_and_has_three_saga_turns_a_round():
    state = new_state(1, seed=8)
    for edge in (0, 5, 9):
        play(state, 0, PlaceStoryteller(edge))
    assert state.phase is Phase.TAKE and state.balor == [] and state.balor_left == 3
    while state.round == 1 and state.phase is not Phase.CLEANUP:
        play(state, 0, GAME.legal_commands(state, 0)[0])
    assert len(state.balor) == 3
    # round 2: Balor goes first, so he has taken a card before your first pick
    while state.round == 2 and state.phase is Phase.JOURNEY or state.round == 1:
        play(state, 0, GAME.legal_commands(state, 0)[0])
    assert state.round == 2 and state.phase is Phase.TAKE and len(state.balor) == 4


def finished_solo(seed: int = 3):
    state = new_state(1, seed=seed)
    while state.phase is not Phase.DIFFICULTY:
        play(state, 0, GAME.legal_commands(state, 0)[0])
    return state


def test_at_the_end_you_choose_how_many_of_balors_cards_to_strike():
    state = finished_solo()
    assert len(state.balor) == 15 and GAME.to_act(state) == (0,)
    assert GAME.rejection(state, 0, ChooseDifficulty(5)) == (
        "Strike from 0 to 4 of Balor's cards (0 is the hardest).")
    play(state, 0, ChooseDifficulty(2))
    assert state.phase is Phase.STRIKE
    first, second = state.balor[0], state.balor[1]
    play(state, 0, StrikeCard(first))
    assert state.phase is Phase.STRIKE
    play(state, 0, StrikeCard(second))
    assert state.phase is Phase.OVER and state.struck == [first, second]
    assert len(state.balor) == 13


def test_balor_scores_the_geas_corners_and_his_colour_counts():
    state = finished_solo()
    play(state, 0, ChooseDifficulty(0))
    assert state.phase is Phase.OVER
    from games.otherworld.scoring import score_all

    you, him = score_all(state.tableaus, state.geas, state.balor)
    assert him.rows == tuple(GEAS[g].balor for g in state.geas)
    assert him.sizes == tuple(sum(CARDS[c].colour == k for c in state.balor)
                              for k in ("red", "yellow", "blue", "green"))
    assert state.scores == [you.total, him.total]
    assert GAME.outcome(state).winners == ((0,) if you.total >= him.total else ())


def test_striking_cards_can_only_help_you():
    base = finished_solo(seed=11)
    results = []
    for n in range(5):
        state = base.copy()
        play(state, 0, ChooseDifficulty(n))
        while state.phase is Phase.STRIKE:
            play(state, 0, StrikeCard(state.balor[0]))
        results.append(state.scores[1])
    assert all(a >= b for a, b in zip(results, results[1:]))


def test_a_tie_with_balor_counts_as_your_win():
    state = finished_solo()
    state.scores = [30, 30]
    state.phase = Phase.OVER
    assert apply.winners(state) == (0,)
