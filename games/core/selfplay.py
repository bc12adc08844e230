"""Headless bot-against-bot play: the engine behind `fabletop selfplay` and the benchmarks."""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Sequence

from games.core.protocol import Game
from games.core.runtime import Runtime
from games.core.seats import Seat, SeatKind
from games.core.table import Table

MOVE_LIMIT = 20_000  # a bot game longer than this is a bug in a bot, not a long game


@dataclass
class SelfplayResult:
    game: str
    bots: list[str]
    games: int = 0
    seconds: float = 0.0
    moves: int = 0
    wins: list[float] = field(default_factory=list)  # per seat; a shared win counts 1/n to each
    bot_seconds: list[float] = field(default_factory=list)  # thinking time per seat

    def to_json(self) -> dict:
        return {
            "game": self.game, "bots": self.bots, "games": self.games,
            "seconds": round(self.seconds, 3), "moves": self.moves,
            "wins": [w if w != int(w) else int(w) for w in self.wins],
            "moves_per_second": round(self.moves / self.seconds, 1) if self.seconds else None,
            "max_bot_seconds": [round(s, 3) for s in self.bot_seconds],
        }


def bot_seats(bot_names: Sequence[str]) -> tuple[Seat, ...]:
    """A seat for each bot, named after its level and place ("random 1")."""
    return tuple(Seat(f"{name} {i + 1}", SeatKind.BOT, name) for i, name in enumerate(bot_names))


def play_one(game: Game, bot_names: Sequence[str], seed: int, result: SelfplayResult,
             seats: tuple[Seat, ...] | None = None) -> Table:
    """One bot game from a seed; `seats`: bot_seats(bot_names), when already made (seats are
    frozen, so every game of a run can share them: three frozen dataclasses less a game)."""
    table = Table(game, seats or bot_seats(bot_names), seed)
    moves = len(table.log)

    try:
        Runtime(table).run(MOVE_LIMIT, result.bot_seconds)  # each seat's longest decision
    except RuntimeError as exc:
        raise RuntimeError(f"{exc} (bots {', '.join(bot_names)})") from exc
    result.moves += len(table.log) - moves
    return table


def selfplay(game: Game, bot_names: Sequence[str], games: int, seed: int) -> SelfplayResult:
    unknown = [b for b in bot_names if b not in game.bots]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; {game.title} has: {', '.join(game.bots)}")
    if len(bot_names) not in game.seat_counts:
        counts = " or ".join(map(str, game.seat_counts))
        raise ValueError(f"{game.title} takes {counts} seats; --bots named {len(bot_names)}")
    result = SelfplayResult(game.id, list(bot_names), wins=[0.0] * len(bot_names),
                            bot_seconds=[0.0] * len(bot_names))
    seats = bot_seats(bot_names)
    freezing = gc.get_freeze_count() == 0  # (else whoever froze objects keeps them frozen)
    started = time.perf_counter()
    try:
        for n in range(games):
            if freezing:  # see below
                gc.freeze()
            table = play_one(game, bot_names, seed + n, result, seats)
            winners = table.outcome().winners
            for seat in winners:
                result.wins[seat] += 1 / len(winners)
            result.games += 1
    finally:
        if freezing:
            gc.unfreeze()
    result.seconds = time.perf_counter() - started
    return result


# Why selfplay freezes what lives before each game (gc.freeze, O(1)): what outlives a game is
# content and the caches the rules keep (they grow by some 30 objects a game over a long run), and
# every full collection scanned all of it again: 3.3% of the wall time of the slowest game's random
# play over 3,000 games (collector callbacks), 0.15% frozen. Frozen objects are never collected,
# so a game's cycles would stay until the run ends (unfreeze hands everything back to the
# collector): the random games of every game leave none (300 each, gc.collect() after them: 0).
