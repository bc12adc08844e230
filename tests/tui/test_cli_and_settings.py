"""Starting the app from the command line, and settings that survive a damaged file."""
from __future__ import annotations

from saves.store import SaveStore
from tui import cli
from tui.app import FabletopApp
from tui.games.fluttering_souls.screen import FlutteringSoulsScreen
from tui.settings import Settings, settings_path
from tui.games.fluttering_souls.board import CARD_W, HALF, ROW_H, Board
from tests.tui.helpers import highlight, pick_game


def test_saves_dir_flag_and_environment_choose_the_folder(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(FabletopApp, "run", lambda self: seen.append(self.store.folder))
    assert cli.main(["--saves-dir", str(tmp_path / "flag")]) == 0
    monkeypatch.setenv("FABLETOP_SAVES_DIR", str(tmp_path / "env"))
    assert cli.main([]) == 0
    assert seen == [tmp_path / "flag", tmp_path / "env"]


def test_damaged_settings_fall_back_to_defaults_with_a_warning():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("name = = broken")
    settings, warning = Settings.load()
    assert settings == Settings() and "damaged" in warning


def test_unknown_setting_values_are_ignored():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('name = "Ada"\nbot_pace = "warp"\ntheme = "nope"\n')
    settings, warning = Settings.load()
    assert warning is None
    assert (settings.name, settings.bot_pace, settings.theme) == ("Ada", "normal", "textual-dark")


async def test_a_damaged_settings_file_is_reported_in_the_app(isolated_folders):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[[[")
    app = FabletopApp(store=SaveStore(isolated_folders))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("damaged" in str(n.message) for n in app._notifications)


async def test_clicking_an_open_card_collects_it(isolated_folders):
    app = FabletopApp(store=SaveStore(isolated_folders), settings=Settings(bot_pace="fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pick_game(pilot, "fluttering-souls")
        highlight(app.screen.query_one("#seat-choices"), "hotseat")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FlutteringSoulsScreen)
        board = screen.query_one(Board)
        view = screen.table.view(0)
        slot = view.layout.slots[view.open_slots[0]]
        x = board._origin() + slot.x * HALF + CARD_W // 2
        y = slot.row * ROW_H + 1
        assert board.slot_at(x, y) == slot.index
        await pilot.click(Board, offset=(x, y))
        assert [command.slot for _, command in screen.table.log] == [slot.index]
