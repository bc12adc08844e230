"""Otherworld scoring tables: every Geas, colour regions, and majorities with every tie pattern
(including the rulebook's example and the solo 11-point split)."""
from __future__ import annotations

import pytest

from games.otherworld.content import GEAS
from games.otherworld.geas import measure, points
from games.otherworld.scoring import (
    PLACES_4, PLACES_UP_TO_3, largest_region, majority_points, places_for, score_all,
)
from tests.games.otherworld.helpers import row

G = None  # a gap

GEAS_TABLE = [
    # geas id, values in the row, measure, points
    ("rising-path", [1, 3, 5, 7, 8], 5, 14),
    ("rising-path", [1, 3, 2, 4, 6], 3, 5),
    ("rising-path", [1, 3, G, 4, 6], 2, 2),  # a gap breaks the run
    ("rising-path", [4], 1, 0),
    ("rising-path", [], 0, 0),
    ("rising-path", [0, 1, 2, 3, 4, 5], 6, 20),  # a long row
    ("falling-stair", [8, 6, 6, 5, 1], 3, 5),
    ("falling-stair", [8, 7, 5, 2, 0], 5, 14),
    ("gentle-steps", [3, 4, 4, 5, 7], 4, 7),
    ("gentle-steps", [3, 4, G, 5, 6], 2, 2),
    ("gentle-steps", [0, 8, 0, 8], 1, 0),
    ("no-two-alike", [1, 2, 3, 4, 5], 5, 10),
    ("no-two-alike", [1, 1, 3, 3, 5], 3, 3),
    ("no-two-alike", [2, G, 7], 2, 1),
    ("twin-souls", [2, 2, 5, 5, 5], 2, 10),
    ("twin-souls", [2, 2, 2, 2, 8], 2, 10),
    ("twin-souls", [1, 2, 3], 0, 0),
    ("twin-souls", [4, 4, 6, 6, 8, 8], 3, 16),
    ("one-blood", [4, 4, 4, 1, 2], 3, 7),
    ("one-blood", [7, 7, 7, 7, 7], 5, 18),
    ("one-blood", [1, 2], 1, 0),
    ("odd-fold", [1, 3, 5, 7, 1], 5, 15),
    ("odd-fold", [1, 3, 5, 7, 2], 0, 0),
    ("odd-fold", [1, G, 5], 2, 3),
    ("even-weave", [0, 2, 4, 6, 8], 5, 11),
    ("even-weave", [0, 2, 3], 0, 0),
    ("high-kings", [6, 7, 8, 5, 2], 3, 7),
    ("high-kings", [8, 8, 8, 8, 8], 5, 14),
    ("heavy-crown", [8, 8, 8, 8, 3], 35, 16),
    ("heavy-crown", [6, 6, 6, 6, 6], 30, 12),
    ("heavy-crown", [8, 8, 8, 8], 32, 0),  # fewer than 5 cards: nothing yet
    ("heavy-crown", [1, 2, 3, 4, 5], 15, 0),
    ("light-foot", [0, 1, 2, 2, 3], 8, 16),
    ("light-foot", [2, 2, 2, 2, 2], 10, 12),
    ("light-foot", [3, 3, 3, 3, 2], 14, 8),
    ("light-foot", [0, 0, 0, 0], 0, 0),
]


@pytest.mark.parametrize("geas_id,values,expected_measure,expected_points", GEAS_TABLE)
def test_every_geas_scores_by_its_table(geas_id, values, expected_measure, expected_points):
    geas = GEAS[geas_id]
    assert measure(geas, values) == expected_measure
    assert points(geas, values) == expected_points


def test_every_geas_in_the_deck_is_covered_by_the_table():
    assert {g for g, *_ in GEAS_TABLE} == set(GEAS)


MAJORITIES = [
    # region sizes per competitor, places, points
    ([5, 3, 2], PLACES_UP_TO_3, [8, 3, 0]),
    ([4, 4, 2], PLACES_UP_TO_3, [5, 5, 0]),  # the rulebook's example: 4 + 1 each, no second
    ([4, 4, 4], PLACES_UP_TO_3, [3, 3, 3]),  # three tied: 11 // 3
    ([6, 3, 3], PLACES_UP_TO_3, [8, 1, 1]),  # tied for second: 3 // 2
    ([1, 1, 0], PLACES_UP_TO_3, [0, 0, 0]),  # regions of 0 or 1 score nothing
    ([3, 1, 0], PLACES_UP_TO_3, [8, 0, 0]),
    ([2, 2], PLACES_UP_TO_3, [5, 5]),  # solo against Balor: 11 split into 5 each
    ([6, 4, 4, 2], PLACES_4, [10, 2, 2, 0]),
    ([5, 5, 3, 2], PLACES_4, [7, 7, 0, 0]),
    ([5, 4, 3, 2], PLACES_4, [10, 4, 0, 0]),
    ([3, 3, 3, 3], PLACES_4, [3, 3, 3, 3]),
    ([7, 0, 0, 0], PLACES_4, [10, 0, 0, 0]),
]


@pytest.mark.parametrize("sizes,places,expected", MAJORITIES)
def test_colour_majorities_and_every_tie_pattern(sizes, places, expected):
    assert majority_points(sizes, places) == expected


def test_place_values_by_player_count():
    assert places_for(1 + 1) == places_for(2) == places_for(3) == (8, 3)
    assert places_for(4) == (10, 4)


def test_regions_connect_orthogonally_across_rows_and_not_through_gaps():
    tableau = [row("1r", "2r", "3b"), row("4b", "5r", "6r"), row("7r", G, "8r")]
    assert largest_region(tableau, "red") == {(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)}
    assert len(largest_region(tableau, "blue")) == 1  # 3b and 4b touch only at a corner
    assert len(largest_region(tableau, "green")) == 0


def test_a_full_multiplayer_score():
    geas = ["rising-path", "twin-souls", "odd-fold"]
    first = [row("1r", "2r", "3r", "4r", "5r"), row("2y", "2b", "7y", "7b", "0g"),
             row("1g", "3g", "5g", "7g", "1y")]
    second = [row("5y", "4y", "3y", "2y", "1y"), row("6b", "6g", "8b", "8g", "0b"),
              row("3b", "5b", "7r", "1b", "3r")]
    one, two = score_all([first, second], geas)
    assert one.rows == (14, 10, 15) and two.rows == (0, 10, 15)
    # red: first has 5 in the top row; second has 7r,3r apart (1 each): first takes 8
    assert one.sizes[0] == 5 and one.colours[0] == 8 and two.colours[0] == 0
    assert one.total == sum(one.rows) + sum(one.colours)
