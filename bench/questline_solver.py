"""Questline best-arrangement speed: the solver before issue 21 against today's, on the same hands.

For plain hands and for hands with 1 to 5 "?" cards, deals seeded 7-card hands from the real decks
(2 class cards, then that many of the 6 "?" adventures and other adventures to make 5; with
--random-cards, random cards from tests/games/questline/samples.py), solves each hand with both solvers
in turn, checks they agree, and prints the median and worst time of each and the speed-ups. Each time
is the best of up to --repeat runs (fewer once a hand's runs pass a fifth of a second, so the old
solver's slowest hands run once), with the garbage collector off while timing.
The old solver lives only here (old_arrange.py); the game has one scorer.
Run `python bench/questline_solver.py --hands 50` (about a minute; most of it is the old solver).
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's games, and the test samples
import old_arrange  # noqa: E402

from games.questline.arrange import score_hand  # noqa: E402
from games.questline.cards import Kind  # noqa: E402
from tests.games.questline.samples import random_card, random_epilogue  # noqa: E402

REPEAT_BUDGET = 0.2  # seconds of repeated runs of one hand, after which its best time stands


def real_dealer():
    """Hands from the real decks with a given number of "?" cards, or None if the card files are broken."""
    from games.questline.content import load_all
    decks, problems = load_all()
    if problems:
        return None
    wild = [c for c in decks[Kind.ADVENTURE] if c.wild]
    plain = [c for c in decks[Kind.ADVENTURE] if not c.wild]
    epilogues = decks[Kind.EPILOGUE]

    def deal(rng: random.Random, n_wild: int):
        hand = rng.sample(decks[Kind.CLASS], 2) + rng.sample(wild, n_wild) + rng.sample(plain, 5 - n_wild)
        rng.shuffle(hand)
        return hand, rng.choice(epilogues)
    return deal


def random_deal(rng: random.Random, n_wild: int):
    hand = [random_card(rng, n, is_class=n < 2, wild=0.0) for n in range(7 - n_wild)]
    hand += [random_card(rng, n, wild=1.0) for n in range(7 - n_wild, 7)]
    rng.shuffle(hand)
    return hand, random_epilogue(rng)


def best_time(solve, hand, epilogue, repeat: int) -> tuple[float, int]:
    """The best time of up to `repeat` runs, and the total found."""
    best, spent = None, 0.0
    for _ in range(repeat):
        started = time.perf_counter()
        total = solve(hand, epilogue)
        took = time.perf_counter() - started
        best, spent = took if best is None else min(best, took), spent + took
        if spent > REPEAT_BUDGET:
            break
    return best, total


def ms(seconds: float) -> str:
    return f"{1000 * seconds:8.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50, help="hands per number of \"?\" cards")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--random-cards", action="store_true", help="ignore the real decks")
    parser.add_argument("--wilds", default="0,1,2,3,4,5", help='numbers of "?" cards, e.g. 0,5')
    args = parser.parse_args()
    deal = None if args.random_cards else real_dealer()
    source = "real decks" if deal else "random cards"
    deal = deal or random_deal
    print(f"{args.hands} hands of 7 per row from {source}, seed {args.seed}, best of up to {args.repeat}"
          f" runs per hand; times in ms")
    print(f"{'hands':>8} | {'old median':>10} {'new median':>10} {'speed-up':>8} |"
          f" {'old worst':>10} {'new worst':>10} {'speed-up':>8} | {'old mean':>9} {'new mean':>9}")
    gc.disable()
    try:
        for n_wild in map(int, args.wilds.split(",")):
            rng = random.Random(f"{args.seed}/{n_wild}")  # the same hands whichever rows are asked for
            hands = [deal(rng, n_wild) for _ in range(args.hands)]
            old, new = [], []
            for hand, epilogue in hands:
                old_time, old_total = best_time(old_arrange.score_hand, hand, epilogue, args.repeat)
                new_time, new_total = best_time(score_hand, hand, epilogue, args.repeat)
                if old_total != new_total:
                    raise SystemExit(f"the solvers disagree on {[c.id for c in hand]}:"
                                     f" {old_total} against {new_total}")
                old.append(old_time)
                new.append(new_time)
            label = "plain" if not n_wild else f"{n_wild} '?'"
            print(f"{label:>8} | {ms(statistics.median(old)):>10} {ms(statistics.median(new)):>10}"
                  f" {statistics.median(old) / statistics.median(new):7.1f}x |"
                  f" {ms(max(old)):>10} {ms(max(new)):>10} {max(old) / max(new):7.1f}x |"
                  f" {ms(statistics.mean(old)):>9} {ms(statistics.mean(new)):>9}")
    finally:
        gc.enable()


if __name__ == "__main__":
    main()
