"""Questline best-arrangement speed: solves per second, mean and worst ms on random 7-card hands.

Hands are dealt like the game's (2 class + 5 adventure cards from the real decks) when the card files
check clean, else built from random cards (tests/games/questline/samples.py). The baseline in the same run is
`evaluate` on one fixed arrangement per hand: the cost of scoring a questline once.
Run `python bench/questline_solver.py --hands 500`.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from games.questline.arrange import best_arrangement
from games.questline.cards import Kind
from games.questline.scoring import Placement, evaluate

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the samples live with the tests
from tests.games.questline.samples import random_epilogue, random_hand  # noqa: E402


def real_deal(rng: random.Random):
    """A dealer from the real decks, or None when the card files are missing or broken."""
    from games.questline.content import load_all
    decks, problems = load_all()
    if problems:
        return None
    return lambda: (rng.sample(decks[Kind.CLASS], 2) + rng.sample(decks[Kind.ADVENTURE], 5),
                    rng.choice(decks[Kind.EPILOGUE]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-cards", action="store_true", help="ignore the real decks")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deal = None if args.random_cards else real_deal(rng)
    source = "real decks" if deal else "random cards"
    deal = deal or (lambda: (random_hand(rng, 7), random_epilogue(rng)))
    hands = [deal() for _ in range(args.hands)]
    times, wild = [], []
    for hand, epilogue in hands:
        started = time.perf_counter()
        best_arrangement(hand, epilogue)
        times.append(time.perf_counter() - started)
        wild.append(sum(c.wild for c in hand))
    started = time.perf_counter()
    for hand, epilogue in hands:
        evaluate([Placement(c, 2 if c.wild else None) for c in hand], epilogue)
    once = (time.perf_counter() - started) / len(hands)
    print(f"{len(hands)} hands of 7 from {source}, seed {args.seed}")
    mean = 1000 * statistics.mean(times)
    print(f"best_arrangement: {len(times) / sum(times):.0f} solves/s, mean {mean:.2f} ms,"
          f" median {1000 * statistics.median(times):.2f} ms, max {1000 * max(times):.1f} ms")
    for n in sorted(set(wild)):
        group = [t for t, w in zip(times, wild) if w == n]
        print(f"  {n} '?' cards: {len(group)} hands, mean {1000 * statistics.mean(group):.2f} ms,"
              f" max {1000 * max(group):.1f} ms")
    print(f"baseline evaluate of one arrangement: {1000 * once:.3f} ms;"
          f" a solve costs {statistics.mean(times) / once:.0f} evaluations")


if __name__ == "__main__":
    main()
