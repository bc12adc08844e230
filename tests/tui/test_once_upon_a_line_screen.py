"""Once Upon a Line on screen at 80x24, played on the tiny test chapter standing in for the Prologue:
menu to a placement, save, quit and continue; a riddle typed in its dialog; a Word of Power shared
out; pencil notes that survive a save; keys at the wrong time explained without changing anything.
"""
from __future__ import annotations

import re

from pathlib import Path

import pytest

from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from games.once_upon_a_line import content as chapter_content
from games.once_upon_a_line.commands import (
    Answer, GiveLetters, Guess, Pencil, ReplaceTiles, TakeClue, UseTiles,
)
from games.once_upon_a_line.letters import suggested_plan
from tests.tui.helpers import SIZE, make_app, pick_game, screen_text, wait_until
from tui.screens.menu import MainMenu
from tui.screens.start import start_game
from tui.games.once_upon_a_line.screen import OnceUponALineScreen
from tui.games.once_upon_a_line.dialogs import DecisionDialog, LettersDialog, ReadDialog
from tui.games.once_upon_a_line.riddle import RiddleDialog

TINY = Path(__file__).resolve().parents[1] / "games" / "once_upon_a_line" / "tiny.toml"
VED = {(2, 3), (2, 4), (2, 5)}  # C4 C5 C6: the V, E, D of GLOVED below HORSE


@pytest.fixture(autouse=True)
def tiny_prologue(tmp_path, monkeypatch):
    """The tiny test chapter stands in for the Prologue (its content lands separately)."""
    folder = tmp_path / "chapters"
    folder.mkdir()
    # After the riddle, a square scratched for free (revealed on a timer started from inside the
    # riddle dialog) and a decision: the next dialog must still answer to the game screen.
    text = TINY.read_text().replace(
        'do = [ { steps = [ { epilogue = 3 } ] } ]',
        'do = [ { steps = [ { scratch = ["J1"] } ] },'
        ' { choice = [[ { utopia = 1 } ], [ { dystopia = 1 } ]], labels = ["Thank him", "Go"] },'
        ' { steps = [ { epilogue = 3 } ] } ]')
    (folder / "prologue.toml").write_text(text)
    monkeypatch.setattr(chapter_content, "chapter_files", lambda: [folder / "prologue.toml"])


def text_of(app) -> str:
    return screen_text(app, "Static, GridBoard")


def new_table(*commands) -> Table:
    table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7, {"chapter": "prologue"})
    for command in commands:
        assert table.dispatch(0, command), command
    return table


async def past_the_introduction(pilot, table: Table) -> None:
    """A chapter not yet begun opens with its introduction, shown once the screen has drawn (later
    on a busy machine): wait for it and close it, so that no key meant for the grid goes to it."""
    if table.log or table.state.ended:
        await pilot.pause()
        return
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReadDialog), "the introduction")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, OnceUponALineScreen), "the chapter")


async def open_table(pilot, table: Table) -> OnceUponALineScreen:
    start_game(pilot.app, table)
    await past_the_introduction(pilot, table)
    screen = pilot.app.screen_stack[2]
    assert isinstance(screen, OnceUponALineScreen)
    return screen


async def place(pilot, screen: OnceUponALineScreen, keys: str, code: str) -> None:
    """Hero and tile keys, enter, walk the placements to `code`, enter, skip the reveal."""
    await pilot.press(*keys, "enter")
    choice = screen.choice
    assert choice is not None and choice.placing
    for _ in range(len(choice.anchors())):
        for _ in range(len(choice.at_anchor())):
            if choice.current().code == code:
                break
            await pilot.press("right")
        if choice.current().code == code:
            break
        await pilot.press("down")
    assert choice.current().code == code
    preview = screen.query_one("GridBoard").overlay.preview
    assert preview  # the squares to scratch are numbered on the grid
    await pilot.press("enter")
    assert screen.queue  # revealed one by one...
    await pilot.press("space")  # ...unless a key shows them all
    assert not screen.queue


