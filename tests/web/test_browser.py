"""`fabletop web` in a real headless chromium: the menu, a Fluttering Souls move against a bot,
a reload, and the save continued, with keys typed into the page as a player types them."""
from __future__ import annotations

import re
import tomllib

import pytest

from games.core.registry import all_games
from tests.web.cdp import Browser, deadline, find_browser

BROWSER = find_browser()
pytestmark = pytest.mark.skipif(
    BROWSER is None, reason="no chromium on this machine (Debian: apt-get install chromium); "
                            ".ci/run installs it where apt is available")


@pytest.fixture
def browser(tmp_path):
    browser = Browser(BROWSER, tmp_path / "profile", width=1000, height=720)
    yield browser
    browser.close()


def _moves_saved(saves) -> int:
    files = list(saves.glob("*.toml"))
    return len(tomllib.loads(files[0].read_text(encoding="utf-8")).get("log", [])) if files else 0


def test_menu_game_move_reload_and_continue_in_a_browser(web_server, browser):
    browser.open(web_server.url)
    # The window leaves the page about 1000x577 pixels: at least 80x24 cells of 9x21.
    shown = deadline(lambda: (s := browser.screen()) and s["cols"] >= 80 and len(s["rows"]) >= 24
                     and s, "a terminal of at least 80x24 in a 1000x720 window")
    assert shown["title"] == "fabletop"
    menu = browser.wait_for_text("New game", "Continue", "Quit", "q Quit")
    assert "╭" in menu and "╯" in menu  # the whole menu box is drawn, not the too-small message
    assert browser.background_at(0, 0) == "#2e3440"  # the player's theme (nord) reaches the page
    assert browser.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(46, 52, 64)"

    browser.press("n")
    browser.wait_for_text("New game", "Fluttering Souls")
    ids = [info.id for info in all_games()]
    browser.press(*["down"] * ids.index("fluttering-souls"), "enter")
    browser.wait_for_text("who is playing?", "Play against the easy bot")
    browser.press("enter")
    board = browser.wait_for_text("Fluttering Souls · round 1", "Easy bot")
    assert re.search(r"Ada \(0 pts\)", board)

    # An open card is boxed in heavy lines with its letter in the top edge: take the first one.
    letter = re.search(r"┏([A-Z])━", board).group(1).lower()
    browser.press(letter)
    deadline(lambda: _moves_saved(web_server.saves) >= 2, "the move and the bot's reply saved")
    before = browser.wait_for_text("Ada (")
    collected = re.search(r"Ada \(\d+ pts\): .*", before).group(0).strip()
    assert "—" not in collected

    browser.reload()
    browser.wait_for_text("New game", "Continue")
    browser.press("c")
    browser.wait_for_text("Fluttering Souls", "Ada")
    browser.press("enter")
    after = browser.wait_for_text("Fluttering Souls · round 1", collected)
    assert "Easy bot" in after
