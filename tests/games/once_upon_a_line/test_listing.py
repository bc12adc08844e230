"""The listing headless play reads (listing.py) holds exactly the legal commands, and its draw is
uniform over them: every way it may pick, refused picks left out, is the full listing (legal.py)
with each command once, and a number drawn names its pick; checked on every state of each shipped
chapter's automatic playthrough and of seeded random games. Applying a drawn placement finds it
by its code, the same placement the search finds."""
from __future__ import annotations

import random
from collections import Counter
from itertools import chain

import pytest

from games.core.bots import RandomBot
from games.once_upon_a_line import apply, hero_tiles, legal, listing
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.listing import LegalListing
from games.once_upon_a_line.commands import UseTiles
from games.once_upon_a_line.placement import placed_named, placement_named
from tests.games.once_upon_a_line.test_layout import SHIPPED, playthrough_states, random_states


def states_of(chapter_id: str) -> list:
    return playthrough_states(chapter_id) + random_states(chapter_id)


def picks_agree(state) -> list:
    """The draw's picks without the refused ones are the listing, each command once."""
    full = legal.legal(state)
    picks = LegalListing(state).enumerate()
    kept = [c for c in picks if c is not None]
    assert len(set(map(id, kept))) == len(kept)  # no command picked two ways
    assert Counter(kept) == Counter(full)
    return picks


@pytest.mark.parametrize("chapter_id", SHIPPED)
def test_the_draws_picks_are_the_listing_each_once(chapter_id):
    refused = 0
    for state in states_of(chapter_id):
        picks = picks_agree(state)
        refused += picks.count(None)
        assert list(LegalListing(state)) == legal.legal(state)  # read as a list: the listing
    assert refused  # the draw does refuse some picks (so the refusals are tested)


def test_a_way_scratching_like_one_listed_before_it_is_refused(monkeypatch):
    """Some ways of the playthroughs scratch the same squares in the same order as a way listed
    before them: the draw refuses them (and the picks still are the listing)."""
    answers = []
    asked = listing.ShapeWays.listed_before

    def counted(self, *args):
        answers.append(asked(self, *args))
        return answers[-1]

    monkeypatch.setattr(listing.ShapeWays, "listed_before", counted)
    for state in chain.from_iterable(playthrough_states(c) for c in SHIPPED):
        picks_agree(state)
    assert True in answers and False in answers


@pytest.mark.parametrize("chapter_id", SHIPPED[:2])
def test_a_number_drawn_names_its_pick(chapter_id):
    """The draw asks for a number below the count of picks and returns that pick, or draws
    again if it is refused."""
    for state in states_of(chapter_id)[::7]:
        picks = LegalListing(state).enumerate()
        if not picks or state.pending is not None:
            continue
        good = next(i for i, c in enumerate(picks) if c is not None)
        for index in range(0, len(picks), 3):
            asked = []

            def below(n, feed=iter([index, good])):
                asked.append(n)
                return next(feed)

            drawn = LegalListing(state).sample(below)
            assert drawn is (picks[index] if picks[index] is not None else picks[good])
            assert set(asked) == {len(picks)}


def test_draws_are_uniform_over_the_listing():
    """Counted over many draws from one state of a few hundred commands, every command comes up
    about equally often (a chi-square test, seeded)."""
    state = playthrough_states(SHIPPED[0])[3]
    full = legal.legal(state)
    assert 50 < len(full) < 2000
    rng, draws = random.Random(7), 40 * len(full)
    counts = Counter(LegalListing(state).sample(rng._randbelow) for _ in range(draws))
    assert set(counts) == set(full)
    expected = draws / len(full)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in full)
    df = len(full) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5  # far beyond this only if some commands are favoured


def test_when_every_pick_is_refused_the_full_listing_decides(monkeypatch):
    monkeypatch.setattr(listing, "TRIES", 0)
    state = playthrough_states(SHIPPED[0])[3]
    full = legal.legal(state)
    assert LegalListing(state).sample(lambda n: n - 1) is full[-1]


def test_the_random_bot_draws_from_the_listing_and_its_choice_is_legal():
    state = playthrough_states(SHIPPED[0])[3]
    listed = GAME.listing(state, 0)
    bot = RandomBot(3)
    command = bot.choose(None, listed, 0)
    assert listed.handed(command) and GAME.rejection(state, 0, command) is None
    assert GAME.listing(state, 1) == []


@pytest.mark.parametrize("chapter_id", SHIPPED)
def test_a_placement_named_by_its_code_is_the_one_searched(chapter_id):
    for state in states_of(chapter_id)[::3]:
        if state.ended or state.pending is not None:
            continue
        for hero in state.in_play():
            for ids in hero_tiles.tile_sets(state, hero):
                tiles = [hero_tiles.tile(state, hero, t) for t in ids]
                for placement in hero_tiles.placements_for(state, hero, ids):
                    assert placement_named(state, hero, tiles, placement.code) == placement


def test_selfplay_through_the_listing_is_deterministic():
    from games.core.selfplay import selfplay
    one, two = selfplay(GAME, ["random"], 3, 11), selfplay(GAME, ["random"], 3, 11)
    assert (one.moves, one.wins) == (two.moves, two.wins) and one.moves > 0


@pytest.mark.parametrize("chapter_id", SHIPPED[:3])
def test_a_drawn_placement_is_handed_to_apply_as_its_code_names_it(chapter_id):
    """Applying the UseTiles just drawn reads its order of scratching from the draw (handed over
    by LineState.changed, once): the one its code names. Applied, it does what the command does
    found by its code in a state where nothing was drawn, also once a square was scratched since
    the draw (the draw's is not used then)."""
    handed = 0
    for n, state in enumerate(states_of(chapter_id)):
        if state.ended or state.pending is not None:
            continue
        state, fresh = state.copy(), state.copy()  # fresh: nothing drawn in it
        command = LegalListing(state).sample(random.Random(n)._randbelow)
        placing = state.drawn.placing
        if not isinstance(command, UseTiles):
            assert placing is None
            continue
        tiles = [hero_tiles.tile(state, command.hero, t) for t in command.tiles.split("+")]
        named = placed_named(state, command.hero, tiles, command.placement)
        assert placing[0] is command and placing[1] is named[4] and placing[2] == len(state.uncovered)
        if n % 2:  # a square scratched since the draw, away from the placement
            square = next(c for c in state.chapter.grid.squares
                          if c not in state.uncovered and c not in named[3])
            state.uncovered.add(square)
            fresh.uncovered.add(square)
        else:
            handed += 1
        assert apply.apply(state, command) == apply.apply(fresh, command)
        assert state.uncovered == fresh.uncovered and state.drawn.placing is None
        assert state.changed(command.hero) is None  # handed once
    assert handed
