"""The Grid of Destiny and the chapter file: squares, words in four directions, zones, marks, setup."""
from __future__ import annotations

import dataclasses

import pytest

from games.once_upon_a_line.chapter import ChapterError, parse_chapter
from games.once_upon_a_line.grid import Square, cell_name, key_of, parse_cell
from games.once_upon_a_line.commands import Pencil, UseTiles
from games.once_upon_a_line.setup import campaign_of, new_chapter
from games.once_upon_a_line.state import Pending
from games.once_upon_a_line.view import view_of
from tests.games.once_upon_a_line.conftest import (
    HERE, chapter, drawn, fresh, names, play, refused,
)


@pytest.mark.parametrize("cell, name", [((0, 0), "A1"), ((2, 3), "C4"), ((9, 7), "J8"),
                                        ((25, 11), "Z12")])
def test_square_names_read_column_letter_then_row(cell, name):
    assert cell_name(cell) == name
    assert parse_cell(name) == cell
    assert parse_cell(name.lower()) == cell


@pytest.mark.parametrize("text", ["4C", "C", "", "CC4"])
def test_a_bad_square_name_says_how_to_write_one(text):
    with pytest.raises(ValueError, match="column letter and a row number"):
        parse_cell(text)


@pytest.mark.parametrize("word, key", [("HORSE", "HOR"), ("OX CART", "OXC"), ("X-RAY", "XRA"),
                                       ("A B-CD", "ABC")])
def test_a_story_word_draws_the_card_of_its_first_three_letters(word, key):
    assert key_of(word) == key


def test_tiny_grid_has_its_words_with_their_zones_and_kinds():
    grid = chapter().grid
    horse, gloved, gaskets = grid.word("HORSE"), grid.word("GLOVED"), grid.word("GASKETS")
    assert names(horse.cells) == ["B3", "C3", "D3", "E3", "F3"] and horse.direction == (1, 0)
    assert names(gloved.cells) == ["C1", "C2", "C3", "C4", "C5", "C6"] and gloved.direction == (0, 1)
    assert names(gaskets.cells) == ["E1", "E2", "E3", "E4", "E5", "E6", "E7"]
    assert (horse.power, gloved.power, gaskets.power) == (False, False, True)
    # GLOVED has its O in blue (it crosses HORSE) and five green letters: green by majority
    assert grid.zones[parse_cell("C3")] == 1 and gloved.zone == 2
    assert horse.zone == gaskets.zone == 1


def test_boundary_marks_sit_in_the_first_and_last_letter_a_brace_ends_a_word_of_power():
    grid = chapter().grid
    assert grid.marks_at(parse_cell("B3")) == [("left", "|")]
    assert grid.marks_at(parse_cell("F3")) == [("right", "|")]
    assert grid.marks_at(parse_cell("E1")) == [("top", "|")]
    assert grid.marks_at(parse_cell("E7")) == [("bottom", "{")]
    assert grid.marks_at(parse_cell("D3")) == []


def test_squares_under_the_ink_blank_stop_skull_and_lock_boxes_on_the_ink():
    grid = chapter().grid
    assert grid.squares[parse_cell("A1")] is Square.BLANK
    assert grid.squares[parse_cell("J3")] is Square.STOP
    assert grid.squares[parse_cell("J5")] is Square.SKULL
    assert grid.squares[parse_cell("C2")] is Square.LETTER and grid.letters[parse_cell("C2")] == "L"
    assert grid.lock_at(parse_cell("H3")) == "gate" and grid.lock_at(parse_cell("G3")) is None
    assert grid.start == frozenset(grid.word("HORSE").cells)


@pytest.mark.parametrize("rows, word, first, direction", [
    (["COG..", "....."], "COG", "A1", (1, 0)),
    (["GOC..", "....."], "COG", "C1", (-1, 0)),
    (["C....", "O....", "G...."], "COG", "A1", (0, 1)),
    (["G....", "O....", "C...."], "COG", "A3", (0, -1)),
])
def test_words_read_in_four_directions_never_diagonally(rows, word, first, direction):
    grid = drawn(rows, story=(word,)).grid
    found = grid.word(word)
    assert cell_name(found.cells[0]) == first and found.direction == direction


def test_a_diagonal_word_is_not_found():
    with pytest.raises(ChapterError, match="COG: not found in the grid in any direction"):
        drawn(["C..", ".O.", "..G"], story=("COG",))


def test_a_space_and_a_hyphen_are_characters_of_a_word():
    grid = drawn([".OX_CART.", "..X-RAY.."], story=("OX CART", "X-RAY")).grid
    cart = grid.word("OX CART")
    assert len(cart.cells) == 7 and grid.letters[cart.cells[2]] == " "
    assert grid.letters[grid.word("X-RAY").cells[1]] == "-"
    assert [w.key for w in grid.words] == ["OXC", "XRA"]


