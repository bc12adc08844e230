"""Chapters: passing, the end when everyone is out of dice or has passed, the Spirit Animals' rewards
in the rulebook's order, the Snake die, the Wolf, the Fox; the game's length and its scoring."""
from __future__ import annotations

import pytest

from games.dice_upon_a_time.chapters import end_chapter, start_chapter
from games.dice_upon_a_time.commands import Answer, EndTurn, Pass, PlaceDie, PlayMagic, Stay, UseRabbit
from games.dice_upon_a_time.state import SNAKE_DIE, Phase
from tests.games.dice_upon_a_time.helpers import (
    CONTENT, answer_all, route, set_turn, stack, table, take_magic,
)


def test_passing_skips_the_rest_of_the_chapter_and_the_chapter_ends_when_all_are_out():
    t = table()
    state = t.state
    first = state.turn
    assert t.dispatch(first, Pass())
    assert state.turn == 1 - first and state.players[first].passed
    while state.chapter == 1 and state.phase is not Phase.OVER:
        seat = t.to_act()[0]
        assert seat != first or state.questions, "a player who passed gets no more turns"
        legal = t.legal_commands(seat)
        place = [c for c in legal if isinstance(c, PlaceDie)]
        command = place[0] if place and not state.questions else legal[0]
        assert t.dispatch(seat, command)
        answer_all(t)
        if state.phase is Phase.MOVE:
            t.dispatch(seat, Stay())
        if state.phase is Phase.QUESTS and not state.questions:
            t.dispatch(seat, EndTurn())
    assert state.chapter == 2 and not state.players[first].passed
    assert all(len(p.pool) >= 5 or p.fox for p in state.players)  # everyone rolled again


def test_the_rabbit_makes_its_top_die_the_starting_player_with_a_rabbit_token():
    t = table(players=3)
    stack(t, "rabbit", (0, 1), (2, 3))
    end_chapter(t.state, CONTENT)
    assert t.state.first == 2 and t.state.players[2].rabbit == 1 and t.state.players[0].rabbit == 0
    t.state.sockets["rabbit"] = ()
    end_chapter(t.state, CONTENT)
    assert t.state.first == 2  # nobody won the Rabbit: the marker stays


def test_a_rabbit_token_moves_without_a_die_even_through_a_full_socket():
    t = table()
    t.state.players[0].rabbit = 1
    socket = route("town", "soldier")
    stack(t, socket, (1, 3), (1, 4))
    set_turn(t, 0, "town", {0: 1})
    assert t.dispatch(0, UseRabbit(int(socket[1:])))
    answer_all(t)
    assert t.state.players[0].field == "soldier" and t.state.players[0].rabbit == 0
    assert t.state.phase is Phase.QUESTS and not t.state.sockets[socket][2:]  # no die placed


@pytest.mark.parametrize(("face", "keeps", "token"), [(4, True, None), (5, True, None),
                                                      ("snake", False, None), ("coin", False, "coin"),
                                                      ("apple", False, "apple")])
def test_the_snake_die_next_chapter(monkeypatch, face, keeps, token):
    t = table()
    player = t.state.players[0]
    player.snake = True
    for module in ("dice", "effects"):
        monkeypatch.setattr(f"games.dice_upon_a_time.{module}.roll",
                            lambda state, faces, why: face if "snake" in why else faces[0])
    start_chapter(t.state, CONTENT)
    assert (SNAKE_DIE in player.pool) == keeps and player.snake == keeps
    if token:
        assert player.tokens[token] == 1


@pytest.mark.parametrize(("face", "keeps", "token"), [(5, True, None), ("snake", False, None),
                                                      ("bread", False, "bread")])
def test_the_snake_die_rolled_again_by_a_card(monkeypatch, face, keeps, token):
    """The Tailor's Thimble rolls the Snake die too, and what it shows acts as at a chapter's start:
    a token face gives the token and the die goes back (it never sits in the pool as a token)."""
    t = table()
    player = t.state.players[0]
    player.snake = True
    set_turn(t, 0, "town", {0: 1, SNAKE_DIE: 4})
    player.magic = []
    take_magic(t, 0, "tailors-thimble")
    monkeypatch.setattr("games.dice_upon_a_time.effects.roll",
                        lambda state, faces, why: face if "snake" in why else faces[0])
    assert t.dispatch(0, PlayMagic("tailors-thimble"))
    assert (SNAKE_DIE in player.pool) == keeps and player.snake == keeps
    assert all(f in (1, 2, 3, 4, 5, 6) or f in ("magic", "story", "ban", "double")
               for f in player.pool.values())
    if token:
        assert player.tokens[token] == 1


