"""Dice Upon a Time bots: legal through whole games for 2-4 seats, deterministic from a seed, blind
to what their seat cannot see (other players' Magic Item cards, the decks' order, dice not yet
rolled), and `fabletop selfplay` runs them. Their strength is measured in bench/dice_bots.py."""
from __future__ import annotations

import json
import random

import pytest

from games.core.seats import Seat, SeatKind
from games.core.selfplay import SelfplayResult, play_one
from games.core.table import Table
from games.dice_upon_a_time.bots import BOTS
from games.dice_upon_a_time.bots.plan import atlas, errand
from games.dice_upon_a_time.commands import Answer, CompleteQuest, PlaceDie
from games.dice_upon_a_time.game import GAME
from tests.games.dice_upon_a_time.helpers import CONTENT
from tui.cli import main


@pytest.mark.parametrize("names", [("hard", "easy"), ("easy", "hard", "random"),
                                   ("hard", "easy", "hard", "easy")])
def test_bots_play_whole_games_legally(names):
    result = SelfplayResult(GAME.id, list(names), wins=[0.0] * len(names),
                            bot_seconds=[0.0] * len(names))
    table = play_one(GAME, names, 12, result)  # play_one raises on an illegal move
    assert table.outcome() is not None
    made = {type(command).__name__ for _, command in table.log}
    assert {"PlaceDie", "Answer", "CompleteQuest", "EndTurn"} <= made


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bot_with_the_same_seed_makes_the_same_choices(level):
    def game():
        seats = (Seat("a", SeatKind.BOT, level), Seat("b", SeatKind.BOT, level))
        table = Table(GAME, seats, 5, {"length": "short"})
        bots = [BOTS[level](1), BOTS[level](2)]
        while table.outcome() is None:
            seat = table.to_act()[0]
            table.dispatch(seat, bots[seat].choose(table.view(seat), table.legal_commands(seat), seat))
        return [command for _, command in table.log]
    assert game() == game()


def redeal(state, seat: int, rng: random.Random):
    """The same table as `seat` sees it, with everything hidden from it dealt again: the other
    players' Magic Item cards and the magic deck mixed, every deck's order, and the seed of every
    roll still to come."""
    other = state.copy()
    hidden = other.magic_deck + [c for s, p in enumerate(other.players) if s != seat for c in p.magic]
    rng.shuffle(hidden)
    for s, p in enumerate(other.players):
        if s != seat:
            p.magic = [hidden.pop() for _ in p.magic]
    other.magic_deck = hidden
    rng.shuffle(other.story_deck)
    for deck in other.quest_decks.values():
        rng.shuffle(deck)
    other.seed = rng.randrange(10**6)
    return other


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bots_choice_does_not_change_when_hidden_things_are_dealt_again(level):
    table = Table(GAME, (Seat("a"), Seat("b"), Seat("c")), 9, {"length": "short"})
    rng = random.Random(0)
    checked = 0
    seen = set()
    while table.outcome() is None and checked < 60:
        seat = table.to_act()[0]
        legal = table.legal_commands(seat)
        if len(legal) > 1:
            choice = BOTS[level](3).choose(table.view(seat), legal, seat)
            other = redeal(table.state, seat, rng)
            assert GAME.view(other, seat) == table.view(seat)
            again = BOTS[level](3).choose(GAME.view(other, seat), GAME.legal_commands(other, seat), seat)
            assert again == choice
            checked += 1
            seen.add(type(choice).__name__)
        quests = [c for c in legal if isinstance(c, (CompleteQuest, PlaceDie, Answer))]
        table.dispatch(seat, rng.choice(quests or legal))
    assert checked == 60 and len(seen) >= 2


def test_a_quest_errand_counts_the_stops_in_the_best_order():
    """From the Town, the Sword for the Soldier's quest waits at the Church: there and back."""
    places = atlas()
    quest = next(q for q in CONTENT.quests.values() if q.item == "sword" and q.at == "soldier")
    to_church = places.hops["town"][quest.item_from]
    assert errand(quest, "town", (0,)) == to_church + places.hops[quest.item_from]["soldier"]
    assert errand(quest, "soldier", (1,)) == 0  # the item held, standing where it is completed


def test_selfplay_four_players_hard_easy_easy_easy_json(capsys):
    code = main(["selfplay", "dice-upon-a-time", "--players", "4", "--bots", "hard,easy,easy,easy",
                 "--games", "2", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "dice-upon-a-time" and data["games"] == 2
    assert data["bots"] == ["hard", "easy", "easy", "easy"] and len(data["wins"]) == 4
    assert data["moves"] > 0
    assert main(["selfplay", "dice-upon-a-time", "--players", "4", "--bots", "hard,easy",
                 "--games", "1"]) == 2
