"""Damaged saves, as the save fuzzer finds them: each is listed unreadable with a reason a player can
read, never hides the other saves, and cannot be continued (load says why instead of crashing)."""
from __future__ import annotations

import tomllib
from typing import Any, Callable

import pytest
import tomli_w

from games.core.registry import find
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from saves.store import SaveError, SaveStore

GAME = find("fluttering-souls").load()
SEATS = (Seat("Ada"), Seat("Hard bot", SeatKind.BOT, "hard"))
HUGE = "x" * 200_000


def played(seed: int = 3, moves: int = 4) -> Table:
    table = Table(GAME, SEATS, seed)
    for _ in range(moves):
        seat = table.to_act()[0]
        table.dispatch(seat, table.legal_commands(seat)[0])
    return table


def setitem(path: tuple, value: Any) -> Callable[[dict], None]:
    def change(document: dict) -> None:
        for key in path[:-1]:
            document = document[key]
        document[path[-1]] = value
    return change


def delitem(path: tuple) -> Callable[[dict], None]:
    def change(document: dict) -> None:
        for key in path[:-1]:
            document = document[key]
        del document[path[-1]]
    return change


DAMAGE = {
    # the crashes of the issue: a log entry's type a list, setup.options not a table
    "type-list": (setitem(("log", 0, "type"), ["Collect"]), "move 1 in the log is unreadable: "
                  "unknown command type ['Collect']"),
    "type-table": (setitem(("log", 1, "type"), {"a": 1}), "unknown command type {'a': 1}"),
    "options-int": (setitem(("setup", "options"), 7), "[setup.options] must be a table of options, not 7"),
    "options-list": (setitem(("setup", "options"), [1, 2]), "[setup.options] must be a table"),
    # a bot of a level the game does not have
    "level-unknown": (setitem(("meta", "seats", 1, "bot"), "??"),
                      "seat 2 is a bot of a level Fluttering Souls does not have ('??'; its bots are "
                      "random, easy, hard)"),
    "level-huge": (setitem(("meta", "seats", 1, "bot"), HUGE), "does not have ('xxxx"),
    "level-int": (setitem(("meta", "seats", 1, "bot"), 7), "a bot seat must name the bot's level, not 7"),
    "level-list": (setitem(("meta", "seats", 1, "bot"), ["hard"]), "level, not ['hard']"),
    "level-missing": (delitem(("meta", "seats", 1, "bot")),
                      "seat 2 in [meta] is malformed: a bot seat must name the bot's level"),
    # the rest of the save's shape
    "seat-not-table": (setitem(("meta", "seats", 0), "Ada"), "seat 1 in [meta] is malformed: it is 'Ada'"),
    "seat-name": (setitem(("meta", "seats", 0, "name"), ["Ada"]), "its name must be text"),
    "seat-name-huge": (setitem(("meta", "seats", 0, "name"), HUGE), "1 to 40 characters"),
    "seat-kind": (setitem(("meta", "seats", 0, "kind"), "ghost"), "its kind must be one of person, bot"),
    "seat-count": (setitem(("meta", "seats"), [{"name": "Ada"}]),
                   "Fluttering Souls is for 2 players, but the save has 1 seat"),
    "schema-bool": (setitem(("meta", "schema"), True), "no schema version"),
    "seed-text": (setitem(("setup", "seed"), "3"), "[setup] has no seed"),
    "log-seat-none": (delitem(("log", 0, "seat")), "move 1 in the log has no seat"),
    "log-seat-text": (setitem(("log", 0, "seat"), "0"), "move 1 in the log has no seat"),
    "log-seat-bool": (setitem(("log", 0, "seat"), True), "move 1 in the log has no seat"),
    "log-not-table": (setitem(("log", 2), 5), "move 3 in the log has no seat"),
    "field-text": (setitem(("log", 0, "slot"), "B"),
                   "move 1 in the log is unreadable: Collect.slot must be a whole number, not 'B'"),
    "field-huge": (setitem(("log", 0, "slot"), HUGE), "must be a whole number, not 'xxx"),
    "field-missing": (delitem(("log", 0, "slot")), "Collect needs fields ['slot'], got []"),
    "markup-type": (setitem(("log", 0, "type"), "[/]"), "unknown command type '[/]'"),
}


