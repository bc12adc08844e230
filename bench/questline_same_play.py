"""Whether a checkout plays Questline exactly as another: a digest of seeded games through
`selfplay`'s engine (every (seat, command), every event each command caused, the outcome and the
save snapshot): `--two` 2-seat random games, `--four` 4-seat games of random and easy bots, and
`--hard` 2-seat games with the hard bot in one seat. Run it on two checkouts; equal digests, same
games (rules, deals, bots' draws and final scores alike).

    python bench/questline_same_play.py [--two 300] [--four 100] [--hard 40] [--tree CHECKOUT]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def digest(two: int, four: int, hard: int, seed: int) -> tuple[str, int]:
    from same_play import play_plans, recording

    game, played = recording("questline")
    plans = ([["random", "random"]] * two + [["random", "easy", "random", "easy"]] * four
             + [["hard", "random"] if n % 2 == 0 else ["random", "hard"] for n in range(hard)])
    moves = play_plans(game, played, plans, seed)
    return played.hexdigest(), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--two", type=int, default=300)
    parser.add_argument("--four", type=int, default=100)
    parser.add_argument("--hard", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve()))
    found, moves = digest(args.two, args.four, args.hard, args.seed)
    print(f"{args.two} 2-seat random, {args.four} 4-seat random/easy, {args.hard} with the hard bot "
          f"from seed {args.seed}, {moves} moves in {args.tree}: {found}")


if __name__ == "__main__":
    main()
