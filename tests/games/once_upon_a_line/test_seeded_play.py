"""Seeded random play is pinned: the commands of seeded random games of every shipped chapter, every
event each caused, their outcomes and snapshots hash to the digest recorded on main (2958801) before
applying commands was made cheaper, so speed work cannot change a game unnoticed (a change of the
rules that changes play updates PINNED knowingly: it last changed when a bot's seed became a digest of
the table's seed and its seat (core.runtime.bot_seed), the same rules and draws otherwise).
Replaying a log through setup and apply alone, with no draw to hand over placements, tells the
same events as the live game."""
from __future__ import annotations

import hashlib

from games.core.runtime import Runtime
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from games.once_upon_a_line.content import chapter_files
from games.once_upon_a_line.game import GAME

PINNED = "26d63cc954fed8923746fb9d7700f252477bc3940e25fe87d38f88d45be973ca"
GAMES_EACH = 3


class Recording(type(GAME)):
    """The game, telling every command applied and the events it caused."""

    def __init__(self) -> None:
        super().__init__()
        self.told: list[str] = []

    def apply(self, state, seat, command):
        events = super().apply(state, seat, command)
        self.told.append(f"{seat} {command!r} -> {events!r}")
        return events


def random_tables(game) -> list[Table]:
    tables = []
    for chapter in (path.stem for path in chapter_files()):
        for seed in range(GAMES_EACH):
            table = Table(game, (Seat("random 1", SeatKind.BOT, "random"),), seed, {"chapter": chapter})
            Runtime(table).run(20_000)
            game.told.append(f"{chapter} {table.outcome()!r} {game.snapshot(table.state)!r}")
            tables.append(table)
    return tables


def test_seeded_random_games_of_every_chapter_play_as_recorded():
    game = Recording()
    random_tables(game)
    assert len(game.told) > 100
    assert hashlib.sha256("\n".join(game.told).encode()).hexdigest() == PINNED


def test_replaying_a_log_without_the_draw_tells_the_same_events():
    live = Recording()
    tables = random_tables(live)
    replayed = Recording()
    for table in tables:
        state, _ = replayed.setup(table.seed, 1, table.options)
        for seat, command in table.log:
            replayed.apply(state, seat, command)
        replayed.told.append(f"{table.options['chapter']} {replayed.outcome(state)!r} "
                             f"{replayed.snapshot(state)!r}")
    assert replayed.told == live.told
