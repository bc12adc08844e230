"""The fast placement search (layout.py: grids laid once, checks per listing) finds exactly what the
search before it finds (placement.py's Placer, kept to explain refusals, so the listing and the
explanations can never disagree), in the same order, and the legal list offers them in that order:
on every state of each shipped chapter's automatic playthrough and of a few seeded random games."""
from __future__ import annotations

import random
from functools import cache

import pytest

from games.once_upon_a_line import apply, hero_tiles, legal
from games.once_upon_a_line.commands import UseTiles
from games.once_upon_a_line.content import chapter_files, load_chapter
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.placement import _search as reference_search, placement_problem
from games.once_upon_a_line.proof import play_through
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.state import LineState

SHIPPED = [p.stem for p in chapter_files()]


@cache
def playthrough_states(chapter_id: str) -> list[LineState]:
    chapter = load_chapter(chapter_id)
    state, states = new_chapter(chapter), []
    for command in play_through(chapter).commands:
        states.append(state.copy())
        apply.apply(state, command)
    return states + [state]


def random_states(chapter_id: str, seeds: int = 2) -> list[LineState]:
    states = []
    for seed in range(seeds):
        state, _ = GAME.setup(seed, 1, {"chapter": chapter_id})
        rng = random.Random(seed)
        while not state.ended:
            states.append(state.copy())
            apply.apply(state, rng.choice(legal.legal(state)))
    return states


def agree(state: LineState) -> None:
    """Every tile set of every hero in play: the same placements; the legal list: the same UseTiles."""
    expected = []
    for hero in state.in_play():
        for ids in hero_tiles.tile_sets(state, hero):
            tiles = [hero_tiles.tile(state, hero, t) for t in ids]
            want = [(p.code, p.anchor, p.case, p.cells, p.segments)
                    for p in reference_search(state, hero, tiles)[0]]
            have = [(p.code, p.anchor, p.case, p.cells, p.segments)
                    for p in hero_tiles.placements_for(state, hero, ids)]
            assert have == want, (hero, ids)
            if state.heroes[hero].free_compartment() is not None:
                expected += [UseTiles(hero, "+".join(ids), p[0]) for p in want]
    if state.ended or state.pending is not None:
        return
    assert [c for c in legal.legal(state) if isinstance(c, UseTiles)] == expected


@pytest.mark.parametrize("chapter_id", SHIPPED)
def test_the_fast_search_finds_what_the_reference_found_on_the_automatic_playthrough(chapter_id):
    states = playthrough_states(chapter_id)
    assert len(states) > 10
    for state in states:
        agree(state)


@pytest.mark.parametrize("chapter_id", SHIPPED)
def test_the_fast_search_finds_what_the_reference_found_in_random_play(chapter_id):
    for state in random_states(chapter_id):
        agree(state)


def test_a_refused_code_is_still_explained():
    """Refusals are worded by the Placer: a code beside the listed ones still gets its reason."""
    state = playthrough_states(SHIPPED[0])[5]
    hero = state.in_play()[0]
    ids = hero_tiles.tile_sets(state, hero)[0]
    tiles = [hero_tiles.tile(state, hero, t) for t in ids]
    for p in hero_tiles.placements_for(state, hero, ids):
        assert placement_problem(state, hero, tiles, p.code) is None
    assert placement_problem(state, hero, tiles, "A NOWORD Z99 up")
