"""docs/adding-a-game.md, proven: Tiny Nim lives only in tests/fixtures/game_path/tiny_nim (its own
package with a manifest) and appears in the menu, plays on screen and in selfplay, touching no
other file: the registry finds it through FABLETOP_GAME_PATH."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games
from tests.tui.helpers import SIZE, make_app, pick_game
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAME_PATH = ROOT / "tests" / "fixtures" / "game_path"


@pytest.fixture
def tiny_nim(monkeypatch):
    """Tiny Nim joins the collection for one test, and leaves it after."""
    from games.core.registry import all_games

    monkeypatch.setenv("FABLETOP_GAME_PATH", str(GAME_PATH))
    all_games()
    yield
    monkeypatch.delenv("FABLETOP_GAME_PATH")
    if str(GAME_PATH) in games.__path__:
        games.__path__.remove(str(GAME_PATH))
    for name in [n for n in sys.modules if n.startswith("games.tiny_nim")]:
        del sys.modules[name]


def test_the_registry_finds_a_game_by_its_manifest_alone(tiny_nim):
    from games.core.registry import all_games, find

    assert find("tiny-nim").title == "Tiny Nim"
    assert all_games()[-1].id == "tiny-nim"  # its order puts it last


def test_it_plays_in_selfplay(tiny_nim, capsys):
    assert main(["selfplay", "tiny-nim", "--games", "40", "--seed", "1", "--bots", "hard,random",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 40 and sum(result["wins"]) == 40
    assert result["wins"][0] > result["wins"][1]  # the hard bot plays the winning line


def test_it_plays_in_selfplay_from_a_fresh_process():
    env = {**os.environ, "FABLETOP_GAME_PATH": str(GAME_PATH)}
    done = subprocess.run([sys.executable, "-m", "tui", "selfplay", "tiny-nim", "--games", "3",
                           "--seed", "2", "--bots", "easy,hard", "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "tiny-nim"


async def test_it_appears_in_the_menu_and_plays_on_screen(tiny_nim, isolated_folders):
    from games.tiny_nim.screen import NimScreen

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "tiny-nim")
        await pilot.press("enter")  # against the easy bot
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NimScreen)
        stones = screen.table.view(0).stones
        await pilot.press("2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        _, command = screen.table.log[0]
        assert command.count == 2
        assert screen.table.view(0).stones < stones - 2  # the bot answered
        assert any("took 2" in line for line in screen.log_lines)
        [info] = app.store.list()
        assert info.game == "tiny-nim" and info.readable
