"""What a board keeps for the draw (listing.drawing: its parts of the listing with a copy of what
they read) is derived data: never saved, rebuilt on load, and never used once anything it read has
changed; so a state rebuilt from its save draws exactly as the played state, and a board changed by
hand draws as a fresh one."""
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


def kept(state) -> list:
    """What each board keeps, without the parts (shared objects): what they were worked out from."""
    return [getattr(board, "_drawn", (None,))[0] for board in state.heroes.values()]


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
            assert "_drawn" not in handle.path.read_text(encoding="utf-8")
            assert loaded.state == table.state  # the fields: the kept parts are no field
            assert drawing(loaded.state) == drawing(table.state)  # the same parts, the same objects
            assert kept(loaded.state) == kept(table.state)  # rebuilt on load, equal
            assert LegalListing(loaded.state).enumerate() == LegalListing(table.state).enumerate()
            assert list(LegalListing(loaded.state)) == legal.legal(table.state)
        assert moves > 5


def test_kept_parts_are_not_used_once_the_board_changed():
    """A board changed by hand (not through apply) draws like a fresh copy of its state."""
    state = GAME.setup(3, 1, {"chapter": SHIPPED[0]})[0]
    drawing(state)
    hero, board = next(iter(state.heroes.items()))
    board.reserve.remove(board.reserve[0])  # Reserve
    board.standard["s5"] = 3  # a tile size
    board.compartments[0] = ["s1"]  # a compartment
    fresh = state.copy()
    for board_copy in fresh.heroes.values():
        del board_copy._drawn
    assert LegalListing(state).enumerate() == LegalListing(fresh).enumerate()
    assert list(LegalListing(state)) == legal.legal(state)
    board.zone = 2 if board.zone != 2 else 1  # its zone
    state.completed.append(state.chapter.grid.words[-1].text)  # the words completed
    picks = [c for c in LegalListing(state).enumerate() if c is not None]
    assert Counter(picks) == Counter(legal.legal(state)) and len(set(map(id, picks))) == len(picks)
