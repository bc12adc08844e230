"""Dice Upon a Time on screen at 80x24: a short 2-player game against a bot from the menu through a
chapter by the keys the prompt names, then save and continue; a die picked walks only its legal
sockets and lights the field the figure would reach; refusals in words; trades by keys; hotseat
keeps Magic Items private; the table's length is chosen in the menu."""
from __future__ import annotations

from games.dice_upon_a_time.commands import (
    Answer, EndTurn, OfferTrade, PlaceDie, UseRabbit,
)
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import is_route
from games.dice_upon_a_time.view import Phase
from tests.tui.helpers import SIZE, highlight, make_app, pick_game, screen_text, wait_until
from tui.games.dice_upon_a_time.dialogs import MagicItems, TradeOffer
from tui.games.dice_upon_a_time.map import map_text, Marks
from tui.games.dice_upon_a_time.panels import details
from tui.games.dice_upon_a_time.screen import DiceUponATimeScreen
from tui.screens.dialogs import Confirm, GameLog, PassTerminal
from tui.screens.menu import MainMenu
from tui.screens.table_choices import TableChoices

LENGTHS = {"normal": 0, "short": 1, "extra long": 2}


async def open_dice(pilot, preset: str, length: str = "short") -> DiceUponATimeScreen:
    await pick_game(pilot, "dice-upon-a-time")
    highlight(pilot.app.screen.query_one("#seat-choices"), preset)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TableChoices), "the length is asked")
    assert "how long a story?" in screen_text(pilot.app)
    await pilot.press(*["down"] * LENGTHS[length], "enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, (DiceUponATimeScreen, PassTerminal)),
                     "the game opens")
    if isinstance(pilot.app.screen, PassTerminal):
        await pilot.press("enter")
    return pilot.app.screen


async def my_turn(pilot, screen: DiceUponATimeScreen) -> None:
    await wait_until(pilot, lambda: screen.table.outcome() is not None or (
        screen.thinking is None and screen.person_seat() in screen.table.to_act()), "your turn")


async def to_placing(pilot, screen: DiceUponATimeScreen) -> None:
    """Play on until it is your turn to place a die."""
    await my_turn(pilot, screen)
    while screen.view.question is not None or screen.view.phase is not Phase.PLACE:
        await play_a_step(pilot, screen)
        await my_turn(pilot, screen)


async def play_a_step(pilot, screen: DiceUponATimeScreen) -> None:
    """One step as a player would, by the keys the prompt names."""
    app = pilot.app
    view = screen.view
    if view.question is not None:
        await pilot.press("1")
    elif view.phase is Phase.PLACE:
        for die, _ in view.players[view.seat].pool:
            await pilot.press(str(die + 1))
            if screen.cursor is not None:
                await pilot.press("enter")
                break
        else:
            await pilot.press("p")
            assert isinstance(app.screen, Confirm) and "Pass for the rest of this chapter" in \
                screen_text(app)
            await pilot.press("y")
    elif view.phase is Phase.MOVE:
        await pilot.press("g")
    elif view.phase is Phase.QUESTS:
        before = len(view.players[view.seat].done)
        await pilot.press("1")
        if len(screen.view.players[view.seat].done) == before:
            await pilot.press("e")
    await pilot.pause()


async def test_a_short_game_against_a_bot_through_a_chapter_then_save_and_continue(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1", "short")
        table = screen.table
        assert table.view(0).chapters == 3
        shown = screen_text(app)
        for words in ("Dice Upon a Time", "chapter 1/3", "Rabbit", "Town", "Fairy", "Your dice", "Easy bot"):
            assert words in shown, words
        for _ in range(300):
            if table.view(0).chapter > 1:
                break
            await my_turn(pilot, screen)
            await play_a_step(pilot, screen)
        assert table.view(0).chapter == 2
        kinds = {type(command) for seat, command in table.log if seat == 0}
        assert {PlaceDie, EndTurn, Answer} <= kinds
        assert any(seat == 1 for seat, _ in table.log)  # the bot played its turns
        log = list(table.log)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        [info] = app.store.list()
        assert "chapter 2" in info.progress
        await pilot.press("c", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, DiceUponATimeScreen), "it continues")
        assert app.screen.table.log == log


