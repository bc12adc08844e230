"""Random play, every game side by side in one run: moves per second through `fabletop selfplay`'s
engine (random bots, seeded), against OpenSpiel's pure-Python block dominoes played at random
(the issue-21 yardstick), rounds interleaved so load falls on all alike.

    pip install -e '.[bench]'          # open_spiel, for the yardstick (optional)
    python bench/random_play.py [--seconds 3] [--rounds 3]

Prints each game's best round in moves per second and its ratio to dominoes (1.00 = as fast).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's games, not an installed one
from games.core.registry import all_games  # noqa: E402
from games.core.selfplay import selfplay  # noqa: E402

SEATS = {"once-upon-a-line": 1, "fluttering-souls": 2, "dice-upon-a-time": 4, "questline": 2,
         "otherworld": 2}


def game_rate(game, seats: int, seconds: float, seed: int) -> float:
    """Moves per second of random bots over whole games, for about `seconds`."""
    moves, spent, n = 0, 0.0, 0
    while spent < seconds:
        result = selfplay(game, ["random"] * seats, 1, seed + n)
        moves, spent, n = moves + result.moves, spent + result.seconds, n + 1
    return moves / spent


def dominoes_rate(seconds: float, seed: int) -> float | None:
    """OpenSpiel's python_block_dominoes, uniformly random legal actions (None: not installed)."""
    try:
        import pyspiel
        import open_spiel.python.games.block_dominoes  # noqa: F401 (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng, moves, started = random.Random(seed), 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        moves += dominoes_game(game, rng)
    return moves / (time.perf_counter() - started)


def dominoes_game(game, rng: random.Random) -> int:
    """One game of dominoes (pyspiel's), chance and players alike at random; its moves."""
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game per round (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, interleaved (default 3)")
    args = parser.parse_args()
    games = [g for g in all_games() if g.playable and g.id in SEATS]
    best: dict[str, float] = {}
    for r in range(args.rounds):
        rate = dominoes_rate(args.seconds, r)
        if rate is not None:
            best["dominoes"] = max(best.get("dominoes", 0.0), rate)
        for info in games:
            game = info.rules()
            best[info.id] = max(best.get(info.id, 0.0), game_rate(game, SEATS[info.id], args.seconds,
                                                                  1000 * r))
    yardstick = best.get("dominoes")
    print(f"random play, best of {args.rounds} rounds of {args.seconds:g} s each (moves/s):")
    if yardstick is None:
        print("  OpenSpiel python_block_dominoes: not installed (pip install -e '.[bench]')")
    else:
        print(f"  {'OpenSpiel python_block_dominoes':34s} {yardstick:9,.0f}")
    for info in games:
        ratio = f"  {best[info.id] / yardstick:5.2f}x" if yardstick else ""
        print(f"  {info.title + f' ({SEATS[info.id]} seats)':34s} {best[info.id]:9,.0f}{ratio}")


if __name__ == "__main__":
    main()
