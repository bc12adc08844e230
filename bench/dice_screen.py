"""Dice Upon a Time on screen: how long the screen's own work takes per key (a die picked, tab to
the next legal socket), measured in the running app at 80x24 (Textual's test driver), and a whole
redraw (view, legal commands, map, panels). Painting to a terminal comes on top.

    python bench/dice_screen.py [--presses 200]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from saves.store import SaveStore
from tui.app import FabletopApp
from tui.settings import Settings


def summary(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"{name:28s} median {statistics.median(ms):6.2f} ms  p95 {ms[int(len(ms) * 0.95) - 1]:6.2f} ms"
            f"  worst {ms[-1]:6.2f} ms  ({len(ms)})")


async def run(presses: int) -> None:
    app = FabletopApp(store=SaveStore(Path(tempfile.mkdtemp())), settings=Settings(bot_pace="fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        games = app.screen.query_one("#game-list")
        games.highlighted = [games.get_option_at_index(i).id
                             for i in range(games.option_count)].index("dice-upon-a-time")
        await pilot.press("enter")
        options = app.screen.query_one("#seat-choices")
        options.highlighted = [options.get_option_at_index(i).id
                               for i in range(options.option_count)].index("hard3")
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        from games.dice_upon_a_time.view import Phase

        while True:  # answer the setup questions until it is our turn to place
            while screen.thinking is not None or 0 not in screen.table.to_act():
                await pilot.pause(0.05)
            view = screen.view
            if view.question is None and view.phase is Phase.PLACE:
                break
            await pilot.press("1")
        die = view.players[0].pool[0][0]
        picks, tabs, redraws, idle = [], [], [], []
        for _ in range(presses):
            started = time.perf_counter()
            await pilot.press("f12")  # a key nothing answers: the test driver's own cost
            idle.append(time.perf_counter() - started)
            started = time.perf_counter()
            await pilot.press(str(die + 1))
            picks.append(time.perf_counter() - started)
            started = time.perf_counter()
            await pilot.press("tab")
            tabs.append(time.perf_counter() - started)
            started = time.perf_counter()
            screen.redraw()
            redraws.append(time.perf_counter() - started)
        print(summary("key nothing answers", idle))
        print(summary("key: pick a die", picks))
        print(summary("key: tab to the next socket", tabs))
        print(summary("redraw alone", redraws))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    asyncio.run(run(parser.parse_args().presses))


if __name__ == "__main__":
    main()
