"""The save store: round trips, atomic writes with backup, and unreadable files reported, not fatal."""
from __future__ import annotations

import os
import random

import pytest

from games.core.registry import find
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from saves.store import SaveError, SaveStore, default_folder

GAME = find("fluttering-souls").load()
SEATS = (Seat("Ada"), Seat("Hard bot", SeatKind.BOT, "hard"))


def snapshot(table: Table):
    return (GAME.snapshot(table.state), table.view(0), table.view(1), table.log, table.outcome())


def random_game(seed: int):
    """Yield a table after every command of a random legal game."""
    table, rng = Table(GAME, SEATS, seed), random.Random(seed)
    while table.outcome() is None:
        seat = table.to_act()[0]
        assert table.dispatch(seat, rng.choice(table.legal_commands(seat)))
        yield table


def test_round_trip_after_every_command(tmp_path):
    store = SaveStore(tmp_path)
    handle = None
    for table in random_game(7):
        if handle is None:
            handle = store.create(table)
        else:
            handle.write(table)
        loaded, again = store.load(handle.save_id)
        assert snapshot(loaded) == snapshot(table)
        assert again.created == handle.created
        assert loaded.seats == table.seats and loaded.seed == table.seed
    assert loaded.outcome() is not None
    [info] = store.list()
    assert info.readable and info.progress.startswith("finished")


def test_write_is_atomic_and_keeps_a_backup(tmp_path):
    store = SaveStore(tmp_path)
    table = Table(GAME, SEATS, 3)
    handle = store.create(table)
    first = handle.path.read_text()
    seat = table.to_act()[0]
    table.dispatch(seat, table.legal_commands(seat)[0])
    handle.write(table)
    backup = handle.path.with_name(handle.path.name + ".bak")
    assert backup.read_text() == first
    assert handle.path.read_text() != first
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([handle.path.name, backup.name])


def test_save_file_is_readable_toml_with_meta_setup_log_snapshot(tmp_path):
    import tomllib

    store = SaveStore(tmp_path)
    table = Table(GAME, SEATS, 11)
    seat = table.to_act()[0]
    table.dispatch(seat, table.legal_commands(seat)[0])
    handle = store.create(table)
    data = tomllib.loads(handle.path.read_text())
    assert data["meta"]["game"] == "fluttering-souls" and data["meta"]["schema"] == 1
    assert data["meta"]["progress"] == "round 1, 0-0"
    assert data["meta"]["seats"][1] == {"name": "Hard bot", "kind": "bot", "bot": "hard"}
    assert data["setup"]["seed"] == 11
    assert data["log"][0]["type"] == "Collect" and data["log"][0]["seat"] == seat
    assert data["snapshot"]["round"] == 1


BROKEN = {
    "junk": ("this is = = not toml", "not valid TOML"),
    "foreign": ("[tool]\nname = 'x'\n", "not a fabletop save"),
    "newer": ('[meta]\napp = "fabletop"\nschema = 99\ngame = "fluttering-souls"\nseats = []\n',
              "newer fabletop"),
    "nogame": ('[meta]\napp = "fabletop"\nschema = 1\ngame = "chess"\nseats = []\n'
               '[setup]\nseed = 1\n', "unknown game"),
    "soon": ('[meta]\napp = "fabletop"\nschema = 1\ngame = "far-tales"\nseats = []\n'
             '[setup]\nseed = 1\n', "coming soon"),
    "noseed": ('[meta]\napp = "fabletop"\nschema = 1\ngame = "fluttering-souls"\n'
               'seats = [{name = "A"}, {name = "B"}]\n', "no seed"),
    "badmove": ('[meta]\napp = "fabletop"\nschema = 1\ngame = "fluttering-souls"\n'
                'seats = [{name = "A"}, {name = "B"}]\n[setup]\nseed = 1\n'
                '[[log]]\nseat = 0\ntype = "Fly"\n', "move 1"),
    "illegal": ('[meta]\napp = "fabletop"\nschema = 1\ngame = "fluttering-souls"\n'
                'seats = [{name = "A"}, {name = "B"}]\n[setup]\nseed = 1\n'
                '[[log]]\nseat = 0\ntype = "Collect"\nslot = 0\n'
                '[[log]]\nseat = 1\ntype = "Collect"\nslot = 0\n', "does not replay"),
    "binary": (b"\xff\xfe\x00garbage", "damaged: not text"),
}


def test_broken_files_are_listed_with_a_reason_and_others_still_load(tmp_path, coming_soon):
    store = SaveStore(tmp_path)
    good = store.create(Table(GAME, SEATS, 5))
    for name, (content, _) in BROKEN.items():
        path = tmp_path / f"{name}.toml"
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
    infos = {info.save_id: info for info in store.list()}
    assert set(infos) == set(BROKEN) | {good.save_id}
    assert infos[good.save_id].readable
    for name, (_, reason) in BROKEN.items():
        assert not infos[name].readable
        assert reason in infos[name].problem, (name, infos[name].problem)
        with pytest.raises(SaveError):
            store.load(name)
    table, _ = store.load(good.save_id)
    assert table.seed == 5


def test_delete_removes_the_save_and_its_backup(tmp_path):
    store = SaveStore(tmp_path)
    table = Table(GAME, SEATS, 5)
    handle = store.create(table)
    handle.write(table)
    store.delete(handle.save_id)
    assert list(tmp_path.iterdir()) == []
    assert store.list() == []


def test_saves_sort_newest_first_and_ignore_backups_and_temp_files(tmp_path):
    store = SaveStore(tmp_path)
    older = store.create(Table(GAME, SEATS, 1))
    newer = store.create(Table(GAME, SEATS, 2))
    os.utime(older.path, (0, 0))
    (tmp_path / ".x.toml.tmp").write_text("partial")
    text = older.path.read_text().replace("updated = ", "updated = 2000-01-01T00:00:00Z\n#")
    older.path.write_text(text)
    assert [i.save_id for i in store.list()] == [newer.save_id, older.save_id]


def test_a_write_removes_what_an_interrupted_write_left_behind(tmp_path):
    store = SaveStore(tmp_path)
    table = Table(GAME, SEATS, 1)
    handle = store.create(table)
    stale = [tmp_path / ".otherworld-1-ab.toml.tmp", tmp_path / f".{handle.path.name}.bak.tmp"]
    fresh = tmp_path / ".questline-2-cd.toml.tmp"  # another fabletop's write, under way
    foreign = tmp_path / ".notes.txt.tmp"
    for path in (*stale, fresh, foreign):
        path.write_text("partial")
    for path in (*stale, foreign):
        os.utime(path, (0, 0))
    assert [info.save_id for info in store.list()] == [handle.save_id]
    handle.write(table)
    assert not any(path.exists() for path in stale)
    assert fresh.exists() and foreign.exists()
    assert [info.save_id for info in store.list()] == [handle.save_id]


def test_unwritable_folder_raises_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = SaveStore(blocker / "saves")
    with pytest.raises(SaveError, match="could not save"):
        store.create(Table(GAME, SEATS, 1))


def test_bad_save_names_are_refused(tmp_path):
    store = SaveStore(tmp_path)
    for name in ("../escape", "a/b", "", ".hidden"):
        with pytest.raises(SaveError):
            store.load(name)


def test_default_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("FABLETOP_SAVES_DIR", str(tmp_path / "x"))
    assert default_folder() == tmp_path / "x"
    monkeypatch.delenv("FABLETOP_SAVES_DIR")
    assert default_folder().name == "saves" and "fabletop" in str(default_folder())
