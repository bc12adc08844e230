"""Shared tables over SSH: people in different sessions at one table, with real asyncssh clients
on loopback against `fabletop serve`. The moves are chosen from the table's file (the server saves
it after every command) and pressed as keys in the right terminal."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from games.core.registry import all_games
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.layouts import LABELS
from tests.serve.conftest import Server, Terminal, until
from tui.tables.store import TableFiles

MENU = "five tabletop games"
DOWN, ENTER = "\x1b[B", "\r"


def shared_games() -> list[str]:
    return [m.id for m in all_games() if m.playable and max(m.players) >= 2]


def table_file(server: Server, table_id: str = "t-1") -> Path:
    return server.data_dir / "tables" / f"{table_id}.toml"


def read_table(server: Server, table_id: str = "t-1"):
    """The table as the server saved it last (None while it is being written or not there)."""
    try:
        return TableFiles(server.data_dir / "tables").read(table_file(server, table_id))
    except (OSError, ValueError, KeyError):
        return None


async def open_tables(terminal: Terminal) -> None:
    await terminal.expect(MENU)
    terminal.press("t")
    await terminal.expect("enter join or play")


async def create_table(terminal: Terminal, game_id: str, *answers: tuple[str, int]) -> None:
    """From the Tables screen: a new table of that game; `answers` waits for each next question
    and picks its option by its place (0: the first)."""
    terminal.press("n")
    await terminal.expect("which game?")
    terminal.press(*[DOWN] * shared_games().index(game_id), ENTER)
    for question, place in answers:
        await terminal.expect(question)
        terminal.press(*[DOWN] * place, ENTER)


async def join_first_table(terminal: Terminal) -> None:
    await open_tables(terminal)
    await terminal.expect("t-1")
    terminal.press(ENTER)


async def read_until_quiet(terminal: Terminal, quiet: float = 1.0) -> None:
    """Read what the terminal is sent until nothing more comes for `quiet` seconds."""
    import asyncio

    while True:
        try:
            data = await asyncio.wait_for(terminal.process.stdout.read(65536), quiet)
        except asyncio.TimeoutError:
            return
        if not data:
            return
        terminal.output += data


def fs_key(command) -> str:
    if isinstance(command, Collect):
        return LABELS[command.slot].lower()
    if isinstance(command, (PlaceEggfly, KeepEggfly)):
        return "y" if isinstance(command, PlaceEggfly) else "n"
    if isinstance(command, ChooseOrder):
        return "1" if command.go_first else "2"
    raise AssertionError(command)


async def two_at_fluttering_souls(server: Server, ssh_terminal):
    alice = await ssh_terminal(server.port, "alice")
    bob = await ssh_terminal(server.port, "bob")
    await open_tables(alice)
    await create_table(alice, "fluttering-souls", ("seat 2", 0))  # open
    await alice.expect("round 1")
    await join_first_table(bob)
    await bob.expect("round 1")
    await alice.expect("Bob joined the table")
    await until(lambda: (shared := read_table(server)) and shared.holders == ["alice", "bob"],
                "bob to hold seat 2")
    return alice, bob


async def play_moves(server: Server, terminals: dict[int, Terminal], count: int | None = None) -> None:
    """Press each next move in the terminal of the seat to act (the first legal one), until the
    game ends or `count` moves were made; a round's result dialog is closed in every terminal."""
    made = 0
    while count is None or made < count:
        shared = read_table(server)
        if shared is None:
            continue
        table = shared.table
        if table.outcome() is not None:
            return
        seat = table.to_act()[0]
        version, rounds = len(table.log), len(table.view(None).results)
        terminals[seat].press(fs_key(table.legal_commands(seat)[0]))
        after = await until(lambda: (s := read_table(server)) and len(s.table.log) > version and s,
                            f"move {version + 1} to be saved")
        made += 1
        if len(after.table.view(None).results) > rounds:  # a round was scored: close its dialog
            for terminal in terminals.values():
                await terminal.expect("scored")
                await terminal.expect("enter to go on")
                terminal.press(ENTER)


@pytest.fixture
def server(start_server):
    return start_server("--auth", "open", "--seat-wait", "2")


