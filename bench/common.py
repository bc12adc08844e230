"""What the bot benchmarks share: timing each bot's decisions, one seeded bot game, the Wilson interval.

Imported by the scripts beside it as `common` (a script's own folder is first on sys.path).
"""
from __future__ import annotations

import collections
import time
from typing import Sequence

from games.core.protocol import Game
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


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share (wins may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return centre - half, centre + half