async def test_menu_new_prologue_one_placement_save_quit_continue(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "once-upon-a-line")
        await pilot.press("enter")  # its one seat preset
        await wait_until(pilot, lambda: isinstance(app.screen, ReadDialog), "the introduction")
        assert "Main quest" in text_of(app)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, OnceUponALineScreen)
        assert screen.table.options == {"chapter": "prologue"}
        assert "|H~ O~ R~ S~~E|" in text_of(app)  # the start word, its bars and its zone marks
        await place(pilot, screen, "13", "A HORSE C4 down")
        _, logged = screen.table.log[-1]
        assert logged == UseTiles("corvin", "s3", "A HORSE C4 down")
        uncovered = set(screen.table.state.uncovered)
        assert VED <= uncovered and " V^" in text_of(app)
        await pilot.press("s")  # save now
        await pilot.press("escape")  # back to the menu (saved again)
        assert isinstance(app.screen, MainMenu)
        await pilot.press("q")
    again = make_app(isolated_folders)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, OnceUponALineScreen)  # no introduction the second time
        assert screen.table.state.uncovered == uncovered
        assert " V^" in text_of(again) and "Reserve 5 4 2 1" in text_of(again)


async def test_a_riddle_is_typed_in_its_dialog(isolated_folders):
    table = new_table(UseTiles("corvin", "s3", "A HORSE C4 down"),
                      UseTiles("corvin", "s2", "A HORSE C2 up"))  # GLOVED: card GLO, riddle R1
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, table)  # a riddle waiting opens at once
        await wait_until(pilot, lambda: isinstance(app.screen, RiddleDialog), "the riddle")
        assert "I sing when I am hot" in text_of(app)
        box = app.screen.query_one("#riddle-guess")
        assert len(box.placeholder) <= box.content_size.width  # it read "enter to gues"
        await pilot.press(*"ketchup", "enter")  # K E T match, C is not T: four squares scratched
        assert "K E T T ░" in text_of(app) and "wrong at square 4" in text_of(app)
        await pilot.press("f2")
        assert "Clue 1: It lives in the kitchen." in text_of(app)
        await pilot.press(*"kettle", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, DecisionDialog)
                         and "Thank him" in text_of(app), "J1 is revealed, then the decision opens")
        await pilot.press("1")
        await pilot.pause()
        commands = [command for _, command in table.log[-4:]]
        assert commands == [Guess("ketchup"), TakeClue(), Guess("kettle"), Answer("0")]
        assert table.state.riddles["R1"].solved and table.state.ended == "epilogue"
        assert isinstance(app.screen, ReadDialog) and "The Epilogue" in text_of(app)
        assert "pours the tea" in text_of(app) and "Total" in text_of(app)


async def test_a_guess_past_the_answer_shows_the_blank_square_it_stopped_at(isolated_folders):
    table = new_table(UseTiles("corvin", "s3", "A HORSE C4 down"),
                      UseTiles("corvin", "s2", "A HORSE C2 up"))  # riddle R1: KETTLE
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, table)
        await wait_until(pilot, lambda: isinstance(app.screen, RiddleDialog), "the riddle")
        await pilot.press(*"kettles", "enter")  # the seventh square is blank, not S: scratched
        assert "K E T T L E · ░" in text_of(app)
        assert "KETTLE and a blank square are scratched" in text_of(app)


