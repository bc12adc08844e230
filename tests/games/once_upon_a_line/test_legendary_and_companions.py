"""Legendary Talents (a permanent ability, no tile) and Companions (an animal whose talents join its
hero's once gained, won like any other, out of play with the hero), on the tiny test chapter."""
from __future__ import annotations

import dataclasses

from games.once_upon_a_line import letters
from games.once_upon_a_line.commands import GiveLetters, MoveHero, TakeClue, UseTiles
from games.once_upon_a_line.content import check_file
from games.once_upon_a_line.heroes import Companion, Legendary, Talent, Tile, load_heroes
from games.once_upon_a_line.setup import campaign_of, new_chapter
from games.once_upon_a_line.state import Pending
from games.once_upon_a_line.story import Step
from games.once_upon_a_line.steps import do_step
from tests.games.once_upon_a_line.conftest import HERE, chapter, play, refused

PIP = Companion("Pip", "A test ferret.", (Talent("TASK", "Pip digs.", "pip_dig"),))
PIP_TILE = Tile("pip_dig", "shaped", "single", ((0, 0), (1, 0)))


def with_heroes(**changes):
    """The tiny chapter with its heroes changed (a companion, a Legendary Talent)."""
    base = chapter()
    roster = {h: dataclasses.replace(hero, **changes.get(h, {})) for h, hero in base.roster.items()}
    return dataclasses.replace(base, roster=roster, tiles={**base.tiles, "pip_dig": PIP_TILE})


def test_a_free_move_legendary_talent_spares_the_first_move_of_a_chapter_only():
    state = new_chapter(with_heroes(corvin={"legendary": Legendary("Corvin strides.", "free_move")}))
    play(state, MoveHero("corvin", 2))
    assert state.tragedy_scratched == 0 and state.heroes["corvin"].zone == 2
    play(state, MoveHero("corvin", 1))
    assert state.tragedy_scratched == 1  # the second move costs its hourglass
    play(state, MoveHero("ysolde", 2))
    assert state.tragedy_scratched == 2  # and Ysolde has no such talent


def test_a_free_clue_legendary_talent_spares_the_first_clue_of_a_riddle():
    state = new_chapter(with_heroes(ysolde={"legendary": Legendary("Ysolde knows.", "free_clue")}))
    play(state, UseTiles("corvin", "s3", "A HORSE C4 down"))
    play(state, UseTiles("corvin", "s2", "A HORSE C2 up"))  # GLOVED: its card poses the riddle
    assert state.pending is not None and state.pending.kind == "riddle"
    play(state, TakeClue())
    assert state.penalty_squares == 0
    play(state, TakeClue())
    assert state.penalty_squares == 1  # the second clue costs its ? square


def test_a_free_clue_needs_the_hero_in_play():
    state = new_chapter(with_heroes(ysolde={"legendary": Legendary("Ysolde knows.", "free_clue")}))
    state.heroes["ysolde"].active = False
    play(state, UseTiles("corvin", "s3", "A HORSE C4 down"))
    play(state, UseTiles("corvin", "s2", "A HORSE C2 up"))
    play(state, TakeClue())
    assert state.penalty_squares == 1


def test_a_companions_talents_are_won_only_once_it_has_joined():
    state = new_chapter(with_heroes(corvin={"companion": PIP}))
    assert len(state.crossed["corvin"]) == 4  # a row for Pip's TASK, waiting
    assert [t.word for t in letters.talents(state, "corvin")] == ["SAIL", "ROAM", "HEAL"]
    state.pending = Pending("letters", word="TASK")
    assert "talent" in refused(state, GiveLetters("corvin.3 corvin.3 corvin.3 corvin.3"))
    out = []
    do_step(state, Step("companion", "corvin"), "", out)
    assert state.companions == ["corvin"] and "Pip joins Corvin" in out[0].text
    assert [t.word for t in letters.talents(state, "corvin")][-1] == "TASK"
    play(state, GiveLetters("corvin.3 corvin.3 corvin.3 corvin.3"))
    assert "pip_dig" in state.heroes["corvin"].reserve  # won like any talent: its tile
    carried = campaign_of(state)
    assert carried["companions"] == ["corvin"] and "pip_dig" in carried["talent_tiles"]["corvin"]
    again = new_chapter(with_heroes(corvin={"companion": PIP}), carried)
    assert again.companions == ["corvin"] and again.crossed["corvin"][3] == [True] * 4


def test_a_companion_is_out_of_play_with_its_hero():
    state = new_chapter(with_heroes(corvin={"companion": PIP}))
    state.companions.append("corvin")
    state.heroes["corvin"].active = False
    state.heroes["ysolde"].active = False
    assert not letters.letter_places(state, "TASK")


def test_heroes_toml_refuses_a_bad_companion_or_legendary_talent():
    tiles = {"t": PIP_TILE}
    base = {"name": "X", "talents": [{"word": "AB", "tile": "t"}]}
    for bad, reason in (({"companion": {"name": "Y"}}, "a companion needs a name and talents"),
                        ({"legendary": {"text": "x", "effect": "fly"}}, "legendary talent's effect")):
        try:
            load_heroes({"heroes": {"x": {**base, **bad}}}, tiles)
        except ValueError as exc:
            assert reason in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_the_check_refuses_a_companion_for_a_hero_without_one(tmp_path):
    text = (HERE / "tiny.toml").read_text().replace(
        'start = [ { scratch = "start" } ]', 'start = [ { scratch = "start" }, { companion = "corvin" } ]')
    path = tmp_path / "tiny.toml"
    path.write_text(text)
    problems = check_file(path)
    assert any("gives a companion to Corvin, who has no companion" in p for p in problems), problems
