"""Players over SSH (keys auth): the menu, resizes, saves per player, refusals, vanished clients."""
from __future__ import annotations

import re
import tomllib

import asyncssh
import pytest

from games.core.registry import find
from games.core.seats import Seat, SeatKind
from saves.store import SaveStore
from games.core.table import Table

MENU = "five tabletop games"


async def test_menu_appears_and_a_resize_reaches_the_app(keys_server, player_keys, ssh_terminal):
    alice = await ssh_terminal(keys_server.port, "alice", player_keys["alice"])
    await alice.expect(MENU)
    await alice.expect("New game")
    alice.process.change_terminal_size(70, 20)
    await alice.expect("Terminal too small")
    await alice.expect("this one is 70x20")
    alice.process.change_terminal_size(75, 22)
    await alice.expect("this one is 75x22")
    alice.process.change_terminal_size(80, 24)
    # Big enough again: the menu is back and takes keys. (Pressed until it answers, since a key
    # may overtake the resize; whether the menu repaints by itself is tui/app.py's business.)
    for _ in range(5):
        alice.press("n")
        try:
            await alice.expect("Fluttering Souls", timeout=5)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("the menu did not come back after the resize")
    assert "38;5;" in alice.output.decode(errors="replace")  # xterm-256color: 256 colours


async def test_a_game_started_over_ssh_is_saved_in_the_players_folder(keys_server, player_keys,
                                                                     ssh_terminal):
    alice = await ssh_terminal(keys_server.port, "alice", player_keys["alice"])
    await alice.expect(MENU)
    alice.press("n")
    await alice.expect("Fluttering Souls")
    alice.press("\x1b[B", "\x1b[B")  # down from Once Upon a Line past Dice Upon a Time
    alice.press("\r")  # Fluttering Souls
    await alice.expect("who is playing?")
    alice.press("\r")  # against the easy bot
    await alice.expect("collect an open card")
    alice.press("\x1b")  # back to the menu: the game is saved
    await alice.expect(MENU)
    alice.press("q")
    await alice.until_closed()
    assert alice.process.exit_status == 0
    folder = keys_server.data_dir / "players" / "alice"
    saves = list((folder / "saves").glob("fluttering-souls-*.toml"))
    assert len(saves) == 1
    meta = tomllib.loads(saves[0].read_text())["meta"]
    assert meta["game"] == "fluttering-souls"
    settings = tomllib.loads((folder / "settings.toml").read_text())
    assert settings["name"] == "Alice"  # the player name seeds the settings
    assert "Alice" in str(meta["seats"])


async def test_a_second_player_does_not_see_the_first_players_saves(keys_server, player_keys,
                                                                   ssh_terminal):
    alice_saves = SaveStore(keys_server.data_dir / "players" / "alice" / "saves")
    seats = (Seat("Alice"), Seat("Easy bot", SeatKind.BOT, "easy"))
    alice_saves.create(Table(find("fluttering-souls").load(), seats, 7))
    bob = await ssh_terminal(keys_server.port, "bob", player_keys["bob"],
                             env={"COLORTERM": "truecolor", "SECRET": "x"})
    await bob.expect(MENU)
    bob.press("c")
    text = await bob.expect("no saves yet")
    assert "alice" not in text.lower()
    assert "38;2;" in bob.output.decode(errors="replace")  # COLORTERM=truecolor passed on
    assert list((keys_server.data_dir / "players" / "bob" / "saves").iterdir()) == []


class Listener(asyncssh.SSHClient):
    """A client that shows what the server tells it when its keys are refused, as OpenSSH does."""

    told: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        self.told.append(instructions)
        return []


async def test_an_unknown_key_is_refused_with_a_message_and_logged(keys_server, player_keys,
                                                                   ssh_connect):
    with pytest.raises(asyncssh.PermissionDenied):
        await ssh_connect(keys_server.port, "carol", player_keys["carol"],
                          client_factory=Listener)
    assert len(Listener.told) == 1
    assert "this server does not know your key" in Listener.told[0]
    assert player_keys["carol"].get_fingerprint() in Listener.told[0]
    fingerprint = re.escape(player_keys["carol"].get_fingerprint())
    await keys_server.wait_log(f"refused #\\d+ \\S+ key {fingerprint} not registered")
    assert not (keys_server.data_dir / "players" / "carol").exists()


async def test_no_terminal_no_command_no_sftp_no_forwarding(keys_server, player_keys,
                                                                ssh_connect):
    conn = await ssh_connect(keys_server.port, "alice", player_keys["alice"])
    async with conn:
        result = await conn.run(term_type=None)
        assert "ssh -t" in result.stdout and result.exit_status == 1
        result = await conn.run("cat /etc/passwd", term_type="xterm")
        assert "runs no commands" in result.stdout and "root" not in result.stdout
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", keys_server.port)
    await keys_server.wait_log(r"refused #\d+ \S+ alice: no terminal")


async def test_a_vanished_client_leaves_no_process_behind(keys_server, player_keys, ssh_terminal):
    bob = await ssh_terminal(keys_server.port, "bob", player_keys["bob"])
    await bob.expect(MENU)
    pid = await keys_server.session_pid("bob")
    bob.conn.abort()  # no goodbye: the TCP connection just drops
    await keys_server.wait_gone(pid)
    await keys_server.wait_log(r"end #\d+ \S+ bob: left")
