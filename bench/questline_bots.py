"""Questline bot strength and speed: hard against three easy bots, and both bots in solo.

Prints (1) the hard bot's win share over seeded 4-player games against three easy bots, its seat
rotated across games, with a 95% Wilson interval against the 25% chance level; (2) the solo average
score and rank distribution of the hard bot and of the easy bot on the same seeds; (3) seconds per
decision (average and worst) per bot. A script, not a test: `python bench/questline_bots.py`.
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import time

from games.questline import GAME
from games.questline.bots import BOTS
from games.questline.solo import rank

from common import TIMES, merge_times, play_game, time_bots, wilson


def _init_worker() -> None:
    time_bots(BOTS, ("easy", "hard"))


def play(job: tuple[str, int, int]) -> tuple[str, int, int, dict]:
    """One seeded game. 'table': hard in seat n % 4 against easy; 'solo-<bot>': one solo game.
    Returns the job kind, the hard seat's win (table) or the score (solo), and the timings."""
    kind, seed, n = job
    TIMES.clear()
    if kind == "table":
        names = ["easy"] * 4
        names[n % 4] = "hard"
    else:
        names = [kind.removeprefix("solo-")]
    outcome = play_game(GAME, names, seed + n).outcome()
    value = int(outcome.winners == (n % 4,)) if kind == "table" else outcome.scores[0]
    return kind, value, n, dict(TIMES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400,
                        help="4-player games, hard against three easy (default 400)")
    parser.add_argument("--solo", type=int, default=400, help="solo games per bot (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    jobs = [("table", args.seed, n) for n in range(args.games)]
    jobs += [(f"solo-{bot}", args.seed, n) for bot in ("hard", "easy") for n in range(args.solo)]
    wins = 0
    solo: dict[str, list[int]] = collections.defaultdict(list)
    times: dict[str, list[float]] = collections.defaultdict(list)
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers, initializer=_init_worker) as pool:
        for kind, value, _, spent in pool.imap_unordered(play, jobs, chunksize=1):
            if kind == "table":
                wins += value
            else:
                solo[kind.removeprefix("solo-")].append(value)
            merge_times(times, spent)
    elapsed = time.perf_counter() - started
    print(f"Questline bots: seeds {args.seed}..{args.seed + max(args.games, args.solo) - 1}, "
          f"{args.workers} workers, {elapsed:.0f} s")
    if args.games:
        low, high = wilson(wins, args.games)
        verdict = "above" if low > 0.25 else "not clearly above"
        print(f"  4 players, hard vs 3 easy (hard's seat rotated): hard won {wins}/{args.games} = "
              f"{wins / args.games:.1%} (95% CI {low:.1%} .. {high:.1%}; chance 25%, {verdict} "
              f"chance; twice chance = 50%)")
    for bot in ("hard", "easy"):
        scores = solo.get(bot)
        if not scores:
            continue
        ranks = collections.Counter(rank(s) for s in scores)
        shown = ", ".join(f"{name} {count / len(scores):.0%}" for name, count in ranks.most_common())
        print(f"  solo {bot}: average {sum(scores) / len(scores):.2f} stars over {len(scores)} "
              f"games (min {min(scores)}, max {max(scores)}); ranks: {shown}")
    for bot in ("hard", "easy"):
        spent = times.get(bot)
        if spent:
            print(f"  {bot} seconds per decision (real choices, all games): average "
                  f"{sum(spent) / len(spent):.3f}, worst {max(spent):.3f} over {len(spent)} decisions")


if __name__ == "__main__":
    main()
