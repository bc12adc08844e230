"""Placing and scratching ("Scratching Off?"): cases A-D allowed, E-G refused, obstacles, the edge,
combinable, dotted, star and shaped tiles, Action Compartments, replacing tiles and moving a hero."""
from __future__ import annotations

import pytest

from games.once_upon_a_line import legal
from games.once_upon_a_line.commands import Answer, MoveHero, ReplaceTiles, UseTiles
from games.once_upon_a_line.events import SquaresScratched
from games.once_upon_a_line.hero_tiles import placements_for
from games.once_upon_a_line.heroes import parse_shape
from games.once_upon_a_line.placement import anchors, scratch_order
from games.once_upon_a_line.planner import Planner
from games.once_upon_a_line.setup import new_chapter
from tests.games.once_upon_a_line.conftest import (
    cells, codes, complete, drawn, fresh, give_tile, names, place, placement, play, refused,
    scratch_events, scratched, sizes, uncover,
)

# A word in open ground: room on every side.
SNOW = ["..........", "..........", "..SNOW....", "..........", ".........."]
# WORD with a Stop above its O (C1), a Skull below its D (E4) and a Stop further down (F6).
OBSTACLES = ["..!......", ".........", ".WORD....", "...*.....", ".........", "....!...."]


def snow(**kw):
    return new_chapter(drawn(SNOW, story=("SNOW",), **kw))


def obstacles(tragedy=("-1",) + ("empty",) * 7 + ("tragedy",)):
    return new_chapter(drawn(OBSTACLES, story=("WORD",), tragedy=tragedy))


def uncovered_now(state) -> list[str]:
    return names(sorted(state.uncovered, key=lambda c: (c[1], c[0])))


# -- A: perpendicular and adjacent --------------------------------------------------------

def test_a_one_square_tile_goes_beside_every_letter_or_at_either_end_of_the_anchor():
    state = fresh()
    assert sorted(codes(state, "corvin", "s1")) == sorted(
        [f"A HORSE {col}4 down" for col in "BCDEF"] + [f"A HORSE {col}2 up" for col in "BCDEF"]
        + ["C HORSE G3 right", "C HORSE A3 left"])


def test_a_perpendicular_and_adjacent_scratches_away_from_the_anchor_one_square_at_a_time():
    state = fresh()
    events = play(state, UseTiles("corvin", "s3", "A HORSE B4 down"))
    assert scratched(events) == ["B4", "B5", "B6"]
    assert state.heroes["corvin"].compartments[0] == ["s3"]
    assert "s3" not in state.heroes["corvin"].reserve


def test_squares_past_the_edge_of_the_grid_are_lost():
    state = fresh()
    events = play(state, UseTiles("corvin", "s5", "A HORSE B2 up"))
    (scratch,) = scratch_events(events)
    assert scratch.squares == ("B2", "B1") and scratch.lost == 3 and scratch.stopped_by == ""


# -- B: perpendicular, continuing an earlier line ------------------------------------------

def test_b_continues_a_line_scratched_on_an_earlier_turn_instead_of_an_a_that_only_loses_squares():
    state = fresh()
    play(state, UseTiles("corvin", "s2", "A HORSE B4 down"))
    found = codes(state, "ysolde", "s2")
    assert "B HORSE B6 down" in found and "A HORSE B4 down" not in found
    assert scratched(play(state, UseTiles("ysolde", "s2", "B HORSE B6 down"))) == ["B6", "B7"]


def test_b_runs_past_the_uncovered_letters_of_a_crossing_word():
    state = fresh()
    complete(state, "GLOVED")
    assert "B HORSE C7 down" in codes(state, "corvin", "s2")
    assert scratched(play(state, UseTiles("corvin", "s2", "B HORSE C7 down"))) == ["C7", "C8"]


# -- C: continuing the anchor word ----------------------------------------------------------

def test_c_continues_the_word_from_its_end_and_loses_what_passes_the_edge():
    state = fresh()
    events = play(state, UseTiles("corvin", "s3", "C HORSE A3 left"))
    (scratch,) = scratch_events(events)
    assert scratch.squares == ("A3",) and scratch.lost == 2


