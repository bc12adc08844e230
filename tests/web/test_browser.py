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


def _collect_a_card(browser) -> str:
    """Press the letter of an open card (boxed in heavy lines, its letter in the top edge) until
    Ada holds one: a press while the bot is first to move is refused, so it is tried again.
    Ada's line of collected cards, as shown."""
    def holding() -> str:
        return re.search(r"Ada \(\d+ pts\): .*", browser.screen_text()).group(0).strip()

    start = holding()  # "—", or the Great Eggfly when Ada is dealt it
    for _ in range(10):
        letter = re.search(r"┏([A-Z])━", browser.screen_text()).group(1).lower()
        browser.press(letter)
        try:
            return deadline(lambda: (now := holding()) != start and now,
                            "the collected card beside Ada's name", timeout=3)
        except AssertionError:
            continue
    raise AssertionError(f"no card collected; the page shows:\n{browser.screen_text()}")


def test_menu_game_move_reload_and_continue_in_a_browser(web_server, browser):
    browser.open(web_server.url)
    # The window leaves the page about 1000x577 pixels: at least 80x24 cells of 9x21.
    shown = deadline(lambda: (s := browser.screen()) and s["cols"] >= 80 and len(s["rows"]) >= 24
                     and s, "a terminal of at least 80x24 in a 1000x720 window")
    assert shown["title"] == "fabletop"
    # The whole menu box, corners and all, not the too-small message (the box is drawn a frame
    # after its text once the terminal has its size).
    browser.wait_for_text("New game", "Continue", "Quit", "q Quit", "╭", "╯")
    assert browser.background_at(0, 0) == "#2e3440"  # the player's theme (nord) reaches the page
    assert browser.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(46, 52, 64)"

    browser.press_until("n", "enter picks a game", "Fluttering Souls")
    ids = [info.id for info in all_games()]
    browser.press(*["down"] * ids.index("fluttering-souls"), "enter")
    browser.wait_for_text("who is playing?", "Play against the easy bot")
    browser.press("enter")
    board = browser.wait_for_text("Fluttering Souls · round 1", "Easy bot")
    assert re.search(r"Ada \(0 pts\)", board)

    collected = _collect_a_card(browser)
    deadline(lambda: _moves_saved(web_server.saves) >= 1, "the move saved")

    browser.reload()
    browser.wait_for_text("New game", "Continue")
    browser.press_until("c", "Fluttering Souls", "Ada")
    browser.press("enter")
    after = browser.wait_for_text("Fluttering Souls · round 1", collected)
    assert "Easy bot" in after
