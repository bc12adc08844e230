"""Once Upon a Line saves: save and load after every command of a played chapter gives the same table."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from games.core.seats import Seat
from games.core.table import Table
from games.once_upon_a_line import GAME, content
from games.once_upon_a_line.commands import Pencil
from games.once_upon_a_line.proof import play_through
from saves.store import SaveStore

TINY = Path(__file__).parents[1] / "games" / "once_upon_a_line" / "tiny.toml"


@pytest.fixture(autouse=True)
def tiny_chapter(monkeypatch):
    """The tiny test chapter stands in for the chapter files."""
    monkeypatch.setattr(content, "chapter_files", lambda: [TINY])


def test_round_trip_after_every_command(tmp_path):
    store = SaveStore(tmp_path)
    table = Table(GAME, (Seat("Ada"),), 5, {"chapter": "tiny"})
    handle = store.create(table)
    commands = [Pencil("J1", "q"), *play_through(content.load_chapter("tiny")).commands]
    for command in commands:
        assert table.dispatch(0, command), command
        handle.write(table)
        loaded, _ = store.load(handle.save_id)
        assert loaded.state.uncovered == table.state.uncovered
        assert loaded.state.notes == table.state.notes == {(9, 0): "Q"}
        assert loaded.view(0) == table.view(0)
        assert loaded.legal_commands(0) == table.legal_commands(0)
        assert GAME.snapshot(loaded.state) == GAME.snapshot(table.state)
    assert loaded.outcome() is not None and loaded.state.ended == "epilogue"
    data = tomllib.loads(handle.path.read_text(encoding="utf-8"))
    assert data["setup"]["options"] == {"chapter": "tiny"}
    assert data["snapshot"]["campaign"]["inventory"] == ["Red Ribbon"]
    [info] = store.list()
    assert info.readable and "finished" in info.progress
