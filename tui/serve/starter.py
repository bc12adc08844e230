"""The server's side of the zygote (tui.serve.zygote): start it once, ask it for each session's
app, and hear how each app ended.

Sessions are forked by the zygote, not by the server: the server runs an event loop, asyncssh and
every connection's keys, none of which a game should inherit. The zygote is started before the
server listens, with a bare environment, and is started again if it is ever lost.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import signal
import socket
import subprocess
import sys

from tui.serve.start import SessionStart, zygote_env

log = logging.getLogger("fabletop.serve")

MAX_MESSAGE = 65536
READY_WAIT = 120.0  # seconds the zygote may take to import everything (a busy, slow machine)
START_WAIT = 30.0  # seconds to fork one session


class ForkedApp:
    """One session's app, forked by the zygote: its pid, a pidfd to signal it (never a reused pid),
    and how it ended (`returncode`, as subprocess gives it: -N for signal N)."""

    def __init__(self, pid: int, pidfd: int) -> None:
        self.pid, self._pidfd = pid, pidfd
        self.returncode: int | None = None
        self._ended = asyncio.get_running_loop().create_future()

    def send_signal(self, signum: int) -> None:
        if self.returncode is None:
            try:
                signal.pidfd_send_signal(self._pidfd, signum)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    def ended(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
            os.close(self._pidfd)
            self._ended.set_result(code)

    def watch_without_zygote(self) -> None:
        """The zygote is gone and cannot report the end: the pidfd turns readable when it comes."""
        loop = asyncio.get_running_loop()

        def gone() -> None:
            loop.remove_reader(self._pidfd)
            self.ended(0)  # the status went with the zygote

        loop.add_reader(self._pidfd, gone)


class Zygote:
    """The zygote process and the socket to it."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self._sock: socket.socket | None = None
        self._asked: dict[int, asyncio.Future] = {}
        self._apps: dict[int, ForkedApp] = {}
        self._numbers = itertools.count(1)
        self._starting = asyncio.Lock()

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    async def start(self) -> None:
        """Start the zygote and wait until it has imported everything."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "tui.serve.zygote", str(theirs.fileno())],
                pass_fds=[theirs.fileno()], env=zygote_env(), cwd="/", stdin=subprocess.DEVNULL,
                start_new_session=True)  # Ctrl+C at the host's terminal reaches the server only
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        try:
            ready = await asyncio.wait_for(loop.sock_recv(ours, MAX_MESSAGE), READY_WAIT)
        except asyncio.TimeoutError:
            ready = b""
        if not ready:
            ours.close()
            self.proc.kill()
            self.proc.wait()
            raise OSError("the session starter (zygote) did not get ready")
        self._sock = ours
        loop.add_reader(self._sock, self._read)
        log.info("zygote ready: pid %d", self.proc.pid)

    async def spawn(self, start: SessionStart, slave: int) -> ForkedApp:
        """Fork a session's app on the PTY `slave` (the caller keeps and closes its own copy)."""
        async with self._starting:
            if self._sock is None:
                await self.start()
        number = next(self._numbers)
        asked = self._asked[number] = asyncio.get_running_loop().create_future()
        try:
            message = json.dumps({"id": number, "start": start.to_dict()}).encode()
            socket.send_fds(self._sock, [message], [slave])
            return await asyncio.wait_for(asyncio.shield(asked), START_WAIT)
        finally:
            self._asked.pop(number, None)
            if not asked.done():
                asked.cancel()

    def _read(self) -> None:
        try:
            data, fds, _, _ = socket.recv_fds(self._sock, MAX_MESSAGE, 1)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if not data:
            self._lost()
            return
        message = json.loads(data)
        if "started" in message:
            app = self._apps[message["pid"]] = ForkedApp(message["pid"], fds[0])
            asked = self._asked.get(message["started"])
            if asked is not None and not asked.done():
                asked.set_result(app)
            else:  # nobody waits for it any more (the session gave up): it must not live on
                app.kill()
        elif "failed" in message:
            asked = self._asked.get(message["failed"])
            if asked is not None and not asked.done():
                asked.set_exception(OSError(f"the zygote could not fork: {message['error']}"))
        elif "exit" in message:
            app = self._apps.pop(message["exit"], None)
            if app is not None:
                app.ended(message["code"])

    def _lost(self) -> None:
        """The zygote has ended: sessions that are running go on; the next one starts another."""
        loop = asyncio.get_running_loop()
        loop.remove_reader(self._sock)
        self._sock.close()
        self._sock = None
        try:
            code = self.proc.wait(1) if self.proc is not None else None
        except subprocess.TimeoutExpired:
            code = "unknown"
        log.error("zygote ended (status %s); a new one starts with the next session", code)
        for asked in self._asked.values():
            if not asked.done():
                asked.set_exception(OSError("the session starter (zygote) ended"))
        for app in self._apps.values():
            app.watch_without_zygote()
        self._apps.clear()

    async def stop(self) -> None:
        """Close the socket (the zygote ends by itself) and wait for it."""
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock)
            self._sock.close()
            self._sock = None
        if self.proc is None:
            return
        for _ in range(100):
            if self.proc.poll() is not None:
                return
            await asyncio.sleep(0.05)
        self.proc.kill()
        self.proc.wait()
