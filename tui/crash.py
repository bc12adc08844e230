"""When fabletop itself fails: the player reads a short apology, the traceback goes to a log file.

Textual prints an unexpected error's traceback (with source lines and local values) when the app
exits; over SSH that would travel to the player. `CrashGuard` keeps it for the log instead, and the
app exits with a non-zero status.
"""
from __future__ import annotations

import io
import os
import sys
import traceback
from datetime import datetime
from pathlib import Path

from rich.console import Console

APOLOGY = ("Sorry: fabletop met an error it did not expect and had to close. Your games are saved "
           "after every move: Continue picks them up. {where}")


class CrashGuard:
    """Wraps one run of the app: `watch(app)` before it runs, `finish(app)` after; or `failed(exc)`
    for an error before the app could run. Returns the exit status."""

    def __init__(self, log_path: Path, where: str) -> None:
        self.log_path, self.where = log_path, where
        self._report = io.StringIO()

    def watch(self, app) -> None:
        """The app's error output (the traceback Textual prints on exit) goes to the report."""
        app.error_console = Console(file=self._report, markup=False, highlight=False, width=110,
                                    color_system=None)

    def finish(self, app) -> int:
        code = app.return_code or 0
        if code:
            self._fail(self._report.getvalue() or f"the app exited with status {code}")
        return code

    def failed(self, error: BaseException) -> int:
        self._fail("".join(traceback.format_exception(error)))
        return 1

    def _fail(self, report: str) -> None:
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.log_path, "a", encoding="utf-8") as log:  # one write: sessions share it
                log.write(f"--- {datetime.now().isoformat(timespec='seconds')} pid {os.getpid()}\n"
                          f"{report.rstrip()}\n")
            where = self.where.format(path=self.log_path)
        except OSError:
            where = ""
        print(APOLOGY.format(where=where).rstrip(), file=sys.stdout, flush=True)