async def test_a_word_of_power_is_shared_out_in_its_dialog(isolated_folders):
    table = new_table(UseTiles("ysolde", "s4", "A HORSE E4 down"))  # K E T S below HORSE
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, table)
        await place(pilot, screen, "24", "A HORSE E2 up")  # A and B: GASKETS is complete
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LettersDialog) and "GASKETS" in text_of(app)
        offered = " ".join(dialog.targets)
        assert offered == suggested_plan(table.game.copy_state(table.state), "GASKETS")
        assert dialog.targets[0] == "-"  # no talent has a B: lost
        await pilot.press("escape")  # look at the board first; enter opens the dialog again
        assert app.screen is screen and "say where the letters go" in text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LettersDialog) and " ".join(dialog.targets) == offered
        await pilot.press("down", "right")  # move the A somewhere else (or lose it)
        assert " ".join(dialog.targets) != offered
        await pilot.press("enter")
        await pilot.pause()
        _, sent = table.log[-1]
        assert isinstance(sent, GiveLetters) and sent.plan == " ".join(dialog.targets)
        assert table.state.pending is None


def inside(widget, box) -> bool:
    """The widget is drawn whole within the box (a dialog clips what runs past its height)."""
    region, room = widget.region, box.content_region
    return region.height > 0 and region.y >= room.y and region.bottom <= room.bottom


async def test_the_prologues_word_of_power_dialog_is_read_whole_at_80x24(isolated_folders, monkeypatch):
    """Each letter's row named its talent's whole text (three lines each for GLOW), so the dialog
    ran past its height and its key line ('esc later') was cut off at 80x24."""
    prologue = Path(chapter_content.__file__).parent / "content" / "chapters" / "prologue.toml"
    monkeypatch.setattr(chapter_content, "chapter_files", lambda: [prologue])
    table = new_table(UseTiles("tansy", "s2", "A LANTERN C5 left"),
                      UseTiles("tansy", "s3", "A LANTERN E8 right"),
                      UseTiles("jory", "s2", "A LANTERN C8 left"),
                      UseTiles("jory", "s3", "A DINGHY E9 down"))
    assert table.state.pending.word == "GLOW"
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, table)
        await wait_until(pilot, lambda: isinstance(app.screen, LettersDialog), "the dialog opens")
        await pilot.pause()
        box = app.screen.query_one("Vertical")
        parts = list(app.screen.query("Static"))
        assert [p for p in parts if not inside(p, box)] == []
        shown = text_of(app)
        assert "esc later" in shown and "Jory Flint: GEAR" in shown
        assert shown.count("cog-wheel") == 1  # the chosen letter's talent, told once
        await pilot.press("down")
        assert "cog-wheel" not in text_of(app) and "Nettle" in text_of(app)


