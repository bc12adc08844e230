"""The chapter score: Quest Points from the Epilogue, each success criterion of the rulebook's list,
Utopia from the story and Dystopia points; a Tragedy earns no Quest Points."""
from __future__ import annotations

import pytest

from games.once_upon_a_line.scoring import chapter_score, criterion_points, score_lines
from games.once_upon_a_line.state import Riddle
from games.once_upon_a_line.story import Criterion
from games.once_upon_a_line.view import view_of
from tests.games.once_upon_a_line.conftest import fresh


def missions(n):
    return {f"m{i}": {"title": f"M{i}", "milestones": 0, "closed": False} for i in range(n)}


# (criterion, what the chapter did, points)  -- tiny.toml has 4 cards and 9 hourglass squares
TABLE = [
    (Criterion("talents", 3), {"talents_won": [("corvin", 0), ("ysolde", 1)]}, 6),
    (Criterion("talents", 3), {"talents_won": []}, 0),
    (Criterion("blanks_below", 2, 5), {"blanks": 4}, 2),
    (Criterion("blanks_below", 2, 5), {"blanks": 5}, 0),
    (Criterion("no_riddle_penalty", 2), {"penalty_squares": 0}, 2),
    (Criterion("no_riddle_penalty", 2), {"penalty_squares": 1}, 0),
    (Criterion("stops_below", 1, 10), {"stops": 9}, 1),
    (Criterion("stops_below", 1, 10), {"stops": 10}, 0),
    (Criterion("hourglasses_left", 2, 5), {"tragedy_scratched": 4}, 2),
    (Criterion("hourglasses_left", 2, 5), {"tragedy_scratched": 5}, 0),
    (Criterion("unread_at_most", 2, 1), {"read": ["HOR", "GLO", "Z01"]}, 2),
    (Criterion("unread_at_most", 2, 1), {"read": ["HOR", "GLO"]}, 0),
    # a card discarded unread still counts as unread
    (Criterion("unread_at_most", 2, 1), {"read": ["HOR", "GLO"], "discarded": {"Z01"}}, 0),
    (Criterion("missions", 1, 4), {"missions": missions(4)}, 1),
    (Criterion("missions", 1, 4), {"missions": missions(3)}, 0),
    (Criterion("currency", 1, 12), {"currency": 12}, 1),
    (Criterion("currency", 1, 12), {"currency": 11}, 0),
    (Criterion("no_skull", 2), {"skulls": 0}, 2),
    (Criterion("no_skull", 2), {"skulls": 1}, 0),
    (Criterion("lightbulbs"), {"riddles": {"R1": Riddle("R1", clues=1, solved=True)}}, 2),
    (Criterion("lightbulbs"), {"riddles": {"R1": Riddle("R1", solved=True),
                                           "R2": Riddle("R2", given_up=True)}}, 3),
]


@pytest.mark.parametrize("criterion, did, points", TABLE,
                         ids=[f"{c.kind}-{p}-{i}" for i, (c, _, p) in enumerate(TABLE)])
def test_each_success_criterion(criterion, did, points):
    state = fresh(success=(criterion,))
    for name, value in did.items():
        setattr(state, name, value)
    assert criterion_points(state, criterion) == points
    for ended in ("", "epilogue", "tragedy"):  # the score is what the lines say, worded or not
        state.ended, state.quest_points, state.utopia, state.dystopia = ended, 3, 4, 1
        assert chapter_score(state) == sum(p for _, p in score_lines(state)) \
            == points + 3 * (ended == "epilogue") + 4 - 1


def test_the_score_lines_name_each_part_with_its_limit():
    state = fresh(success=(Criterion("blanks_below", 2, 8), Criterion("currency", 1, 12),
                           Criterion("lightbulbs")))
    labels = [label for label, _ in score_lines(state)]
    assert labels == ["Quest Points", "fewer than 8 blanks", "at least 12 buttons",
                      "riddle lightbulbs left", "Utopia points from the story", "Dystopia points"]


def test_the_chapter_score_adds_quest_success_and_utopia_and_takes_off_dystopia():
    state = fresh()  # tiny: talents x1, no Skull 2, 5 hourglasses left 2, lightbulbs
    state.ended, state.quest_points = "epilogue", 3
    state.talents_won = [("corvin", 0)]
    state.riddles = {"R1": Riddle("R1", solved=True)}
    state.utopia, state.dystopia = 4, 2
    assert score_lines(state) == [
        ("Quest Points", 3), ("talents completed", 1), ("no Skull uncovered", 2),
        ("5+ hourglasses left", 2), ("riddle lightbulbs left", 3),
        ("Utopia points from the story", 4), ("Dystopia points", -2)]
    assert chapter_score(state) == 3 + 1 + 2 + 2 + 3 + 4 - 2
    assert view_of(state).score == tuple(score_lines(state))


def test_a_tragedy_earns_no_quest_points_but_keeps_the_rest():
    state = fresh()
    state.ended, state.quest_points, state.tragedy_scratched = "tragedy", 3, 9
    assert score_lines(state)[0] == ("Quest Points (Tragedy: none)", 0)
    assert chapter_score(state) == 2  # only "no Skull uncovered"


def test_quest_points_count_only_once_the_epilogue_is_read():
    state = fresh()
    state.quest_points = 3
    assert score_lines(state)[0] == ("Quest Points", 0)