def test_a_word_found_twice_needs_its_position_and_then_takes_it():
    with pytest.raises(ChapterError, match=r"HORSE: found 2 times \(A1 right, E3 left\)"):
        drawn(["HORSE.", "......", "ESROH."], story=("HORSE",))
    grid = drawn(["HORSE.", "......", "ESROH."], story=("HORSE",),
                 positions='HORSE = "E3 left"').grid
    assert names(grid.word("HORSE").cells) == ["E3", "D3", "C3", "B3", "A3"]


def test_a_word_without_a_majority_zone_is_refused():
    with pytest.raises(ChapterError, match="SNOW: its letters have no majority zone"):
        drawn(["SNOW"], story=("SNOW",), zones=["1122"])


@pytest.mark.parametrize("rows, zones, problem", [
    (["AB?"], ["11."], r"square C1: '\?' is not a letter"),
    (["AB."], ["1.."], "square B1: the letter B needs a zone digit"),
    (["AB."], ["111"], "square C1: only letters have a zone"),
])
def test_a_broken_grid_names_the_square(rows, zones, problem):
    with pytest.raises(ChapterError, match=problem):
        drawn(rows, story=("AB",), zones=zones)


def test_the_line_of_tragedy_must_end_with_its_one_tragedy_square():
    text = (HERE / "tiny.toml").read_text()
    broken = text.replace('"empty", "empty", "tragedy"]', '"empty", "empty"]')
    with pytest.raises(ChapterError, match=r"tiny.toml: \[chapter\]: tragedy must list"):
        parse_chapter(broken, "tiny.toml")


def test_an_ongoing_instruction_needs_a_trigger():
    text = (HERE / "tiny.toml").read_text().replace('on = "stop", ', "")
    with pytest.raises(ChapterError, match="card HOR, instruction 2: an ongoing instruction needs"):
        parse_chapter(text, "tiny.toml")


def test_a_riddle_answer_has_at_most_eight_letters():
    text = (HERE / "tiny.toml").read_text().replace('answer = "KETTLE"', 'answer = "TEAKETTLES"')
    with pytest.raises(ChapterError, match="challenge R1: the answer must be one word of at most 8"):
        parse_chapter(text, "tiny.toml")


def test_setup_scratches_the_starting_boxes_and_reads_the_start_card():
    state = fresh()
    assert names(sorted(state.uncovered)) == ["B3", "C3", "D3", "E3", "F3"]
    assert state.completed == ["HORSE"] and state.read == ["HOR"]
    assert state.inventory == ["Red Ribbon"]  # the HOR card's mandatory instruction
    assert state.currency == 2 and state.tragedy_scratched == 0 and state.pending is None


def test_setup_gives_each_hero_a_blue_zone_five_standard_tiles_and_four_free_compartments():
    state = fresh()
    assert list(state.heroes) == ["corvin", "ysolde"]
    for board in state.heroes.values():
        assert board.zone == 1
        assert board.standard == {"s1": 1, "s2": 2, "s3": 3, "s4": 4, "s5": 5}
        assert board.reserve == ["s5", "s4", "s3", "s2", "s1"]
        assert board.compartments == [[], [], [], []]
        assert board.in_play()
    assert state.crossed["corvin"] == [[False] * 4, [False] * 4, [False] * 4]


def test_a_first_state_without_campaign_is_worked_out_once_and_each_game_gets_its_own_copy():
    from games.once_upon_a_line.setup import first_state
    ch = chapter()
    one, two = new_chapter(ch, seed=1, saga={"id": "a"}), new_chapter(ch, seed=2)
    worked_out = first_state(ch, {}, ch.heroes)
    assert dataclasses.replace(one, seed=0, saga={}) == worked_out == \
        dataclasses.replace(two, seed=0, saga={})
    assert (one.seed, one.saga, two.seed, two.saga) == (1, {"id": "a"}, 2, {})
    one.heroes["corvin"].reserve.remove("s5")  # nothing changed in one game shows in another
    one.heroes["corvin"].compartments[0].append("s5")
    one.uncovered.add((0, 0))
    one.completed.append("X")
    one.crossed["corvin"][0][0] = True
    assert new_chapter(ch, seed=2) == two == dataclasses.replace(worked_out, seed=2)


