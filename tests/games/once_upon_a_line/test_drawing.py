"""The draw's parts of the listing (listing.drawing) are derived data, kept in state.drawn: never
saved and dropped by a copy (but handed to each game's first state: setup.new_chapter), rebuilt on
load; a hero's parts are listed afresh once an action (or a test changing a board by hand) tells
the state that its board changed. So a state rebuilt from its save draws exactly as the played
state, and a played state draws its listing at every move."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.seats import Seat, SeatKind
from games.core.table import Table
from games.once_upon_a_line import apply, legal, steps, tragedy
from games.once_upon_a_line.commands import UseSpecial
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.listing import LegalListing, drawing
from games.once_upon_a_line.state import STANDARD_SIZES
from saves.store import SaveStore
from tests.games.once_upon_a_line.conftest import fresh, give_tile, play
from tests.games.once_upon_a_line.test_layout import SHIPPED


def test_a_state_loaded_from_its_save_draws_as_the_played_state(tmp_path):
    store = SaveStore(tmp_path)
    for seed, chapter_id in enumerate(SHIPPED[:3]):
        table = Table(GAME, (Seat("bot", SeatKind.BOT, "random"),), seed, {"chapter": chapter_id})
        handle, rng, moves = store.create(table), random.Random(seed), 0
        while table.outcome() is None and moves < 40:
            command = GAME.listing(table.state, 0).sample(rng._randbelow)
            assert table.dispatch(0, command), command
            moves += 1
            handle.write(table)
            loaded, _ = store.load(handle.save_id)
            assert loaded.state == table.state  # `drawn` is never saved: the load replays the
            # seeded game, whose first state's copy starts from what the draw kept of that state
            played = table.state
            assert drawing(loaded.state) == drawing(played)  # the same parts, the same objects
            assert LegalListing(loaded.state).enumerate() == LegalListing(played).enumerate()
            assert list(LegalListing(loaded.state)) == legal.legal(played)
            if not played.ended:  # with the same numbers, the same command
                assert LegalListing(loaded.state).sample(random.Random(moves)._randbelow) == \
                    LegalListing(played).sample(random.Random(moves)._randbelow)
        assert moves > 5


def accepted(state) -> Counter:
    picks = [c for c in LegalListing(state).enumerate() if c is not None]
    assert len(set(map(id, picks))) == len(picks)  # each command once
    return Counter(picks)


@pytest.mark.parametrize("chapter_id", SHIPPED)
def test_a_played_state_draws_its_listing_at_every_move(chapter_id):
    """The draw kept through a game (each action telling what it changed) holds the listing at
    every move of seeded random games."""
    for seed in range(3):
        state, _ = GAME.setup(seed, 1, {"chapter": chapter_id})
        rng = random.Random(seed)
        while not state.ended:
            assert accepted(state) == Counter(legal.legal(state))
            apply.apply(state, LegalListing(state).sample(rng._randbelow))


def test_every_board_keeps_which_of_its_tiles_are_reduced():
    """HeroBoard.reduced (the Standard Tiles below full size, read by the draw's key) is kept by
    HeroBoard.resize, the one way sizes change: after every move of seeded games it is what the
    sizes say, and the parts drawn are those of keys worked out afresh (a copy keeps no parts)."""
    reduced_seen = 0
    for chapter_id in SHIPPED:
        for seed in range(4):
            state, _ = GAME.setup(seed, 1, {"chapter": chapter_id})
            rng = random.Random(seed)
            while not state.ended:
                for board in state.heroes.values():
                    assert board.reduced == {t for t, n in board.standard.items()
                                             if n != STANDARD_SIZES[t]}
                    reduced_seen += bool(board.reduced)
                assert drawing(state) == drawing(state.copy())
                apply.apply(state, LegalListing(state).sample(rng._randbelow))
    assert reduced_seen > 100


def test_parts_are_not_reused_once_the_board_changed():
    """A board changed by hand (not through apply) and told draws its own listing, each command
    once."""
    state = GAME.setup(3, 1, {"chapter": SHIPPED[0]})[0]
    parts, _ = drawing(state)
    board = state.heroes[next(hero for _, hero, _ in parts if hero is not None)]  # one with ways
    changes = [lambda: board.reserve.remove(board.reserve[0]),  # its Reserve
               lambda: board.resize("s5", 3),  # a tile size
               lambda: board.compartments.__setitem__(0, ["s1"]),  # a compartment
               lambda: setattr(board, "zone", 2 if board.zone != 2 else 1),  # its zone
               lambda: state.completed.append(state.chapter.grid.words[-1].text)]  # the words
    for change in changes:
        change()
        state.changed()
        picks = [c for c in LegalListing(state).enumerate() if c is not None]
        assert Counter(picks) == Counter(legal.legal(state)) and len(set(map(id, picks))) == len(picks)


def test_every_change_to_a_board_outside_the_hero_actions_is_told():
    """Penalties, special tiles, a hero leaving, rejoining or reset change boards too: the draw
    kept from before lists the board as it is now."""
    state = fresh()
    assert any(hero is not None for _, hero, _ in drawing(state)[0])  # ways to draw from

    def hero_change(action):
        return lambda: steps.hero_change(state, action, "corvin", [])

    changes = [lambda: give_tile(state, "corvin", "cor_mend"),  # nothing to mend yet
               lambda: tragedy.apply_penalty(state, "-2", "corvin"),
               lambda: play(state, UseSpecial("corvin", "cor_mend")),
               lambda: tragedy.apply_penalty(state, "lock", "corvin"),  # #4: #2 and #3 still free
               hero_change("deactivate"), hero_change("reactivate"), hero_change("reset"),
               hero_change("retire")]
    seen = []
    for change in changes:
        before = Counter(legal.legal(state))
        change()
        assert accepted(state) == Counter(legal.legal(state))
        seen.append(Counter(legal.legal(state)) != before)
    assert seen == [False, True, True, False, True, True, True, True]


def test_the_draw_looks_for_special_tiles_only_in_a_reserve_holding_one_that_mends_or_moves():
    """A shaped talent tile or a hint's tile is no special tile special_tiles lists: the draw
    keeps no flag for it (and lists what legal lists), a mending tile it flags."""
    state = fresh()
    for hero, tile_id, special in [("corvin", "cor_line", False), ("ysolde", "ysl_hint", False),
                                   ("corvin", "cor_mend", True)]:
        give_tile(state, hero, tile_id)
        assert legal.holds_special_tile(state, state.heroes[hero]) is special
        drawing(state)  # each hero's part kept in state.drawn, with the flag
        assert any(found[2] for found in state.drawn.heroes.values()) is special
        assert accepted(state) == Counter(legal.legal(state))
    tragedy.apply_penalty(state, "-2", "corvin")  # something to mend: the tile is listed
    assert accepted(state) == Counter(legal.legal(state))
    assert any(isinstance(c, UseSpecial) for c in legal.legal(state))


def test_every_square_scratched_is_the_one_tuple_naming_it():
    """Squares are named by one tuple each (grid.one_cell), so the sets of squares the draw tests
    find them by identity: every square a played chapter uncovers, each word's and each ray's."""
    from games.once_upon_a_line.grid import one_cell
    from games.once_upon_a_line.layout import grid_layout

    for seed, chapter_id in enumerate(SHIPPED[:3]):
        table = Table(GAME, (Seat("bot", SeatKind.BOT, "random"),), seed, {"chapter": chapter_id})
        rng = random.Random(seed)
        while table.outcome() is None and len(table.log) < 60:
            assert table.dispatch(0, GAME.listing(table.state, 0).sample(rng._randbelow))
        state = table.state
        assert state.uncovered and all(one_cell(c) is c for c in state.uncovered)
        grid = state.chapter.grid
        assert all(one_cell(c) is c for word in grid.words for c in word.cells)
        assert all(one_cell(c) is c for c in grid_layout(grid).obstacles)


def test_the_blocked_squares_kept_are_those_worked_out_afresh():
    """blocked_now keeps the blocked squares while no Stop, Skull or Lock box square is uncovered
    and no box opens: at every move of played chapters, they are GridLayout.blocked's."""
    from games.once_upon_a_line.layout import grid_layout
    from games.once_upon_a_line.listing import blocked_now

    checked = 0
    for seed, chapter_id in enumerate(SHIPPED):
        table = Table(GAME, (Seat("bot", SeatKind.BOT, "random"),), seed, {"chapter": chapter_id})
        rng = random.Random(seed)
        while table.outcome() is None and len(table.log) < 80:
            state = table.state
            command = GAME.listing(state, 0).sample(rng._randbelow)
            if state.drawn is not None:
                layout = grid_layout(state.chapter.grid)
                assert blocked_now(state) == layout.blocked(state.uncovered, state.unlocked)
                checked += 1
            assert table.dispatch(0, command)
    assert checked > 100


def test_the_blocked_squares_kept_follow_a_box_opening_and_its_squares_scratched():
    """blocked_now after the changes random play seldom meets: a Lock box square scratched while
    the box is closed, the box opening, a Stop scratched by an instruction."""
    from games.once_upon_a_line.actions import free_scratch
    from games.once_upon_a_line.content import load_chapter
    from games.once_upon_a_line.layout import grid_layout
    from games.once_upon_a_line.listing import blocked_now
    from games.once_upon_a_line.setup import new_chapter

    state = new_chapter(load_chapter("prologue"))
    layout = grid_layout(state.chapter.grid)
    name, cells = layout.locks[0]
    stop = next(c for c in layout.obstacles if c not in state.uncovered)
    drawing(state)

    def agrees() -> bool:
        return blocked_now(state) == layout.blocked(state.uncovered, state.unlocked)

    assert agrees() and set(cells) <= blocked_now(state)
    free_scratch(state, [sorted(cells)[0]], [])  # a box square scratched, the box still closed
    assert agrees() and sorted(cells)[0] not in blocked_now(state)
    state.unlocked.add(name)  # the box opens (steps.do_step's unlock)
    assert agrees() and not set(cells) & blocked_now(state)
    free_scratch(state, [stop], [])
    assert agrees() and stop in blocked_now(state)
