"""Whether a checkout plays Dice Upon a Time exactly as another: a digest of seeded games through
`selfplay`'s engine (every (seat, command), every event each command caused, the outcome and the
save snapshot): `--random` 4-seat random games, `--mixed` 3-seat games of random and easy bots, and
`--hard` 2-seat games with the hard bot in one seat. Run it on two checkouts; equal digests, same
games (rules, rolls, bots' draws and final scores alike).

    python bench/dice_same_play.py [--random 200] [--mixed 40] [--hard 10] [--tree CHECKOUT]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def digest(random: int, mixed: int, hard: int, seed: int) -> tuple[str, int]:
    from same_play import play_plans, recording

    game, played = recording("dice-upon-a-time")
    plans = ([["random"] * 4] * random + [["random", "easy", "random"]] * mixed
             + [["hard", "random"] if n % 2 == 0 else ["random", "hard"] for n in range(hard)])
    moves = play_plans(game, played, plans, seed)
    return played.hexdigest(), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=200)
    parser.add_argument("--mixed", type=int, default=40)
    parser.add_argument("--hard", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve()))
    found, moves = digest(args.random, args.mixed, args.hard, args.seed)
    print(f"{args.random} 4-seat random, {args.mixed} 3-seat random/easy, {args.hard} with the hard "
          f"bot from seed {args.seed}, {moves} moves in {args.tree}: {found}")


if __name__ == "__main__":
    main()
