"""The app at 80x24 driven by key presses: menu, new game, a move, quit, continue, bad saves."""
from __future__ import annotations

from textual import events
from textual.geometry import Size

from games.fluttering_souls.layouts import LABELS
from games.fluttering_souls.state import Phase
from tests.tui.helpers import SIZE, highlight, make_app, pick_game, screen_text, wait_until
from tui.games.fluttering_souls.screen import FlutteringSoulsScreen
from tui.screens.menu import MainMenu
from tui.screens.saves import SaveMenu
from tui.screens.too_small import TooSmallScreen
from tui.settings import BOT_PACES, Settings


async def start_hotseat(pilot) -> FlutteringSoulsScreen:
    await pick_game(pilot, "fluttering-souls")
    highlight(pilot.app.screen.query_one("#seat-choices"), "hotseat")
    await pilot.press("enter")  # two people at this terminal
    await pilot.pause()
    assert isinstance(pilot.app.screen, FlutteringSoulsScreen)
    return pilot.app.screen


async def test_menu_lists_the_five_entries_with_key_hints(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MainMenu)
        menu = app.screen.query_one("#main-menu")
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        for entry in ("New game", "Continue", "Rules", "Settings", "Quit"):
            assert any(label.startswith(entry) for label in labels)
        shown = {key for key, active in app.screen.active_bindings.items()
                 if active.binding.show}
        assert {"n", "c", "r", "s", "q"} <= shown
        footer_keys = {str(k.key) for k in app.screen.query("FooterKey")}
        assert {"n", "c", "r", "s", "q"} <= footer_keys
        await pilot.press("q")
    assert app.return_code == 0


async def test_new_game_lists_coming_soon_games_that_cannot_start(isolated_folders, coming_soon):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        games = app.screen.query_one("#game-list")
        options = [games.get_option_at_index(i) for i in range(games.option_count)]
        from games.core.registry import all_games

        assert [o.id for o in options] == [g.id for g in all_games()]

        soon = [o for o in options if "coming soon" in str(o.prompt)]
        assert len(soon) == sum(not g.playable for g in all_games()) >= 1
        assert all(o.disabled for o in soon)
        playable = [o for o in options if not o.disabled]
        assert [o.id for o in playable] == [g.id for g in all_games() if g.playable]


