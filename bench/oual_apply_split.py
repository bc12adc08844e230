"""How much of a Once Upon a Line random move is applying its command, by kind of command: 200
seeded random games through `selfplay`'s engine with `apply` timed (best of 3 rounds). Timings
move with load: compare checkouts one after the other in the same minute, or use
bench/random_play_instructions.py.

    python bench/oual_apply_split.py [CHECKOUT]
"""
from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

TREE = str(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]).resolve())
sys.path.insert(0, TREE)
from games.core.registry import all_games  # noqa: E402
from games.core.selfplay import selfplay  # noqa: E402


def main() -> None:
    game = [g for g in all_games() if g.id == "once-upon-a-line"][0].rules()
    original, clock = game.apply, time.perf_counter
    spent: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)

    def apply(state, seat, command):
        started = clock()
        events = original(state, seat, command)
        spent[type(command).__name__] += clock() - started
        count[type(command).__name__] += 1
        return events

    selfplay(game, ["random"], 30, 5000)  # warm up
    game.apply = apply  # the table calls it through the instance
    best = None
    for _ in range(3):
        spent.clear()
        count.clear()
        started = clock()
        moves = selfplay(game, ["random"], 200, 0).moves
        whole = clock() - started
        if best is None or whole < best[0]:
            best = (whole, dict(spent), dict(count), moves)
    whole, spent, count, moves = best
    applying = sum(spent.values()) / moves * 1e6
    print(f"{TREE}: a move {whole / moves * 1e6:.1f} us, applying it {applying:.2f} us")
    for kind in sorted(spent, key=lambda k: -spent[k]):
        print(f"  {kind:13s} {count[kind]:6d} x {spent[kind] / count[kind] * 1e6:6.2f} us")


if __name__ == "__main__":
    main()
