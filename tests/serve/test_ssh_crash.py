"""A session whose app fails: the player reads a short apology, never a traceback (with the server's
paths, source lines and local values); the server logs the session as crashed and keeps the
traceback in its crash log."""
from __future__ import annotations

import os
from pathlib import Path

CRASHING_SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "crashing_server"
ROOT = Path(__file__).resolve().parents[2]  # this checkout first: its sitecustomize imports tui


async def test_a_crash_shows_the_player_an_apology_and_logs_the_traceback(start_server,
                                                                          ssh_terminal):
    path = os.pathsep.join(filter(None, (str(CRASHING_SERVER), str(ROOT),
                                       os.environ.get("PYTHONPATH"))))
    server = start_server("--auth", "open", env={**os.environ, "PYTHONPATH": path})
    hal = await ssh_terminal(server.port, "hal")
    text = await hal.until_closed()
    assert "Sorry: fabletop met an error it did not expect" in text
    assert "The error is logged on the server." in text
    assert "Traceback" not in text and "local secrets" not in text and 'File "' not in text
    assert len(hal.output) < 20_000  # a screen's worth, not a 275 KB traceback
    assert hal.process.exit_status == 1
    crash_log = server.data_dir / "crashes.log"
    await server.wait_log(rf"end #\d+ \S+ hal: crashed after \d+ s \(traceback in {crash_log}\)")
    report = crash_log.read_text()
    assert "Traceback" in report and "RuntimeError: a bug with local secrets" in report