def test_c_continues_the_word_on_its_row_in_both_directions():
    state = snow()
    assert {"C SNOW G3 right", "C SNOW B3 left"} <= set(codes(state, "corvin", "s2"))
    assert scratched(play(state, UseTiles("corvin", "s2", "C SNOW G3 right"))) == ["G3", "H3"]


# -- D: overlapping the anchor word ----------------------------------------------------------

def test_d_a_tile_over_the_word_scratches_only_the_squares_beyond_it_nearest_first():
    state = snow()
    assert scratched(play(state, UseTiles("corvin", "s3", "D SNOW -2"))) == ["B3", "A3"]
    assert state.heroes["corvin"].compartments[0] == ["s3"]


@pytest.mark.parametrize("code, order", [
    ("D SNOW -1 before", ["B3", "G3", "H3"]),
    ("D SNOW -1 after", ["G3", "H3", "B3"]),
    ("D SNOW -2 before", ["B3", "A3", "G3"]),
    ("D SNOW -2 after", ["G3", "B3", "A3"]),
])
def test_d_one_side_is_finished_before_the_other_starts(code, order):
    state = snow()
    assert scratched(play(state, UseTiles("corvin", "s5+s2", code))) == order


def test_d_squares_over_already_uncovered_squares_are_lost():
    state = snow()
    uncover(state, "G3")
    (scratch,) = scratch_events(play(state, UseTiles("corvin", "s5+s2", "D SNOW -1 after")))
    assert scratch.squares == ("H3", "B3") and scratch.lost == 1


def test_d_a_stop_on_the_first_side_ends_the_action_before_the_second_side():
    state = new_chapter(drawn([".........", "!.SNOW...", "........."], story=("SNOW",)))
    (scratch,) = scratch_events(play(state, UseTiles("corvin", "s5+s2", "D SNOW -2 before")))
    assert scratch.squares == ("B2", "A2") and scratch.stopped_by == "stop"
    assert (6, 1) not in state.uncovered  # G2, on the second side, is still under the ink


# -- E: what cannot be an anchor -----------------------------------------------------------

def test_e_an_incomplete_word_is_no_anchor_even_with_one_letter_missing():
    state = fresh()
    place(state, "corvin", zone=2)
    uncover(state, "C1 C2 C4 C5")  # GLOVED without its D
    assert anchors(state, "corvin") == []
    reason = refused(state, UseTiles("corvin", "s1", "A GLOVED D4 right"))
    assert reason == "Corvin has no uncovered word in the green zone to scratch from."


def test_e_a_single_uncovered_letter_is_no_anchor():
    state = fresh()
    uncover(state, "B5")  # a lone blank square; and C5, the E of GLOVED, a lone letter
    uncover(state, "C5")
    assert [w.text for w in anchors(state, "corvin")] == ["HORSE"]
    assert all(code.split()[1] == "HORSE" for code in codes(state, "corvin", "s2"))


def test_e_a_word_of_another_zone_is_no_anchor_until_the_hero_moves_there():
    state = fresh()
    complete(state, "GLOVED")
    assert {p.split()[1] for p in codes(state, "corvin", "s2")} == {"HORSE"}
    play(state, MoveHero("corvin", 2))
    assert {p.split()[1] for p in codes(state, "corvin", "s2")} == {"GLOVED"}
    assert {p.split()[1] for p in codes(state, "ysolde", "s2")} == {"HORSE"}


# -- F: the direction of the arrows ----------------------------------------------------------

def test_f_every_placement_is_a_straight_line_perpendicular_to_or_along_the_anchor():
    state = snow()
    word = state.chapter.grid.word("SNOW")
    for tiles in ("s1", "s3", "s5+s2"):
        for p in [placement(state, "corvin", tiles, c) for c in codes(state, "corvin", tiles)]:
            xs, ys = {c[0] for c in p.cells}, {c[1] for c in p.cells}
            if p.case in "AB":  # a column through a letter of the word
                assert len(xs) == 1 and len(ys) == len(p.cells)
                assert xs <= {c[0] for c in word.cells}
            else:  # along the row of the word
                assert ys == {2} and len(xs) == len(p.cells)


