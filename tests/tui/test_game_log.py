"""The game log popup (w, in every game) scrolls and opens at its newest line, however long the
lines are: it kept 18 entries in a box that could not scroll, so wrapped lines hid the newest."""
from __future__ import annotations

import pytest

from tests.tui.helpers import SIZE, highlight, make_app, pick_game, wait_until
from tui.screens.dialogs import GameLog
from tui.screens.game_screen import GameScreen

GAMES = {"fluttering-souls": "easy", "questline": "easy1", "otherworld": "easy1",
         "once-upon-a-line": "prologue"}


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_long_log_opens_at_its_newest_line_and_scrolls(isolated_folders, game_id):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, game_id)
        highlight(app.screen.query_one("#seat-choices"), GAMES[game_id])
        await pilot.press("enter")
        await wait_until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                         "the game opens")
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        screen = app.screen
        for n in range(40):  # long lines that wrap at 80 columns
            screen.log_lines.append(f"entry {n}: " + "a long line of the story so far " * 3)
        screen.log_lines.append("the newest line")
        screen.action_whole_log()
        await wait_until(pilot, lambda: isinstance(app.screen, GameLog)
                         and app.screen.query("#log-lines"), "the log opens")
        scroll = app.screen.query_one("#log-lines")
        await wait_until(pilot, lambda: scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y,
                         "the log is scrolled to its end")
        assert "entry 0:" in str(scroll.query_one("Static").render())  # the whole log is there
        await pilot.press("home")
        await wait_until(pilot, lambda: scroll.scroll_y == 0, "home scrolls to the oldest line")
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: scroll.scroll_y > 0, "page down scrolls")
        await pilot.press("escape")
        assert app.screen is screen
