"""Save fuzzer: damage real saves of every playable game and open each as the Continue menu does.

    .venv/bin/python bench/save_fuzz.py [--saves 4000] [--seed 1]

Real saves come from every seat preset of the new-game menu, after a random number of random legal
moves. Each mutation (a key removed, a value swapped for one of another type, a list, an int, a
200 KB string, the text cut or scrambled) goes alone into a scratch folder. `SaveStore.list()` reads
it as the menu does: an exception there is a list crash. A save listed readable is then continued as
the menu does: `SaveStore.load`, the game screen built with its bots, and the log it shows on mount
(the table's history); an exception there is a continue crash. Drawing the save's line in the menu
(its Textual markup) is counted apart. tests/saves/test_save_fuzz.py runs a few hundred of the same
mutations. Run with PYTHONPATH=<another checkout> to measure that checkout's code as a baseline.
"""
from __future__ import annotations

import argparse
import collections
import copy
import random
import sys
import tempfile
import time
import tomllib
import traceback
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Iterator

import tomli_w
from textual.content import Content

from games.core.registry import all_games
from games.core.table import Table
from saves.format import to_document
from saves.store import SaveStore
from tui.screens.saves import describe

HUGE = "x" * 200_000
ODD_VALUES: tuple[Any, ...] = (
    0, 1, 7, -1, 2**63 - 1, -2**63, 1.5, float("nan"), float("inf"), True, False, "", "??", "0", "[/]", "[b",
    "random", "hard", HUGE, [], [1, "a"], ["hard"], [[]], {}, {"type": "Collect"}, {"a": [1]},
    datetime(9999, 12, 31, 23, 59, tzinfo=timezone.utc), date(2026, 1, 1), list(range(300)),
)

KEYS = ("campaign", "chapter", "in_turn", "options", "seat", "type", "bot", "kind", "name", "slot")


def real_documents(seed: int) -> dict[str, list[dict[str, Any]]]:
    """Per playable game, save documents of every seat preset a few moves apart, as files hold them."""
    rng, documents = random.Random(seed), collections.defaultdict(list)
    for info in all_games():
        if not info.playable:
            continue
        game = info.load()
        for preset in info.presets:
            seats = preset.build("You")
            for moves in (0, rng.randrange(1, 12), rng.randrange(12, 80)):
                table = Table(game, seats, rng.randrange(1, 2**31), info.table_options(seats))
                while table.outcome() is None and len(table.log) < moves:
                    seat = rng.choice(table.to_act())
                    table.dispatch(seat, rng.choice(table.legal_commands(seat)))
                text = tomli_w.dumps(to_document(table, datetime.now(timezone.utc)))
                documents[info.id].append(tomllib.loads(text))
    return documents


def paths(node: Any, here: tuple = ()) -> Iterator[tuple]:
    """Every key or list index under a document (the snapshot is never read back: skip it)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if here == () and key == "snapshot":
            continue
        yield here + (key,)
        yield from paths(value, here + (key,))


def node_at(document: Any, path: tuple) -> Any:
    for key in path:
        document = document[key]
    return document


def retyped(value: Any) -> Any:
    """The same value as another type: 3 -> "3", "hard" -> ["hard"], a list -> its first item."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return value[0] if value else {}
    return [value]


def mutate(document: dict[str, Any], rng: random.Random) -> tuple[str, str | bytes]:
    """One damaged copy of a save: (what was done, the file's content)."""
    document = copy.deepcopy(document)
    kind = rng.choice(("remove", "replace", "replace", "replace", "retype", "swap", "add", "text"))
    if kind == "text":
        text = tomli_w.dumps(document).encode()
        cut = rng.randrange(len(text))
        if rng.random() < 0.5:
            return "text cut", text[:cut]
        return "text scrambled", text[:cut] + bytes(rng.randrange(256) for _ in range(8)) + text[cut:]
    by_section = collections.defaultdict(list)  # each of meta, setup and log as often as the others
    for path in paths(document):
        by_section[path[0]].append(path)
    path = rng.choice(by_section[rng.choice(sorted(by_section))])
    if kind == "add":  # a key the reader may look for, in any table
        tables = [p for p in [(), *paths(document)] if isinstance(node_at(document, p), dict)]
        path = rng.choice(tables) + (rng.choice(KEYS),)
    parent, key = node_at(document, path[:-1]), path[-1]
    where = ".".join(map(str, path))
    if kind == "remove":
        del parent[key]
    elif kind in ("replace", "add"):
        parent[key] = rng.choice(ODD_VALUES)
    elif kind == "retype":
        parent[key] = retyped(parent[key])
    else:
        siblings = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
        other = rng.choice(siblings)
        parent[key], parent[other] = parent[other], parent[key]
    return f"{kind} {where}", tomli_w.dumps(document)


def continue_save(store: SaveStore, save_id: str) -> Table:
    """What choosing a save in the Continue menu builds: the table, its screen and bots, its log."""
    from tui.screens.start import game_screen_class

    table, handle = store.load(save_id)
    screen = game_screen_class(table.game.id)(table, handle)
    screen.describe(None, table.opening)
    for seat, _, events in table.history():
        screen.describe(seat, events)
    for seat in table.to_act():
        table.legal_commands(seat)
    return table


def where(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}"


STEPS = ("list", "menu line", "continue")  # where a crash stops the player


def open_as_menu(store: SaveStore, figures: dict[str, Any], what: str) -> None:
    """List the folder's one save, draw its menu line, and continue it if it is readable."""
    step = "list"
    try:
        [info] = store.list()
        step = "menu line"
        Content.from_markup(describe(info))
        if not info.readable:
            figures["unreadable"] += 1
            return
        step = "continue"
        continue_save(store, info.save_id)
        figures["continued"] += 1
    except Exception as exc:  # the app would have crashed here
        figures["crashes"][step][where(exc)] += 1
        figures["examples"].setdefault(where(exc), what)


def fuzz(count: int, seed: int, folder: Path) -> dict[str, Any]:
    """Open `count` damaged saves one at a time in `folder`; the figures and the crashes seen."""
    rng = random.Random(seed)
    documents = real_documents(seed)
    figures: dict[str, Any] = {"saves": 0, "unreadable": 0, "continued": 0, "examples": {},
                               "crashes": {step: collections.Counter() for step in STEPS}}
    store = SaveStore(folder)
    for n in range(count):
        game = rng.choice(sorted(documents))  # every game as often, whatever its seat presets
        what, content = mutate(rng.choice(documents[game]), rng)
        path = folder / f"fuzz-{n}.toml"
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
        figures["saves"] += 1
        open_as_menu(store, figures, what)
        path.unlink()
    return figures


def crashes(figures: dict[str, Any]) -> int:
    return sum(sum(counter.values()) for counter in figures["crashes"].values())


def report(figures: dict[str, Any]) -> str:
    count = {step: sum(counter.values()) for step, counter in figures["crashes"].items()}
    lines = [f"{count['list']} of {figures['saves']} mutated saves crash the list; "
             f"{count['menu line']} crash their line in the menu; {count['continue']} crash on continue",
             f"({figures['unreadable']} listed unreadable with a reason, "
             f"{figures['continued']} listed readable and continued)"]
    for step, counter in figures["crashes"].items():
        for place, times in counter.most_common():
            lines.append(f"  {step} crash x{times}: {place}  e.g. {figures['examples'][place]}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        figures = fuzz(args.saves, args.seed, Path(scratch))
    print(report(figures))
    print(f"{time.perf_counter() - started:.1f} s")
    return 1 if crashes(figures) else 0


if __name__ == "__main__":
    sys.exit(main())