@pytest.mark.parametrize("code", ["A SNOW C4 right", "A SNOW B4 down", "D SNOW -5", "X SNOW C4 down"])
def test_f_a_placement_off_the_arrow_or_diagonal_is_refused_naming_the_rule(code):
    state = snow()
    reason = refused(state, UseTiles("corvin", "s3", code))
    assert reason == ("The tiles cannot go there: they must touch that word, beside one of its "
                      "letters, continuing it at either end or over it, in a straight line along "
                      "or across it.")


def test_f_a_word_that_is_no_anchor_is_named_without_telling_whether_it_is_on_the_card():
    state = snow()
    for word in ("HORSE", "ZZZZ"):  # a word on some card and one on none: the same answer
        assert refused(state, UseTiles("corvin", "s3", f"A {word} C4 down")) == (
            f"{word} is not a complete word of the blue zone, where the hero is: tiles are "
            "scratched from a complete word of the hero's zone.")


# -- G: obstacles ------------------------------------------------------------------------

def test_g_a_tile_never_covers_a_lock_box_still_on_the_ink():
    state = fresh()  # the Lock box "gate" is on H3, two squares right of HORSE
    assert "C HORSE G3 right" in codes(state, "corvin", "s1")
    assert not [c for c in codes(state, "corvin", "s2") if c.endswith("right")]
    assert refused(state, UseTiles("corvin", "s2", "C HORSE G3 right")) == (
        "The tiles cannot go there: it would cover the Lock box on H3, and no tile may cover a "
        "Lock box or cross an uncovered Stop or Skull.")


def test_g_a_hidden_stop_ends_the_action_and_the_rest_of_the_tile_is_lost():
    state = obstacles()
    (scratch,) = scratch_events(play(state, UseTiles("corvin", "s3", "A WORD C2 up")))
    assert scratch.squares == ("C2", "C1") and scratch.stopped_by == "stop"
    assert state.stops == 1 and state.tragedy_scratched == 0


def test_g_nothing_is_scratched_after_an_uncovered_stop():
    state = obstacles()
    play(state, UseTiles("corvin", "s3", "A WORD C2 up"))
    assert not [c for c in codes(state, "ysolde", "s1") + codes(state, "ysolde", "s3")
                if c.split()[2].startswith("C") and c.endswith("up")]


def test_g_a_tile_never_overlaps_an_uncovered_stop():
    state = obstacles()
    uncover(state, "E6")  # the Stop two squares below E4
    assert "A WORD E4 down" in codes(state, "corvin", "s2")  # E4, E5: short of the Stop
    assert "A WORD E4 down" not in codes(state, "corvin", "s3")  # would cover the Stop
    assert refused(state, UseTiles("corvin", "s3", "A WORD E4 down")) == (
        "The tiles cannot go there: it would cover the uncovered Stop on E6, and no tile may "
        "cover a Lock box or cross an uncovered Stop or Skull.")


def test_g_a_hidden_skull_ends_the_action_and_scratches_an_hourglass_for_that_hero():
    state = obstacles()
    events = play(state, UseTiles("ysolde", "s3", "A WORD D4 down"))
    (scratch,) = scratch_events(events)
    assert scratch.squares == ("D4",) and scratch.stopped_by == "skull"
    assert state.skulls == 1 and state.tragedy_scratched == 1
    assert sizes(state, "ysolde") == [4, 4, 3, 2, 1]  # the -1 hit the hero who scratched
    assert sizes(state, "corvin") == [5, 4, 3, 2, 1]


def test_g_nothing_is_scratched_past_or_over_an_uncovered_skull():
    state = obstacles()
    play(state, UseTiles("ysolde", "s3", "A WORD D4 down"))
    assert not [c for c in codes(state, "corvin", "s5") if c.startswith("A WORD D4")
                or c.startswith("B WORD D")]


