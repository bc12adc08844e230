"""Headless bot-against-bot play: the engine behind `fabletop selfplay` and the benchmarks."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from games.core.protocol import Game
from games.core.rng import derive_rng
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


def next_seat(acting: Sequence[int], last: int) -> int:
    """Whose command comes next when several seats may act (simultaneous play): the seats take
    turns fairly, the first after the last one to act."""
    return min((s for s in acting if s > last), default=acting[0])


def seated_bots(game: Game, bot_names: Sequence[str], seed: int) -> list:
    """The bots of a seeded selfplay game, seat i the i-th name, each with its own seed."""
    return [game.bots[name](derive_rng(seed, "bot", i).randrange(2**31))
            for i, name in enumerate(bot_names)]


def play_one(game: Game, bot_names: Sequence[str], seed: int, result: SelfplayResult) -> Table:
    seats = tuple(Seat(f"{name} {i + 1}", SeatKind.BOT, name) for i, name in enumerate(bot_names))
    bots = seated_bots(game, bot_names, seed)
    table = Table(game, seats, seed)
    last = -1
    while table.outcome() is None:
        if len(table.log) >= MOVE_LIMIT:
            raise RuntimeError(f"game {seed} did not end within {MOVE_LIMIT} moves "
                               f"(bots {', '.join(bot_names)})")
        seat = last = next_seat(table.to_act(), last)
        legal = table.legal_commands(seat)
        started = time.perf_counter()
        command = bots[seat].choose(table.view(seat), legal, seat)
        spent = time.perf_counter() - started
        result.bot_seconds[seat] = max(result.bot_seconds[seat], spent)
        outcome = table.dispatch(seat, command)
        if not outcome:
            raise RuntimeError(f"bot {bot_names[seat]} sent an illegal move: {outcome.reason}")
        result.moves += 1
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
    started = time.perf_counter()
    for n in range(games):
        table = play_one(game, bot_names, seed + n, result)
        winners = table.outcome().winners
        for seat in winners:
            result.wins[seat] += 1 / len(winners)
        result.games += 1
    result.seconds = time.perf_counter() - started
    return result
