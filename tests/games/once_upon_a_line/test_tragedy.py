"""The Line of Tragedy: each hidden symbol, who bears a penalty and its special cases, the bell, the
clover and the last square; special talent tiles that mend a tile or move a hero for free."""
from __future__ import annotations

import pytest

from games.once_upon_a_line import hero_tiles, legal
from games.once_upon_a_line.commands import Answer, MoveHero, UseSpecial, UseTiles
from games.once_upon_a_line.events import HourglassScratched
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.scoring import chapter_score, score_lines
from games.once_upon_a_line.setup import new_chapter
from tests.games.once_upon_a_line.conftest import (
    drawn, fresh, give_tile, hourglasses, place, play, refused, sizes,
)

ALL_ONES = {f"s{n}": 1 for n in range(1, 6)}


def line(*squares: str):
    return fresh(tragedy=squares + ("empty", "empty", "tragedy"))


def test_squares_are_scratched_left_to_right_and_told_in_events():
    state = line("empty", "-1")
    events = hourglasses(state, 2, "corvin")
    told = [e for e in events if isinstance(e, HourglassScratched)]
    assert [(e.square, e.effect) for e in told] == [(1, "empty"), (2, "-1")]
    assert told[0].result == "nothing" and state.tragedy_scratched == 2


def test_an_empty_square_changes_nothing():
    state = line("empty")
    hourglasses(state, 1, "corvin")
    assert sizes(state, "corvin") == [5, 4, 3, 2, 1] and state.dystopia == 0


@pytest.mark.parametrize("effect, after", [("-1", [4, 4, 3, 2, 1]), ("-2", [4, 3, 3, 2, 1])])
def test_a_reduction_shrinks_the_largest_standard_tile(effect, after):
    state = line(effect)
    hourglasses(state, 1, "corvin")
    assert sizes(state, "corvin") == after
    assert sizes(state, "ysolde") == [5, 4, 3, 2, 1]


def test_reductions_add_up_on_whichever_tile_is_largest_now():
    state = line("-1", "-1", "-2")
    hourglasses(state, 3, "corvin")
    assert sizes(state, "corvin") == [3, 3, 2, 2, 1]  # 5 -> 4, then 4 -> 3, then 4 -> 2


def test_a_tile_in_an_action_compartment_may_be_reduced():
    state = line("-2")
    place(state, "corvin", reserve=["s4", "s3", "s2", "s1"], compartments=[["s5"], [], [], []])
    hourglasses(state, 1, "corvin")
    assert state.heroes["corvin"].standard["s5"] == 3
    assert state.heroes["corvin"].compartments[0] == ["s5"]


def test_minus_two_on_a_two_square_tile_leaves_one_square():
    state = line("-2")
    place(state, "corvin", standard={**ALL_ONES, "s5": 2})
    hourglasses(state, 1, "corvin")
    assert sizes(state, "corvin") == [1, 1, 1, 1, 1]
    assert state.heroes["corvin"].compartments == [[], [], [], []]


def test_talent_tiles_are_not_reduced():
    state = line("-1")
    give_tile(state, "corvin", "cor_line")
    hourglasses(state, 1, "corvin")
    assert sizes(state, "corvin") == [4, 4, 3, 2, 1]
    assert hero_tiles.tile(state, "corvin", "cor_line").size == 2


def test_a_hero_with_every_tile_at_one_square_passes_the_reduction_to_another_hero():
    state = line("-1")
    place(state, "corvin", standard=ALL_ONES)
    hourglasses(state, 1, "corvin")
    assert sizes(state, "corvin") == [1] * 5 and sizes(state, "ysolde") == [4, 4, 3, 2, 1]
    assert state.heroes["corvin"].compartments == [[], [], [], []]


def test_when_no_hero_can_shrink_a_tile_the_original_hero_gets_a_locked_compartment():
    state = line("-2")
    place(state, "corvin", standard=ALL_ONES)
    place(state, "ysolde", standard=ALL_ONES)
    hourglasses(state, 1, "corvin")
    assert state.heroes["corvin"].compartments == [[], [], [], None]
    assert state.heroes["ysolde"].compartments == [[], [], [], []]


def test_a_penalty_nobody_caused_goes_to_the_hero_the_player_chooses():
    state = line("-1")
    hourglasses(state, 1)  # an instruction's hourglass: no hero scratched it
    assert state.pending.kind == "penalty" and state.pending.options == ("corvin", "ysolde")
    assert refused(state, Answer("wren")) == "Answer with one of: corvin, ysolde."
    play(state, Answer("ysolde"))
    assert sizes(state, "ysolde") == [4, 4, 3, 2, 1] and sizes(state, "corvin") == [5, 4, 3, 2, 1]
    assert state.pending is None


