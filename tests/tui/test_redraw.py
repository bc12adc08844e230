"""The app's lean partial redraw (tui.redraw) sends the same bytes as Textual's own, and
renders only the widgets the changed region touches."""
from __future__ import annotations

import pytest
from textual.geometry import Region

from tests.tui.helpers import SIZE, make_app
from tui.redraw import render_as_textual_does, render_only_what_changed

CHANGES = {  # on an 80x24 screen: the menu's box is centred, the Footer on the last line
    "two option lines": [Region(7, 10, 66, 1), Region(7, 11, 66, 1)],
    "title and first option": [Region(0, 5, 80, 6)],
    "a corner of the box": [Region(2, 3, 10, 3)],
    "the footer": [Region(0, 23, 80, 1)],
    "two far apart": [Region(30, 0, 5, 1), Region(70, 22, 10, 2)],
    "the whole screen": [Region(0, 0, 80, 24)],
}


def redraw(screen, regions: list[Region]) -> str:
    """The bytes a partial redraw of `regions` sends to the terminal."""
    compositor = screen._compositor
    compositor._dirty_regions.update(regions)
    return compositor.render_update().render_segments(screen.app.console)


@pytest.fixture
def lean_redraw():
    render_only_what_changed()
    yield
    render_as_textual_does()


@pytest.mark.parametrize("opened", ["", "r", "n"])  # the menu, the rules' list, new game
async def test_the_lean_redraw_sends_what_textuals_own_sends(isolated_folders, lean_redraw,
                                                             opened):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*opened, "down")
        await pilot.pause()
        for what, regions in CHANGES.items():
            lean = redraw(app.screen, regions)
            render_as_textual_does()
            try:
                assert redraw(app.screen, regions) == lean, what
            finally:
                render_only_what_changed()
            assert lean, what


async def test_a_highlight_move_renders_only_the_widgets_it_touches(isolated_folders,
                                                                    lean_redraw):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        rendered = [widget for widget in compositor.visible_widgets
                    if widget.region.overlaps(Region(7, 10, 66, 2))]
        assert {type(widget).__name__ for widget in rendered} == {"MainMenu", "Vertical",
                                                                   "MenuOptions"}
        drawn = list(compositor._get_renders(Region(7, 10, 66, 2)))
        assert [region for region, _, _ in drawn] == [widget.region for widget in rendered
                                                      if widget in compositor.visible_widgets]
