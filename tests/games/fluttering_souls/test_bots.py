"""The Fluttering Souls bots: legal in every phase, deterministic, and blind to hidden cards."""
from __future__ import annotations

import random

import pytest

from games.core.seats import Seat, SeatKind
from games.core.selfplay import SelfplayResult, play_one
from games.core.table import Table
from games.fluttering_souls import GAME, apply
from games.fluttering_souls.bots import BOTS
from games.fluttering_souls.bots.easy import EasyBot
from games.fluttering_souls.bots.hard import HardBot
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.state import Phase
from games.fluttering_souls.view import HIDDEN, view_of

FAST = 120  # search iterations in tests: enough to exercise the search, quick to run


def fast_hard(seed: int) -> HardBot:
    return HardBot(seed, iterations=FAST)


def test_registry_names_the_three_levels():
    assert set(BOTS) == {"random", "easy", "hard"}
    assert BOTS["easy"] is EasyBot and BOTS["hard"] is HardBot


class Recording:
    """Wraps a bot and checks each choice is legal, remembering which phases it decided in."""

    def __init__(self, bot, phases: set) -> None:
        self.bot, self.phases = bot, phases

    def choose(self, view, legal, seat):
        command = self.bot.choose(view, legal, seat)
        assert command in legal
        self.phases.add(view.phase)
        return command


@pytest.mark.parametrize("make", [EasyBot, fast_hard], ids=["easy", "hard"])
def test_bot_plays_legal_moves_in_every_phase(make):
    phases: set = set()
    for seed in range(3):
        table = Table(GAME, (Seat("a", SeatKind.BOT, "x"), Seat("b", SeatKind.BOT, "y")), seed)
        bots = [Recording(make(seed), phases), Recording(BOTS["random"](seed), set())]
        while table.outcome() is None:
            seat = table.to_act()[0]
            command = bots[seat].choose(table.view(seat), table.legal_commands(seat), seat)
            assert table.dispatch(seat, command)
    assert {Phase.COLLECT, Phase.EGGFLY, Phase.CHOOSE_ORDER} <= phases


def test_selfplay_plays_hard_against_easy_to_the_end(monkeypatch):
    monkeypatch.setattr("games.fluttering_souls.bots.hard.ITERATIONS", FAST)
    result = SelfplayResult(GAME.id, ["hard", "easy"], wins=[0.0, 0.0], bot_seconds=[0.0, 0.0])
    table = play_one(GAME, ["hard", "easy"], 7, result)
    assert table.outcome() is not None and result.moves > 0


def mid_round_state(seed: int = 3, moves: int = 5):
    """A real game a few collections into round 1, with face-down cards still in the layout."""
    state = apply.new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.phase is Phase.EGGFLY:
            apply.keep_eggfly(state)
        apply.collect(state, rng.choice(apply.open_slots(state)))
    if state.phase is Phase.EGGFLY:
        apply.keep_eggfly(state)
    return state


def shuffled_hidden(state, seed: int):
    """The same position with the face-down and set-aside cards permuted among themselves."""
    other = state.copy()
    hidden = [i for i, (c, up) in enumerate(zip(state.cards, state.face_up)) if c >= 0 and not up]
    pool = [state.cards[i] for i in hidden] + state.set_aside
    rng = random.Random(seed)
    while True:
        rng.shuffle(pool)
        if pool[:len(hidden)] != [state.cards[i] for i in hidden]:
            break
    for slot, card in zip(hidden, pool):
        other.cards[slot] = card
    other.set_aside = pool[len(hidden):]
    return other


@pytest.mark.parametrize("make", [EasyBot, fast_hard], ids=["easy", "hard"])
def test_choice_ignores_hidden_cards(make):
    state = mid_round_state()
    seat = state.turn
    view = view_of(state, seat)
    assert HIDDEN in view.cards
    legal = GAME.legal_commands(state, seat)
    for n in range(3):
        other = shuffled_hidden(state, n)
        assert other.cards != state.cards or other.set_aside != state.set_aside
        other_view = view_of(other, seat)
        assert other_view == view
        # A fresh bot sees only the view and the legal list: no state is ever passed to it.
        assert make(11).choose(other_view, legal, seat) == make(11).choose(view, legal, seat)


@pytest.mark.parametrize("make", [EasyBot, fast_hard], ids=["easy", "hard"])
def test_same_view_same_choice(make):
    state = mid_round_state(seed=5, moves=3)
    seat = state.turn
    view, legal = view_of(state, seat), GAME.legal_commands(state, seat)
    bot = make(4)
    first = bot.choose(view, legal, seat)
    assert bot.choose(view, legal, seat) == first
    assert make(4).choose(view, legal, seat) == first


@pytest.mark.parametrize("make", [EasyBot, fast_hard], ids=["easy", "hard"])
def test_one_legal_move_is_played(make):
    state = mid_round_state()
    seat = state.turn
    only = Collect(apply.open_slots(state)[0])
    assert make(0).choose(view_of(state, seat), [only], seat) == only


@pytest.mark.parametrize("make", [EasyBot, fast_hard], ids=["easy", "hard"])
def test_eggfly_and_order_choices_are_legal(make):
    state = mid_round_state(seed=2, moves=0)
    holder = apply.eggfly_holder(state)
    while state.turn != holder:
        apply.collect(state, apply.open_slots(state)[0])
    apply.collect(state, apply.open_slots(state)[0])
    assert state.phase is Phase.EGGFLY
    command = make(1).choose(view_of(state, holder), [PlaceEggfly(), KeepEggfly()], holder)
    assert command in (PlaceEggfly(), KeepEggfly())
    while state.phase is not Phase.CHOOSE_ORDER:
        if state.phase is Phase.EGGFLY:
            apply.keep_eggfly(state)
        else:
            apply.collect(state, apply.open_slots(state)[0])
    chooser = state.chooser
    view = view_of(state, chooser)
    assert not view.dealt
    command = make(1).choose(view, [ChooseOrder(True), ChooseOrder(False)], chooser)
    assert command in (ChooseOrder(True), ChooseOrder(False))
