"""What the bot benchmarks share: timing each bot's decisions, one seeded bot game, the Wilson interval.

Imported by the scripts beside it as `common` (a script's own folder is first on sys.path).
"""
from __future__ import annotations

import collections
import random
import time
from typing import Sequence

from games.core.protocol import Game
from games.core.seats import Seat
from games.core.selfplay import SelfplayResult, play_one
from games.core.table import Table

# Per bot name, (seconds, legal commands) of every timed choice in this process; each worker job
# clears it first and hands a copy back to the parent.
TIMES: dict[str, list[tuple[float, int]]] = collections.defaultdict(list)


def timed(cls):
    """A subclass of a bot class that records how long each choice took, and out of how many."""
    class Timed(cls):
        def choose(self, view, legal, seat):
            started = time.perf_counter()
            command = super().choose(view, legal, seat)
            TIMES[self.name].append((time.perf_counter() - started, len(legal)))
            return command
    Timed.__name__ = f"Timed{cls.__name__}"
    return Timed


def time_bots(bots: dict, names: Sequence[str]) -> None:
    """Worker initializer: swap the named bots for timed ones (the selfplay engine looks them up)."""
    for name in names:
        bots[name] = timed(bots[name])


def choice_seconds(spent: list[tuple[float, int]]) -> list[float]:
    """The seconds of real choices only (more than one legal command)."""
    return [seconds for seconds, legal in spent if legal > 1]


def merge_times(into: dict[str, list[float]], spent: dict[str, list[tuple[float, int]]]) -> None:
    """Add one job's real-choice seconds per bot to the running totals."""
    for bot, calls in spent.items():
        into[bot].extend(choice_seconds(calls))


def play_game(game: Game, names: Sequence[str], seed: int) -> Table:
    """One seeded game of the named bots, seat i the i-th name; the finished table."""
    result = SelfplayResult(game.id, list(names), wins=[0.0] * len(names),
                            bot_seconds=[0.0] * len(names))
    return play_one(game, names, seed, result)


def random_speed(game: Game, games: int, seed: int) -> tuple[float, float]:
    """Random legal moves per second, 2-4 seats in turn: through the rules alone, and through a Table."""
    moves, started = 0, time.perf_counter()
    for n in range(games):
        rng = random.Random(n)
        state, _ = game.setup(seed + n, 2 + n % 3, {})
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_commands(state, seat)))
            moves += 1
    rules = moves / (time.perf_counter() - started)
    moves, started = 0, time.perf_counter()
    for n in range(games):
        rng = random.Random(n)
        players = 2 + n % 3
        table = Table(game, tuple(Seat(f"P{i}") for i in range(players)), seed + n)
        while table.outcome() is None:
            seat = table.to_act()[0]
            table.dispatch(seat, rng.choice(table.legal_commands(seat)))
            moves += 1
    return rules, moves / (time.perf_counter() - started)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share (wins may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return centre - half, centre + half