# -- at least one square ---------------------------------------------------------------

def test_a_placement_that_would_scratch_nothing_is_not_offered():
    state = fresh()
    uncover(state, "A3")
    assert not [c for c in codes(state, "corvin", "s1") if c.endswith("left")]
    assert not [c for c in codes(state, "corvin", "s3") if "left" in c or c.startswith("D")
                and c.split()[2].startswith("-")]
    assert refused(state, UseTiles("corvin", "s2", "D HORSE -1")) == (  # over A3 and the H
        "The tiles cannot go there: it would scratch nothing: every square under it is already "
        "scratched or past the edge of the card.")


def test_a_placement_written_from_a_second_word_names_the_code_listed_for_the_same_squares():
    """SNOW and ROD cross at the O: F4 is below SNOW's W and beside ROD's D. The placement is
    listed once, under the first word; the other way of writing it says which code to use."""
    state = new_chapter(drawn(["..........", "....R.....", "..SNOW....", "....D....."],
                              story=("SNOW", "ROD")))
    complete(state, "SNOW", "ROD")
    assert "A SNOW F4 down" in codes(state, "corvin", "s1")
    assert "A ROD F4 right" not in codes(state, "corvin", "s1")
    assert refused(state, UseTiles("corvin", "s1", "A ROD F4 right")) == (
        "That scratches the same squares, in the same order, as A SNOW F4 down: that is how this "
        "placement is written.")


# -- combinable, dotted, star and shaped tiles ---------------------------------------------

def test_combinable_tiles_make_one_straight_line_and_share_the_first_free_compartment():
    state = fresh()
    assert scratched(play(state, UseTiles("corvin", "s3+s2", "A HORSE B4 down"))) == \
        ["B4", "B5", "B6", "B7", "B8"]
    board = state.heroes["corvin"]
    assert board.compartments == [["s3", "s2"], [], [], []]
    assert board.reserve == ["s5", "s4", "s1"]


def test_a_combinable_talent_tile_joins_standard_tiles_in_one_line():
    state = fresh()
    give_tile(state, "corvin", "cor_line")
    assert scratched(play(state, UseTiles("corvin", "s1+cor_line", "A HORSE D4 down"))) == \
        ["D4", "D5", "D6"]


def test_the_legal_list_offers_each_tile_set_the_placements_of_its_own_length():
    state = fresh()
    give_tile(state, "corvin", "cor_line")
    place(state, "corvin", reserve=["s5", "s4", "s3", "s2", "cor_line", "s1"])  # after a replace
    allowed = {(c.tiles, c.placement) for c in legal.legal(state) if isinstance(c, UseTiles)}
    for tiles in ("cor_line", "cor_line+s1", "s2+cor_line", "s1"):
        assert {code for t, code in allowed if t == tiles} == set(codes(state, "corvin", tiles))
    assert ("cor_line+s1", "D HORSE -2") in allowed and ("cor_line+s1", "D HORSE +4") not in allowed


def test_combined_tiles_may_be_named_in_any_order():
    state = fresh()
    assert scratched(play(state, UseTiles("corvin", "s2+s3", "A HORSE B4 down"))) == \
        ["B4", "B5", "B6", "B7", "B8"]


@pytest.mark.parametrize("tile", ["cor_hook", "ysl_dot", "ysl_star"])
def test_a_tile_without_the_combinable_arrow_is_never_combined(tile):
    state = fresh()
    hero = "corvin" if tile.startswith("mel") else "ysolde"
    give_tile(state, hero, tile)
    reason = refused(state, UseTiles(hero, f"s1+{tile}", "A HORSE B4 down"))
    assert reason == "Only tiles with the combinable arrow may be played together."


def test_a_special_tile_is_never_placed_on_the_grid():
    state = fresh()
    give_tile(state, "corvin", "cor_mend")
    assert refused(state, UseTiles("corvin", "cor_mend", "A HORSE B4 down")) == \
        "A round special tile scratches no square: play it as a special tile, on its own."
    assert refused(state, UseTiles("corvin", "s1+cor_mend", "A HORSE B4 down")).startswith(
        "A round special tile")


