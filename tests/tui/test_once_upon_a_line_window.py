"""A Grid of Destiny bigger than 80x24 leaves room for: Chapter 2's 20x14 grid shows through a window
of 18x12 squares that follows the pencil cursor and the placement preview, scrolls with the arrows
when nothing is chosen, and says with ‹ › ▲ ▼ that more lies beyond its edges.
"""
from __future__ import annotations

from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from tests.tui.helpers import SIZE, make_app
from tests.tui.test_once_upon_a_line_screen import past_the_introduction
from tui.games.once_upon_a_line.grid import GridBoard
from tui.games.once_upon_a_line.screen import OnceUponALineScreen
from tui.games.once_upon_a_line.window import Window
from tui.screens.start import start_game


def test_the_window_moves_as_little_as_it_can() -> None:
    window = Window(24, 16)
    window.fit(18, 12)
    assert (window.x, window.y, window.clipped) == (0, 0, True)
    window.follow([(19, 3)])
    assert (window.x, window.y) == (2, 0)  # just enough to show column T
    window.follow([(5, 3)])
    assert (window.x, window.y) == (2, 0)  # already shown: no jump
    window.follow([(23, 15)])
    assert (window.x, window.y) == (6, 4)
    window.follow([(0, 0)])
    assert (window.x, window.y) == (0, 0)


def test_a_word_too_long_for_the_window_shows_from_its_first_square() -> None:
    window = Window(24, 16)
    window.fit(4, 3)
    window.follow([(10, 2), (10, 3), (10, 4), (10, 5)], first=(10, 2))
    assert window.y == 2
    window.follow([(10, 9), (10, 8), (10, 7), (10, 6)], first=(10, 9))  # scratched upwards
    assert window.y == 7 and window.shows((10, 9))


def test_panning_stops_at_the_edges_and_a_small_grid_never_scrolls() -> None:
    window = Window(20, 14)
    window.fit(18, 12)
    assert window.pan(1, 0) and window.x == 2
    assert not window.pan(1, 0)
    assert window.pan(0, 1) and window.y == 2
    small = Window(16, 12)
    small.fit(18, 12)
    assert not small.clipped and not small.pan(1, 1)


def header_and_labels(board: GridBoard) -> tuple[str, list[str]]:
    lines = str(board.render()).split("\n")
    return lines[0], [line[:3] for line in lines[1:]]


async def open_chapter_two(pilot) -> OnceUponALineScreen:
    table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7, {"chapter": "chapter-2"})
    start_game(pilot.app, table)
    await past_the_introduction(pilot, table)
    screen = pilot.app.screen
    assert isinstance(screen, OnceUponALineScreen)
    return screen


async def test_chapter_two_at_80x24_scrolls_to_follow_the_pencil_and_the_arrows(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_chapter_two(pilot)
        board = screen.query_one(GridBoard)
        assert (board.window.cols, board.window.rows) == (18, 12)
        assert board.region.right <= SIZE[0] - 22  # the side pane keeps its room
        header, labels = header_and_labels(board)
        assert "R›" in header and "T" not in header and labels[-1] == "12▼"
        assert "scroll" in str(screen.query_one("#ol-status").render())

        await pilot.press("p", *["right"] * 19, *["down"] * 13)  # the pencil cursor to T14
        assert screen.cursor == (19, 13)
        header, labels = header_and_labels(board)
        assert "‹C" in header and header.rstrip().endswith("T") and labels[0] == " 3▲"
        assert labels[-1] == "14 "
        await pilot.press("q")
        assert screen.view.squares[(19, 13)].note == "Q"
        assert "q" in str(board.render()).split("\n")[-1]  # the pencilled letter is on screen

        await pilot.press("escape", "left")  # out of pencil mode: arrows scroll the grid
        assert board.window.x == 0 and "A" in header_and_labels(board)[0]
        await pilot.press("left")
        assert "edge of the grid" in str(screen.query_one("#ol-status").render())


async def test_every_placement_previewed_in_chapter_two_is_on_screen(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_chapter_two(pilot)
        board = screen.query_one(GridBoard)
        await pilot.press("1", "1", "enter")
        choice = screen.choice
        assert choice is not None and choice.placing
        seen = 0
        for _ in range(len(choice.anchors())):
            for _ in range(len(choice.at_anchor())):
                preview = board.overlay.preview
                first = min(preview, key=preview.get)
                assert board.window.shows(first), (choice.current().code, first)
                seen += 1
                await pilot.press("right")
            await pilot.press("down")
        assert seen > 1


async def test_a_chapter_opens_where_its_starting_word_is_and_shows_the_anchor_word(tmp_path) -> None:
    """Chapter 5's STAIRS lie below row 12: the window opens on them, and a placement beside them
    shows both the squares to scratch and STAIRS."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = Table(find("once-upon-a-line").load(), (Seat("Ada"),), 7,
                      {"chapter": "chapter-5", "heroes": ["wick", "tansy", "bram"]})
        start_game(pilot.app, table)
        await past_the_introduction(pilot, table)
        screen = pilot.app.screen
        board = screen.query_one(GridBoard)
        letters = [c for c, sq in screen.view.squares.items() if sq.kind == "letter"]
        assert letters and max(y for _, y in letters) >= 12  # not in the first twelve rows
        assert all(board.window.shows(c) for c in letters)
        await pilot.press("2", "1", "enter")
        over = board.overlay
        assert over.preview and over.anchor
        assert all(board.window.shows(c) for c in [*over.preview, *over.anchor])