async def test_pencil_notes_survive_save_and_continue(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        await pilot.press("p", "down", "k")  # A2: a K pencilled in
        _, logged = screen.table.log[-1]
        assert logged == Pencil("A2", "K")
        assert " 2 ░k░" in text_of(app)  # lower case on the ink: not a scratched letter
        await pilot.press("escape", "escape")  # stop pencilling, back to the menu
        assert isinstance(app.screen, MainMenu)
        await pilot.press("c", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OnceUponALineScreen)
        assert screen.table.state.notes == {(0, 1): "K"} and " 2 ░k░" in text_of(app)


async def test_a_key_at_the_wrong_time_explains_and_changes_nothing(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        table = screen.table
        before = table.game.snapshot(table.state), set(table.state.uncovered)
        await pilot.press("enter")
        assert "Choose a hero first" in screen.problem and "Choose a hero first" in text_of(app)
        await pilot.press("9")
        assert "There is no hero 9" in screen.problem
        await pilot.press("r")
        assert "Choose a hero first" in screen.problem
        await pilot.press("1", "r")  # Corvin has nothing in the compartments to replace
        assert "nothing to return" in screen.problem
        await pilot.press("enter")
        assert "Choose tiles first" in screen.problem
        await pilot.press("escape", "p", "3")
        assert "Pencil letters only" in screen.problem
        assert table.log == [] and (table.game.snapshot(table.state), table.state.uncovered) == before


async def test_no_color_keeps_zones_and_pencil_marks_readable(isolated_folders, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    table = new_table(UseTiles("corvin", "s3", "A HORSE C4 down"), Pencil("J8", "Q"))
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        assert app.no_color
        await open_table(pilot, table)
        grid = str(app.screen.query_one("GridBoard").render())
        assert "|H~ O~ R~ S~~E|" in grid and "^D▁" in grid and "░q░" in grid


async def test_replacing_tiles_and_moving_ask_first_because_they_cost_an_hourglass(isolated_folders):
    from games.once_upon_a_line.commands import MoveHero
    from tui.screens.dialogs import Confirm

    table = new_table(UseTiles("corvin", "s3", "A HORSE C4 down"))
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, table)
        await pilot.press("1", "3")  # the 3 is in a compartment: tiles keep their numbers
        assert "in an Action Compartment" in screen.problem and "3:(3)" in text_of(app)
        await pilot.press("escape", "1", "r")
        assert isinstance(app.screen, Confirm) and "hourglass" in text_of(app)
        await pilot.press("n")  # declined: nothing happens
        assert len(table.log) == 1
        await pilot.press("1", "r", "y")
        _, logged = table.log[-1]
        assert logged == ReplaceTiles("corvin") and table.state.tragedy_scratched == 1
        await pilot.press("1", "m")
        assert isinstance(app.screen, DecisionDialog) and "^green" in text_of(app)
        await pilot.press("1")
        _, logged = table.log[-1]
        assert logged == MoveHero("corvin", 2)
        assert table.state.heroes["corvin"].zone == 2 and table.state.tragedy_scratched == 2


def test_tiles_combine_only_along_the_combinable_arrow_and_star_tiles_move_over_the_grid():
    from tui.games.once_upon_a_line.action import ActionChoice

    won = {"corvin": ["cor_line", "cor_hook"], "ysolde": ["ysl_star"]}
    table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7,
                  {"chapter": "prologue", "campaign": {"talent_tiles": won}})
    planner = table.view(0).planner
    tiles, note = planner.toggle("corvin", ["s3"], "cor_line")  # both combinable: one line
    assert tiles == ["s3", "cor_line"] and note == ""
    tiles, note = planner.toggle("corvin", tiles, "cor_hook")  # a single-arrow tile goes alone
    assert tiles == ["cor_hook"] and "alone" in note
    assert planner.toggle("corvin", tiles, "cor_hook") == ([], "")
    star = ActionChoice("ysolde", ["ysl_star"], planner.placements("ysolde", ("ysl_star",)))
    assert star.star and star.current().cells[0] == (0, 0)
    assert star.move_start(1, 0) and star.current().cells[0][0] > 0
    here = star.current().cells[0]
    star.turn_here()
    assert star.current().cells[0] == here


async def test_after_a_tragedy_the_chapter_can_be_played_again_from_its_start(isolated_folders):
    from games.once_upon_a_line.commands import MoveHero
    from tui.screens.dialogs import Confirm

    table = new_table(*[MoveHero("corvin", 2 if i % 2 == 0 else 1) for i in range(9)])
    assert table.state.ended == "tragedy"
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        start_game(pilot.app, table)
        await wait_until(pilot, lambda: isinstance(app.screen, ReadDialog), "the Tragedy and the score")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, Confirm), "play the chapter again?")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, ReadDialog), "the new chapter's introduction")
        await pilot.press("enter")
        screen = app.screen_stack[-1]
        assert isinstance(screen, OnceUponALineScreen) and screen.table is not table
        assert not screen.table.state.ended and screen.table.state.tragedy_scratched == 0
        assert len(app.store.list()) == 2  # the Tragedy's save is kept


