"""Otherworld bots: legal in every phase for 1-4 seats, deterministic from a seed, blind to what
their seat cannot see, and the hard bot prefers rows that can still meet their Geas."""
from __future__ import annotations

import random

import pytest

from games.core.seats import Seat, SeatKind
from games.core.selfplay import SelfplayResult, play_one
from games.core.table import Table
from games.otherworld.bots import BOTS
from games.otherworld.bots.potential import row_value
from games.otherworld.game import GAME
from games.otherworld.state import Phase


@pytest.mark.parametrize("names", [("hard",), ("easy",), ("hard", "easy"),
                                   ("easy", "hard", "random"), ("hard", "easy", "hard", "easy")])
def test_bots_play_whole_games_legally(names):
    result = SelfplayResult(GAME.id, list(names), wins=[0.0] * len(names),
                            bot_seconds=[0.0] * len(names))
    table = play_one(GAME, names, 12, result)  # play_one raises on an illegal move
    assert table.outcome() is not None
    assert {type(command).__name__ for _, command in table.log} >= {
        "PlaceStoryteller", "TakeCard", "PlaceCard", "DiscardCard"}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bot_with_the_same_seed_makes_the_same_choices(level):
    def game():
        seats = (Seat("a", SeatKind.BOT, level), Seat("b", SeatKind.BOT, level))
        table = Table(GAME, seats, 5)
        bots = [BOTS[level](1), BOTS[level](2)]
        while table.outcome() is None:
            seat = table.to_act()[0]
            table.dispatch(seat, bots[seat].choose(table.view(seat), table.legal_commands(seat),
                                                   seat))
        return [command for _, command in table.log]
    assert game() == game()


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bots_choice_does_not_change_when_hidden_cards_are_shuffled(level):
    table = Table(GAME, (Seat("a"), Seat("b"), Seat("c")), 9)
    rng = random.Random(0)
    checked = 0
    while table.outcome() is None and checked < 40:
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        if len(legal) > 1:
            choice = BOTS[level](3).choose(table.view(seat), legal, seat)
            other = table.state.copy()
            hidden = other.deck + [c for s, h in enumerate(other.hands) if s != seat for c in h]
            rng.shuffle(hidden)
            for s, h in enumerate(other.hands):
                if s != seat:
                    other.hands[s] = [hidden.pop() for _ in h]
            other.deck = hidden
            assert GAME.view(other, seat) == table.view(seat)
            again = BOTS[level](3).choose(GAME.view(other, seat), GAME.legal_commands(other, seat),
                                          seat)
            assert again == choice
            checked += 1
        table.dispatch(seat, rng.choice(legal))
    assert checked == 40


def test_the_row_estimate_rewards_rows_that_can_still_meet_their_geas():
    assert row_value("rising-path", (1, 2)) > row_value("rising-path", (8, 2))
    assert row_value("odd-fold", (1, 3)) > row_value("odd-fold", (1, 2)) == 0
    assert row_value("twin-souls", (4, 4, 5, 5, 1)) == 10  # a full row scores as it stands


def test_solo_bots_strike_balors_cards_and_finish():
    state, _ = GAME.setup(4, 1, {})
    bot = BOTS["hard"](1)
    while state.phase is not Phase.OVER:
        legal = GAME.legal_commands(state, 0)
        GAME.apply(state, 0, bot.choose(GAME.view(state, 0), legal, 0))
    assert state.strikes == 0 and len(state.scores) == 2
