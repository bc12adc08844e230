"""A real `fabletop web` on a free loopback port, run as players' hosts run it (the CLI)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0


class WebServer:
    def __init__(self, saves: Path, *extra: str):
        self.saves = saves
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "web", "--port", "0", "--saves-dir", str(saves), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        line = self.process.stdout.readline()
        match = re.search(r"serving on (http://\S+:(\d+)/)", line)
        if not match:
            self.stop()
            raise AssertionError(f"fabletop web did not start: {line!r} {self.process.stderr.read()}")
        self.url, self.port = match.group(1), int(match.group(2))

    def sessions(self) -> list[int]:
        """Process ids of the fabletop apps the server runs, one per browser tab."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                cmdline = stat.read_bytes().split(b"\0")
                session = int(stat.parent.joinpath("stat").read_text().split(")")[1].split()[3])
            except (OSError, ValueError, IndexError):
                continue
            if b"-P" in cmdline and b"tui" in cmdline and session == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def stop(self) -> str:
        """SIGTERM, as a service manager stops it; what it printed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(WAIT)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.process.stdout.read() + self.process.stderr.read()


@pytest.fixture
def settings_file(isolated_folders):
    """The player's settings (bots without pauses, the nord theme) in the test's config folder."""
    path = Path(os.environ["FABLETOP_CONFIG_DIR"]) / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('name = "Ada"\nbot_pace = "fast"\ntheme = "nord"\n', encoding="utf-8")
    return path


@pytest.fixture
def web_server(tmp_path, settings_file):
    server = WebServer(tmp_path / "web saves")  # a space: the session command must quote it
    yield server
    server.stop()
