"""The server's parts without a server: names and folders, the keys file, limits, the app's env."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import asyncssh
import pytest

from tui.cli import main
from tui.serve.auth import KeyBook, choose_player, load_host_key, parse_keys
from tui.serve.limits import IdleClock, Limits, RateLimiter, SessionSlots
from tui.serve.players import name_problem, player_folder, player_name
from tui.serve.sessions import duration, session_env


@pytest.mark.parametrize("raw, name", [
    ("alice", "alice"), ("Alice", "alice"), ("bob_2", "bob_2"), ("a-b", "a-b"),
    ("x" * 16, "x" * 16), ("x" * 17, None), ("", None), ("2fast", None), ("-rf", None),
    ("..", None), ("../bob", None), ("a/b", None), ("a.b", None), ("a b", None),
    ("al\x00ice", None), ("alice\n", "alice"), ("élodie", None),
    ("\u212aate", None),  # Kate with the Kelvin sign: NFKC would make it "kate"'s folder
    ("ｋate", None), ("ﬁ", None),  # a fullwidth letter, a ligature
])
def test_only_plain_names_become_players(raw, name):
    assert player_name(raw) == name


@pytest.mark.parametrize("raw, said", [
    ("\u212aate", "the name holds KELVIN SIGN (U+212A), which is not a plain letter"),
    ("élodie", "the name holds LATIN SMALL LETTER E WITH ACUTE (U+00E9)"),
    ("al\x00ice", "the name holds a control character (U+0000)"),
    ("../bob", "a player name must be 1-16 lowercase letters"),
])
def test_a_refused_name_is_told_why(raw, said):
    assert said in name_problem(raw) and "a player name must be" in name_problem(raw)


def test_a_player_folder_stays_under_the_data_dir_and_names_the_player(tmp_path):
    folder = player_folder(tmp_path, "alice")
    folder.prepare()
    assert folder.root == (tmp_path / "players" / "alice").resolve()
    assert folder.saves.is_dir() and folder.saves.parent == folder.root
    assert 'name = "Alice"' in (folder.root / "settings.toml").read_text()
    for bad in ("../alice", "Alice", "", "a/b"):
        with pytest.raises(ValueError):
            player_folder(tmp_path, bad)


def test_the_app_gets_only_the_allowed_client_environment(tmp_path):
    folder = player_folder(tmp_path, "alice")
    env = session_env("xterm-256color", {"COLORTERM": "truecolor", "LANG": "fr_FR.UTF-8",
                                         "LD_PRELOAD": "/tmp/evil.so", "FABLETOP_SAVES_DIR": "/",
                                         b"PATH": b"/tmp"}, folder)
    assert env["TERM"] == "xterm-256color" and env["COLORTERM"] == "truecolor"
    assert env["LANG"] == "fr_FR.UTF-8"
    assert env["FABLETOP_SAVES_DIR"] == str(folder.saves)
    assert env["FABLETOP_CONFIG_DIR"] == str(folder.root) and env["HOME"] == str(folder.root)
    assert "LD_PRELOAD" not in env and env["PATH"] == os.defpath
    odd = session_env("xterm\x1b]0;owned\x07", {"LANG": "C; rm -rf /", "COLORTERM": ""}, folder)
    assert odd["TERM"] == "xterm" and odd["LANG"] == "C.UTF-8" and "COLORTERM" not in odd


def _public(key) -> str:
    return key.export_public_key().decode().strip()


def test_the_keys_file_maps_keys_to_names_and_names_each_bad_line():
    one, two = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    text = (f"# players\n\nalice {_public(one)}\nbob {_public(two)}\nrobert {_public(two)}\n"
            f"../x {_public(one)}\ncarol ssh-ed25519 notakey\ndan\n")
    text += f"\u212aate {_public(one)}\n"  # Kate with the Kelvin sign: not kate's folder
    players, problems = parse_keys(text, "keys")
    assert players == {one.public_data: ["alice"], two.public_data: ["bob", "robert"]}
    assert [p.split(":")[1] for p in problems] == ["6", "7", "8", "9"]
    assert "the key for carol cannot be read" in problems[1]
    assert "the key is missing" in problems[2] and "KELVIN SIGN" in problems[3]
    assert choose_player(["alice"], "anything") == "alice"
    assert choose_player(["bob", "robert"], "Robert") == "robert"
    assert choose_player(["bob", "robert"], "alice") is None
    assert choose_player([], "alice") is None


def test_the_keys_file_is_read_again_when_it_changes(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    book = KeyBook(tmp_path / "authorized_keys")
    book.ensure()
    assert book.names_for(key) == [] and (tmp_path / "authorized_keys").exists()
    (tmp_path / "authorized_keys").write_text(f"alice {_public(key)}\n")
    os.utime(tmp_path / "authorized_keys", ns=(time.time_ns(), time.time_ns() + 10**9))
    assert book.names_for(key) == ["alice"]


def test_the_host_key_is_made_once_and_kept(tmp_path):
    first = load_host_key(tmp_path)
    assert (tmp_path / "host_key").stat().st_mode & 0o077 == 0
    assert load_host_key(tmp_path).get_fingerprint() == first.get_fingerprint()


def test_rate_limit_counts_new_connections_per_address_over_a_minute():
    now = [0.0]
    rate = RateLimiter(2, clock=lambda: now[0])
    assert rate.allow("10.0.0.1") and rate.allow("10.0.0.1")
    assert not rate.allow("10.0.0.1") and rate.allow("10.0.0.2")
    now[0] = 59.0
    assert not rate.allow("10.0.0.1")
    now[0] = 60.5
    assert rate.allow("10.0.0.1")


def test_session_slots_and_the_idle_clock():
    slots = SessionSlots(1)
    assert slots.take() and not slots.take()
    slots.give_back()
    assert slots.take()
    now = [0.0]
    idle = IdleClock(Limits(idle_timeout=600), clock=lambda: now[0])
    now[0] = 539.0
    assert idle.due() is None
    now[0] = 540.0
    assert idle.due() == "warn" and idle.due() is None  # warned once, a minute before
    idle.touch()
    now[0] = 1079.0
    assert idle.due() is None
    now[0] = 1140.0
    assert idle.due() == "end"
    assert IdleClock(Limits(idle_timeout=0), clock=lambda: 10**9).due() is None
    assert Limits(idle_timeout=6).idle_warning == 3
    assert (duration(1800), duration(60), duration(6)) == ("30 minutes", "1 minute", "6 seconds")


@pytest.mark.parametrize("flags, problem", [
    (["--max-sessions", "0"], "--max-sessions must be at least 1"),
    (["--rate", "0"], "--rate must be at least 1"),
    (["--port", "70000"], "--port must be 0-65535"),
    (["--idle-timeout=-1"], "--idle-timeout must be a number of seconds, 0 (never) or more"),
    (["--idle-timeout", "nan"], "--idle-timeout must be a number of seconds"),
    (["--idle-timeout", "inf"], "--idle-timeout must be a number of seconds"),
    (["--idle-timeout=-inf"], "--idle-timeout must be a number of seconds"),
])
def test_serve_flags_are_checked(flags, problem, capsys):
    assert main(["serve", *flags]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1  # one clear line


@pytest.mark.parametrize("flags", [
    ["--port", "nan"], ["--port", "-1"], ["--port", "1e3"], ["--max-sessions", "inf"],
    ["--max-sessions", "-1"], ["--rate", "nan"], ["--rate", "-5"], ["--rate", "1.5"],
])
def test_every_numeric_serve_flag_refuses_what_is_no_count(flags, capsys):
    try:
        status = main(["serve", *flags])
    except SystemExit as exit:  # argparse: not a whole number
        status = exit.code
    assert status == 2 and flags[0] in capsys.readouterr().err


def test_the_menu_and_help_do_not_load_asyncssh():
    probe = ("import sys, tui.cli, tui.app, tui.serve.child\n"
             "tui.cli.build_parser().format_help()\n"
             "print(sorted(m for m in sys.modules if m.startswith('asyncssh')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_an_error_before_the_served_app_runs_is_logged_not_shown(tmp_path):
    """A session's app whose terminal cannot be taken (here stdin is no PTY) fails before the app
    runs: the player reads the apology, the traceback goes to the server's crash log."""
    crash_log = tmp_path / "crashes.log"
    done = subprocess.run([sys.executable, "-m", "tui.serve.child", "--crash-log", str(crash_log)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "Sorry: fabletop met an error it did not expect" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert "OSError: [Errno 25]" in crash_log.read_text()


def test_a_session_start_travels_as_json_and_names_the_players_folders(tmp_path):
    import json

    from tui.serve.start import SessionStart

    folder = player_folder(tmp_path, "alice")
    start = SessionStart.build(folder, "xterm-256color", {"COLORTERM": "truecolor",
                                                         "LD_PRELOAD": "x"}, (100, 30),
                               mouse=True, crash_log="/srv/crashes.log")
    message = json.loads(json.dumps({**start.to_dict(), "added_later": 1}))
    again = SessionStart.from_dict(message)  # a field it does not know is left out
    assert again == start
    assert (again.player, again.cols, again.rows, again.mouse) == ("alice", 100, 30, True)
    assert again.saves_dir == str(folder.saves) == again.env["FABLETOP_SAVES_DIR"]
    assert again.env["COLORTERM"] == "truecolor" and "LD_PRELOAD" not in again.env
