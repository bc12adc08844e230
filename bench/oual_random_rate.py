"""Once Upon a Line random play in two checkouts side by side: rounds alternate a child process per
checkout, each timing OpenSpiel's block dominoes (the issue-21 yardstick) and then Once Upon a Line
through `selfplay`'s engine, so load falls on both alike; prints each checkout's best round.

    python bench/oual_random_rate.py OLD_CHECKOUT NEW_CHECKOUT [--seconds 1.5] [--rounds 3]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

CHILD = """
import sys
sys.path.insert(0, {tree!r})
sys.path.insert(1, {tree!r} + "/bench")  # its own random_play, which puts its own tree first
from random_play import dominoes_rate, game_rate
from games.core.registry import all_games
assert all_games.__module__ and __import__("games").__file__.startswith({tree!r})
game = [g for g in all_games() if g.id == "once-upon-a-line"][0].rules()
game_rate(game, 1, 0.3, 9000)  # warm up
print(dominoes_rate({seconds}, {round}) or 0.0, game_rate(game, 1, {seconds}, 1000 * {round}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    best: dict[str, tuple[float, float]] = {}
    for r in range(args.rounds):
        for tree in args.trees:
            code = CHILD.format(tree=str(Path(tree).resolve()), seconds=args.seconds, round=r)
            dominoes, rate = map(float, subprocess.run([sys.executable, "-c", code], check=True,
                                                       capture_output=True, text=True).stdout.split())
            if tree not in best or rate > best[tree][1]:
                best[tree] = (dominoes, rate)
    for tree, (dominoes, rate) in best.items():
        ratio = f"{rate / dominoes:.2f}x dominoes ({dominoes:,.0f})" if dominoes else "no dominoes"
        print(f"{tree}: {rate:,.0f} moves/s, {ratio}")


if __name__ == "__main__":
    main()
