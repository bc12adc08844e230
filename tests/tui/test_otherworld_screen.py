"""Otherworld on screen at 80x24: solo from the menu through a round, save and continue; arrow keys
walk the free edges and light the two touched cards; hotseat privacy; readable without colour."""
from __future__ import annotations

from games.otherworld.commands import PlaceCard, PlaceStoryteller, TakeCard
from games.otherworld.grid import edges
from games.otherworld.state import Phase
from tests.tui.helpers import SIZE, highlight, make_app, pick_game, screen_text, wait_until
from tui.screens.dialogs import PassTerminal
from tui.screens.menu import MainMenu
from tui.games.otherworld.screen import OtherworldScreen
from tui.games.otherworld.prompts import step
from tui.games.otherworld.scores import ScoreSheet
from tui.games.otherworld.text import card_label, grid_text, hand_text


async def open_otherworld(pilot, preset: str) -> OtherworldScreen:
    await pick_game(pilot, "otherworld")
    highlight(pilot.app.screen.query_one("#seat-choices"), preset)
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, PassTerminal):
        await pilot.press("enter")
    assert isinstance(pilot.app.screen, OtherworldScreen)
    return pilot.app.screen


async def play_a_turn(pilot, screen: OtherworldScreen) -> None:
    """One step as a player would: the keys the status line asks for."""
    phase = screen.table.view(0).phase
    if phase in (Phase.JOURNEY, Phase.TAKE):
        await pilot.press("enter")
    elif phase is Phase.PLACE:
        await pilot.press("1")
        for row in "tmb":
            before = len(screen.table.log)
            await pilot.press(row)
            if len(screen.table.log) > before:
                break
    elif phase is Phase.ABILITY:
        await pilot.press("n")
    elif phase is Phase.CLEANUP:
        await pilot.press("1", "x")
    await pilot.pause()