def write_damaged(store: SaveStore, name: str, change: Callable[[dict], None]) -> None:
    handle = store.create(played())
    document = tomllib.loads(handle.path.read_text(encoding="utf-8"))
    change(document)
    (store.folder / f"{name}.toml").write_text(tomli_w.dumps(document), encoding="utf-8")
    store.delete(handle.save_id)


@pytest.fixture
def folder(tmp_path):
    """A save folder with one good save and every damaged one."""
    store = SaveStore(tmp_path)
    for name, (change, _) in DAMAGE.items():
        write_damaged(store, name, change)
    (tmp_path / "nested.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000)
    good = store.create(played(5))
    return store, good.save_id


def test_every_damaged_save_is_listed_with_its_reason_beside_the_good_one(folder):
    store, good = folder
    infos = {info.save_id: info for info in store.list()}
    assert set(infos) == set(DAMAGE) | {"nested", good}
    assert infos[good].readable and infos[good].seats == SEATS
    for name, (_, reason) in DAMAGE.items():
        info = infos[name]
        assert not info.readable, name
        assert reason in info.problem, (name, info.problem)
        assert len(info.problem) <= 240, name
        assert info.title == "Fluttering Souls", name
    assert infos["nested"].problem == "damaged: nested too deep to read"


@pytest.mark.parametrize("name", [*DAMAGE, "nested"])
def test_a_damaged_save_cannot_be_continued_and_says_why(folder, name):
    store, _ = folder
    with pytest.raises(SaveError) as refused:
        store.load(name)
    assert str(refused.value) == next(i.problem for i in store.list() if i.save_id == name)


def test_every_bot_level_of_the_game_is_readable(tmp_path):
    store = SaveStore(tmp_path)
    for level in GAME.bots:
        store.create(Table(GAME, (Seat("Ada"), Seat("Bot", SeatKind.BOT, level)), 1))
    assert sorted(i.seats[1].bot for i in store.list() if i.readable) == sorted(GAME.bots)


def test_options_the_game_cannot_start_from_say_so(tmp_path):
    """Once Upon a Line reads its own options (chapter, campaign): a bad one is a reason, not a crash."""
    store = SaveStore(tmp_path)
    oual = find("once-upon-a-line").load()
    handle = store.create(Table(oual, (Seat("Ada"),), 1, {"chapter": "prologue"}))
    document = tomllib.loads(handle.path.read_text(encoding="utf-8"))
    for name, options in (("chapter", {"chapter": "no-such"}), ("campaign", {"campaign": 7}),
                          ("crossed", {"campaign": {"crossed": [1]}})):
        document["setup"]["options"] = options
        (tmp_path / f"{name}.toml").write_text(tomli_w.dumps(document), encoding="utf-8")
    infos = {info.save_id: info for info in store.list()}
    assert infos[handle.save_id].readable
    assert infos["chapter"].problem == ("Once Upon a Line cannot start from [setup] "
                                        "(no chapter named 'no-such')")
    for name in ("campaign", "crossed"):
        assert infos[name].problem.startswith("Once Upon a Line cannot start from [setup] ("), name


def test_odd_times_in_meta_are_ignored_not_fatal(tmp_path):
    store = SaveStore(tmp_path)
    handle = store.create(played())
    document = tomllib.loads(handle.path.read_text(encoding="utf-8"))
    document["meta"]["updated"] = document["meta"]["created"] = "yesterday"
    handle.path.write_text(tomli_w.dumps(document), encoding="utf-8")
    [info] = store.list()
    assert info.readable and info.updated is None
    table, again = store.load(handle.save_id)
    assert table.log == played().log and again.created is not None
