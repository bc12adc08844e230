"""Sessions forked from one warm zygote: nothing of one player reaches another, a session keeps
nothing of the server's, and losing the zygote loses no session."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import time
import tomllib
from pathlib import Path

MENU = "five tabletop games"


async def until(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if result := check():
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


def descriptors(pid: int) -> list[str]:
    """What each open descriptor of a process points at: 'socket:[123]', '/dev/pts/4', ..."""
    found = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            found.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except FileNotFoundError:
            pass
    return found


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def settings_of(folder: Path) -> dict:
    return tomllib.loads((folder / "settings.toml").read_text())


def zygote_pid(server) -> int:
    return int(re.findall(r"zygote ready: pid (\d+)", server.log())[-1])


async def start_a_game(terminal) -> None:
    terminal.press("n")
    await terminal.expect("Fluttering Souls")
    terminal.press("\x1b[B", "\x1b[B")  # down from Once Upon a Line past Dice Upon a Time
    terminal.press("\r")  # Fluttering Souls
    await terminal.expect("who is playing?")
    terminal.press("\r")  # against the easy bot
    await terminal.expect("collect an open card")


async def test_one_players_settings_and_saves_never_appear_in_anothers_session(start_server,
                                                                             ssh_terminal):
    server = start_server("--auth", "open")
    alice = await ssh_terminal(server.port, "alice")
    await alice.expect(MENU)
    alice.press("s")
    await alice.expect("Your name")
    alice.press(*["\x7f"] * 5)  # over "Alice"
    await alice.expect("A name needs at least one letter")
    for end in range(1, 10):  # one key at a time, each seen in the field before the next
        alice.press("Zed Queen"[end - 1])
        await alice.expect("Zed Queen"[:end])
    alice.press("\x1b")  # leaving saves the settings
    await alice.expect(MENU)
    players = server.data_dir / "players"
    await until(lambda: settings_of(players / "alice")["name"] == "Zed Queen", "alice's name")
    await start_a_game(alice)
    alice.press("\x1b")  # back to the menu: the game is saved
    await alice.expect(MENU)
    assert len(list((players / "alice" / "saves").glob("*.toml"))) == 1

    bob = await ssh_terminal(server.port, "bob")  # forked after all that, alice still playing
    await bob.expect(MENU)
    bob.press("c")
    text = await bob.expect("no saves yet")
    bob.press("\x1b")
    await bob.expect(MENU)
    bob.press("s")
    text = await bob.expect("Your name")
    text = await bob.expect("Bob")
    assert "Zed" not in text and "fluttering" not in text.lower()
    assert settings_of(players / "bob") == {"name": "Bob", "bot_pace": "normal",
                                            "theme": "textual-dark"}
    assert list((players / "bob" / "saves").iterdir()) == []


async def test_a_session_is_forked_by_the_zygote_and_keeps_none_of_its_descriptors(
        start_server, ssh_terminal):
    server = start_server("--auth", "open")
    alice = await ssh_terminal(server.port, "alice")
    await alice.expect(MENU)
    bob = await ssh_terminal(server.port, "bob")
    await bob.expect(MENU)
    zygote = zygote_pid(server)
    alice_pid, bob_pid = await server.session_pid("alice"), await server.session_pid("bob")
    assert parent_of(alice_pid) == parent_of(bob_pid) == zygote
    assert parent_of(zygote) == server.proc.pid
    alice_has, bob_has = set(descriptors(alice_pid)), set(descriptors(bob_pid))
    theirs = set(descriptors(server.proc.pid) + descriptors(zygote))
    shared = {d for d in alice_has & theirs if d.startswith(("socket:", "pipe:"))}
    assert shared == set()  # no listening socket, connection, zygote socket or pipe of theirs
    assert descriptors(alice_pid).count("anon_inode:[eventpoll]") == 1  # its own loop only
    terminals = {d for d in alice_has if d.startswith("/dev/pt")}
    assert len(terminals) == 1 and not terminals & bob_has  # its own PTY only, not bob's
    assert "/dev/ptmx" not in alice_has  # no PTY master: not its own, not another session's


async def test_losing_the_zygote_loses_no_session_and_the_next_one_starts_another(
        start_server, ssh_terminal):
    server = start_server("--auth", "open")
    alice = await ssh_terminal(server.port, "alice")
    await alice.expect(MENU)
    alice_pid = await server.session_pid("alice")
    os.kill(zygote_pid(server), signal.SIGKILL)
    await server.wait_log(r"zygote ended")
    alice.press("n")
    await alice.expect("Fluttering Souls")  # alice plays on
    bob = await ssh_terminal(server.port, "bob")
    await bob.expect(MENU)
    assert len(re.findall(r"zygote ready", server.log())) == 2
    alice.conn.abort()  # her app, now without its zygote, still ends with her connection
    await server.wait_gone(alice_pid)
    await server.wait_log(r"end #\d+ \S+ alice: left")