def test_the_campaign_carries_items_currency_missions_letters_and_talent_tiles():
    state = fresh()
    state.crossed["corvin"][0] = [True, True, True, True]
    state.heroes["corvin"].talent_tiles.append("cor_line")
    state.missions["m1"] = {"title": "Find the bell", "milestones": 2, "closed": False}
    state.currency, state.inventory = 7, ["Lantern"]
    campaign = campaign_of(state)
    nxt = new_chapter(chapter(), campaign)
    assert nxt.currency == 7  # carried over, not the chapter's start_currency
    assert nxt.inventory == ["Lantern", "Red Ribbon"]  # carried, then the HOR card's
    assert nxt.missions == {"m1": {"title": "Find the bell", "milestones": 2, "closed": False}}
    assert nxt.crossed["corvin"][0] == [True] * 4
    assert "cor_line" in nxt.heroes["corvin"].reserve
    assert nxt.heroes["corvin"].talent_tiles == ["cor_line"]
    assert nxt.talents_won == []  # won in an earlier chapter: not a success point now


def test_the_view_shows_starting_and_lock_boxes_on_the_ink_and_no_letter_under_it():
    state = new_chapter(dataclasses.replace(chapter(), start=()))
    view = view_of(state)
    b3, h3 = view.squares[parse_cell("B3")], view.squares[parse_cell("H3")]
    assert (b3.kind, b3.start, b3.char) == ("ink", True, "")
    assert (h3.kind, h3.lock, h3.char) == ("ink", True, "")
    assert all(sq.kind == "ink" and not sq.char and not sq.marks for sq in view.squares.values())


def test_a_pencilled_letter_shows_on_the_ink_and_goes_when_the_square_is_scratched():
    state = fresh()
    play(state, Pencil("b4", "s"))
    assert state.notes == {(1, 3): "S"} and view_of(state).squares[(1, 3)].note == "S"
    play(state, UseTiles("corvin", "s1", "A HORSE B4 down"))
    assert state.notes == {} and view_of(state).squares[(1, 3)].kind == "blank"


@pytest.mark.parametrize("square, letter, reason", [
    ("B3", "H", "B3 is already scratched."), ("Z1", "A", "Z1 is not on the grid."),
    ("B4", "ST", "Pencil one letter (or nothing, to rub it out)."),
    ("B4", "4", "Pencil one letter (or nothing, to rub it out)."),
])
def test_pencil_goes_only_on_the_ink_one_letter_at_a_time(square, letter, reason):
    assert refused(fresh(), Pencil(square, letter)) == reason


def test_pencil_may_be_rubbed_out_and_used_while_a_decision_waits():
    state = fresh()
    play(state, Pencil("A1", "x"))
    state.pending = Pending("optional", "HOR", 0, ("yes", "no"))
    play(state, Pencil("A1", ""))
    assert state.notes == {}


def test_a_copy_carries_every_field_of_the_state_and_shares_nothing_play_changes():
    """LineState.copy passes each field (copy.copy would give the slots state a slow __dict__): a
    field added later and forgotten there would come back as its default. Every field but the
    derived `drawn` is given a value unlike its default; a field of a new type fails here first."""
    from games.once_upon_a_line.state import Job, LineState, Riddle
    state = fresh()
    unlike = {int: 7, bool: True, str: "epilogue"}
    by_name = {"missions": {"m": {"done": True}}, "crossed": {"corvin": [[True, False]]},
               "talents_won": [("corvin", 1)], "jobs": [Job("hourglass", hero="corvin")],
               "pending": Pending("optional", card="c1", index=0), "riddles": {"r": Riddle("r")},
               "notes": {(0, 0): "A"}, "saga": {"id": "wend"}, "kept_tiles": {"corvin": ["t1"]},
               "uncovered": {(1, 1)}, "unlocked": {"b1"}, "discarded": {"c2"}}
    for n, f in enumerate(dataclasses.fields(LineState)):  # copy passes the fields in order:
        if f.name in ("chapter", "heroes", "drawn"):  # distinct numbers and lists catch a swap
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        value = by_name.get(f.name, unlike.get(type(default), [f"marker {n}"]))
        value = 7 + n if type(default) is int else value
        assert value != default, f"give LineState.{f.name} a value unlike its default here"
        setattr(state, f.name, value)
    twin = state.copy()
    assert twin == state
    for name in ("uncovered", "unlocked", "read", "discarded", "completed", "inventory", "missions",
                 "crossed", "talents_won", "gained_heroes", "jobs", "riddles", "notes", "companions",
                 "legendary_used"):
        assert getattr(twin, name) is not getattr(state, name), name
    assert twin.missions["m"] is not state.missions["m"] and twin.crossed["corvin"][0] is not \
        state.crossed["corvin"][0] and twin.riddles["r"] is not state.riddles["r"]