def test_the_snake_field_wins_the_snake_die():
    from games.dice_upon_a_time.events import ChapterBegan

    t = table()
    stack(t, "snake", (1, 2))
    began = next(e for e in end_chapter(t.state, CONTENT) if isinstance(e, ChapterBegan))
    assert len(began.rolls[1]) == 6 and len(began.rolls[0]) == 5  # it rolled the Snake die too


def test_the_snake_die_is_lent_for_one_chapter_only():
    """Rolled a 4 or a 5, the Snake die plays one chapter; then it goes back to the Snake field, to
    whoever tops the Snake's tower (nobody here), even when it was left on the Fox."""
    from games.dice_upon_a_time.state import Placed

    t = table()
    holder = t.state.players[0]
    holder.snake = True
    t.state.sockets["fox1"] = (Placed(0, SNAKE_DIE, 5),)
    end_chapter(t.state, CONTENT)
    assert not holder.snake and SNAKE_DIE not in holder.pool and SNAKE_DIE not in holder.fox
    assert not any(q.kind == "fox face" for q in t.state.questions)


def test_the_wolf_gobbles_one_unused_die_of_every_other_player_once_a_chapter():
    t = table(players=3)
    set_turn(t, 0, "town", {0: 1, 1: 2})
    t.state.players[1].pool = {0: 3, 1: 4}
    t.state.players[2].pool = {2: "story"}
    assert t.dispatch(0, PlaceDie(0, "wolf"))
    question = t.state.questions[0]
    assert question.kind == "wolf die" and question.seat == 1 and t.to_act() == (1,)
    assert t.dispatch(1, Answer("1"))
    assert t.state.players[1].pool == {0: 3}
    assert t.state.players[2].pool == {}  # one die only: taken without a question, not activated
    assert t.state.wolf_used
    set_turn(t, 0, "town", {1: 2})
    assert "gobbled" in t.check(0, PlaceDie(1, "wolf")).reason


def test_dice_on_the_fox_are_set_to_any_face_next_chapter():
    t = table()
    stack(t, "fox1", (0, 2))
    t.state.sockets["fox1"] = (t.state.sockets["fox1"][0].__class__(0, 1, 2),)  # die 1
    end_chapter(t.state, CONTENT)
    assert 1 not in t.state.players[0].pool or t.state.questions
    fox = next(q for q in t.state.questions if q.kind == "fox face")
    assert fox.seat == 0
    while t.state.questions[0] is not fox:
        seat = t.to_act()[0]
        t.dispatch(seat, Answer(t.view(seat).options[0]))
    assert t.dispatch(0, Answer("story"))  # die 1 carries the Story Card face
    assert t.state.players[0].pool[1] == "story"


@pytest.mark.parametrize(("length", "chapters"), [("short", 3), ("normal", 6)])
def test_the_game_ends_after_its_chapters(length, chapters):
    t = table(length=length)
    for _ in range(chapters):
        assert t.state.phase is not Phase.OVER
        end_chapter(t.state, CONTENT)
        answer_all(t)
    assert t.state.phase is Phase.OVER and t.outcome() is not None


def test_extra_long_ends_with_the_chapter_in_which_the_quest_decks_ran_out():
    t = table(length="extra long")
    end_chapter(t.state, CONTENT)
    answer_all(t)
    assert t.state.phase is not Phase.OVER
    for deck in t.state.quest_decks.values():
        deck.clear()
    t.state.decks_ran_out_in = t.state.chapter
    end_chapter(t.state, CONTENT)
    assert t.state.phase is Phase.OVER


def test_scoring_counts_quests_and_side_quests_and_a_tie_is_shared():
    t = table()
    a, b = t.state.players
    a.done, b.done = ["loaf-for-the-huntsman", "feast-at-the-inn"], ["dragon-in-hell", "ride-a-steed"]
    a.side, b.side = [], ["debt"]  # -2 still held
    a.field = "town"
    a.side.append("home-by-nightfall")  # +2 in the Town
    t.state.chapter = 6
    end_chapter(t.state, CONTENT)
    assert t.state.scores == [2 + 3 + 2, 4 + 2 - 2]
    assert t.outcome().winners == (0,)
    b.side, b.done = [], ["dragon-in-hell", "feast-at-the-inn"]  # 7 AP each
    from games.dice_upon_a_time.chapters import score
    tie = score(t.state, CONTENT)
    assert tie.winners == (0, 1) and "share the victory" in tie.describe(["A", "B"])
