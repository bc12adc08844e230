"""Where applying Once Upon a Line commands spends its calls: seeded random games are logged, then
replayed (setup and apply only) under cProfile, and the busiest functions printed.

    python bench/oual_apply_profile.py [--games 200] [--top 30] [--sort tottime]
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's games
sys.path.insert(0, str(Path(__file__).resolve().parent))
from random_play_parts import logged_games, replay_times  # noqa: E402

from games.core.registry import all_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime")
    args = parser.parse_args()
    game = [g for g in all_games() if g.id == "once-upon-a-line"][0].rules()
    games = logged_games(game, 1, args.games, 0)
    moves = sum(len(log) for _, _, log in games)
    replay_times(game, 1, games)  # warm
    profile = cProfile.Profile()
    profile.enable()
    replay_times(game, 1, games)
    profile.disable()
    print(f"{args.games} games, {moves} moves")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
