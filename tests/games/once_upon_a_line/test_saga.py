"""The saga, rules side: chapters in order, each kind of carry-over into the next chapter's table,
heroes chosen from those available, the score sheet, forks and the endings."""
from __future__ import annotations

from pathlib import Path

import pytest

from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from games.once_upon_a_line import content as chapter_content
from games.once_upon_a_line import saga

TINY = Path(__file__).resolve().parent / "tiny.toml"


@pytest.fixture
def two_chapters(tmp_path, monkeypatch):
    """The tiny test chapter twice: as the Prologue (number 0) and as Chapter 1, whose heroes the
    players choose."""
    text = TINY.read_text()
    prologue = text.replace('id = "tiny"', 'id = "prologue"').replace("number = 99", "number = 0")
    first = (text.replace('id = "tiny"', 'id = "chapter-1"').replace("number = 99", "number = 1")
             .replace('title = "The Tiny Stable"', 'title = "The Tiny Stable Again"\nchoose = true'))
    (tmp_path / "prologue.toml").write_text(prologue)
    (tmp_path / "chapter-1.toml").write_text(first)
    files = [tmp_path / "chapter-1.toml", tmp_path / "prologue.toml"]
    monkeypatch.setattr(chapter_content, "chapter_files", lambda: sorted(files))


def table(options=None, seed: int = 7) -> Table:
    return Table(find("once-upon-a-line").load(), (Seat("Ada"),), seed,
                 {"chapter": "prologue", **(options or {})})


def finished_prologue() -> Table:
    """The prologue ended by its Epilogue, with something of every kind to carry on."""
    t = table()
    state = t.state
    state.inventory += ["Brass Key"]
    state.currency = 5
    state.missions["m1"] = {"title": "Find the mare's foal", "milestones": 2, "closed": False}
    state.crossed["corvin"][0][0] = True
    state.heroes["ysolde"].talent_tiles.append("ysl_dot")
    state.kept_tiles["tansy"] = ["tansy_tide"]  # won in an earlier chapter by a hero not in this one
    state.gained_heroes.append("sable")
    state.ended, state.quest_points = "epilogue", 3
    return t


def test_the_chapters_go_in_the_order_of_their_numbers(two_chapters):
    assert saga.saga_order() == ("prologue", "chapter-1")
    assert saga.next_chapter("prologue") == "chapter-1" and saga.next_chapter("chapter-1") is None


def test_every_kind_of_campaign_data_carries_into_the_next_chapter(two_chapters):
    done = finished_prologue()
    options = saga.next_options(done.state, ("corvin", "ysolde"))
    assert options["chapter"] == "chapter-1"
    following = table(options).state
    assert following.chapter.id == "chapter-1"
    carried = done.state.inventory
    assert "Brass Key" in carried and following.inventory[:len(carried)] == carried
    assert following.currency == 5  # carried, not the chapter's start_currency (2)
    assert following.missions["m1"] == {"title": "Find the mare's foal", "milestones": 2, "closed": False}
    assert following.crossed["corvin"][0][0] is True  # letters stay crossed for the saga
    assert "ysl_dot" in following.heroes["ysolde"].talent_tiles  # a tile won is kept...
    assert "ysl_dot" in following.heroes["ysolde"].reserve  # ...and starts in the reserve
    assert following.kept_tiles["tansy"] == ["tansy_tide"]  # a resting hero's tiles wait
    assert "sable" in following.gained_heroes
    sheet = following.saga["sheet"]
    assert [e["chapter"] for e in sheet] == ["prologue"] and sheet[0]["ended"] == "epilogue"
    assert following.saga["id"] == done.state.saga["id"] == "wend-7"


def test_no_next_chapter_before_the_end_or_after_the_last(two_chapters):
    assert saga.next_options(table().state) is None  # still in play
    last = table({"chapter": "chapter-1"}).state
    last.ended = "epilogue"
    assert saga.next_options(last) is None
    view = saga.saga_view(last)
    assert view.carry_on is None and view.ending is not None


def test_heroes_are_chosen_from_those_the_saga_has(two_chapters):
    view = saga.saga_view(finished_prologue().state)
    assert view.next_title == "The Tiny Stable Again" and view.choose and view.heroes_needed == 2
    assert {h for h, _ in view.available} >= {"corvin", "ysolde"}
    chosen = table({**view.carry_on, "heroes": ["ysolde", "corvin"]}).state
    assert list(chosen.heroes) == ["ysolde", "corvin"]
    with pytest.raises(ValueError, match="played by 2 different heroes"):
        table({**view.carry_on, "heroes": ["corvin"]})
    with pytest.raises(ValueError, match="played by 2 different heroes"):
        table({**view.carry_on, "heroes": ["corvin", "nobody"]})


def test_the_saves_of_a_saga_are_grouped_with_its_score_sheet(two_chapters):
    done = finished_prologue()
    group = done.save_group()
    assert group["id"] == "wend-7" and group["order"] == 0 and group["sheet"] == []
    assert group["line"].startswith("The Tiny Stable: ")
    following = table(saga.next_options(done.state, ("corvin", "ysolde")))
    group = following.save_group()
    assert group["order"] == 1 and group["line"] == "The Tiny Stable Again: in progress"
    assert group["sheet"] == [saga.entry_line(saga.result(done.state))]
    assert group["total"] == saga.result(done.state)["score"]


def test_a_fork_replays_a_chapter_in_a_saga_of_its_own(two_chapters):
    done = finished_prologue()
    forked = done.game.fork_options(done.state, done.options, 99)
    again = table(forked, seed=99)
    assert again.state.saga["id"] == "wend-7-fork-99" and not again.state.ended
    assert again.save_group()["id"] != done.save_group()["id"]


def test_the_ending_follows_the_saga_total():
    best, worst = saga.endings()[0], saga.endings()[-1]
    high = [{"chapter": "c", "title": "C", "ended": "epilogue", "score": int(best["at_least"])}]
    assert saga.ending(high) == best
    assert saga.ending([{**high[0], "score": -5}]) == worst  # even below zero there is an ending
