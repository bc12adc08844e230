"""A name is text a player typed: shown as typed in every game, never read as markup (a name like
`[/]` or `[b` crashed every game screen and then the Continue menu)."""
from __future__ import annotations

import random

import pytest
from textual.content import Content

from games.core.registry import find
from games.core.table import Table
from saves.store import SaveStore
from tests.tui.helpers import SIZE, highlight, make_app, pick_game, screen_text, wait_until
from tui.screens.dialogs import Confirm, GameLog, PassTerminal
from tui.screens.game_screen import GameScreen
from tui.screens.table_choices import TableChoices
from tui.screens.saves import SaveMenu
from tui.settings import Settings, clean_name

# "Zq": letters no game's text holds, so a place that reads "[red]Zq" as markup (and shows "Zq"
# alone, in red) is seen even when the name is shown as typed somewhere else on the screen
NAMES = ("[/]", "[b", "[red]Zq")
GAMES = {  # the game, and the seat preset that puts a bot (or nobody) beside you
    "fluttering-souls": "easy", "questline": "easy1", "otherworld": "easy1",
    "once-upon-a-line": "prologue", "dice-upon-a-time": "easy1",
}


def all_text(app) -> str:
    return screen_text(app, "Static")


def read_as_markup(name: str) -> str:
    """What is left of the name where it is read as markup: "Zq" of "[red]Zq"."""
    return name.rsplit("]", 1)[-1] or name


def as_typed(text: str, name: str) -> bool:
    """The name is in the text, and nowhere read as markup or shown with its escaping."""
    bare = read_as_markup(name)
    return name in text and text.count(bare) == text.count(name) and "\\" + name not in text


def saves_shown(app) -> str:
    """The save menu's lines as a player reads them (markup applied)."""
    listing = app.screen.query_one("#save-list")
    return "\n".join(Content.from_markup(str(listing.get_option_at_index(i).prompt)).plain
                     for i in range(listing.option_count))


async def open_game(pilot) -> None:
    """Wait for the game screen; close a dialog it opens with (a chapter's first card to read)."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, TableChoices) or
                     any(isinstance(s, GameScreen) for s in app.screen_stack), "the game opens")
    if isinstance(app.screen, TableChoices):  # how long a game: the first (the usual) choice
        await pilot.press("enter")
        await wait_until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                         "the game opens")
    while not isinstance(app.screen, GameScreen):
        await pilot.press("escape")


async def play_a_few_moves(pilot, screen: GameScreen, moves: int = 4) -> None:
    """The person's first legal command, a few times, each after the bots are done."""
    for _ in range(moves):
        await wait_until(pilot, lambda: screen.thinking is None, "the bot has moved")
        seat = screen.person_seat()
        if screen.table.outcome() is not None or seat not in screen.table.to_act():
            return
        legal = screen.table.legal_commands(seat)
        assert screen.send(legal[0])
        await pilot.pause()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", NAMES)
async def test_a_name_with_markup_plays_and_continues_in_every_game(isolated_folders, game_id, name):
    app = make_app(isolated_folders, Settings(name=name, bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, game_id)
        highlight(app.screen.query_one("#seat-choices"), GAMES[game_id])
        await pilot.press("enter")
        await open_game(pilot)
        screen = app.screen
        assert screen.table.names[0] == name
        await play_a_few_moves(pilot, screen)
        screen.log_lines.append(f"{name} wrote [b]{name}")  # log lines are shown as plain text
        while not isinstance(app.screen, GameScreen):  # a card to read, a decision: look past it
            await pilot.press("escape")
        screen.redraw()
        if game_id != "once-upon-a-line":  # a chapter is played alone: it names heroes, not you
            assert as_typed(all_text(app), name)  # the header, side panel, status and log lines
        for _ in range(3):  # the whole log (a first key may only finish revealing squares)
            await pilot.press("w")
            if isinstance(app.screen, GameLog):
                break
        assert isinstance(app.screen, GameLog)
        assert f"{name} wrote [b]{name}" in all_text(app) and as_typed(all_text(app), name)
        await pilot.press("escape")
        await pilot.press("escape")  # back to the menu, saved
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        assert as_typed(saves_shown(app), name)
        await pilot.press("enter")  # and it continues
        await open_game(pilot)


def near_the_end(game_id: str, name: str, moves_left: int = 6, seed: int = 5) -> Table:
    """A table of that game with `name` in the person's seat, a few moves before a random
    playout of it ended."""
    info = find(game_id)
    seats = next(p for p in info.presets if p.key == GAMES[game_id]).build(name)

    def fresh() -> Table:
        return Table(info.load(), seats, seed, info.table_options(seats))

    rng, table, played = random.Random(seed), fresh(), []
    while table.outcome() is None:
        seat = rng.choice(table.to_act())
        played.append((seat, rng.choice(table.legal_commands(seat))))
        table.dispatch(*played[-1])
    table = fresh()
    for seat, command in played[:-moves_left]:
        table.dispatch(seat, command)
    return table


async def play_to_the_end(pilot, rng: random.Random) -> list[str]:
    """The person plays random legal moves, the bots theirs, until the game is over; returns the
    text of each dialog met on the way (closed after reading), the last one the game's end."""
    app, read = pilot.app, []
    await wait_until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                     "the game opens")
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    for _ in range(400):
        await wait_until(pilot, lambda: screen.thinking is None or app.screen is not screen,
                         "the bot has moved or a dialog opened")
        over = screen.table.outcome() is not None
        if app.screen is not screen:
            read.append(all_text(app))
            await pilot.press("escape")
            if over:
                return read
            continue
        if over:  # the end is shown once the last move is (a chapter first finishes scratching)
            await wait_until(pilot, lambda: app.screen is not screen, "the end is shown")
            continue
        seat = screen.person_seat()
        if seat in screen.table.to_act():
            screen.send(rng.choice(screen.table.legal_commands(seat)))
        await pilot.pause()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", NAMES)