async def test_every_placement_of_a_tile_is_listed_differently(isolated_folders):
    """Placements over a word may start on the same square and differ only in squares lost (past
    the edge, on scratched squares): each outcome is offered once, and each line says which
    squares (first…last) and which side first, so no two read alike."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        await pilot.press("1", "2", "enter")  # Corvin's 4-square tile: four ways scratch A3 alone
        choice = screen.choice
        assert choice is not None and choice.placing
        outcomes = []
        for _ in range(len(choice.anchors())):
            lines = []
            for _ in range(len(choice.at_anchor())):
                hero = screen.hero_view(screen.view, choice.hero)
                line = str(screen.placement_line(screen.view, hero))
                lines.append(re.sub(r" · \d+/\d+", "", line))  # without its place in the list
                preview = screen.query_one("GridBoard").overlay.preview
                outcomes.append(tuple(sorted(preview, key=preview.get)))
                await pilot.press("right")
            assert len(set(lines)) == len(lines), lines
            await pilot.press("down")
        assert len(set(outcomes)) == len(outcomes)
        assert outcomes.count(((0, 2),)) == 1  # A3 alone: once


def drawn_lines(widget) -> list[str]:
    """The lines a widget shows on screen now, as plain text (what a player at 80x24 reads)."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def drawn(widget) -> str:
    """A widget's lines joined with spaces, to find a wrapped sentence whole."""
    return " ".join(" ".join(line.split()) for line in drawn_lines(widget))


async def test_undo_names_what_blocks_it_in_full(isolated_folders):
    """After scratching a blank square, undo says the scratch revealed it (no card was), names the
    hero, and the whole sentence is on screen at 80 columns."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        await place(pilot, screen, "15", "A HORSE F2 up")  # Corvin's 1-square tile: a blank square
        await wait_until(pilot, lambda: not screen.queue, "the squares are revealed")
        while screen.app.screen is not screen:
            await pilot.press("escape")
        await pilot.press("u")
        assert "card is revealed" not in screen.problem
        status = drawn(screen.query_one("#ol-status"))
        assert ("✗ That move cannot be taken back: it revealed something (Corvin scratched F2: "
                "blank), and nothing revealed is hidden again.") in status, drawn_lines(
            screen.query_one("#ol-status"))


async def test_a_refusal_longer_than_the_status_takes_the_log_line_row(isolated_folders):
    table = new_table(UseTiles("corvin", "s3", "A HORSE C4 down"),
                      UseTiles("corvin", "s2", "A HORSE C2 up"), Guess("kettles"))
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, table)
        await pilot.pause()
        await pilot.press("escape")  # from the riddle to the board
        await pilot.press("u")
        await pilot.pause()
        assert not screen.query_one("#ol-log").display
        assert ("✗ That move cannot be taken back: it revealed something (KETTLES is wrong at square "
                "7: KETTLE and a blank square are scratched), and nothing revealed is hidden again."
                ) in drawn(screen.query_one("#ol-status"))
        await pilot.press("1")  # a short refusal next: the log line is back
        await pilot.pause()
        assert screen.problem == "First solve the riddle: press enter."
        assert screen.query_one("#ol-log").display


async def test_the_header_tabs_and_reading_pane_fit_80_columns(isolated_folders):
    import dataclasses

    from rich.text import Text as RichText

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        top = str(screen.query_one("#ol-top").render())
        assert "criteria met" in top and "score" not in top  # no final-looking score before a move
        view = screen.view
        many = dataclasses.replace(view, cards=view.cards * 12)  # a chapter late on: 12 cards read
        tabs = screen.tabs(many).plain
        assert "Cards 12" in tabs and tabs.endswith("Key") and len(tabs) <= 28
        reading = screen.query_one("#ol-read")
        reading.show(RichText(" ".join(["an instruction that goes on"] * 40)), "v reads the whole card")
        await pilot.pause()
        assert drawn_lines(reading)[-1] == "… v reads the whole card"


LONG_CARD = ("A grey mare kicks at her stall. " * 12 + "The [~GLOVED@2] groom who calms her has gone "
             "for tea, and the last words of this card are hers.")


async def test_a_long_card_ends_with_how_to_read_it_from_the_first_paint(isolated_folders, tmp_path):
    """The reading pane fits its card to the lines it has when first drawn (the Prologue's first
    card was cut mid-sentence until some key redrew it) and again when the terminal grows."""
    chapter = tmp_path / "chapters" / "prologue.toml"
    chapter.write_text(chapter.read_text().replace(
        '"A grey mare kicks at her stall. The [~GLOVED@2] groom who calms her has gone for tea."',
        f'"{LONG_CARD}"'))
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        pane = screen.query_one("#ol-read")
        await wait_until(pilot, lambda: drawn_lines(pane)[0].startswith("HOR"), "the card is drawn")
        lines = drawn_lines(pane)
        assert lines[-1] == "… v reads the whole card", lines
        await pilot.resize_terminal(80, 40)
        await wait_until(pilot, lambda: len(drawn_lines(pane)) > len(lines), "the pane grows")
        shown = drawn(pane).rstrip()
        assert "are hers." in shown and shown.endswith("gain 1 button"), drawn_lines(pane)


def test_a_long_card_title_goes_on_under_itself_in_the_cards_pane():
    """At 80 columns the pane has 27 columns: 'TRO The Troll Under the Je' was cut at its edge."""
    import dataclasses

    from tui.games.once_upon_a_line.cards import cards_pane

    view = new_table().view(0)
    title = "The Troll Under the Old Jetty"
    card = dataclasses.replace(view.cards[0], title=title)
    lines = cards_pane(dataclasses.replace(view, cards=(card,)), card.key, True, 27, 12).plain.split("\n")
    assert all(len(line) <= 27 for line in lines), lines
    assert " ".join(line[5:] for line in lines[1:]) == title, lines


async def test_the_story_pane_says_what_is_earned_so_far_in_whole_lines(isolated_folders):
    """At 80x24 the Story pane wraps rather than cutting its lines ("So far (5 of 9 criteria me…");
    the reader (v) lists every criterion, met or not."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, new_table())
        await pilot.press("tab", "tab")  # Heroes, Cards, Story
        pane = screen.query_one("#ol-pane")
        lines = drawn_lines(pane)
        assert not [line for line in lines if line.endswith("…")], lines
        shown = drawn(pane).rstrip()
        assert "So far: 2 of 4 criteria met" in shown
        assert "+2 no Skull uncovered" in shown and "+2 5+ hourglasses left" in shown
        await pilot.press("v")
        assert isinstance(app.screen, ReadDialog)
        assert "0 talents completed" in text_of(app) and "+2 no Skull uncovered" in text_of(app)


