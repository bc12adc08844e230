"""How fast the hard Questline bot's discard rule grows a line, alone: a low-noise check of keep.py.

Each deal is a solitaire on seeded decks: two class cards and six adventure cards, the bot's first
discard, then `--draws` cycles of drawing the adventure deck's top card and discarding by the rule
(keep.let_go with the stand-ins the hard bot would sample: hard.blind_samples on a view of this
solitaire: nothing in sight, no takes, no race). Prints the mean line (stars of the best seven,
epilogue aside) after the first discard and after each draw. The same seeds deal the same cards
whatever the rule, so two rules compare deal by deal: `--record FILE` keeps each deal's lines,
`--against FILE` prints the mean difference after each draw with its standard error.

Why: a change to the discard rule moves the hard bot's win share by a point or two, which takes
~2,400 paired 4-player games to see (bench/questline_bots.py, ~25 minutes on 2 cores); its effect
on growth shows in a few hundred deals in a minute or two. It is a proxy, not the measure: the two
draws ahead of stop 40 grew lines by 0.24 stars after 5 draws here (300 deals: best seven alone
29.12, the one-draw credit 29.42, two draws ahead 29.66) and won +47 of 2,800 paired games.
`--set keep.MARGIN=2` overrides a constant of games/questline/bots as in questline_bots.py.

    python bench/questline_growth.py [--deals 300] [--draws 5] [--seed 1] [--rule best|keep]
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's games, not an installed copy

from games.core.rng import derive_rng  # noqa: E402
from games.questline.bots import estimate, hard, keep  # noqa: E402
from games.questline.decks import ADVENTURE_IDS, CLASS_IDS  # noqa: E402

from questline_bots import setting  # noqa: E402


class SoloView:
    """The little of a QuestView that hard.blind_samples and estimate.unseen read."""

    def __init__(self, hand: list[str], discards: list[str], classes: int, adventures: int) -> None:
        self.hand, self.discards = hand, (tuple(discards),)
        self.my_first_discard = None
        self.class_left, self.adventure_left = classes, adventures


def let_go(rule: str, hand: list[str], discards: list[str], decks: tuple[list[str], list[str]],
           rng: random.Random) -> str:
    """The card the rule lets go from an eight-card hand."""
    if rule == "best":
        return keep.let_go(hand, [], [])
    view = SoloView(hand, discards, len(decks[0]), len(decks[1]))
    return keep.let_go(hand, [], hard.blind_samples(view, rng))


def deal(seed: int, draws: int, rule: str) -> list[int]:
    """One solitaire: the line after the first discard and after each draw."""
    shuffle = random.Random(seed)
    classes, adventures = list(CLASS_IDS), list(ADVENTURE_IDS)
    shuffle.shuffle(classes)
    shuffle.shuffle(adventures)
    hand = [classes.pop(), classes.pop()] + [adventures.pop() for _ in range(6)]
    discards: list[str] = []
    lines = []
    for cycle in range(draws + 1):
        if cycle:
            hand.append(adventures.pop())
        rng = derive_rng(seed, "growth", cycle)
        out = let_go(rule, hand, discards, (classes, adventures), rng)
        hand.remove(out)
        discards.append(out)
        lines.append(estimate.score(hand))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="solitaire deals (default 300)")
    parser.add_argument("--draws", type=int, default=5, help="draws after the first discard (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--rule", default="keep", choices=("keep", "best"),
                        help="keep: the hard bot's discard (keep.let_go); best: the best seven alone")
    parser.add_argument("--set", type=setting, action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="override a constant of games/questline/bots, e.g. keep.MARGIN=2")
    parser.add_argument("--record", metavar="FILE", help="write each deal's lines as JSON")
    parser.add_argument("--against", metavar="FILE", help="compare deal by deal with a --record file")
    args = parser.parse_args()
    for module, name, value in args.set:
        setattr(importlib.import_module(f"games.questline.bots.{module}"), name, value)
    started = time.perf_counter()
    lines = {str(args.seed + n): deal(args.seed + n, args.draws, args.rule) for n in range(args.deals)}
    changed = ", ".join(f"{m}.{name}={value!r}" for m, name, value in args.set) or "as in this tree"
    print(f"Questline line growth: rule {args.rule} ({changed}), {args.deals} deals from seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s")
    after = list(zip(*lines.values()))
    print("  line after the first discard, then after each draw: "
          + " ".join(f"{sum(col) / len(col):.2f}" for col in after))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            json.dump(lines, f)
    if args.against:
        with open(args.against, encoding="utf-8") as f:
            before = json.load(f)
        common = [key for key in lines if key in before]
        print(f"  against {args.against} ({len(common)} deals in both), mean difference +- standard error:")
        print("    " + "  ".join(_difference([lines[k][i] - before[k][i] for k in common])
                                 for i in range(len(after))))


def _difference(values: list[int]) -> str:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1) / len(values))
    return f"{mean:+.2f}+-{spread:.2f}"


if __name__ == "__main__":
    main()