async def test_two_people_play_a_whole_game_of_fluttering_souls(server, ssh_terminal):
    alice, bob = await two_at_fluttering_souls(server, ssh_terminal)
    await play_moves(server, {0: alice, 1: bob})
    shared = read_table(server)
    outcome = shared.table.outcome()
    assert outcome is not None and len(shared.table.log) > 20
    winner = shared.table.names[outcome.winners[0]]
    for terminal in (alice, bob):
        await terminal.expect(f"{winner} won the game")
    # each player's own folder holds no save of it: the table is the server's
    for player in ("alice", "bob"):
        assert not list((server.data_dir / "players" / player / "saves").glob("*.toml"))


async def test_a_dropped_player_gets_their_seat_back_and_a_bot_stands_in_meanwhile(server, ssh_terminal):
    alice, bob = await two_at_fluttering_souls(server, ssh_terminal)
    bob.conn.abort()
    await alice.expect("Bob dropped out")
    await alice.expect("has not come back")  # --seat-wait 2: a bot stands in
    bob = await ssh_terminal(server.port, "bob")
    await join_first_table(bob)
    await alice.expect("Bob is back")
    await bob.expect("Fluttering Souls")
    shared = read_table(server)
    assert shared.holders == ["alice", "bob"]
    await play_moves(server, {0: alice, 1: bob}, count=4)


async def test_a_spectator_sees_the_table_and_cannot_move(server, ssh_terminal):
    alice, bob = await two_at_fluttering_souls(server, ssh_terminal)
    carol = await ssh_terminal(server.port, "carol")
    await open_tables(carol)
    await carol.expect("t-1")
    carol.press("w")
    await carol.expect("Fluttering Souls")
    await carol.expect("waiting for")
    version = len(read_table(server).table.log)
    carol.press("a", "b", "c", ENTER)
    await play_moves(server, {0: alice, 1: bob}, count=2)
    assert len(read_table(server).table.log) == version + 2
    assert read_table(server).holders == ["alice", "bob"]


async def test_the_table_survives_kill_9_of_the_server(start_server, ssh_terminal):
    server = start_server("--auth", "open", "--seat-wait", "600")
    alice, bob = await two_at_fluttering_souls(server, ssh_terminal)
    await play_moves(server, {0: alice, 1: bob}, count=3)
    log = read_table(server).table.log
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()
    restarted = Server(server.data_dir, "--auth", "open", "--seat-wait", "600")
    try:
        await restarted.wait_log(r"tables: 1 shared table")
        assert read_table(restarted).table.log == log
        alice = await ssh_terminal(restarted.port, "alice")
        bob = await ssh_terminal(restarted.port, "bob")
        await join_first_table(alice)
        await join_first_table(bob)
        await alice.expect("Bob is back")
        await play_moves(restarted, {0: alice, 1: bob}, count=2)
        assert read_table(restarted).table.log[:len(log)] == log
    finally:
        restarted.stop()


async def test_another_players_hand_never_reaches_your_terminal_nor_a_spectators(server, ssh_terminal):
    from games.otherworld.content import CARDS

    alice = await ssh_terminal(server.port, "alice")
    bob = await ssh_terminal(server.port, "bob")
    await open_tables(alice)
    await create_table(alice, "otherworld", ("how many players", 0), ("seat 2", 0))
    await alice.expect("Round 1")  # her table is open
    await join_first_table(bob)
    await alice.expect("Bob joined the table")
    shared = read_table(server)
    table = shared.table
    alice_sees = table.view(0)
    shown = set(alice_sees.hand) | {c for c in alice_sees.grid if c} | \
        {c for t in alice_sees.tableaus for row in t for c in row if c}
    secret = {CARDS[c].name for c in table.view(1).hand} - {CARDS[c].name for c in shown}
    assert secret
    await bob.expect(sorted(secret)[0])  # bob's own screen shows his hand
    await alice.expect("Otherworld")
    carol = await ssh_terminal(server.port, "carol")
    await open_tables(carol)
    await carol.expect("t-1")
    carol.press("w")  # a spectator: the public view only
    await carol.expect("Otherworld")
    public = table.view(None)
    on_table = {CARDS[c].name for c in public.grid if c} | \
        {CARDS[c].name for t in public.tableaus for row in t for c in row if c}
    hands = {CARDS[c].name for seat in (0, 1) for c in table.view(seat).hand} - on_table
    for terminal in (alice, carol):
        await read_until_quiet(terminal)
    for terminal, hidden in ((alice, secret), (carol, hands)):
        sent = terminal.output.decode("utf-8", "replace")
        for name in hidden:
            assert name not in sent
