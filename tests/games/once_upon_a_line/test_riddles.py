"""Challenges: typed guesses compared left to right up to the first wrong letter, ? penalty squares
for wrong guesses and clues, giving up, the card taken once solved and the lightbulbs left."""
from __future__ import annotations

import dataclasses

import pytest

from games.once_upon_a_line import legal
from games.once_upon_a_line.commands import Answer, GiveUp, Guess, TakeClue, UseSpecial, UseTiles
from games.once_upon_a_line.events import Happened
from games.once_upon_a_line.riddles import BLANK_SQUARE, lightbulbs
from games.once_upon_a_line.scoring import chapter_score
from games.once_upon_a_line.state import Riddle
from games.once_upon_a_line.view import view_of
from tests.games.once_upon_a_line.conftest import fresh, give_tile, play, refused, sizes


def at_the_riddle(**changes):
    """GLOVED uncovered by two heroes: its card asks for riddle R1 (KETTLE)."""
    state = fresh(**changes)
    play(state, UseTiles("corvin", "s2", "A HORSE C2 up"))
    play(state, UseTiles("ysolde", "s3", "A HORSE C4 down"))
    assert state.read == ["HOR", "GLO"] and state.pending.kind == "riddle"
    return state


def told(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened)]


def test_one_clue_and_one_wrong_guess_scratch_two_question_marks():
    state = at_the_riddle()
    assert told(play(state, TakeClue())) == ["Clue 1: It lives in the kitchen.", "? square 1: empty"]
    events = play(state, Guess("NAIL"))
    assert told(events)[:2] == ["NAIL is wrong at square 1: K is scratched.", "? square 2: hourglass"]
    assert state.tragedy_scratched == 1 and state.pending.kind == "riddle"
    play(state, Guess("kettle"))
    riddle = state.riddles["R1"]
    assert riddle.solved and riddle.penalties == 2 and state.penalty_squares == 2
    assert state.read[-1] == "Z01"  # the card the solved box shows
    assert state.ended == "epilogue" and state.quest_points == 3
    assert lightbulbs(riddle) == 2
    # 3 Quest Points + no Skull 2 + at least 5 hourglasses left 2 + 2 lightbulbs
    assert chapter_score(state) == 9


def test_a_wrong_guess_scratches_up_to_and_including_the_first_square_that_differs():
    state = at_the_riddle()
    assert told(play(state, Guess("ketchup")))[0] == "KETCHUP is wrong at square 4: KETT is scratched."
    view = view_of(state).riddle
    assert (view.revealed, view.penalties) == ("KETT", 1)
    play(state, Guess("KEN"))  # a worse guess hides nothing already scratched
    assert view_of(state).riddle.revealed == "KETT"


@pytest.mark.parametrize(("guess", "scratched"), [
    ("KIT", "KE"), ("KET", "KETT"),  # a short guess: the square after it differs (it has no letter)
    ("KETTLES", "KETTLE "),  # a long one: the seventh square is blank, not S, and is scratched
    ("BOILER", "K"),
])
def test_the_squares_a_wrong_guess_scratches(guess, scratched):
    state = at_the_riddle()
    play(state, Guess(guess))
    assert view_of(state).riddle.revealed == scratched


def test_a_guess_past_the_answer_shows_the_blank_square_it_stopped_at():
    state = at_the_riddle()
    assert told(play(state, Guess("kettles")))[0] == \
        "KETTLES is wrong at square 7: KETTLE and a blank square are scratched."
    assert view_of(state).riddle.revealed == "KETTLE" + BLANK_SQUARE


def test_the_answer_squares_are_eight_whatever_the_answer():
    state = at_the_riddle()
    assert refused(state, Guess("kettledrum")) == \
        "An answer has at most 8 letters: the Challenge Gateway has 8 answer squares."
    play(state, Guess("kettle"))
    assert state.riddles["R1"].revealed == "KETTLE  "  # all eight scratched, the last two blank


def test_the_riddle_view_never_shows_more_of_the_answer_than_was_scratched():
    state = at_the_riddle()
    view = view_of(state).riddle
    assert (view.key, view.number, view.revealed, view.clues) == ("R1", 17, "", ())
    assert "KETTLE" not in repr(view_of(state))
    assert [f.name for f in dataclasses.fields(view) if f.name not in ("key", "number", "riddle")] == \
        ["revealed", "clues", "penalties"]  # nor its length: the Gateway shows eight squares