def test_a_dotted_tile_may_stop_after_any_square():
    state = fresh()
    give_tile(state, "ysolde", "ysl_dot")
    events = play(state, UseTiles("ysolde", "ysl_dot", "A HORSE B4 down"))
    assert scratched(events) == ["B4"] and state.pending.kind == "dotted"
    assert scratched(play(state, Answer("go"))) == ["B5"]
    play(state, Answer("stop"))
    assert uncovered_now(state) == ["B3", "C3", "D3", "E3", "F3", "B4", "B5"]
    assert state.pending is None and state.heroes["ysolde"].compartments[0] == ["ysl_dot"]


def test_a_dotted_tile_scratched_to_its_end_asks_no_more():
    state = fresh()
    give_tile(state, "ysolde", "ysl_dot")
    play(state, UseTiles("ysolde", "ysl_dot", "A HORSE B4 down"))
    play(state, Answer("go"))
    assert scratched(play(state, Answer("go"))) == ["B6"] and state.pending is None


def test_a_dotted_tile_stopped_on_a_completed_word_still_reads_its_card_after_scratching():
    state = fresh()
    give_tile(state, "ysolde", "ysl_dot")
    uncover(state, "C1 C2 C4 C5")  # GLOVED lacks only its D, C6
    events = play(state, UseTiles("ysolde", "ysl_dot", "B HORSE C6 down"))
    assert scratched(events) == ["C6"] and state.pending.kind == "dotted"
    assert "GLO" not in state.read  # not while the hero is still scratching
    events = play(state, Answer("stop"))
    assert scratched(events) == [] and (2, 6) not in state.uncovered  # C7 stays under the ink
    assert state.read == ["HOR", "GLO"] and state.pending.kind == "riddle"


