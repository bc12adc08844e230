"""Random play by instructions: machine instructions and simulated branch mispredicts per move of
seeded random games of one game, counted by valgrind's cachegrind. Unlike moves per second
(bench/random_play.py), the counts do not move with the machine's load, so a change to the rules
or the listing can be told from noise by a single run of each tree.

    apt-get install valgrind
    python bench/random_play_instructions.py questline [--games 300] [--tree ../other-checkout]
    python bench/random_play_instructions.py dominoes    # the yardstick (needs open_spiel)

Two runs under cachegrind, one playing only the warm-up games and one playing them and then
`--games` seeded games (seeds from 0): the difference, divided by the moves of those games, is
what a move costs once imports and caches are warm. It takes from seconds to a minute (cachegrind
runs Python some 50 times slower). Our games count the same from run to run (to a few instructions a
move); dominoes does not: its play follows set and dict orders, which change with each process (five
runs of 150 games: 175,788 to 200,191 a move), so take its lowest of a few runs. A full garbage
collection falling among the counted games or not moves a move's count by some 5,000 (Once Upon a
Line, 150 games): to tell two trees apart by a few thousand, count 400 games or add --no-gc.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
WARM_UP = 30  # games played first in both runs (seeds 5000 on), so that caches are filled alike
SEATS = {"once-upon-a-line": 1, "fluttering-souls": 2, "dice-upon-a-time": 4, "questline": 2,
         "otherworld": 2}

PLAY = """
import sys
sys.path.insert(0, {tree!r})
from games.core.registry import all_games
from games.core.selfplay import selfplay
game = [g for g in all_games() if g.id == {game!r}][0].rules()
selfplay(game, ["random"] * {seats}, {warm}, 5000)
{collector}
if {games}:
    print("moves", selfplay(game, ["random"] * {seats}, {games}, 0).moves)
"""
DOMINOES = """
import random
import sys
sys.path.insert(0, {bench!r})
import pyspiel
import open_spiel.python.games.block_dominoes  # noqa: F401 (registers the game)
from random_play import dominoes_game
game, rng, moves = pyspiel.load_game("python_block_dominoes"), random.Random(0), 0
for n in range({warm}):
    dominoes_game(game, rng)
{collector}
for n in range({games}):
    moves += dominoes_game(game, rng)
if {games}:
    print("moves", moves)
"""


def counted(tree: Path, game: str, games: int, collector: bool = True) -> tuple[int, int, int]:
    """(instructions, mispredicts, moves) of one run under cachegrind."""
    off = "" if collector else "import gc; gc.disable()"
    if game == "dominoes":
        code = DOMINOES.format(bench=str(HERE / "bench"), warm=WARM_UP, games=games, collector=off)
    else:
        code = PLAY.format(tree=str(tree), game=game, seats=SEATS[game], warm=WARM_UP, games=games,
                           collector=off)
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--branch-sim=yes",
                          "--cachegrind-out-file=/dev/null", sys.executable, "-c", code],
                         capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    missed = re.search(r"Mispredicts:\s+([\d,]+)", run.stderr)
    moves = re.search(r"moves (\d+)", run.stdout)
    if refs is None or missed is None:
        raise SystemExit(f"cachegrind printed no totals:\n{run.stderr[-2000:]}")
    return (int(refs.group(1).replace(",", "")), int(missed.group(1).replace(",", "")),
            int(moves.group(1)) if moves else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SEATS) + ["dominoes"],
                        help="the game's id, or dominoes: OpenSpiel's python_block_dominoes at random")
    parser.add_argument("--games", type=int, default=150, help="seeded games counted (default 150)")
    parser.add_argument("--tree", type=Path, default=HERE, help="the checkout whose games are played "
                        "(default: this one)")
    parser.add_argument("--no-gc", action="store_true", help="the garbage collector off in the counted "
                        "games: to tell two trees apart by a few thousand instructions a move")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    base = counted(args.tree.resolve(), args.game, 0, not args.no_gc)
    full = counted(args.tree.resolve(), args.game, args.games, not args.no_gc)
    moves = full[2]
    print(f"{args.game}, {args.games} seeded random games ({moves:,} moves) in {args.tree.resolve()}:")
    print(f"  instructions per move  {(full[0] - base[0]) / moves:12,.0f}")
    print(f"  mispredicts per move   {(full[1] - base[1]) / moves:12,.0f}")
    print(f"  instructions per game  {(full[0] - base[0]) / args.games:12,.0f}")


if __name__ == "__main__":
    main()