async def test_a_name_with_markup_reaches_the_end_of_every_game(isolated_folders, game_id, name):
    SaveStore(isolated_folders).create(near_the_end(game_id, name))
    app = make_app(isolated_folders, Settings(name=name, bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        assert as_typed(saves_shown(app), name)
        await pilot.press("enter")
        read = await play_to_the_end(pilot, random.Random(1))
        if game_id != "once-upon-a-line":  # a chapter is played alone: its end names nobody
            assert all(as_typed(text, name) for text in read if read_as_markup(name) in text)
            assert as_typed(read[-1], name)  # the final scores
            assert as_typed(all_text(app), name)  # the board: names, and who won
        while any(isinstance(s, GameScreen) for s in app.screen_stack):  # a last question too
            await pilot.press("escape")
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        assert as_typed(saves_shown(app), name)


async def test_a_saves_folder_with_markup_in_its_path_is_named_as_written(isolated_folders):
    folder = isolated_folders / "[/]x[b"
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveMenu), "the save menu opens")
        assert f"no saves yet in {folder}" in all_text(app)


async def test_a_question_quoting_text_as_written_shows_it_as_written(isolated_folders):
    """A yes/no question is plain text: a save's title, a hero's name from a chapter file."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Confirm("Replace [/]x[b's tiles?"))
        await wait_until(pilot, lambda: isinstance(app.screen, Confirm) and app.screen.is_mounted
                         and "y yes" in all_text(app), "the question is asked")
        assert "Replace [/]x[b's tiles?" in all_text(app)


async def test_people_at_one_terminal_pass_it_on_by_name(isolated_folders):
    app = make_app(isolated_folders, Settings(name="[b", bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "questline")
        highlight(app.screen.query_one("#seat-choices"), "custom")
        await pilot.press("enter", "right", "left", "left", "enter")  # seat 2: a person
        await wait_until(pilot, lambda: isinstance(app.screen, PassTerminal), "the pass screen")
        assert "Pass the terminal to [b." in all_text(app)


@pytest.mark.parametrize(("typed", "kept", "why"), [
    ("[b", "[b", None), ("Ada", "Ada", None), ("  Ada  ", "Ada", None),
    ("A\x1b[31mda", "A [31mda", "hidden characters left out"),
    ("A\u200bda", "Ada", "hidden characters left out"),
    ("\t\n", "", "A name needs at least one letter or sign"),
    ("Ｋａｔｅ", "Kate", "look-alike letters written plainly"),
    ("\u212aate", "Kate", "look-alike letters written plainly"),  # the Kelvin sign
    ("Ada  Lovelace", "Ada Lovelace", "spaces run together"),
    ("x" * 20, "x" * 16, "cut to 16 characters"),
])
def test_names_are_cleaned_on_entry_and_say_what_changed(typed, kept, why):
    name, note = clean_name(typed)
    assert name == kept
    assert note is None if why is None else why in note


async def test_the_settings_screen_says_what_it_did_to_a_typed_name(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        field = app.screen.query_one("#name")
        field.value = "Ｋａｔｅ\u200b"
        await pilot.pause()
        note = app.screen.query_one("#name-note").render()
        assert str(note) == ("Kept as 'Kate': look-alike letters written plainly, hidden characters "
                             "left out.")
        field.value = "[b"
        await pilot.pause()
        assert str(app.screen.query_one("#name-note").render()) == ""
        await pilot.press("escape")
        assert Settings.load()[0].name == "[b"
