"""Dice Upon a Time bot strength and speed.

Prints (1) the hard bot's share of first places over seeded games against easy bots (4 players by
default, its seat rotated), with a 95% Wilson interval; a shared first place counts 1/n; the easy
bot's share against random bots the same way; (2) the average Adventure Points of each level;
(3) random-play moves per second through the rules alone and through a Table; (4) seconds per
decision, average and worst.
A script, not a test: `python bench/dice_bots.py` (1 worker by default: the machine is shared).
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import time

from games.dice_upon_a_time import GAME
from games.dice_upon_a_time.bots import BOTS

from common import TIMES, merge_times, play_game, random_speed, time_bots, wilson

MATCHES = {"hard-easy": ("hard", "easy"), "easy-random": ("easy", "random")}


def _init_worker() -> None:
    time_bots(BOTS, ("easy", "hard"))


def play_table(job: tuple[str, int, int, int]) -> tuple[str, int, float, float, float, dict]:
    """One game: the match's stronger bot in a rotated seat, the rest the weaker. Its share of first
    place, its points and the others' average."""
    match, players, seed, n = job
    TIMES.clear()
    strong, weak = MATCHES[match]
    names = [weak] * players
    seat = n % players
    names[seat] = strong
    outcome = play_game(GAME, names, seed + n).outcome()
    scores = outcome.scores
    rest = [s for i, s in enumerate(scores) if i != seat]
    won = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return match, players, won, scores[seat], sum(rest) / len(rest), dict(TIMES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per table size (default 400)")
    parser.add_argument("--players", default="4", help="table sizes (default 4)")
    parser.add_argument("--matches", default="hard-easy,easy-random",
                        help=f"which matches (default all: {','.join(MATCHES)})")
    parser.add_argument("--random", type=int, default=40, help="random games for speed (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(p) for p in args.players.split(",") if p]
    matches = [m for m in args.matches.split(",") if m]
    started = time.perf_counter()
    wins: dict[tuple, float] = collections.defaultdict(float)
    points: dict[tuple, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    times: dict[str, list[float]] = collections.defaultdict(list)
    jobs = [(m, p, args.seed, n) for m in matches for p in sizes for n in range(args.games)]
    with multiprocessing.Pool(args.workers, initializer=_init_worker) as pool:
        for match, players, won, mine, rest, spent in pool.imap_unordered(play_table, jobs, chunksize=4):
            wins[match, players] += won
            points[match, players][0] += mine
            points[match, players][1] += rest
            merge_times(times, spent)
    print(f"Dice Upon a Time bots: seeds from {args.seed}, {args.workers} worker(s), "
          f"{time.perf_counter() - started:.0f} s")
    for match in matches:
        strong, weak = MATCHES[match]
        for players in sizes:
            won = wins[match, players]
            low, high = wilson(won, args.games)
            mine, rest = (p / args.games for p in points[match, players])
            print(f"  {players} players, {strong} vs {players - 1} {weak} (seat rotated): {strong} "
                  f"first in {won:.1f}/{args.games} = {won / args.games:.1%} (95% CI {low:.1%} .. "
                  f"{high:.1%}; chance {1 / players:.0%}); average AP {strong} {mine:.1f}, "
                  f"{weak} {rest:.1f}")
    if args.random:
        rules, table = random_speed(GAME, args.random, args.seed)
        print(f"  random play: {rules:,.0f} moves/s through the rules, {table:,.0f} through a Table")
    for bot in ("easy", "hard"):
        spent = times.get(bot)
        if spent:
            print(f"  {bot} seconds per decision: average {sum(spent) / len(spent):.4f}, worst "
                  f"{max(spent):.3f} over {len(spent)} decisions")


if __name__ == "__main__":
    main()
