"""Random legal games for 2-4 seats, to the end: every card and die accounted for after every
command, refused commands change nothing, and the same seed plays the same game."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.seats import Seat
from games.core.table import Table
from games.dice_upon_a_time.commands import CompleteQuest, PlaceDie
from games.dice_upon_a_time.game import GAME
from tests.games.dice_upon_a_time.helpers import CONTENT


def accounted(state) -> None:
    quests = [c for d in state.quest_decks.values() for c in d] + state.king_hand
    for p in state.players:
        quests += p.quests + p.done
    assert Counter(quests) == Counter(list(CONTENT.quests)), "a quest card was lost or doubled"
    stories = state.story_deck + state.story_discard + [c for p in state.players for c in p.side]
    stories += [q.data[0] for q in state.questions if q.kind == "story"]  # being read
    assert Counter(stories) == Counter(list(CONTENT.stories)), "a story card was lost or doubled"
    magic = state.magic_deck + state.magic_discard + [c for p in state.players for c in p.magic]
    assert Counter(magic) == Counter(list(CONTENT.magic)), "a magic item was lost or doubled"
    for seat, p in enumerate(state.players):
        assert all(n >= 0 for n in p.tokens.values())
        assert len(p.quests) <= 5
        on_board = [d.die for tower in state.sockets.values() for d in tower if d.seat == seat]
        gobbled = [d.die for d in state.gobbled if d.seat == seat]
        dice = list(p.pool) + on_board + gobbled
        assert len(dice) == len(set(dice)), "a die is in two places"


def play(players: int, seed: int, rng: random.Random, length: str = "short") -> Table:
    table = Table(GAME, tuple(Seat(f"P{i}") for i in range(players)), seed, {"length": length})
    while table.outcome() is None:
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        assert legal, "someone must always have a move"
        quests = [c for c in legal if isinstance(c, CompleteQuest)]
        places = [c for c in legal if isinstance(c, PlaceDie)]
        command = rng.choice(quests or places or legal) if rng.random() < 0.8 else rng.choice(legal)
        before = GAME.snapshot(table.state)
        bad = PlaceDie(99, "r0")
        assert not table.dispatch(seat, bad) and GAME.snapshot(table.state) == before
        assert table.dispatch(seat, command), command
        accounted(table.state)
        assert len(table.log) < 5000
    return table


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
def test_random_games_keep_every_card_and_die(players, seed, choices):
    table = play(players, seed, random.Random(choices))
    assert len(table.outcome().scores) == players


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_seed_plays_the_same_game(players):
    a = play(players, 7, random.Random(3))
    b = play(players, 7, random.Random(3))
    assert [command for _, command in a.log] == [command for _, command in b.log]
    assert a.state.scores == b.state.scores
    replay = Table.replay(GAME, a.seats, a.seed, a.options, a.log)
    assert replay.state.scores == a.state.scores
