"""Whether a checkout plays Once Upon a Line exactly as another: a digest of seeded random games
through `selfplay`'s engine (every (seat, command), every event each command caused, the outcome and
the save snapshot). Run it on two checkouts; equal digests, same games.

    python bench/oapply_same.py [--games 400] [--tree CHECKOUT]
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path


def digest(games: int, seed: int) -> tuple[str, int]:
    from games.core.registry import all_games
    from games.core.selfplay import SelfplayResult, play_one

    game = [g for g in all_games() if g.id == "once-upon-a-line"][0].rules()
    played = hashlib.sha256()
    original = game.apply

    def apply(state, seat, command):
        events = original(state, seat, command)
        played.update(f"{seat} {command!r} -> {events!r}\n".encode())
        return events

    game.apply = apply  # the table calls it through the instance
    result = SelfplayResult(game.id, ["random"], wins=[0.0], bot_seconds=[0.0])
    for n in range(games):
        table = play_one(game, ["random"], seed + n, result)
        played.update(f"{table.outcome()!r} {game.snapshot(table.state)!r}\n".encode())
    return played.hexdigest(), result.moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve()))
    found, moves = digest(args.games, args.seed)
    print(f"{args.games} games from seed {args.seed}, {moves} moves in {args.tree}: {found}")


if __name__ == "__main__":
    main()
