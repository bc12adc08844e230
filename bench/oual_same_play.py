"""Whether a checkout plays Once Upon a Line exactly as another: a digest of seeded random games
through `selfplay`'s engine (every (seat, command), every event each command caused, the outcome and
the save snapshot): `--games` of the first chapter as `selfplay` plays them, then `--each` of every
shipped chapter. Run it on two checkouts; equal digests, same games.

    python bench/oual_same_play.py [--games 400] [--each 20] [--tree CHECKOUT]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def digest(games: int, each: int, seed: int) -> tuple[str, int]:
    from games.core.runtime import Runtime
    from games.core.seats import Seat, SeatKind
    from games.core.selfplay import MOVE_LIMIT, SelfplayResult, play_one
    from games.core.table import Table
    from games.once_upon_a_line.content import chapter_files
    from same_play import recording

    game, played = recording("once-upon-a-line")
    result = SelfplayResult(game.id, ["random"], wins=[0.0], bot_seconds=[0.0])
    for n in range(games):
        table = play_one(game, ["random"], seed + n, result)
        played.update(f"{table.outcome()!r} {game.snapshot(table.state)!r}\n".encode())
    moves = result.moves
    for chapter in (path.stem for path in chapter_files()):
        for n in range(each):
            table = Table(game, (Seat("random 1", SeatKind.BOT, "random"),), seed + n, {"chapter": chapter})
            Runtime(table).run(MOVE_LIMIT)
            moves += len(table.log)
            played.update(f"{chapter} {table.outcome()!r} {game.snapshot(table.state)!r}\n".encode())
    return played.hexdigest(), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--each", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve()))
    found, moves = digest(args.games, args.each, args.seed)
    print(f"{args.games} games and {args.each} of each chapter from seed {args.seed}, {moves} moves "
          f"in {args.tree}: {found}")


if __name__ == "__main__":
    main()
