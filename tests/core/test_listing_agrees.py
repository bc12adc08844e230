"""Every game's fast paths for headless play agree with its plain answers, at every position of
seeded random games: the seats that may act are those with legal commands, a bot's listing reads
exactly as legal_commands, and every listed command passes the game's own checks."""
from __future__ import annotations

import pytest

from games.core.registry import all_games, find
from games.core.runtime import Runtime
from games.core.seats import Seat, SeatKind
from games.core.table import Table

CASES = [(m.id, seats, {}) for m in all_games() if m.playable for seats in m.players]
CASES.append(("questline", 3, {"in_turn": True}))  # hotseat Questline: one cycle each, in seat order


@pytest.mark.parametrize(("game_id", "seats", "options"), CASES)
def test_listing_and_to_act_agree_with_legal_commands(game_id: str, seats: int, options: dict) -> None:
    game = find(game_id).rules()
    positions = 0
    for seed in (3, 4):
        table = Table(game, tuple(Seat(f"r{i}", SeatKind.BOT, "random") for i in range(seats)), seed,
                      options)
        runtime = Runtime(table)

        def check(seat: int, command: object, events: object) -> None:
            nonlocal positions
            state, acting = table.state, game.to_act(table.state)
            if game.outcome(state) is not None:
                return
            for s in range(seats):
                legal = game.legal_commands(state, s)
                assert bool(legal) == (s in acting), (seed, s, acting)
                if s in acting:
                    assert list(game.listing(state, s)) == legal
                    assert all(game.rejection(state, s, c) is None for c in legal[:40])
            positions += 1

        table.subscribe(check)
        runtime.run(20_000)
        assert table.outcome() is not None and game.to_act(table.state) == ()  # what ends a run
    assert positions > 5
