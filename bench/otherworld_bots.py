"""Otherworld bot strength and speed.

Prints (1) the hard bot's share of first places over seeded games against easy bots (3 and 4
players, its seat rotated), with a 95% Wilson interval against chance and twice chance; a shared
first place counts 1/n; (2) the solo hard bot's average margin over Balor at each difficulty
(0-4 struck cards), the same games replayed from the end of round 5; (3) random-play moves per
second through the rules alone and through a Table; (4) seconds per decision, average and worst.
A script, not a test: `python bench/otherworld_bots.py` (1 worker by default: the machine is shared).
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import time

from games.otherworld import GAME
from games.otherworld.bots import BOTS
from games.otherworld.commands import ChooseDifficulty
from games.otherworld.state import Phase

from common import TIMES, merge_times, play_game, random_speed, time_bots, wilson


def _init_worker() -> None:
    time_bots(BOTS, ("easy", "hard"))


def play_table(job: tuple[int, int, int]) -> tuple[int, float, dict]:
    players, seed, n = job
    TIMES.clear()
    names = ["easy"] * players
    hard = n % players
    names[hard] = "hard"
    winners = play_game(GAME, names, seed + n).outcome().winners
    return players, (1 / len(winners) if hard in winners else 0.0), dict(TIMES)


def play_solo(job: tuple[int, int]) -> tuple[list[int], dict]:
    """Margins (you minus Balor) at difficulty 0..4 for one solo game of the hard bot."""
    seed, n = job
    TIMES.clear()
    bot = BOTS["hard"](seed + n)
    state, _ = GAME.setup(seed + n, 1, {})
    while state.phase is not Phase.DIFFICULTY:
        GAME.apply(state, 0, bot.choose(GAME.view(state, 0), GAME.legal_commands(state, 0), 0))
    margins = []
    for strikes in range(5):
        end = state.copy()
        GAME.apply(end, 0, ChooseDifficulty(strikes))
        while end.phase is Phase.STRIKE:
            GAME.apply(end, 0, bot.choose(GAME.view(end, 0), GAME.legal_commands(end, 0), 0))
        margins.append(end.scores[0] - end.scores[1])
    return margins, dict(TIMES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per table size (default 400)")
    parser.add_argument("--players", default="3,4", help="table sizes (default 3,4)")
    parser.add_argument("--solo", type=int, default=200, help="solo games (default 200)")
    parser.add_argument("--random", type=int, default=60, help="random games for speed (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(p) for p in args.players.split(",") if p]
    started = time.perf_counter()
    wins: dict[int, float] = collections.defaultdict(float)
    margins: list[list[int]] = []
    times: dict[str, list[float]] = collections.defaultdict(list)
    with multiprocessing.Pool(args.workers, initializer=_init_worker) as pool:
        jobs = [(p, args.seed, n) for p in sizes for n in range(args.games)]
        for players, won, spent in pool.imap_unordered(play_table, jobs, chunksize=4):
            wins[players] += won
            merge_times(times, spent)
        for found, spent in pool.imap_unordered(play_solo, [(args.seed, n)
                                                             for n in range(args.solo)]):
            margins.append(found)
            merge_times(times, spent)
    print(f"Otherworld bots: seeds from {args.seed}, {args.workers} worker(s), "
          f"{time.perf_counter() - started:.0f} s")
    for players in sizes:
        share = wins[players] / args.games
        low, high = wilson(wins[players], args.games)
        chance = 1 / players
        print(f"  {players} players, hard vs {players - 1} easy (seat rotated): hard first in "
              f"{wins[players]:.1f}/{args.games} = {share:.1%} (95% CI {low:.1%} .. {high:.1%}); "
              f"chance {chance:.0%}, twice chance {2 * chance:.0%}: "
              f"{'at or above' if share >= 2 * chance else 'below'} twice chance"
              f"{' (even the interval is above)' if low > 2 * chance else ''}")
    if margins:
        for strikes in range(5):
            col = [m[strikes] for m in margins]
            won = sum(m >= 0 for m in col) / len(col)
            print(f"  solo hard vs Balor, {strikes} struck: average margin {sum(col) / len(col):+.1f}"
                  f" (min {min(col):+d}, max {max(col):+d}), wins {won:.0%} of {len(col)}")
    if args.random:
        rules, table = random_speed(GAME, args.random, args.seed)
        print(f"  random play: {rules:,.0f} moves/s through the rules, "
              f"{table:,.0f} through a Table")
    for bot in ("easy", "hard"):
        spent = times.get(bot)
        if spent:
            print(f"  {bot} seconds per decision: average {sum(spent) / len(spent):.4f}, worst "
                  f"{max(spent):.3f} over {len(spent)} decisions")


if __name__ == "__main__":
    main()