async def test_a_hero_with_full_action_compartments_says_so_when_picked(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        table = new_table()
        hero = table.state.chapter.heroes[0]
        board = table.state.heroes[hero]
        board.compartments = [["s5"], ["s4"], ["s3"], ["s2"]]  # four tiles played, one left
        board.reserve = [t for t in board.reserve if t not in ("s5", "s4", "s3", "s2")]
        screen = await open_table(pilot, table)
        await pilot.press("1")
        full = ("Corvin's Action Compartments are full: r replaces Corvin's tiles or m moves Corvin "
                "(each scratches an hourglass).")
        assert screen.note == full and full in drawn(screen.query_one("#ol-status"))
        await pilot.press("5")  # the tile still in the Reserve
        assert screen.problem == full and not screen.choice.tiles
        await pilot.press("enter")  # not "choose tiles first": numbers cannot help
        assert screen.problem == full and full in drawn(screen.query_one("#ol-status"))
        await pilot.press("r", "y")  # replaced: the note goes with the full compartments
        await pilot.pause()
        _, logged = table.log[-1]
        assert logged == ReplaceTiles("corvin")
        assert "full" not in drawn(screen.query_one("#ol-status"))


async def test_stuck_opens_where_to_look_without_the_answer(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, new_table())
        await pilot.press("h")
        assert isinstance(app.screen, ReadDialog)
        shown = text_of(app)
        assert "Stuck? Where to look" in shown and "Read card HOR (The Grey Mare) again" in shown
        assert "GLOVED" not in shown
        await pilot.press("enter")
        assert isinstance(app.screen, OnceUponALineScreen)
