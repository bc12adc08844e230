"""An error fabletop did not expect: the player reads a short apology, never a traceback; the
traceback goes to a log file and the process exits with a non-zero status (locally and over SSH)."""
from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

from tui import cli
from tui.app import FabletopApp
from tui.settings import settings_path

ROOT = Path(__file__).resolve().parents[2]
CRASHING = ROOT / "tests" / "fixtures" / "crashing_app"  # a sitecustomize that breaks the menu


def break_the_menu(monkeypatch) -> None:
    def explode(self):
        raise RuntimeError("a bug with local secrets")
    monkeypatch.setattr(FabletopApp, "on_mount", explode)


def test_a_crash_at_this_terminal_apologises_logs_and_exits_non_zero(monkeypatch, capsys):
    break_the_menu(monkeypatch)
    run = FabletopApp.run
    monkeypatch.setattr(FabletopApp, "run", lambda self: run(self, headless=True))
    assert cli.main([]) == 1
    out = capsys.readouterr()
    assert "Sorry: fabletop met an error it did not expect" in out.out
    assert "Traceback" not in out.out + out.err and "local secrets" not in out.out + out.err
    log = (settings_path().parent / "crash.log").read_text()
    assert "RuntimeError: a bug with local secrets" in log


def test_a_crash_before_the_app_runs_is_handled_the_same_way(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise OSError("no such disk")
    monkeypatch.setattr("saves.store.SaveStore.__init__", broken)
    assert cli.main([]) == 1
    assert "Sorry" in capsys.readouterr().out
    assert "OSError: no such disk" in (settings_path().parent / "crash.log").read_text()


def test_a_served_session_that_crashes_shows_the_player_only_an_apology(tmp_path):
    """The SSH child in its own terminal, as the server starts it: the bytes the player would get
    hold the apology and no traceback, and the server's crash log holds the traceback."""
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": f"{CRASHING}{os.pathsep}{ROOT}",
           "FABLETOP_SAVES_DIR": str(tmp_path / "saves"), "FABLETOP_CONFIG_DIR": str(tmp_path),
           "TERM": "xterm"}
    crash_log = tmp_path / "crashes.log"
    child = subprocess.Popen([sys.executable, "-m", "tui.serve.child", "--crash-log", str(crash_log)],
                             stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp_path,
                             start_new_session=True)
    os.close(slave)
    sent = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            sent += data
        elif child.poll() is not None:
            break
    os.close(master)
    assert child.wait(timeout=30) == 1
    text = sent.decode("utf-8", "replace")
    assert "Sorry: fabletop met an error it did not expect" in text
    assert "The error is logged on the server." in text
    assert "Traceback" not in text and "local secrets" not in text and "File \"" not in text
    assert len(sent) < 20_000  # a screen's worth, not a 275 KB traceback
    assert "RuntimeError: a bug with local secrets" in crash_log.read_text()
