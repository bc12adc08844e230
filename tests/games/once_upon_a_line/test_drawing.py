"""The draw's parts of the listing (listing.drawing) are derived data, kept outside the state under
keys of everything they read: never saved, found again on load, and never reused once anything they
read has changed; so a state rebuilt from its save draws exactly as the played state, and a board
changed by hand draws its own listing."""
from __future__ import annotations

import random
from collections import Counter

from games.core.seats import Seat, SeatKind
from games.core.table import Table
from games.once_upon_a_line import legal
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.listing import LegalListing, drawing
from saves.store import SaveStore
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
            assert loaded.state == table.state
            assert drawing(loaded.state) == drawing(table.state)  # the same parts, the same objects
            assert LegalListing(loaded.state).enumerate() == LegalListing(table.state).enumerate()
            assert list(LegalListing(loaded.state)) == legal.legal(table.state)
        assert moves > 5


def test_parts_are_not_reused_once_the_board_changed():
    """A board changed by hand (not through apply) draws its own listing, each command once."""
    state = GAME.setup(3, 1, {"chapter": SHIPPED[0]})[0]
    parts, _ = drawing(state)
    board = state.heroes[next(hero for _, hero, _ in parts if hero is not None)]  # one with ways
    changes = [lambda: board.reserve.remove(board.reserve[0]),  # its Reserve
               lambda: board.standard.__setitem__("s5", 3),  # a tile size
               lambda: board.compartments.__setitem__(0, ["s1"]),  # a compartment
               lambda: setattr(board, "zone", 2 if board.zone != 2 else 1),  # its zone
               lambda: state.completed.append(state.chapter.grid.words[-1].text)]  # the words
    for change in changes:
        change()
        picks = [c for c in LegalListing(state).enumerate() if c is not None]
        assert Counter(picks) == Counter(legal.legal(state)) and len(set(map(id, picks))) == len(picks)
