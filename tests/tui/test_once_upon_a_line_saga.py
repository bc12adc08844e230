"""The saga through the screens at 80x24 (the tiny test chapter stands in for the Prologue and for
Chapter 1): the Epilogue shows the score sheet and offers the next chapter, its heroes are chosen,
what the Prologue left carries over; the save menu shows the saga with its chapters and replays a
finished one as a fork that leaves the later chapter alone."""
from __future__ import annotations

from pathlib import Path

import pytest

from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from games.once_upon_a_line import content as chapter_content
from games.once_upon_a_line.commands import Guess, UseTiles
from games.once_upon_a_line.setup import campaign_of
from tests.tui.helpers import SIZE, make_app, screen_text, wait_until
from tui.games.once_upon_a_line.dialogs import ReadDialog
from tui.games.once_upon_a_line.saga import HeroChoice
from tui.games.once_upon_a_line.screen import OnceUponALineScreen
from tui.screens.dialogs import Confirm
from tui.screens.menu import MainMenu
from tui.screens.saves import SaveMenu
from tui.screens.start import start_game

TINY = Path(__file__).resolve().parents[1] / "games" / "once_upon_a_line" / "tiny.toml"


@pytest.fixture(autouse=True)
def two_chapters(tmp_path, monkeypatch):
    text = TINY.read_text()
    prologue = text.replace('id = "tiny"', 'id = "prologue"').replace("number = 99", "number = 0")
    first = (text.replace('id = "tiny"', 'id = "chapter-1"').replace("number = 99", "number = 1")
             .replace('title = "The Tiny Stable"', 'title = "The Tiny Stable Again"\nchoose = true'))
    folder = tmp_path / "chapters"
    folder.mkdir()
    (folder / "prologue.toml").write_text(prologue)
    (folder / "chapter-1.toml").write_text(first)
    monkeypatch.setattr(chapter_content, "chapter_files",
                        lambda: [folder / "chapter-1.toml", folder / "prologue.toml"])


def finished_prologue() -> Table:
    table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7, {"chapter": "prologue"})
    for command in (UseTiles("corvin", "s3", "A HORSE C4 down"), UseTiles("corvin", "s2", "A HORSE C2 up"),
                    Guess("kettle")):
        assert table.dispatch(0, command), command
    assert table.state.ended == "epilogue"
    return table


def text_of(app) -> str:
    return screen_text(app, "Static, GridBoard")


async def test_from_the_epilogue_on_to_the_next_chapter_with_heroes_chosen(isolated_folders):
    prologue = finished_prologue()
    carried = campaign_of(prologue.state)
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        start_game(app, prologue)
        await wait_until(pilot, lambda: isinstance(app.screen, ReadDialog), "the Epilogue opens")
        shown = text_of(app)
        assert "The Epilogue" in shown and "Tales of the Wend, the score sheet" in shown
        assert "The Tiny Stable: " in shown and "Total" in shown
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, Confirm), "the next chapter is offered")
        assert "Go on with the saga: The Tiny Stable Again?" in text_of(app)
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HeroChoice), "heroes are chosen")
        assert "choose 2 heroes" in text_of(app)
        await pilot.press("enter")  # none marked yet: refused in words
        assert "Mark 2 heroes, not 0." in text_of(app)
        await pilot.press("space", "down", "space", "enter")
        await wait_until(pilot, lambda: any(isinstance(s, OnceUponALineScreen) and s.table is not prologue
                                            for s in app.screen_stack), "the next chapter opens")
        screen = next(s for s in app.screen_stack if isinstance(s, OnceUponALineScreen))
        state = screen.table.state
        assert state.chapter.id == "chapter-1" and set(state.heroes) == {"corvin", "ysolde"}
        assert state.inventory[:len(carried["inventory"])] == carried["inventory"]
        assert state.currency >= carried["currency"]
        assert state.crossed["corvin"] == carried["crossed"]["corvin"]
        assert [e["chapter"] for e in state.saga["sheet"]] == ["prologue"]
        while not isinstance(app.screen, OnceUponALineScreen):
            await pilot.press("enter")  # the chapter's introduction
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        listed = text_of(app)
        menu = app.screen.query_one("#save-list")
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert "Tales of the Wend" in prompts[0] and menu.get_option_at_index(0).disabled
        assert "The Tiny Stable: " in prompts[0] and "The Tiny Stable Again: in progress" in prompts[0]
        assert "The Tiny Stable Again: in progress" in prompts[1]  # the latest chapter first
        assert "The Tiny Stable: " in prompts[2]
        assert "replay a finished one" in listed
        # the finished Prologue replayed as a fork: a new save of its own saga
        menu.highlighted = 2
        await pilot.press("f")
        await wait_until(pilot, lambda: any(isinstance(s, OnceUponALineScreen) for s in app.screen_stack),
                         "the fork opens")
        fork = next(s for s in app.screen_stack if isinstance(s, OnceUponALineScreen)).table
        assert fork.state.chapter.id == "prologue" and not fork.state.ended
        assert fork.state.saga["id"].startswith(prologue.state.saga["id"] + "-fork-")
        saves = app.store.list()
        assert len(saves) == 3
        later = [s for s in saves if s.group and s.group["order"] == 1]
        assert len(later) == 1 and later[0].group["id"] == prologue.state.saga["id"]  # left alone


async def test_a_game_in_play_is_not_forked(isolated_folders):
    app = make_app(isolated_folders)
    table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7, {"chapter": "prologue"})
    app.store.create(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        await pilot.press("f")
        await wait_until(pilot, lambda: any("not finished" in str(n.message) for n in app._notifications),
                         "the save menu says the chapter is not finished")
        assert isinstance(app.screen, SaveMenu) and len(app.store.list()) == 1
