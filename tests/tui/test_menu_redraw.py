"""The main menu redraws only what a highlight move changes, and the screen stays right."""
from __future__ import annotations

from tests.tui.helpers import SIZE, make_app
from tui.screens.menu import MenuOptions


async def test_a_highlight_move_redraws_only_the_two_options_it_leaves_and_enters(
        isolated_folders, monkeypatch):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one("#main-menu", MenuOptions)
        await pilot.pause()
        redrawn = []
        plain_refresh = options.refresh
        monkeypatch.setattr(options, "refresh",
                            lambda *regions, **kw: redrawn.append(regions) or plain_refresh(
                                *regions, **kw))
        options.highlighted = 2
        assert len(redrawn) == 2 and all(len(regions) == 1 for regions in redrawn)
        lines = sorted((regions[0].y, regions[0].height) for regions in redrawn)
        assert lines == [(0, 1), (2, 1)]  # "New game" left, "Rules" entered


async def test_the_menu_after_moves_looks_as_a_full_redraw_of_it(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one("#main-menu", MenuOptions)
        await pilot.pause()
        for key in ("down", "down", "up", "end", "home", "down", "tab", "down", "tab", "up"):
            await pilot.press(key)
            await pilot.pause()
            shown = app.export_screenshot()
            options.refresh()  # every line drawn afresh
            await pilot.pause()
            assert app.export_screenshot() == shown, f"a stale line after {key!r}"