def test_a_star_tile_goes_anywhere_on_the_grid_never_on_or_beside_a_scratched_square():
    state = fresh()
    give_tile(state, "ysolde", "ysl_star")
    found = [placement(state, "ysolde", "ysl_star", c) for c in codes(state, "ysolde", "ysl_star")]
    assert found and all(p.case == "*" and p.anchor == "" for p in found)
    grid = state.chapter.grid
    for p in found:
        for cell in p.cells:
            assert grid.inside(cell) and cell not in state.uncovered
            assert all((cell[0] + dx, cell[1] + dy) not in state.uncovered
                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    all_codes = {p.code for p in found}
    assert {"* A1 right", "* J8 up", "* I5 down"} <= all_codes
    assert "* A2 right" not in all_codes  # B2 touches the H of HORSE
    assert "* H2 down" not in all_codes  # H3 is a Lock box
    assert refused(state, UseTiles("ysolde", "ysl_star", "* A2 right")) == (
        "The tiles cannot go there: a star tile must lie wholly on unscratched squares of the card, "
        "none of them beside a scratched square.")
    assert refused(state, UseTiles("ysolde", "ysl_star", "* H2 down")).startswith(
        "The tiles cannot go there: it would cover the Lock box on H3")
    assert refused(state, UseTiles("ysolde", "ysl_star", "HORSE")) == (
        "A star tile is placed anywhere on the card, written like * C4 down.")


def test_a_star_tile_needs_no_anchor_word_in_the_heros_zone():
    state = fresh()
    give_tile(state, "ysolde", "ysl_star")
    place(state, "ysolde", zone=2)  # GLOVED, the only green word, is not uncovered
    assert anchors(state, "ysolde") == [] and "* A1 right" in codes(state, "ysolde", "ysl_star")
    assert scratched(play(state, UseTiles("ysolde", "ysl_star", "* A1 right"))) == ["A1", "B1"]


def test_a_star_tile_reaches_a_far_stop():
    state = fresh()
    give_tile(state, "ysolde", "ysl_star")
    (scratch,) = scratch_events(play(state, UseTiles("ysolde", "ysl_star", "* J2 down")))
    assert scratch.squares == ("J2", "J3") and scratch.stopped_by == "stop"


def test_scratch_order_of_a_shape_starts_at_the_arrow_and_grows_from_scratched_squares():
    hook = parse_shape([">##", "..#"])
    assert hook == ((0, 0), (1, 0), (2, 0), (2, 1))
    assert scratch_order(hook) == [0, 1, 2, 3]
    bent = parse_shape(["..#", ">##"])  # drawn with the far square first
    assert [bent[i] for i in scratch_order(bent)] == [(0, 0), (1, 0), (2, 0), (2, -1)]
    down = parse_shape(["v", "#", "#"])  # any arrow is turned to point right
    assert down == ((0, 0), (1, 0), (2, 0))


def test_a_shaped_tile_is_scratched_from_the_arrow_and_turned_never_flipped():
    state = fresh()
    give_tile(state, "corvin", "cor_hook")
    shapes = {frozenset(names(placement(state, "corvin", "cor_hook", c).cells))
              for c in codes(state, "corvin", "cor_hook")}
    assert frozenset({"B4", "B5", "B6", "C6"}) not in shapes  # the mirror image
    assert scratched(play(state, UseTiles("corvin", "cor_hook", "A HORSE B4 down"))) == \
        ["B4", "B5", "B6", "A6"]


def test_a_shaped_tile_is_never_placed_over_a_word():
    state = fresh()
    give_tile(state, "corvin", "cor_hook")
    found = codes(state, "corvin", "cor_hook")
    assert found and not [c for c in found if c.startswith("D")]


# -- compartments, replacing tiles, moving a hero -------------------------------------------

def test_compartments_fill_from_number_one_and_skip_a_locked_one():
    state = fresh()
    place(state, "corvin", compartments=[[], None, [], []])
    play(state, UseTiles("corvin", "s1", "A HORSE B4 down"))
    play(state, UseTiles("corvin", "s2", "A HORSE C2 up"))
    assert state.heroes["corvin"].compartments == [["s1"], None, ["s2"], []]


def test_with_every_compartment_full_the_hero_must_replace_tiles_first():
    state = fresh()
    place(state, "corvin", reserve=["s1"], compartments=[["s5"], ["s4"], ["s3"], ["s2"]])
    reason = refused(state, UseTiles("corvin", "s1", "A HORSE B4 down"))
    assert reason == "Corvin has no free Action Compartment: replace the tiles first."
    assert not [c for c in legal.legal(state) if isinstance(c, UseTiles) and c.hero == "corvin"]


def test_replacing_tiles_scratches_an_hourglass_then_returns_every_tile_to_the_reserve():
    state = fresh(tragedy=("-1", "empty", "tragedy"))
    play(state, UseTiles("corvin", "s5", "A HORSE B4 down"))
    play(state, UseTiles("corvin", "s1", "A HORSE D4 down"))
    play(state, ReplaceTiles("corvin"))
    board = state.heroes["corvin"]
    assert state.tragedy_scratched == 1 and board.compartments == [[], [], [], []]
    assert sorted(board.reserve) == ["s1", "s2", "s3", "s4", "s5"]
    assert board.standard["s5"] == 4  # the -1 fell on the largest tile, back in the Reserve


def test_replacing_with_empty_compartments_is_refused():
    state = fresh()
    assert refused(state, ReplaceTiles("corvin")) == \
        "Corvin's Action Compartments are empty: there is nothing to return."


def test_moving_a_hero_scratches_an_hourglass_and_turns_the_zone_tile():
    state = fresh()
    play(state, MoveHero("ysolde", 2))
    assert state.heroes["ysolde"].zone == 2 and state.tragedy_scratched == 1
    assert state.heroes["corvin"].zone == 1


@pytest.mark.parametrize("zone, reason", [(1, "Ysolde is already in the blue zone."),
                                          (5, "This chapter has no zone 5.")])
def test_moving_to_the_same_zone_or_a_missing_zone_is_refused(zone, reason):
    assert refused(fresh(), MoveHero("ysolde", zone)) == reason


def test_a_hero_not_in_the_chapter_cannot_act():
    assert refused(fresh(), UseTiles("wren", "s1", "A HORSE B4 down")) == "wren is not a hero in play."


def test_scratch_events_name_the_hero_the_squares_and_what_they_showed():
    state = fresh()
    events = play(state, UseTiles("ysolde", "s1", "A HORSE F2 up"))
    assert [e for e in events if isinstance(e, SquaresScratched)] == \
        [SquaresScratched("ysolde", ("F2",), 0, "", ("blank",))]
    assert events[0].describe(["Ada"]) == "ysolde scratched F2: blank"


@pytest.mark.parametrize(("event", "told"), [
    (SquaresScratched("jory", ("E3", "F3", "G3"), 2, "stop", ("Y", "blank", "Stop")),
     "jory scratched E3 F3 G3: Y, blank, Stop; 2 squares lost; a Stop ended the action"),
    (SquaresScratched("", ("K4",), 1, "", ("E",)), "K4 scratched for free: E; 1 square lost"),
])
def test_a_scratch_tells_what_each_square_showed(event, told):
    """Said in the log and in why undo is refused: the scratch revealed these squares."""
    assert event.describe(["Ada"]) == told


def test_tiles_walled_in_by_uncovered_stops_are_refused_naming_the_stops():
    state = new_chapter(drawn([".!!.", "!AB!", ".!!."], story=("AB",)))
    for square in ("B1", "C1", "A2", "D2", "B3", "C3"):
        uncover(state, square)
    assert codes(state, "corvin", "s1") == []
    assert refused(state, UseTiles("corvin", "s1", "")) == (
        "These tiles fit nowhere now: the uncovered Stops on A2, B1, B3, C1, C3 and D2 block the "
        "way, and nothing is scratched past an uncovered Stop or Skull.")


def test_tiles_walled_in_by_stops_and_a_skull_name_each_kind_and_its_squares():
    state = new_chapter(drawn([".!!.", "*AB!", ".!!."], story=("AB",)))
    for square in ("B1", "C1", "A2", "D2", "B3", "C3"):
        uncover(state, square)
    assert refused(state, UseTiles("corvin", "s1", "")) == (
        "These tiles fit nowhere now: the uncovered Stops on B1, B3, C1, C3 and D2 and the uncovered "
        "Skull on A2 block the way, and nothing is scratched past an uncovered Stop or Skull.")


def test_tiles_with_nothing_left_to_scratch_are_refused_saying_so():
    state = new_chapter(drawn(["AB"], story=("AB",)))  # the whole card is one scratched word
    assert refused(state, UseTiles("corvin", "s1", "")) == (
        "These tiles fit nowhere now: every way from the complete words of the blue zone leads onto a "
        "Lock box, scratched squares or off the card.")


def test_the_planner_offers_one_placement_per_outcome():
    """Near the edge, a tile continuing SNOW upwards and three tiles over it would all scratch B1
    alone (the rest lost past the edge or on SNOW): a player is offered that outcome once."""
    state = new_chapter(drawn(["....", ".S..", ".N..", ".O..", ".W..", "...."], story=("SNOW",)))
    planner = Planner(state)
    legal_ones = placements_for(state, "corvin", ("s4",))
    offered = planner.placements("corvin", ("s4",))
    only_b1 = [p.code for p in legal_ones if planner.scratched_by(p) == tuple(cells("B1"))]
    assert len(only_b1) == 4 and only_b1[0] == "C SNOW B1 up"
    assert [p.code for p in offered if planner.scratched_by(p) == tuple(cells("B1"))] == \
        ["C SNOW B1 up"]
    assert {planner.scratched_by(p) for p in offered} == {planner.scratched_by(p) for p in legal_ones}
    assert len({planner.scratched_by(p) for p in offered}) == len(offered)
    assert all(p in legal_ones for p in offered)  # every one offered is legal as written
