"""Questline final scoring by instructions: machine instructions a scored hand (score_hand), over the
final hands of seeded 2-seat random games, counted by valgrind's cachegrind, with a digest of the
totals so that a faster solver can be shown to score every hand the same.

    python bench/questline_hand_instructions.py [--hands 2000] [--tree ../other-checkout]

Final scoring is over half of a random Questline game's instructions (2 hands a game, ~2.6M
instructions a game of ~20 moves), so this is the figure to move for random play (issue 21). The
hands are those of selfplay's random games from seed 0 (all of 7 cards: ~37% hold "?" cards, ~65%
shortcuts); 200 of them are scored first in both runs, so that caches are warm alike, and the
difference of two runs playing the same games (the next `--hands` hands not scored again, then
scored) divided by the hands is what one costs.
Where it stood on 853be33 (2,000 hands): 705,475 instructions a hand, digest 70803c053eddf4e6 (sum
41,752). Like bench/random_play_instructions.py, the count does not move with the machine's load.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
WARM_UP = 200  # hands scored first in both runs

SCORE = """
import hashlib
import sys
sys.path.insert(0, {tree!r})
import games.questline.arrange as arrange
from games.core.registry import all_games
from games.core.selfplay import selfplay

hands, score_hand = [], arrange.score_hand

def keep(hand, epilogue=None):
    hands.append((list(hand), epilogue))
    return score_hand(hand, epilogue)

arrange.score_hand = keep  # apply.py imports it at the end of each game
game = [g for g in all_games() if g.id == "questline"][0].rules()
selfplay(game, ["random", "random"], ({warm} + {hands} + 1) // 2, 0)  # the same games in both runs
arrange.score_hand = score_hand
for hand, epilogue in hands[:{warm}]:
    score_hand(hand, epilogue)
counted = hands[{warm}:{warm} + {hands}] if {score} else []
totals = [score_hand(hand, epilogue) for hand, epilogue in counted]
if counted:
    print("hands", len(totals), "sum", sum(totals), "digest",
          hashlib.sha256(repr(totals).encode()).hexdigest()[:16])
"""


def counted(tree: Path, hands: int, score: bool) -> tuple[int, str]:
    """(instructions, what the script printed) of one run under cachegrind: the same games played,
    their hands scored or not."""
    code = SCORE.format(tree=str(tree), warm=WARM_UP, hands=hands, score=score)
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, "-c", code],
                         capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if refs is None:
        raise SystemExit(f"cachegrind printed no totals:\n{run.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), run.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands counted (default 2000)")
    parser.add_argument("--tree", type=Path, default=HERE, help="the checkout whose solver scores "
                        "(default: this one)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    tree = args.tree.resolve()
    base, _ = counted(tree, args.hands, False)
    full, printed = counted(tree, args.hands, True)
    print(f"questline final scoring in {tree}: {printed}")
    print(f"  instructions a scored hand  {(full - base) / args.hands:12,.0f}")


if __name__ == "__main__":
    main()
