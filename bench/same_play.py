"""What the same-play digests share (bench/questline_same_play.py, oual_same_play.py, dice_same_play.py): a
game whose apply records every (seat, command) and the events it caused into a sha256, and seeded games of
given bots played through `selfplay`'s engine, each adding its bots, outcome and save snapshot. Two
checkouts printing the same digest played the same games: rules, deals, bots' draws and scores alike.
Import it after putting the checkout to measure first on sys.path (each script's --tree)."""
from __future__ import annotations

import hashlib
from typing import Any, Sequence


def recording(game_id: str) -> tuple[Any, Any]:
    """The game's rules, their apply recording into the returned sha256."""
    from games.core.registry import all_games

    game = [g for g in all_games() if g.id == game_id][0].rules()
    played = hashlib.sha256()
    original = game.apply

    def apply(state, seat, command):
        events = original(state, seat, command)
        played.update(f"{seat} {command!r} -> {events!r}\n".encode())
        return events

    game.apply = apply  # the table calls it through the instance
    return game, played


def play_plans(game: Any, played: Any, plans: Sequence[Sequence[str]], seed: int) -> int:
    """Game n of `plans` (its bots, by seat) from seed + n, each game's bots, outcome and snapshot added to
    `played`; the moves played."""
    from games.core.selfplay import SelfplayResult, play_one

    moves = 0
    for n, bots in enumerate(plans):
        result = SelfplayResult(game.id, list(bots), wins=[0.0] * len(bots), bot_seconds=[0.0] * len(bots))
        table = play_one(game, bots, seed + n, result)
        moves += result.moves
        played.update(f"{bots} {table.outcome()!r} {game.snapshot(table.state)!r}\n".encode())
    return moves
