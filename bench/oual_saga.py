"""The Tales of the Wend played from the Prologue to the last chapter by the content checker's
automatic player (a careful player who takes each first option), carrying the campaign between
chapters as the screens do: each chapter's score, the saga's total and the ending it earns. The
endings' thresholds in content/saga.toml are set against these figures.
Run `python bench/oual_saga.py [--seed N]`.
"""
from __future__ import annotations

import argparse
import time

from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from games.once_upon_a_line.content import load_chapter
from games.once_upon_a_line.proof import play_on
from games.once_upon_a_line.saga import ending, next_options, saga_order, sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    seed = parser.parse_args().seed
    game = find("once-upon-a-line").load()
    options = {"chapter": saga_order()[0]}
    while options is not None:
        started = time.perf_counter()
        table = Table(game, (Seat("Ada"),), seed, options)
        route = play_on(table.state)
        for command in route.commands:
            assert table.dispatch(0, command), (options["chapter"], command)
        state = table.state
        score = sheet(state)[-1]["score"]
        print(f"{state.chapter.id:12} {route.ending:9} score {score:4} "
              f"hourglasses left {route.hourglasses_left:3} commands {len(route.commands):3} "
              f"heroes {','.join(state.heroes)} ({time.perf_counter() - started:.1f} s)")
        following = next_options(state)
        if following is None:
            entries = sheet(state)
            total = sum(int(e["score"]) for e in entries if e.get("ended"))
            print(f"total {total}: {ending(entries)['title']}")
            break
        following["heroes"] = list(load_chapter(following["chapter"]).heroes)
        options = following


if __name__ == "__main__":
    main()