async def test_solo_from_the_menu_through_a_round_then_save_and_continue(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_otherworld(pilot, "solo")
        table = screen.table
        assert table.view(0).solo and len(table.view(0).hand) == 5
        shown = screen_text(app)
        assert "Balor" in shown and "Journey" in shown and "Your tableau" in shown
        for g in table.view(0).geas:  # the three Geas are on screen
            from games.otherworld.content import GEAS
            assert GEAS[g].name in shown
        for _ in range(60):
            if table.view(0).round > 1:
                break
            await play_a_turn(pilot, screen)
        kinds = {type(command) for _, command in table.log}
        assert {PlaceStoryteller, TakeCard, PlaceCard} <= kinds
        assert table.view(0).round == 2 and len(table.view(0).balor) == 3
        assert sum(len(r) for r in table.view(0).tableaus[0]) >= 2
        log = list(table.log)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        [info] = app.store.list()
        assert "round 2" in info.progress
        await pilot.press("c", "enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, OtherworldScreen) and resumed.table.log == log


async def test_arrow_keys_walk_free_edges_and_light_the_touched_cards(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_otherworld(pilot, "easy1")
        table = screen.table
        await wait_until(pilot, lambda: table.to_act() == (0,), "the bot placed first (if it was first)")
        assert table.view(0).phase is Phase.JOURNEY and table.to_act() == (0,)
        start = screen.cursor
        seen = {start}
        for key in ("right", "down", "left", "down", "right"):
            await pilot.press(key)
            seen.add(screen.cursor)
        assert len(seen) >= 3  # the cursor moved between edges
        edge = edges(table.view(0).rows, table.view(0).cols)[screen.cursor]
        grid = str(screen.query_one("#ow-grid").render())
        for cell in edge.cells:  # both touched cards are marked » «, not by colour alone
            assert f"»{card_label(table.view(0).grid[cell])}«" in grid
        await pilot.press("enter")
        assert table.state.tellers[edge.index] == 0
        assert "1" in str(screen.query_one("#ow-grid").render())
        await pilot.press("o")  # the bot's tableau on demand
        assert "tableau (o: next)" in screen_text(app)
        await pilot.press("s")
        assert isinstance(app.screen, ScoreSheet) and "Scores if the game ended now" in screen_text(app)


async def test_hotseat_hides_hands_between_people(isolated_folders):
    """Even on the journey, where no card changes hands, the screen shows the acting person's hand
    (it tells them which cards to reach for), so the terminal is passed between placements."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_otherworld(pilot, "people2")
        hands = screen.table.state.hands
        first = screen.table.to_act()[0]
        assert screen.viewer() == first and screen.table.state.phase is Phase.JOURNEY

        def hand_on_screen() -> str:
            return str(screen.query_one("#ow-hand").render())

        assert hand_on_screen() == hand_text(hands[first], None, True).plain
        await pilot.press("enter")  # a storyteller for the first player
        await pilot.pause()
        assert isinstance(app.screen, PassTerminal) and screen.table.state.phase is Phase.JOURNEY
        await pilot.press("enter")
        assert screen.viewer() == 1 - first
        assert hand_on_screen() == hand_text(hands[1 - first], None, True).plain


def test_the_grid_reads_without_colour():
    from games.otherworld.game import GAME

    state, _ = GAME.setup(3, 2, {})
    state.tellers[0], state.tellers[5] = 0, 1
    text = grid_text(GAME.view(state, 0), no_color=True, lit_cells={0, 1}, cursor_edge=2)
    assert all(span.style.color is None for span in text.spans if hasattr(span.style, "color"))
    plain = text.plain
    assert "─1─" in plain and "2" in plain and "[·]" in plain and "»" in plain


def test_the_cursor_steps_to_the_nearest_point_in_a_direction():
    points = {"a": (0, 0), "b": (0, 2), "c": (2, 0), "d": (2, 2)}
    assert step(points, "a", "right") == "b" and step(points, "a", "down") == "c"
    assert step(points, "d", "up") == "b" and step(points, "a", "left") == "a"


async def screen_placing(app, pilot, ability: str, colour: str = "red", value: int = 0):
    """A solo table where you are about to place a card with `ability`, with cards to work on."""
    from games.core.seats import Seat
    from games.core.table import Table
    from games.otherworld.game import GAME
    from tests.games.otherworld.helpers import card, row

    table = Table(GAME, (Seat("You"),), 21)
    state = table.state
    special = card(colour, value, ability)
    state.phase, state.turn = Phase.PLACE, 0
    state.hands[0] = [special]
    state.tableaus[0] = [row("1y", "2y"), row("5g"), []]
    if ability == "wander":
        state.tellers[0] = 0
    screen = OtherworldScreen(table, None)
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.press("1", "b")
    assert state.phase is Phase.ABILITY and state.pending == special
    return screen, state, special


async def test_swap_and_shift_by_keys_on_the_tableau(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen, state, special = await screen_placing(app, pilot, "swap", "red", 0)
        assert "Arrows walk" in screen_text(app)
        top_left = state.tableaus[0][0][0]
        assert screen.cursor == (0, 0)
        await pilot.press("enter", "down", "enter")  # mark 1y, then swap it with 5g below
        assert state.tableaus[0][1][0] == top_left and state.phase is not Phase.ABILITY
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen, state, special = await screen_placing(app, pilot, "shift", "red", 2)
        moved = state.tableaus[0][0][0]
        await pilot.press("enter", "m")  # move 1y to the middle row: it leaves a gap
        assert state.tableaus[0][0][0] is None and state.tableaus[0][1][-1] == moved
        assert "gap" in str(screen.query_one("#ow-tableau").render())


async def test_recall_wander_and_skip_by_keys(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen, state, special = await screen_placing(app, pilot, "recall", "red", 5)
        back = state.tableaus[0][0][0]
        await pilot.press("enter")
        assert back in state.hands[0]
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen, state, special = await screen_placing(app, pilot, "wander", "red", 6)
        assert screen.cursor == 0
        await pilot.press("enter")  # pick the storyteller on edge 0
        assert screen.marked == 0
        await pilot.press("right", "enter")  # and move it to a free edge
        assert state.tellers[0] == -1 and state.tellers.count(0) == 1
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen, state, special = await screen_placing(app, pilot, "swap", "blue", 6)
        await pilot.press("n")
        assert state.phase is not Phase.ABILITY and state.tableaus[0][0][0] is not None


async def test_solo_ends_with_the_difficulty_the_strikes_and_the_score_sheet(isolated_folders):
    from games.core.seats import Seat
    from games.core.table import Table
    from games.otherworld.game import GAME

    table = Table(GAME, (Seat("You"),), 5)
    while table.state.phase is not Phase.DIFFICULTY:
        table.dispatch(0, table.legal_commands(0)[0])
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = OtherworldScreen(table, None)
        await app.push_screen(screen)
        await pilot.pause()
        assert "press 0-4" in screen_text(app)
        await pilot.press("2")
        assert table.state.phase is Phase.STRIKE and "A " in screen_text(app)
        first = table.state.balor[0]
        await pilot.press("A", "A")
        await pilot.pause()
        assert first in table.state.struck and table.outcome() is not None
        assert isinstance(app.screen, ScoreSheet)
        sheet = screen_text(app)
        assert "Final scores" in sheet and "Balor:" in sheet and "struck" in sheet
        assert "colours: red" in sheet


async def test_balor_s_cards_are_struck_with_lower_case_letters_too(isolated_folders):
    from games.core.seats import Seat
    from games.core.table import Table
    from games.otherworld.game import GAME

    table = Table(GAME, (Seat("You"),), 5)
    while table.state.phase is not Phase.DIFFICULTY:
        table.dispatch(0, table.legal_commands(0)[0])
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = OtherworldScreen(table, None)
        await app.push_screen(screen)
        await pilot.pause()
        # after the last round the grid is empty for good: it promises no next round
        assert "until the next round" not in screen_text(app)
        await pilot.press("2")
        second = table.state.balor[1]
        await pilot.press("b")
        assert second in table.state.struck
        await pilot.press("z")
        assert "Balor has no card Z" in screen.problem


async def test_the_solo_header_names_balor_when_he_goes_first(isolated_folders):
    from games.core.seats import Seat
    from games.core.table import Table
    from games.otherworld.game import GAME

    table = Table(GAME, (Seat("You"),), 5)
    while table.state.round < 2:
        table.dispatch(0, table.legal_commands(0)[0])
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = OtherworldScreen(table, None)
        await app.push_screen(screen)
        await pilot.pause()
        top = str(screen.query_one("#ow-top").render())
        assert "round 2 of 5" in top and "first: Balor" in top


def test_hand_cards_show_their_whole_names_within_80_columns():
    from games.otherworld.content import CARDS

    longest = sorted(CARDS, key=lambda c: len(CARDS[c].name))[-6:]
    text = hand_text(longest, None, True)
    for card in longest:
        assert CARDS[card].name in text.plain
    assert max(len(line) for line in text.plain.split("\n")) <= 78  # inside the padding


def test_log_lines_read_well_for_the_reader():
    from games.otherworld.content import CARDS
    from games.otherworld.events import BalorTurn, CardRecalled

    some = sorted(CARDS)[:2]
    assert CardRecalled(0, some[0]).describe(["You"]).endswith("back into your hand.")
    assert CardRecalled(0, some[0]).describe(["Ada", "Bo"]).endswith("back into their hand.")
    line = BalorTurn(some[0], True, True, some[1]).describe(["You"])
    assert line.startswith(f"Balor took {CARDS[some[1]].name}")  # which card first: lines are cut


async def test_a_long_progress_line_never_splits_the_save_s_date(isolated_folders):
    """'solo against Balor, round 1 of 5, journey · 04 Dec 03:49' wrapped mid-date at 80 columns."""
    from rich.text import Text

    from tui.screens.saves import SaveMenu, describe

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_otherworld(pilot, "solo")
        await pilot.press("escape", "c")
        assert isinstance(app.screen, SaveMenu)
        (info,) = app.screen.saves
        width = app.screen.query_one("#save-list").content_size.width
        when = info.updated.astimezone().strftime("%d %b %H:%M")
        first = Text.from_markup(describe(info)).plain.splitlines()[0]
        assert first.index(when) + len(when) <= width
