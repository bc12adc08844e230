"""Where random play's time goes, game by game, beside OpenSpiel's block dominoes (the issue-21
yardstick of bench/random_play.py): what a move would cost if choosing it were free.

For each game, seeded random games are played through `fabletop selfplay`'s engine and their logs
kept; then, rounds interleaved with dominoes so load falls on all alike:
  whole      the random games themselves (moves per second, as bench/random_play.py measures them)
  rules      the same games replayed through the game's setup and apply only: no listing, no bot,
             no table (the ceiling random play could reach with a free choice of move)
  setup      of `rules`, the share spent setting games up
  last move  of `rules`, the share spent applying each game's last move (where a game that scores
             at the end does it: Questline's best arrangement of every hand)
A game whose `rules` ratio is near or below 1 cannot reach 1x by a faster listing alone.

    python bench/random_play_parts.py [--games 300] [--seconds 1.5] [--rounds 3]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's games, not an installed one
sys.path.insert(0, str(Path(__file__).resolve().parent))
from random_play import SEATS, dominoes_rate, game_rate  # noqa: E402

from games.core.registry import all_games  # noqa: E402
from games.core.selfplay import SelfplayResult, play_one  # noqa: E402


def logged_games(game, seats: int, count: int, seed: int) -> list[tuple[int, dict, list]]:
    """`count` seeded random games: each as (seed, options, [(seat, command), ...])."""
    result = SelfplayResult(game.id, ["random"] * seats, wins=[0.0] * seats, bot_seconds=[0.0] * seats)
    out = []
    for n in range(count):
        table = play_one(game, ["random"] * seats, seed + n, result)
        out.append((table.seed, dict(table.options), list(table.log)))
    return out


def replay_times(game, seats: int, games: list[tuple[int, dict, list]]) -> tuple[float, float, float]:
    """Seconds spent replaying these games: in all, in setup, in each game's last move."""
    clock, setup, apply = time.perf_counter, game.setup, game.apply
    setting = last = 0.0
    started = clock()
    for seed, options, log in games:
        t0 = clock()
        state, _ = setup(seed, seats, options)
        setting += clock() - t0
        for seat, command in log[:-1]:
            apply(state, seat, command)
        if log:
            t0 = clock()
            apply(state, *log[-1])
            last += clock() - t0
    return clock() - started, setting, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games replayed per game (default 300)")
    parser.add_argument("--seconds", type=float, default=1.5, help="per game per round (default 1.5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, interleaved (default 3)")
    args = parser.parse_args()
    infos = [g for g in all_games() if g.playable and g.id in SEATS]
    rules = {info.id: info.rules() for info in infos}
    logs = {info.id: logged_games(rules[info.id], SEATS[info.id], args.games, 0) for info in infos}
    best: dict[str, float] = {}
    replay: dict[str, tuple[float, float, float]] = {}
    for r in range(args.rounds):
        rate = dominoes_rate(args.seconds, r)
        if rate is not None:
            best["dominoes"] = max(best.get("dominoes", 0.0), rate)
        for info in infos:
            game, seats = rules[info.id], SEATS[info.id]
            best[info.id] = max(best.get(info.id, 0.0), game_rate(game, seats, args.seconds, 1000 * r))
            times = replay_times(game, seats, logs[info.id])
            if info.id not in replay or times[0] < replay[info.id][0]:
                replay[info.id] = times
    yardstick = best.get("dominoes")
    print(f"random play and its rules alone, best of {args.rounds} rounds (moves/s; x: ratio to dominoes):")
    print(f"  OpenSpiel python_block_dominoes {yardstick:,.0f}" if yardstick else
          "  OpenSpiel python_block_dominoes: not installed (pip install -e '.[bench]')")
    print(f"  {'game':28s} {'whole':>15s} {'rules':>15s} {'setup':>6s} {'last move':>9s}")
    for info in infos:
        moves = sum(len(log) for _, _, log in logs[info.id])
        spent, setting, last = replay[info.id]
        whole, alone = best[info.id], moves / spent

        def rate(value: float) -> str:
            return f"{value:9,.0f}" + (f" {value / yardstick:4.2f}x" if yardstick else "")
        print(f"  {info.title + f' ({SEATS[info.id]})':28s} {rate(whole)} {rate(alone)} "
              f"{setting / spent:6.0%} {last / spent:9.0%}")


if __name__ == "__main__":
    main()
