"""The 15 layout cards are sound, and the layout parser names what is wrong with a bad one."""
from __future__ import annotations

import pytest

from games.fluttering_souls.cards import SLOTS
from games.fluttering_souls.layouts import LayoutError, parse_layout, validate_file
from games.fluttering_souls.content import LAYOUT_COUNT, LAYOUTS, check_content

# A sound layout to mutate: 6 face down underneath, 5 face up, 4 face down, 3 face up on top.
GOOD = ["D.D.D.D.D.D", ".U.U.U.U.U", "..D.D.D.D", "...U.U.U"]
OTHER = ["D.D.D.D.D.D", "D.D.D.D.D.D", "U.U.U.U.U.U"]


def test_the_content_file_is_sound() -> None:
    assert check_content() == []
    assert len(LAYOUTS) == LAYOUT_COUNT == 15


def test_layouts_have_distinct_names_and_numbers() -> None:
    assert len({layout.name for layout in LAYOUTS}) == 15
    assert [layout.number for layout in LAYOUTS] == list(range(1, 16))


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_layout_shape(layout) -> None:
    assert len(layout.slots) == SLOTS == 18
    assert [slot.index for slot in layout.slots] == list(range(18))
    assert layout.rows <= 5
    assert layout.width <= 12
    for slot in layout.slots:
        assert 0 <= len(slot.covered_by) <= 2
        for above in slot.covered_by:
            assert layout.slots[above].row == slot.row + 1
            assert abs(layout.slots[above].x - slot.x) < 2
        for below in slot.covers:
            assert layout.slots[below].row == slot.row - 1


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_open_at_start_is_face_up(layout) -> None:
    open_at_start = [s for s in layout.slots if not s.covered_by]
    assert open_at_start, "somebody must be able to take a first card"
    assert all(s.face_up for s in open_at_start)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_coverage_is_consistent(layout) -> None:
    for a in layout.slots:
        for b in layout.slots:
            assert (a.index in b.covered_by) == (b.index in a.covers), (a.label, b.label)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_cards_in_a_row_do_not_overlap(layout) -> None:
    for r in range(layout.rows):
        xs = sorted(s.x for s in layout.slots if s.row == r)
        assert all(b - a >= 2 for a, b in zip(xs, xs[1:]))


def test_parse_a_good_layout() -> None:
    layout = parse_layout(1, "Steps", GOOD)
    assert layout.rows == 4 and layout.width == 12
    a, g = layout.slots[0], layout.slots[6]
    assert (a.label, a.face_up, a.covered_by) == ("A", False, (6,))
    assert (g.label, g.face_up, g.covers, g.covered_by) == ("G", True, (0, 1), (11,))


# -- bad layouts: each problem named ----------------------------------------------------------------

@pytest.mark.parametrize(("rows", "words"), [
    (GOOD[:-1] + ["...U.U"], ["17 cards", "18"]),
    (GOOD[:-1] + ["...U.U.U.U"], ["19 cards", "18"]),
    ([GOOD[0], ".U.X.U.U.U", *GOOD[2:]], ["row 2", "'X'"]),
    ([GOOD[0], ".UU..U.U.U", *GOOD[2:]], ["row 2", "overlap"]),
    ([*GOOD[:3], "...U.U.D"], ["open", "face up"]),
    (["U.U.U", "U.U.U", "U.U.U", "U.U.U", "U.U", "U"], ["6 rows", "1 to 5"]),
    ([], ["0 rows"]),
    ([GOOD[0], ".U.U.U.U...U", *GOOD[2:]], ["row 2", "half 11"]),
])
def test_parse_layout_names_the_problem(rows: list[str], words: list[str]) -> None:
    with pytest.raises(LayoutError) as caught:
        parse_layout(1, "Broken", rows)
    message = str(caught.value)
    for word in words:
        assert word in message


def test_a_face_down_card_still_covered_is_fine() -> None:
    layout = parse_layout(1, "Steps", GOOD)
    assert not layout.slots[11].face_up and layout.slots[11].covered_by


def test_validate_file_accepts_distinct_layouts() -> None:
    layouts, problems = validate_file(
        {"layout": [{"name": "A", "rows": GOOD}, {"name": "B", "rows": OTHER}]}, "x.toml")
    assert problems == []
    assert [layout.name for layout in layouts] == ["A", "B"]


def test_validate_file_names_duplicates() -> None:
    _, problems = validate_file(
        {"layout": [{"name": "A", "rows": GOOD}, {"name": "A", "rows": OTHER},
                    {"name": "C", "rows": [r + "..." for r in GOOD]}]}, "x.toml")
    assert len(problems) == 2
    assert "x.toml: layout 2 (A)" in problems[0] and "name is used twice" in problems[0]
    assert "x.toml: layout 3 (C)" in problems[1] and "same cards as layout 1" in problems[1]


def test_validate_file_names_the_file_and_layout_of_a_parse_error() -> None:
    layouts, problems = validate_file(
        {"layout": [{"name": "Good", "rows": GOOD}, {"name": "Short", "rows": GOOD[:-1]}]},
        "layouts.toml")
    assert [layout.name for layout in layouts] == ["Good"]
    assert len(problems) == 1
    assert problems[0].startswith("layouts.toml: layout 2 (Short): ")
    assert "15 cards" in problems[0]


@pytest.mark.parametrize(("data", "words"), [
    ({}, "no [[layout]] entries"),
    ({"layout": "nope"}, "no [[layout]] entries"),
    ({"layout": [{"name": "R"}]}, "`rows` must be a list of strings"),
    ({"layout": [{"name": "R", "rows": [1, 2]}]}, "`rows` must be a list of strings"),
])
def test_validate_file_rejects_malformed_entries(data: dict, words: str) -> None:
    layouts, problems = validate_file(data, "f.toml")
    assert layouts == []
    assert len(problems) == 1 and words in problems[0] and problems[0].startswith("f.toml")