async def test_a_move_is_sent_saved_and_a_rejection_explained(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_hotseat(pilot)
        table = screen.table
        [info] = app.store.list()
        assert info.progress == "round 1, 0-0"
        covered = next(i for i, open_ in enumerate(table.view(0).open) if not open_)
        before = table.game.snapshot(table.state)
        await pilot.press(LABELS[covered].lower())
        assert table.log == [] and table.game.snapshot(table.state) == before
        assert "is not open" in screen.problem and "not open" in screen_text(app)
        target = table.view(0).open_slots[0]
        await pilot.press(LABELS[target].lower())
        assert len(table.log) == 1 and table.log[0][1].slot == target  # the first entry's command
        assert screen.problem == ""
        saved, _ = app.store.load(info.save_id)
        assert saved.log == table.log


async def test_quit_and_continue_from_the_save_menu(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_hotseat(pilot)
        for _ in range(3):
            view = screen.table.view(None)
            if view.phase is Phase.EGGFLY:
                await pilot.press("y")
            else:
                await pilot.press(LABELS[view.open_slots[-1]].lower())
        log, snapshot = list(screen.table.log), screen.table.game.snapshot(screen.table.state)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        await pilot.press("c")
        assert isinstance(app.screen, SaveMenu)
        assert "round 1, 0-0" in screen_text(app) or app.screen.saves[0].progress == "round 1, 0-0"
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, FlutteringSoulsScreen) and resumed is not screen
        assert resumed.table.log == log
        assert resumed.table.game.snapshot(resumed.table.state) == snapshot
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_a_corrupted_save_is_reported_and_the_others_still_load(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await start_hotseat(pilot)
        await pilot.press("escape")
        (isolated_folders / "broken.toml").write_text("[meta\nthis is not toml")
        await pilot.press("c")
        saves = app.screen.saves
        assert len(saves) == 2
        broken = next(s for s in saves if s.save_id == "broken")
        assert not broken.readable and "not valid TOML" in broken.problem
        menu = app.screen.query_one("#save-list")
        menu.highlighted = saves.index(broken)
        await pilot.press("enter")
        assert isinstance(app.screen, SaveMenu)  # refused with a message, nothing crashed
        menu.highlighted = next(i for i, s in enumerate(saves) if s.readable)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FlutteringSoulsScreen)


async def test_delete_asks_first(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await start_hotseat(pilot)
        await pilot.press("escape", "c", "d")
        await pilot.press("n")  # no: keep it
        assert len(app.store.list()) == 1
        await pilot.press("d", "y")
        assert app.store.list() == []


async def test_too_small_terminal_says_so_and_recovers(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "too small" in screen_text(app).lower() and "70x20" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_rules_screen_shows_our_rules(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        listing = app.screen.query_one("OptionList")
        listing.highlighted = 2
        await pilot.press("enter")
        await pilot.pause()
        markdown = app.screen.query_one("Markdown")
        assert "Great Eggfly" in markdown.source
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MainMenu)


async def test_settings_are_saved(isolated_folders, tmp_path):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        app.screen.query_one("#bot-pace").focus()
        await pilot.press("down", "enter")
        await pilot.press("escape")
    saved, warning = Settings.load()
    assert warning is None and saved.bot_pace == app.settings.bot_pace


async def test_keys_at_the_wrong_time_are_explained(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_hotseat(pilot)
        await pilot.press("y")
        assert "Eggfly" in screen.problem
        await pilot.press("1")
        assert "between rounds" in screen.problem
        await pilot.press("u")
        assert "Nothing to take back" in screen.problem
        assert screen.table.log == []


async def settle(pilot, screen) -> None:
    """Wait until no bot is thinking or due to move."""
    def settled() -> bool:
        due = [s for s in screen.table.to_act() if s in screen.bots]
        return screen.thinking is None and (not due or screen.paused)
    await pilot.pause()
    await wait_until(pilot, settled, "the bot has finished its move")


async def test_playing_against_the_easy_bot(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "fluttering-souls")
        await pilot.press("enter")  # the easy bot
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FlutteringSoulsScreen)
        assert list(screen.bots) == [1] and screen.table.seats[1].bot == "easy"
        await settle(pilot, screen)
        for _ in range(4):  # four turns of ours, each answered by the bot
            view = screen.table.view(0)
            assert screen.table.to_act() == (0,)
            moves = len(screen.table.log)
            if view.phase is Phase.EGGFLY:
                await pilot.press("n")
            else:
                await pilot.press(LABELS[view.open_slots[0]].lower())
            assert screen.table.log[moves][0] == 0  # ours (seat 0) went in (the bot may already answer)
            await settle(pilot, screen)
        seats = {seat for seat, _ in screen.table.log}
        assert seats == {0, 1}
        saved, _ = app.store.load(app.store.list()[0].save_id)
        assert saved.log == screen.table.log


async def test_the_screen_says_when_the_bot_is_thinking(isolated_folders, monkeypatch):
    # a pace long enough that the key below surely lands while the bot thinks, however busy the machine
    monkeypatch.setitem(BOT_PACES, "relaxed", 60.0)
    app = make_app(isolated_folders, Settings(bot_pace="relaxed"))
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "fluttering-souls")
        await pilot.press("enter")  # against the easy bot
        await pilot.pause()
        screen = app.screen
        if screen.table.to_act() == (0,):
            await pilot.press(LABELS[screen.table.view(0).open_slots[0]].lower())
        await wait_until(pilot, lambda: screen.thinking == 1, "the bot is about to move")
        assert "thinking" in screen_text(app)
        await pilot.press("a")  # a key while the bot thinks: refused, the screen stays usable
        assert "not your turn" in screen.problem
        await pilot.pause()
        assert screen.thinking == 1 and "not your turn" in screen_text(app)


async def test_command_palette_offers_rules_undo_leave_and_quit(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_hotseat(pilot)
        titles = {command.title for command in app.get_system_commands(screen)}
        assert {"Rules", "Undo", "Save and leave", "Quit"} <= titles


async def test_a_whole_round_ends_with_the_sets_shown_and_the_loser_choosing(isolated_folders):
    from tui.screens.dialogs import Message

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_hotseat(pilot)
        table = screen.table
        while table.view(None).phase in (Phase.COLLECT, Phase.EGGFLY):
            view = table.view(None)
            await pilot.press("n" if view.phase is Phase.EGGFLY else
                              LABELS[view.open_slots[0]].lower())
        assert isinstance(app.screen, Message)
        summary = screen_text(app)
        assert "Round 1 scored" in summary and "points" in summary
        assert "White butterfly to" in summary
        await pilot.press("enter")
        assert app.screen is screen
        loser = 1 - table.view(None).results[-1].winner
        assert table.to_act() == (loser,) and "go second" in screen_text(app)
        await pilot.press("2")
        view = table.view(None)
        assert view.phase is Phase.COLLECT and view.round_no == 2 and view.first == 1 - loser
        assert view.held[loser][4] == 1  # the second player holds the Great Eggfly


async def test_while_the_loser_chooses_the_side_panel_says_who_chooses_the_first_player(isolated_folders):
    from games.core.seats import Seat
    from games.core.table import Table
    from games.fluttering_souls.game import GAME
    from tui.games.fluttering_souls.screen import FlutteringSoulsScreen as Screen

    table = Table(GAME, (Seat("Ada"), Seat("Bo")), 4)
    while table.state.phase is not Phase.CHOOSE_ORDER:
        seat = table.to_act()[0]
        table.dispatch(seat, table.legal_commands(seat)[0])
    chooser = table.to_act()[0]
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = Screen(table, None)
        await app.push_screen(screen)
        await pilot.pause()
        side = str(screen.query_one("#fs-side").render())
        assert f"First player\n chosen by {table.names[chooser]}" in side


async def test_a_quick_shrink_and_grow_never_leaves_the_too_small_message(isolated_folders):
    """Under load a grow can arrive while the message is still being pushed; it must not stay."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):  # as a busy machine delivers them: a burst, no pause between
            for size in (Size(60, 20), Size(80, 24)):
                app._driver._size = size  # what pilot.resize_terminal does, without its pause
                app.post_message(events.Resize(size, size))
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenu), "the menu is back")
        await pilot.pause()
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_a_too_small_message_that_lands_after_the_grow_removes_itself(isolated_folders):
    """The race seen under load: the shrink's message is pushed after the terminal has grown back
    (tmux, 2 busy cores: 18 of 30 tries left it on screen). Once mounted it checks the size again."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TooSmallScreen())  # late: the app is already 80x24
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenu), "the message leaves")
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
