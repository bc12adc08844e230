"""How long the Continue screen takes to open with many saves: the store's list, then the menu drawn.

Fills a temporary folder with N saves (a mix of every playable game, each a few dozen moves in, as
the seat presets deal them) and times, in this process, `SaveStore.list()` alone and the Continue
screen from the key press to its list drawn (Textual Pilot at 80x24). Prints the median of R runs.

    python bench/save_menu.py [--saves 500] [--runs 5]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from games.core.registry import all_games
from games.core.table import Table
from saves.store import SaveStore


def fill(folder: Path, count: int, seed: int = 1) -> None:
    """`count` saves of the playable games, each played a random number of random moves."""
    rng, store = random.Random(seed), SaveStore(folder)
    kinds = [(info, preset) for info in all_games() if info.playable for preset in info.presets]
    for _ in range(count):
        info, preset = rng.choice(kinds)
        seats = preset.build("You")
        table = Table(info.load(), seats, rng.randrange(1, 2**31), info.table_options(seats))
        for _ in range(rng.randrange(5, 60)):
            if table.outcome() is not None:
                break
            seat = rng.choice(table.to_act())
            table.dispatch(seat, rng.choice(table.legal_commands(seat)))
        store.create(table)


async def open_continue(folder: Path) -> float:
    """Seconds from pressing c on the main menu to the Continue screen's list drawn."""
    from tui.app import FabletopApp
    from tui.screens.saves import SaveMenu
    from tui.settings import Settings

    app = FabletopApp(store=SaveStore(folder), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = time.perf_counter()
        await pilot.press("c")
        while not isinstance(app.screen, SaveMenu):
            await pilot.pause(0.001)
        await pilot.pause()
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        started = time.perf_counter()
        fill(folder, args.saves)
        print(f"{args.saves} saves written in {time.perf_counter() - started:.1f} s")
        listing, screen = [], []
        for _ in range(args.runs):
            started = time.perf_counter()
            found = SaveStore(folder).list()
            listing.append(time.perf_counter() - started)
            screen.append(asyncio.run(open_continue(folder)))
        readable = sum(info.readable for info in found)
        print(f"listed {len(found)} saves ({readable} readable)")
        print(f"SaveStore.list(): median {statistics.median(listing):.3f} s "
              f"(min {min(listing):.3f}, max {max(listing):.3f})")
        print(f"Continue screen open: median {statistics.median(screen):.3f} s "
              f"(min {min(screen):.3f}, max {max(screen):.3f})")


if __name__ == "__main__":
    main()
