"""Fluttering Souls bot strength and speed: seeded full games, seats swapped every other game.

Prints each pairing's win rate with a 95% Wilson interval, the hard bot's seconds per move (average
over every call, average over calls with a real choice, and worst), and random-vs-random moves per
second as the engine baseline. A script, not a test: run `python bench/bots.py --games 400`.
"""
from __future__ import annotations

import argparse
import multiprocessing
import time

from games.core.selfplay import selfplay
from games.fluttering_souls import GAME
from games.fluttering_souls.bots import BOTS

from common import TIMES, play_game, time_bots, wilson

PAIRINGS = (("hard", "easy"), ("easy", "random"))


def _init_worker() -> None:
    time_bots(BOTS, ("hard",))


def play(job: tuple[str, str, int, int]) -> tuple[str, str, bool, list[tuple[float, int]]]:
    """One seeded game; the first bot named sits in seat 0 on even games, seat 1 on odd ones."""
    a, b, seed, n = job
    names = [a, b] if n % 2 == 0 else [b, a]
    TIMES.clear()
    table = play_game(GAME, names, seed + n)
    a_seat = 0 if n % 2 == 0 else 1
    return a, b, table.outcome().winners == (a_seat,), list(TIMES["hard"])


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
