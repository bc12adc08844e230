"""Fluttering Souls bot strength and speed: seeded full games, seats swapped every other game.

Prints each pairing's win rate with a 95% Wilson interval, the hard bot's seconds per move (average
over every call, average over calls with a real choice, and worst), and random-vs-random moves per
second as the engine baseline. A script, not a test: run `python bench/bots.py --games 400`.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from games.core.selfplay import SelfplayResult, play_one, selfplay
from games.fluttering_souls import GAME
from games.fluttering_souls.bots import BOTS

PAIRINGS = (("hard", "easy"), ("easy", "random"))
TIMES: list[tuple[float, int]] = []  # (seconds, legal moves) of every timed call in this process


def _timed(cls):
    """A subclass of a bot class that records how long each choice took."""
    class Timed(cls):
        def choose(self, view, legal, seat):
            started = time.perf_counter()
            command = super().choose(view, legal, seat)
            TIMES.append((time.perf_counter() - started, len(legal)))
            return command
    Timed.__name__ = f"Timed{cls.__name__}"
    return Timed


def _init_worker() -> None:
    BOTS["hard"] = _timed(BOTS["hard"])


def play(job: tuple[str, str, int, int]) -> tuple[str, str, bool, list[tuple[float, int]]]:
    """One seeded game; the first bot named sits in seat 0 on even games, seat 1 on odd ones."""
    a, b, seed, n = job
    names = [a, b] if n % 2 == 0 else [b, a]
    TIMES.clear()
    result = SelfplayResult(GAME.id, names, wins=[0.0, 0.0], bot_seconds=[0.0, 0.0])
    table = play_one(GAME, names, seed + n, result)
    a_seat = 0 if n % 2 == 0 else 1
    return a, b, table.outcome().winners == (a_seat,), list(TIMES)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pairings", default="hard-easy,easy-random",
                        help="comma-separated A-B pairs (default hard-easy,easy-random)")
    args = parser.parse_args()
    pairings = [tuple(p.split("-")) for p in args.pairings.split(",") if p]
    jobs = [(a, b, args.seed, n) for a, b in pairings for n in range(args.games)]
    wins = {p: 0 for p in pairings}
    times: list[tuple[float, int]] = []
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers, initializer=_init_worker) as pool:
        for a, b, a_won, spent in pool.imap_unordered(play, jobs, chunksize=2):
            wins[(a, b)] += a_won
            times.extend(spent)
    elapsed = time.perf_counter() - started
    print(f"Fluttering Souls bots: {args.games} games per pairing, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, seats swapped every other game, {args.workers} workers, "
          f"{elapsed:.0f} s")
    for a, b in pairings:
        won = wins[(a, b)]
        low, high = wilson(won, args.games)
        print(f"  {a} beats {b}: {won}/{args.games} = {won / args.games:.1%} "
              f"(95% CI {low:.1%} .. {high:.1%})")
    if times:
        choices = [s for s, n in times if n > 1]
        print(f"  hard seconds per move: average {sum(s for s, _ in times) / len(times):.3f} over "
              f"{len(times)} calls, average {sum(choices) / max(1, len(choices)):.3f} over "
              f"{len(choices)} real choices, worst {max(s for s, _ in times):.3f}")
    baseline = selfplay(GAME, ["random", "random"], 200, args.seed)
    print(f"  random vs random: {baseline.moves / baseline.seconds:,.0f} moves per second "
          f"({baseline.games} games, {baseline.moves} moves, one process)")


if __name__ == "__main__":
    main()