def test_a_deactivated_hero_bears_no_penalty():
    state = line("-1")
    state.heroes["corvin"].active = False
    hourglasses(state, 1)
    assert state.pending is None and sizes(state, "ysolde") == [4, 4, 3, 2, 1]


def test_locks_go_on_compartments_four_three_two_never_one_then_a_dystopia_point():
    state = line("lock", "lock", "lock", "lock")
    seen = []
    for _ in range(4):
        hourglasses(state, 1, "corvin")
        seen.append(([c is None for c in state.heroes["corvin"].compartments], state.dystopia))
    assert seen == [([False, False, False, True], 0), ([False, False, True, True], 0),
                    ([False, True, True, True], 0), ([False, True, True, True], 1)]


def test_tiles_in_a_compartment_being_locked_return_to_the_reserve():
    state = line("lock")
    place(state, "corvin", reserve=["s1"], compartments=[["s5"], ["s4"], ["s3"], ["s2"]])
    hourglasses(state, 1, "corvin")
    board = state.heroes["corvin"]
    assert board.compartments == [["s5"], ["s4"], ["s3"], None] and board.reserve == ["s1", "s2"]


def test_a_skull_that_locks_the_compartment_just_used_returns_its_tiles_for_free():
    rows = [".........", ".WORD....", "...*....."]
    state = new_chapter(drawn(rows, story=("WORD",), tragedy=("lock", "empty", "tragedy")))
    place(state, "corvin", reserve=["s3", "s1"], compartments=[["s5"], ["s4"], ["s2"], []])
    play(state, UseTiles("corvin", "s3", "A WORD D3 down"))
    board = state.heroes["corvin"]
    assert state.skulls == 1 and board.compartments == [["s5"], ["s4"], ["s2"], None]
    assert board.reserve == ["s1", "s3"]


def test_the_bell_adds_a_dystopia_point_to_every_later_hourglass_but_not_itself():
    state = line("empty", "bell", "empty", "-1")
    hourglasses(state, 2, "corvin")
    assert state.bell and state.dystopia == 0
    hourglasses(state, 1, "corvin")
    assert state.dystopia == 1
    play(state, MoveHero("corvin", 2))  # any action that scratches an hourglass
    assert state.dystopia == 2 and sizes(state, "corvin") == [4, 4, 3, 2, 1]


def test_the_clover_takes_the_clover_card():
    state = line("clover")
    hourglasses(state, 1, "corvin")
    assert state.read == ["HOR", "clover"] and state.utopia == 1  # the card's instruction


def test_the_last_square_ends_the_chapter_in_tragedy_with_no_quest_points():
    state = fresh(tragedy=("empty", "tragedy"))
    state.quest_points = 3  # even a chapter that had earned some
    play(state, MoveHero("corvin", 2))
    play(state, MoveHero("corvin", 1))
    assert state.ended == "tragedy" and state.tragedy_left() == 0
    assert score_lines(state)[0] == ("Quest Points (Tragedy: none)", 0)
    assert legal.legal(state) == []
    assert legal.rejection(state, MoveHero("ysolde", 2)) == "The chapter is over."
    outcome = GAME.outcome(state)
    assert outcome.winners == () and outcome.summary.startswith("Tragedy")
    assert outcome.summary.endswith(f"Score {chapter_score(state)}.")


def test_tragedy_in_the_middle_of_an_action_stops_everything_after_it():
    rows = [".........", ".WORD....", "...*....."]
    state = new_chapter(drawn(rows, story=("WORD",), tragedy=("tragedy",)))
    place(state, "corvin", zone=1)
    play(state, UseTiles("corvin", "s3", "A WORD D3 down"))
    assert state.ended == "tragedy" and state.jobs == [] and state.pending is None


def test_mend_grows_the_most_reduced_standard_tile_back_by_one_square():
    state = line("-2")
    give_tile(state, "corvin", "cor_mend")
    assert refused(state, UseSpecial("corvin", "cor_mend")) == \
        "None of Corvin's Standard Tiles is reduced."
    hourglasses(state, 1, "corvin")
    play(state, UseSpecial("corvin", "cor_mend"))
    board = state.heroes["corvin"]
    assert board.standard["s5"] == 4 and board.compartments[0] == ["cor_mend"]
    assert state.tragedy_scratched == 1  # a special tile costs no hourglass


def test_a_free_move_changes_zone_without_an_hourglass():
    state = new_chapter(drawn(["HORSE", ".COG."], story=("HORSE", "COG"), zones=["11111", ".222."]))
    give_tile(state, "corvin", "cor_walk")
    assert refused(state, UseSpecial("corvin", "cor_walk", 1)) == \
        "Choose a zone of this chapter other than the hero's own."
    play(state, UseSpecial("corvin", "cor_walk", 2))
    assert state.heroes["corvin"].zone == 2 and state.tragedy_scratched == 0
    assert state.heroes["corvin"].compartments[0] == ["cor_walk"]
