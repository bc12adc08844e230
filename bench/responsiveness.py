"""Key-press latency while the hard bot thinks in its worker, against the same presses when idle.

Runs the app headless (Textual's test driver, 80x24), starts a game against the hard bot and times
key presses that the screen must answer (a refused collect redraws the status line).

    python bench/responsiveness.py [--presses 20]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual import events

from saves.store import SaveStore
from tui.app import FabletopApp
from tui.settings import Settings


async def timed_presses(pilot, key: str, n: int) -> list[float]:
    """Post the key and wait until the screen has handled it (its problem line is set)."""
    screen, times = pilot.app.screen, []
    for _ in range(n):
        screen.problem = ""
        started = time.perf_counter()
        screen.post_message(events.Key(key, key))
        while not screen.problem:
            await asyncio.sleep(0.0005)
        times.append(time.perf_counter() - started)
        await asyncio.sleep(0.01)
    return times


async def run(presses: int) -> None:
    app = FabletopApp(store=SaveStore(Path(tempfile.mkdtemp())), settings=Settings(bot_pace="fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        games = app.screen.query_one("#game-list")  # the list's order changes as games are added
        games.highlighted = [games.get_option_at_index(i).id
                             for i in range(games.option_count)].index("fluttering-souls")
        await pilot.press("enter", "down", "enter")  # the hard bot
        await pilot.pause()
        screen = app.screen
        while screen.thinking is not None or screen.table.to_act() != (0,):
            await pilot.pause(0.05)
        view = screen.table.view(0)
        covered = next(i for i, is_open in enumerate(view.open) if not is_open and
                       view.cards[i] != -1)
        key = chr(ord("a") + covered)  # collecting a covered card: refused, status redrawn
        idle = await timed_presses(pilot, key, presses)
        screen.post_message(events.Key(chr(ord("a") + view.open_slots[0]),
                                       chr(ord("a") + view.open_slots[0])))
        await asyncio.sleep(0.05)
        if screen.table.view(0).phase.value == "eggfly":
            screen.post_message(events.Key("n", "n"))
            await asyncio.sleep(0.05)
        busy = []
        while screen.thinking is not None and len(busy) < presses:
            busy += await timed_presses(pilot, key, 1)  # refused: not your turn
    for name, sample in (("idle", idle), ("while the hard bot thinks", busy)):
        if not sample:
            print(f"{name}: no presses landed (the bot answered first)")
            continue
        ordered = sorted(sample)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"{name}: {len(sample)} presses, median {1000 * statistics.median(sample):.1f} ms, "
              f"p95 {1000 * p95:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=20)
    asyncio.run(run(parser.parse_args().presses))


if __name__ == "__main__":
    main()
