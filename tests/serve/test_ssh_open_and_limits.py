"""Open auth, the limits (sessions, idle time, connection rate) and a clean shutdown."""
from __future__ import annotations

import asyncssh
import pytest

MENU = "five tabletop games"


async def test_open_mode_warns_loudly_and_refuses_names_that_are_no_player_names(open_server,
                                                                                ssh_terminal):
    assert "ANYONE who can reach" in open_server.log()
    for name in ("../../etc", "Bob Smith", "x" * 17):
        intruder = await ssh_terminal(open_server.port, name)
        text = await intruder.until_closed()
        assert "a player name must be" in text and intruder.process.exit_status == 1
    assert sorted(p.name for p in (open_server.data_dir / "players").glob("*")) == []
    assert "start #" not in open_server.log()


async def test_a_name_that_only_looks_plain_is_refused_not_given_another_players_folder(
        open_server, ssh_terminal, monkeypatch):
    """'Kate' typed with the Kelvin sign (U+212A) is not kate. OpenSSH sends a user name as typed;
    asyncssh's client would normalise it first, so here it is made to send it as typed too."""
    monkeypatch.setattr(asyncssh.connection, "saslprep", lambda name: name)
    for name in ("\u212aate", "\uff4bate", "ka\u00adte"):  # Kelvin sign, fullwidth k, soft hyphen
        kate = await ssh_terminal(open_server.port, name)
        text = await kate.until_closed()
        assert "a player name must be" in text and kate.process.exit_status == 1
    assert "the name holds SOFT HYPHEN (U+00AD), which is not a plain letter" in text
    assert not (open_server.data_dir / "players" / "kate").exists()


async def test_a_full_server_says_so_and_an_idle_player_is_warned_then_let_go(open_server,
                                                                             ssh_terminal):
    dave = await ssh_terminal(open_server.port, "Dave")  # user names are lower-cased
    await dave.expect(MENU)
    eve = await ssh_terminal(open_server.port, "eve")
    assert "fabletop is full right now" in await eve.until_closed()
    await open_server.wait_log(r"refused #\d+ \S+ eve: server full")
    await dave.expect("Still there?")  # the idle warning, half way through the 6 s
    text = await dave.until_closed()
    assert "no key pressed for 6 seconds, so this session has ended" in text
    await open_server.wait_log(r"end #\d+ \S+ dave: idle")
    assert (open_server.data_dir / "players" / "dave" / "saves").is_dir()


async def test_too_many_new_connections_from_one_address_are_turned_away(start_server,
                                                                          ssh_connect):
    server = start_server("--auth", "open", "--rate", "2")
    for _ in range(2):
        conn = await ssh_connect(server.port, "fay")
        conn.close()
    with pytest.raises(asyncssh.DisconnectError, match="too many new connections"):
        await ssh_connect(server.port, "fay")
    await server.wait_log(r"refused #3 \S+ too many new connections")


async def test_shutdown_ends_every_session_after_its_autosave(start_server, ssh_terminal):
    server = start_server("--auth", "open")
    gus = await ssh_terminal(server.port, "gus")
    await gus.expect(MENU)
    gus.press("n")
    await gus.expect("Fluttering Souls")
    gus.press("\x1b[B", "\x1b[B")  # down from Once Upon a Line past Dice Upon a Time
    gus.press("\r")  # Fluttering Souls
    await gus.expect("who is playing?")
    gus.press("\r")
    await gus.expect("collect an open card")
    pid = await server.session_pid("gus")
    [save] = (server.data_dir / "players" / "gus" / "saves").glob("*.toml")
    written = save.stat().st_mtime_ns  # the person is to act: no bot move will write it again
    assert server.stop() == 0
    assert "the server is shutting down. Your game is saved" in await gus.until_closed()
    await server.wait_gone(pid)
    assert save.stat().st_mtime_ns > written  # saved once more on the way out
    log = server.log()
    assert log.index("stopping: ending 1 session(s)") < log.index("gus: shutdown") < log.index(
        "stopped")