async def test_a_picked_die_walks_only_its_legal_sockets_and_lights_where_it_leads(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1")
        await to_placing(pilot, screen)
        view = screen.view
        die = view.players[view.seat].pool[0][0]
        await pilot.press(str(die + 1))
        legal = {c.socket for c in screen.table.legal_commands(view.seat)
                 if isinstance(c, PlaceDie) and c.die == die}
        assert set(screen.targets(screen.view)) == legal and screen.cursor in legal
        seen = set()
        for _ in range(len(legal) + 2):
            seen.add(screen.cursor)
            await pilot.press("tab")
        assert seen == legal  # tab walks every legal socket and nothing else
        for key in ("up", "down", "left", "right", "left", "up"):
            await pilot.press(key)
            assert screen.cursor in legal
        board = game_content().board
        here = view.players[view.seat].field
        mine = [s for s in sorted(legal) if is_route(s) and here in board.routes[int(s[1:])].ends]
        if mine:  # the field a route leads to is lit, and the prompt names it
            screen.cursor = mine[0]
            screen.redraw()
            marks = screen.marks(screen.view, True)
            there = board.routes[int(mine[0][1:])].other(here)
            assert marks.reach == {there} and marks.legal == legal
            assert f"you may go to {board.fields[there].name}" in screen_text(app)
        await pilot.press("enter")
        assert any(isinstance(command, PlaceDie) and command.die == die for _, command in screen.table.log)


async def test_keys_at_the_wrong_time_are_refused_in_words(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1")
        await to_placing(pilot, screen)
        before = list(screen.table.log)
        await pilot.press("g")
        assert "You move just after placing a die" in screen_text(app)
        await pilot.press("e")
        assert "First place a die (or pass), then move." in screen_text(app)
        await pilot.press("r")
        assert "You have no Rabbit token" in screen_text(app)
        await pilot.press("9")
        assert "You have no die 9 to place" in screen_text(app)
        await pilot.press("enter")
        assert "First pick a die with its number." in screen_text(app)
        assert screen.table.log == before  # nothing was lost or played


async def test_a_trade_is_offered_by_keys_and_the_bot_answers(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1")
        await to_placing(pilot, screen)
        table = screen.table
        # the bot's figure meets yours, and each holds a token to trade
        table.state.players[1].field = table.state.players[0].field
        table.state.players[0].tokens["coin"] += 1
        table.state.players[1].tokens["apple"] += 1
        screen.redraw()
        await pilot.press("t")
        assert isinstance(app.screen, TradeOffer)
        text = screen_text(app)
        assert "You give:" in text and "You ask for:" in text and "Gold Coin" in text and "Apple" in text
        # a coin of yours and an apple of theirs (the bot may hold coins too, and you apples:
        # how many depends on how far it played before the test changed the tokens)
        give, ask = text.split("You ask for:", 1)
        give = give[give.index("You give:"):]
        letters = [next(line.split()[0] for line in give.splitlines() if "Gold Coin" in line),
                   next(line.split()[0] for line in ask.splitlines() if "Apple (" in line)]
        await pilot.press(*letters)
        await pilot.press("enter")
        await wait_until(pilot, lambda: any(isinstance(command, Answer) and seat == 1 and
                                            command.choice in ("accept", "refuse")
                                            for seat, command in table.log), "the bot answers")
        offer = next(command for _, command in table.log if isinstance(command, OfferTrade))
        assert offer == OfferTrade(1, ("coin",), ("apple",))


async def test_hotseat_hides_magic_items_and_passes_the_terminal(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "people2")
        table = screen.table
        for _ in range(40):  # every privacy screen names the next player
            if isinstance(app.screen, PassTerminal):
                assert "Pass the terminal to" in screen_text(app)
                await pilot.press("enter")
                continue
            view = screen.view
            other = 1 - view.seat
            theirs = [game_content().magic[c].title for c in table.state.players[other].magic]
            lines = "\n".join(details(view, table.names))
            assert all(title not in lines for title in theirs)
            await pilot.press("m")
            assert isinstance(app.screen, MagicItems)
            shown = screen_text(app)
            assert all(title not in shown for title in theirs if title not in
                       [game_content().magic[c].title for c in view.players[view.seat].magic])
            await pilot.press("escape")
            await play_a_step(pilot, screen)
        assert len({seat for seat, _ in table.log}) == 2


async def test_the_table_in_full_and_the_map_read_without_colour(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1", "extra long")
        await my_turn(pilot, screen)
        assert screen.view.chapters == 0 and "extra long" in screen_text(app)
        await pilot.press("i")
        assert isinstance(app.screen, GameLog) and "The table in full" in screen_text(app)
        assert "Little" in screen_text(app) or "Ability:" in screen_text(app)
        await pilot.press("i")
        assert isinstance(app.screen, DiceUponATimeScreen)
    table = screen.table
    placed = next((c for c in table.legal_commands(table.to_act()[0]) if isinstance(c, PlaceDie)), None)
    if placed is not None and not table.view(0).question:
        table.dispatch(table.to_act()[0], placed)
    text = map_text(table.view(0), Marks(no_color=True)).plain
    assert len(text.splitlines()) == 14 and max(len(line) for line in text.splitlines()) <= 57
    for name in ("Rabbit", "Snake", "Wolf", "Fox", "Town", "King", "Fairy"):
        assert name in text


async def test_a_rabbit_token_walks_the_routes_from_your_field(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_dice(pilot, "easy1")
        await to_placing(pilot, screen)
        seat = screen.view.seat
        screen.table.state.players[seat].rabbit = 1
        await pilot.press("r")
        routes = {f"r{c.route}" for c in screen.table.legal_commands(seat) if isinstance(c, UseRabbit)}
        assert routes and set(screen.targets(screen.view)) == routes
        assert "Rabbit token:" in screen_text(app)
        await pilot.press("enter")
        assert any(isinstance(command, UseRabbit) for _, command in screen.table.log)


def test_the_header_names_the_seat_asked_not_the_seat_whose_turn_it_is():
    """At the opening draws the first player's turn has begun, but each seat in turn is asked to draw a
    Quest: the header must say who is asked ("your choice"), not "Hard bot's turn"."""
    from games.core.seats import Seat
    from games.core.table import Table
    from games.core.words import YOU
    from games.dice_upon_a_time.game import GAME
    from tui.games.dice_upon_a_time.panels import header

    table = Table(GAME, (Seat("Hard bot"), Seat(YOU)), 1, {"length": "short"})
    names = ("Hard bot", YOU)
    while tuple(table.to_act()) != (1,):  # answer until the person (seat 1) is asked
        seat = table.to_act()[0]
        assert table.dispatch(seat, Answer(table.view(seat).options[0]))
    view = table.view(1)
    assert view.question is not None and view.question.seat == 1 and view.turn == 0
    told = header(view, names).plain
    assert "your choice" in told and "Hard bot" not in told
    assert "Ann chooses" in header(table.view(0), ("Hard bot", "Ann")).plain