def test_a_guess_ignores_case_spaces_and_punctuation():
    state = at_the_riddle()
    play(state, Guess("ket tle!"))
    assert state.riddles["R1"].solved and lightbulbs(state.riddles["R1"]) == 3


def test_a_guess_without_letters_is_refused():
    assert refused(at_the_riddle(), Guess("17 !")) == "Type a word to guess."


def test_while_a_riddle_waits_no_hero_acts():
    state = at_the_riddle()
    assert refused(state, UseTiles("corvin", "s1", "A HORSE B4 down")) == "First solve the riddle."
    assert refused(state, Answer("yes")) == "First solve the riddle."
    assert {type(c) for c in legal.legal(state)} == {TakeClue, GiveUp}


def test_outside_a_riddle_guesses_are_refused():
    assert refused(fresh(), Guess("KETTLE")) == "Nothing is waiting for an answer now."


def test_each_clue_scratches_a_question_mark_and_the_second_comes_after_the_first():
    state = at_the_riddle()
    play(state, TakeClue())
    play(state, TakeClue())
    assert view_of(state).riddle.clues == ("It lives in the kitchen.", "Tea begins with it.")
    assert state.riddles["R1"].penalties == 2 and state.tragedy_scratched == 1  # ? 2 hourglass
    assert refused(state, TakeClue()) == "Both clues are already taken."
    assert TakeClue() not in legal.legal(state)


def test_giving_up_shows_the_answer_scratches_two_question_marks_and_the_story_goes_on():
    state = at_the_riddle()
    events = play(state, GiveUp())
    assert told(events)[:3] == ["The answer was KETTLE.", "? square 1: empty", "? square 2: hourglass"]
    riddle = state.riddles["R1"]
    assert riddle.given_up and not riddle.solved and riddle.revealed == "KETTLE  "  # all 8 squares
    assert state.read[-1] == "Z01" and state.ended == "epilogue"
    assert lightbulbs(riddle) == 0


def test_wrong_guesses_scratch_the_question_marks_in_order_with_their_penalties():
    state = at_the_riddle()
    play(state, Guess("A"))  # empty
    play(state, Guess("B"))  # hourglass
    play(state, Guess("C"))  # dystopia
    assert (state.tragedy_scratched, state.dystopia) == (1, 1)
    play(state, Guess("D"))  # -1: nobody caused it, the player chooses the hero
    assert state.pending.kind == "penalty"
    play(state, Answer("ysolde"))
    assert sizes(state, "ysolde") == [4, 4, 3, 2, 1] and state.pending.kind == "riddle"
    play(state, Guess("E"))
    play(state, Guess("F"))
    events = play(state, Guess("G"))
    assert "No ? square is left to scratch." in told(events)
    assert state.riddles["R1"].penalties == 6 == state.penalty_squares


def test_the_bell_adds_dystopia_to_a_riddles_hourglass():
    state = at_the_riddle(tragedy=("empty", "empty", "empty", "tragedy"))
    state.bell = True  # rung earlier in the chapter
    play(state, Guess("A"))
    play(state, Guess("B"))  # the hourglass ? square
    assert state.dystopia == 1


@pytest.mark.parametrize("clues, solved, given_up, bulbs", [
    (0, True, False, 3), (1, True, False, 2), (2, True, False, 0),
    (1, False, True, 0), (0, False, False, 0),
])
def test_lightbulbs_left_on_a_solved_riddle(clues, solved, given_up, bulbs):
    assert lightbulbs(Riddle("R1", clues=clues, solved=solved, given_up=given_up)) == bulbs


def test_a_hint_tile_gives_the_next_clue_without_a_question_mark():
    state = at_the_riddle()
    give_tile(state, "ysolde", "ysl_hint")
    assert UseSpecial("ysolde", "ysl_hint") in legal.legal(state)
    events = play(state, UseSpecial("ysolde", "ysl_hint"))
    assert told(events) == ["Clue 1: It lives in the kitchen."] and state.riddles["R1"].penalties == 0
    assert state.heroes["ysolde"].compartments[1] == ["ysl_hint"]


def test_a_hint_tile_is_refused_outside_a_riddle():
    state = fresh()
    give_tile(state, "ysolde", "ysl_hint")
    assert refused(state, UseSpecial("ysolde", "ysl_hint")) == \
        "A hint helps only while a riddle with a clue left is being solved."
