"""The content check: the shipped files are sound, and each kind of fault is named."""
from __future__ import annotations

import dataclasses

from games.dice_upon_a_time.board import Route, problems as map_problems
from games.dice_upon_a_time.content import effect_problem, load_all, quest_problems
from tests.games.dice_upon_a_time.helpers import BOARD, CONTENT


def test_the_shipped_content_is_sound():
    content, problems = load_all()
    assert problems == [] and content is not None
    assert len(content.quests) == 39 and len(content.stories) == 65 and len(content.magic) == 18
    assert len(content.characters) == 8


def test_the_map_is_connected_with_king_and_fairy_behind_value_six_dead_ends():
    assert map_problems(BOARD) == []
    assert [r.value for r in BOARD.routes_from["king"]] == [6]
    assert [r.value for r in BOARD.routes_from["fairy"]] == [6]
    for quest in CONTENT.quests.values():  # every quest's places can be reached
        assert not quest.at or quest.at in BOARD.fields


def test_a_broken_map_is_named():
    routes = tuple(r for r in BOARD.routes if "fairy" not in r.ends)
    cut = dataclasses.replace(BOARD, routes=routes)
    cut.__dict__.pop("routes_from", None)
    assert "field fairy: cannot be reached from the Town" in map_problems(cut)
    five = tuple(Route(r.index, r.ends, 5) if "king" in r.ends else r for r in BOARD.routes)
    easy = dataclasses.replace(BOARD, routes=five)
    assert any("King must be a dead end behind one value-6 socket" in p for p in map_problems(easy))


def test_broken_cards_are_named():
    bad = dataclasses.replace(CONTENT, quests={**CONTENT.quests, "x": dataclasses.replace(
        next(iter(CONTENT.quests.values())), id="x", at="atlantis")})
    assert any("quest x: no field 'atlantis'" in p for p in quest_problems(bad))
    assert "unknown effect 'fly'" in effect_problem({"fly": 1}, CONTENT)
    assert "go: no field 'moon'" in effect_problem({"go": "moon"}, CONTENT)
