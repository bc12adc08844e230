"""The Tables screen and a game screen on a remote seat, against a table service in this loop."""
from __future__ import annotations

import pytest

from games.core.messages import encode_command
from tests.tui.helpers import SIZE, highlight, make_app, screen_text, wait_until
from tui.settings import Settings
from tui.tables.local import LocalTables
from tui.tables.server import TableSocket


@pytest.fixture
async def service(tmp_path, monkeypatch):
    tables = LocalTables(tmp_path / "tables", seat_wait=30, bot_pace=0)
    server = TableSocket(tables, tmp_path / "t.sock")
    await server.start()
    monkeypatch.setenv("FABLETOP_TABLES", str(server.path))
    monkeypatch.setenv("FABLETOP_PLAYER", "alice")
    yield tables
    await server.stop()


class Sink(list):
    def __call__(self, kind, data):
        self.append((kind, data))

    @property
    def frame(self):
        return [d for k, d in self if k == "frame"][-1]


def menu_text(app) -> str:
    """The seats of the tables the Tables screen lists."""
    return "\n".join(seat.name for info in getattr(app.screen, "infos", []) for seat in info.seats)


async def test_no_tables_entry_without_a_table_service(tmp_path, monkeypatch):
    monkeypatch.delenv("FABLETOP_TABLES", raising=False)
    monkeypatch.setattr("tui.tables.client.default_server_dir", lambda: tmp_path / "no-server")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#main-menu")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert "tables" not in ids
        await pilot.press("t")
        assert type(app.screen).__name__ == "MainMenu"


async def new_fluttering_souls_table(pilot) -> None:
    """From the menu: Tables, n, a Fluttering Souls table with its other seat open; its game screen."""
    app = pilot.app
    await pilot.pause()
    await pilot.press("t")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "TablesScreen", "Tables")
    await pilot.press("n")
    highlight(app.screen.query_one("#new-answers"), "fluttering-souls")
    await pilot.press("enter")
    highlight(app.screen.query_one("#new-answers"), "open")
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "FlutteringSoulsScreen",
                     "the game screen")


