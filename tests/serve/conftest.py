"""A real `fabletop serve` on a free loopback port, and an SSH client terminal that reads its screen.

The server runs as a subprocess (the CLI as hosts run it); the client is asyncssh asking for a PTY.
Waits are deadlines for something to appear, never timings.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

WAIT = 30.0  # seconds: the most any screen or log line may take to appear on a busy machine
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor, colours, modes
                      r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: titles, clipboard
                      r"|\x1b[()][0-9A-B]|\x1b[=>78]")


def plain(data: bytes) -> str:
    """Terminal output without escape sequences: what is written, in the order it is written."""
    return _ESCAPES.sub("", data.decode("utf-8", "replace"))


def wait_for(check, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


async def until(check, what: str, timeout: float = WAIT):
    """Like wait_for, letting the event loop run meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


class Server:
    """`fabletop serve --port 0 ...` in a subprocess (in `env`, or this one's environment); its
    one-line log is read from a file."""

    def __init__(self, data_dir: Path, *flags: str, env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = data_dir.parent / f"{data_dir.name}.log"
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data-dir", str(data_dir),
             *flags], stdout=self._log, stderr=subprocess.STDOUT, env=env)
        found = wait_for(lambda: re.search(r"listening on 127\.0\.0\.1:(\d+)", self.log())
                         or self.proc.poll() is not None, "the server to listen")
        assert self.proc.poll() is None, self.log()
        self.port = int(found.group(1))

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    async def wait_log(self, pattern: str) -> re.Match:
        return await until(lambda: re.search(pattern, self.log()), f"{pattern!r} in the log")

    async def session_pid(self, player: str) -> int:
        """The pid of the player's latest session."""
        await self.wait_log(rf"start #\d+ \S+ {player}: pid \d+")
        return int(re.findall(rf"start #\d+ \S+ {player}: pid (\d+)", self.log())[-1])

    async def wait_gone(self, pid: int) -> None:
        """Wait until the process has ended and been reaped (no zombie left either)."""
        await until(lambda: not os.path.exists(f"/proc/{pid}"), f"process {pid} to end")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()
        return self.proc.returncode


class Terminal:
    """One SSH session with a PTY, as a player's terminal: press keys, wait for text."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.output = b""
        self._seen = 0

    @classmethod
    async def open(cls, port: int, username: str, key=None, size=(80, 24),
                   term: str = "xterm-256color", env: dict | None = None) -> "Terminal":
        conn = await connect(port, username, key)
        process = await conn.create_process(term_type=term, term_size=size, encoding=None,
                                            env=env or {})
        return cls(conn, process)

    def text(self) -> str:
        return plain(self.output)

    async def expect(self, wanted: str, timeout: float = WAIT) -> str:
        """Wait until `wanted` is written after the last match; returns the text so far."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            at = text.find(wanted, self._seen)
            if at >= 0:
                self._seen = at + len(wanted)
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{wanted!r} never appeared; the screen said:\n{text[-1500:]}")
            try:
                data = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except asyncio.TimeoutError:
                continue
            if not data and self.process.stdout.at_eof():
                raise AssertionError(f"session ended before {wanted!r}; it said:\n{text[-1500:]}")
            self.output += data

    async def until_closed(self, timeout: float = WAIT) -> str:
        """Read until the session ends; returns all the text."""
        async def drain():
            while data := await self.process.stdout.read(65536):
                self.output += data
        await asyncio.wait_for(drain(), timeout)
        await asyncio.wait_for(self.process.wait_closed(), timeout)
        return self.text()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def connect(port: int, username: str, key=None, **options):
    return await asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None,
                                  client_keys=[key] if key is not None else None,
                                  agent_path=None, preferred_auth="publickey,keyboard-interactive",
                                  **options)


@pytest.fixture(scope="module")
def player_keys():
    """alice and bob are registered on keys_server; carol's key is not."""
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("alice", "bob", "carol")}


@pytest.fixture(scope="module")
def keys_server(tmp_path_factory, player_keys):
    """`fabletop serve` (keys auth, the defaults otherwise), shared by a test module."""
    data = tmp_path_factory.mktemp("serve") / "data"
    data.mkdir()
    (data / "authorized_keys").write_text("".join(
        f"{name} {player_keys[name].export_public_key().decode()}" for name in ("alice", "bob")))
    server = Server(data)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def open_server(tmp_path_factory):
    """`fabletop serve --auth open` with one session at most and a 6-second idle timeout."""
    server = Server(tmp_path_factory.mktemp("serve") / "data", "--auth", "open",
                    "--max-sessions", "1", "--idle-timeout", "6")
    yield server
    server.stop()


@pytest.fixture
def start_server(tmp_path):
    """Start a server with extra flags: `start_server("--auth", "open")` (and `env=` its
    environment); stopped after the test."""
    started: list[Server] = []

    def start(*flags: str, env: dict[str, str] | None = None) -> Server:
        server = Server(tmp_path / f"data{len(started)}", *flags, env=env)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
async def ssh_terminal():
    """Open a PTY session with `await ssh_terminal(port, user, key)`; closed after the test."""
    opened: list[Terminal] = []

    async def open_terminal(*args, **kwargs) -> Terminal:
        terminal = await Terminal.open(*args, **kwargs)
        opened.append(terminal)
        return terminal

    yield open_terminal
    for terminal in opened:
        terminal.conn.close()


@pytest.fixture
def ssh_connect():
    """`await ssh_connect(port, user, key)`: an asyncssh connection, for sessions without a PTY."""
    return connect
