"""Tables across hosts: two `fabletop serve` processes on different ports share one redis-server;
alice plays through one, bob through the other, at one table. The test follows the table as a
third host would (a RedisTables of its own, reading the same streams) to choose the moves."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.fixtures.redis_server import redis_url  # noqa: F401 (a fixture)
from tests.serve.conftest import Terminal, until
from tests.serve.test_ssh_tables import ENTER, create_table, fs_key, join_first_table, open_tables

pytestmark = pytest.mark.timeout(300)


def test_a_malformed_or_unreachable_redis_is_one_line_and_status_2(tmp_path):
    for url, said in (("http://somewhere", "is not a Redis URL"),
                      ("redis://127.0.0.1:1/0", "Redis does not answer at redis://127.0.0.1:1/0")):
        done = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data-dir",
                               str(tmp_path / "data"), "--tables", url],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert said in done.stderr and "Traceback" not in done.stderr


@pytest.fixture
async def follower(redis_url):  # noqa: F811
    """A host of the test's own (no sessions): its replica of every table is what Redis says."""
    from tui.tables.redis_service import RedisTables

    service = RedisTables(redis_url)
    await service.start()
    yield service
    await service.close()


async def play_moves(follower, terminals: dict[int, Terminal], count: int | None = None) -> None:
    """Press each next move in the terminal of the seat to act, until the game ends or `count`
    moves were made; a round's result dialog is closed in every terminal."""
    made = 0
    while count is None or made < count:
        table = (await until(lambda: follower.tables.get("t-1"), "the table")).table
        if table.outcome() is not None:
            return
        seat = table.to_act()[0]
        version, rounds = len(table.log), len(table.view(None).results)
        terminals[seat].press(fs_key(table.legal_commands(seat)[0]))
        await until(lambda: len(table.log) > version, f"move {version + 1} in Redis")
        made += 1
        if len(table.view(None).results) > rounds:  # a round was scored: close its dialog
            for terminal in terminals.values():
                await terminal.expect("scored")
                await terminal.expect("enter to go on")
                terminal.press(ENTER)


async def test_two_hosts_one_table_a_whole_game_of_fluttering_souls(start_server, ssh_terminal,
                                                                    redis_url, follower):  # noqa: F811
    flags = ("--auth", "open", "--seat-wait", "30", "--tables", redis_url)
    one, two = start_server(*flags), start_server(*flags)
    assert one.port != two.port
    alice = await ssh_terminal(one.port, "alice")
    bob = await ssh_terminal(two.port, "bob")
    await open_tables(alice)
    await create_table(alice, "fluttering-souls", ("seat 2", 0))  # open
    await alice.expect("round 1")
    await join_first_table(bob)  # on the other host: the lobby is shared
    await bob.expect("round 1")
    await alice.expect("Bob joined the table")
    await until(lambda: (s := follower.tables.get("t-1")) and s.holders == ["alice", "bob"],
                "bob to hold seat 2")
    await play_moves(follower, {0: alice, 1: bob})
    table = follower.tables["t-1"].table
    assert table.outcome() is not None and len(table.log) > 20
    winner = table.names[table.outcome().winners[0]]
    for terminal in (alice, bob):
        await terminal.expect(f"{winner} won the game")
    # neither host keeps a file of it: the table lives in Redis
    for server in (one, two):
        assert not list((server.data_dir / "tables").glob("*.toml"))


async def test_a_host_killed_mid_game_its_player_comes_back_through_a_new_host(
        start_server, ssh_terminal, redis_url, follower):  # noqa: F811
    import os
    import signal

    flags = ("--auth", "open", "--seat-wait", "600", "--tables", redis_url)
    one, two = start_server(*flags), start_server(*flags)
    alice = await ssh_terminal(one.port, "alice")
    bob = await ssh_terminal(two.port, "bob")
    await open_tables(alice)
    await create_table(alice, "fluttering-souls", ("seat 2", 0))
    await alice.expect("round 1")
    await join_first_table(bob)
    await alice.expect("Bob joined the table")
    await until(lambda: (s := follower.tables.get("t-1")) and s.holders == ["alice", "bob"],
                "bob to hold seat 2")
    await play_moves(follower, {0: alice, 1: bob}, count=3)
    log = list(follower.tables["t-1"].table.log)
    os.kill(one.proc.pid, signal.SIGKILL)  # no goodbye: its heartbeat stops
    one.proc.wait()
    await bob.expect("Alice dropped out")
    three = start_server(*flags)  # a new host finds the table in Redis
    await three.wait_log(r"tables: 1 shared table")
    alice = await ssh_terminal(three.port, "alice")
    await join_first_table(alice)
    await bob.expect("Alice is back")
    await alice.expect("Fluttering Souls")
    await play_moves(follower, {0: alice, 1: bob}, count=2)
    assert follower.tables["t-1"].table.log[:len(log)] == log
    assert len(follower.tables["t-1"].table.log) == len(log) + 2