async def test_create_a_table_play_against_a_remote_person_and_chat(tmp_path, service):
    app = make_app(tmp_path / "saves", Settings(name="Alice", bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        await new_fluttering_souls_table(pilot)
        screen = app.screen
        table_id = screen.table.table_id
        assert screen.runtime.people == [0]
        assert not list((tmp_path / "saves").glob("*.toml"))  # a shared table is not a save of hers
        await service.join(table_id, "bob", "Bob [b]")
        bob = Sink()
        service.watch(table_id, "bob", bob)
        await wait_until(pilot, lambda: "Bob [b] joined" in screen_text(app), "the join in the log")
        for _ in range(6):
            frame = bob.frame
            if 1 in frame.legal:
                await service.submit(table_id, "bob", 1, encode_command(frame.legal[1][0]))
                await wait_until(pilot, lambda: screen.table.frame.version == frame.version + 1,
                                 "bob's move to arrive")
            else:
                assert "waiting for" not in str(screen.query_one("#fs-status").render())
                before = screen.table.frame.version
                kind = type(screen.table.frame.legal[0][0]).__name__
                await pilot.press({"Collect": "enter", "PlaceEggfly": "y", "ChooseOrder": "1"}[kind])
                await wait_until(pilot, lambda: screen.table.frame.version == before + 1,
                                 "alice's move to be played")
            assert screen.table.view(1) == screen.table.view(None)  # never bob's own view
        await pilot.press("ctrl+t")
        await pilot.press(*"hi [red]bob")
        await pilot.press("enter")
        await wait_until(pilot, lambda: ("chat", "Alice: hi [red]bob") in bob, "the chat line")
        await wait_until(pilot, lambda: "Alice: hi [red]bob" in "\n".join(screen.log_lines),
                         "her own line in her log")
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TablesScreen", "Tables again")
        await wait_until(pilot, lambda: "Bob [b]" in menu_text(app), "the table listed")
        await wait_until(pilot, lambda: service.tables[table_id].away.keys() == {0},
                         "her seat to wait for her")
        await pilot.press("enter")  # her seat again
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FlutteringSoulsScreen",
                         "the game screen again")
        assert service.tables[table_id].away == {}



async def test_a_new_table_opens_even_when_the_table_is_slow_to_answer(tmp_path, service, monkeypatch):
    """The New table screen gives way to the game only once the table is open: popping it first
    ended its worker (a screen's workers stop with it) whenever opening the table took a moment,
    leaving the player on the Tables screen (seen over SSH under load)."""
    import asyncio

    from tui.tables import remote

    opening = remote.open_remote

    async def slow_open(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await opening(*args, **kwargs)

    monkeypatch.setattr(remote, "open_remote", slow_open)
    app = make_app(tmp_path / "saves", Settings(name="Alice", bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        await new_fluttering_souls_table(pilot)
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["TablesScreen",
                                                                      "FlutteringSoulsScreen"]

async def test_watch_a_table_as_a_spectator(tmp_path, service):
    table_id = await service.create("bob", "Bob", "fluttering-souls", ["you", "open"], {})
    await service.join(table_id, "carol", "Carol")
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await wait_until(pilot, lambda: "Carol" in menu_text(app), "the table listed")
        await pilot.press("w")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FlutteringSoulsScreen",
                         "the game screen")
        screen = app.screen
        assert screen.table.frame.mine == () and screen.runtime.people == []
        assert "waiting for" in str(screen.query_one("#fs-status").render())
        await pilot.press("a")
        assert screen.table.frame.version == 0


@pytest.mark.parametrize("game_id, seats", [
    ("fluttering-souls", ["you", "open"]),
    ("otherworld", ["you", "open", "easy"]),
    ("dice-upon-a-time", ["you", "open", "easy"]),
    ("questline", ["you", "open", "easy"]),
])
@pytest.mark.parametrize("spectate", [False, True])
async def test_every_shared_game_opens_on_a_remote_seat_and_for_a_spectator(
        tmp_path, service, game_id, seats, spectate):
    from tui.screens.tables import open_table

    host = "bob" if spectate else "alice"
    table_id = await service.create(host, host.capitalize(), game_id, seats, {})
    await service.join(table_id, "carol", "Carol")
    carol = Sink()
    service.watch(table_id, "carol", carol)
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_worker(open_table(app, table_id, spectate=spectate))  # in the app, as Tables does
        await wait_until(pilot, lambda: hasattr(app.screen, "runtime"), "the game screen")
        screen = app.screen
        assert screen.runtime.people == ([] if spectate else [0])
        await pilot.pause(0.2)
        # the other person moves; the screen follows without error
        for _ in range(3):
            frame = carol.frame
            if 1 in frame.legal:
                await service.submit(table_id, "carol", 1, encode_command(frame.legal[1][0]))
            await pilot.pause(0.1)
        assert app.screen is screen or not isinstance(app.screen, type(screen))
        assert "Error" not in screen_text(app)
        if spectate:
            assert screen.table.frame.legal == {}


async def test_your_turn_and_invitations_are_told_on_any_screen(tmp_path, service, monkeypatch):
    monkeypatch.setattr("tui.tables.local.new_seed", lambda: 2)  # Fluttering Souls seed 2: seat 2 starts
    table_id = await service.create("alice", "Alice", "fluttering-souls", ["you", "open"], {})
    await service.join(table_id, "bob", "Bob")
    bob = Sink()
    service.watch(table_id, "bob", bob)
    other = await service.create("carol", "Carol", "otherworld", ["you", "open"], {})
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told = []
        app.notify = lambda message, **kw: told.append(message)
        await service.submit(table_id, "bob", 1, encode_command(bob.frame.legal[1][0]))
        await wait_until(pilot, lambda: any("Your turn at table t-1" in m for m in told), "the turn")
        await service.invite(other, "carol", "alice")
        await wait_until(pilot, lambda: any("Carol invites you to Otherworld" in m for m in told),
                         "the invitation")


async def test_two_people_at_this_terminal_share_a_remote_table_in_turn(tmp_path, service):
    from tui.screens.tables import open_table

    table_id = await service.create("alice", "Alice", "otherworld", ["you", "person", "open"], {})
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_worker(open_table(app, table_id))  # in the app, as the Tables screen does
        acting = [s for s in service.tables[table_id].table.to_act() if s in (0, 1)]
        shown = "PassTerminal" if acting else "OtherworldScreen"  # passed on, as at a local table
        await wait_until(pilot, lambda: type(app.screen).__name__ == shown, shown)
        screen = next(s for s in app.screen_stack if hasattr(s, "runtime"))
        assert screen.runtime.people == [0, 1]


async def test_a_server_of_this_account_is_found_in_its_default_folder(tmp_path, monkeypatch):
    """At a local terminal, the Tables entry appears when this account runs `fabletop serve` with
    its default data folder (no FABLETOP_TABLES), and the player is the account's name."""
    folder = tmp_path / "server"
    folder.mkdir()
    server = TableSocket(LocalTables(folder / "tables", seat_wait=30, bot_pace=0),
                         folder / "tables.sock")
    await server.start()
    try:
        monkeypatch.delenv("FABLETOP_TABLES", raising=False)
        monkeypatch.delenv("FABLETOP_PLAYER", raising=False)
        monkeypatch.setattr("tui.tables.client.default_server_dir", lambda: folder)
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            options = app.screen.query_one("#main-menu")
            ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
            assert "tables" in ids and app.tables is not None
        monkeypatch.setenv("FABLETOP_TABLES", "")  # set but empty: no table service
        from tui.tables.client import socket_path

        assert socket_path() is None
    finally:
        await server.stop()
