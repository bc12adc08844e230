"""One SSH session: a fabletop app in its own pseudo-terminal, wired to the client.

The app is forked by the zygote (tui.serve.zygote) from a process that has imported everything.

Keys go from the client into the PTY, the screen comes back; window changes set the PTY size (the
kernel tells the app with SIGWINCH). The session ends when the player quits, the client goes away
(the PTY hangs up, which ends the app), the player is idle too long, or the server shuts down;
in the last two the app first saves and leaves on SIGTERM.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import termios
from pathlib import Path

import asyncssh

from tui.serve.limits import IdleClock, Limits
from tui.serve.players import PlayerFolder
from tui.serve.start import SessionStart, session_env  # noqa: F401  (session_env: its old home)
from tui.serve.starter import ForkedApp, Zygote

LEAVE_WAIT = 5.0  # seconds the app gets to save and leave on SIGTERM
OUTPUT_HIGH_WATER = 256 * 1024  # bytes waiting for a slow client before the app's output waits
HANGUP_WAIT = 3.0  # seconds the app gets to end after a hang-up before it is killed
CRASH_LOG = "crashes.log"  # in the data dir: tracebacks of sessions that crashed


def duration(seconds: float) -> str:
    """'30 minutes', '1 minute', '6 seconds': for messages to players."""
    if seconds >= 120:
        return f"{seconds / 60:.0f} minutes"
    return "1 minute" if seconds == 60 else f"{seconds:.0f} seconds"


def set_window(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows or 24, cols or 80, 0, 0))


class PlayerSession:
    """One player's app for one SSH channel: `start` it, then `run` it until it ends."""

    def __init__(self, process: asyncssh.SSHServerProcess, folder: PlayerFolder,
                 limits: Limits, zygote: Zygote, mouse: bool = False) -> None:
        self.process, self.folder, self.limits, self.mouse = process, folder, limits, mouse
        self.zygote = zygote
        self.idle = IdleClock(limits)
        self.pid: int | None = None
        self._master = -1
        self._child: ForkedApp | None = None
        self._stop = asyncio.Event()
        self._stop_message = ""

    @property
    def crash_log(self) -> Path:
        """Where the app writes an unexpected error's traceback: the server's data dir."""
        return self.folder.root.parents[1] / CRASH_LOG

    def stop(self, message: str) -> None:
        """Ask the session to save, leave and tell the player `message` (server shutdown)."""
        self._stop_message = message
        self._stop.set()

    async def run(self) -> str:
        """Wire the started app to the client until the session ends; returns why it ended."""
        screen = asyncio.create_task(self._screen_to_client())
        tasks = {
            screen: "quit",
            asyncio.create_task(self._keys_to_app()): "left",
            asyncio.create_task(self._watch_idle()): "idle",
            asyncio.create_task(self._stop.wait()): "shutdown",
        }
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            reason = tasks[next(iter(done))] if screen not in done else "quit"
            if reason in ("idle", "shutdown"):
                await self._ask_app_to_leave(screen)
        finally:  # whatever happened, no app outlives its session
            for task in tasks:
                task.cancel()
            await self._hang_up()
        if reason == "quit" and self._child is not None and self._child.returncode not in (0, None):
            reason = "crashed"
        if reason == "idle":
            self._say(f"fabletop: no key pressed for {duration(self.limits.idle_timeout)}, so "
                      "this session has ended. Your game is saved.")
        elif reason == "shutdown":
            self._say(self._stop_message)
        self._exit(1 if reason == "crashed" else 0)  # the player's ssh exits with it
        return reason

    # -- the app --------------------------------------------------------------------
    def session_start(self) -> SessionStart:
        """What the app receives: the player, their folders, the terminal, the environment."""
        return SessionStart.build(
            self.folder, self.process.get_terminal_type() or "xterm", self.process.env,
            self.process.get_terminal_size()[:2], mouse=self.mouse,
            idle_warning=self.limits.idle_warning, crash_log=str(self.crash_log))

    async def start(self) -> None:
        """Fork the player's app (by the zygote) in a new PTY sized like the client's window."""
        start = self.session_start()
        master, slave = os.openpty()
        try:
            set_window(master, start.cols, start.rows)
            self._child = await self.zygote.spawn(start, slave)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # only the app holds the terminal, so its exit reads as end of file
        self._master, self.pid = master, self._child.pid
        os.set_blocking(master, False)

    async def _ask_app_to_leave(self, screen: asyncio.Task) -> None:
        """SIGTERM: the app autosaves and exits, restoring the terminal; its last output is sent."""
        self._signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(asyncio.shield(screen), LEAVE_WAIT)
        except asyncio.TimeoutError:
            pass

    async def _hang_up(self) -> None:
        """Close the PTY (a hang-up ends the app), and kill the app if it is still there after all."""
        if self._master >= 0:
            asyncio.get_running_loop().remove_reader(self._master)  # before its number is reused
            os.close(self._master)
            self._master = -1
        try:
            await asyncio.wait_for(self._child.wait(), HANGUP_WAIT)
        except asyncio.TimeoutError:
            self._child.kill()
            await self._child.wait()

    def _signal(self, signum: int) -> None:
        if self._child is not None:
            self._child.send_signal(signum)

    # -- the wires ------------------------------------------------------------------
    async def _screen_to_client(self) -> None:
        """Copy the app's output to the client until the app closes its terminal.

        Each chunk goes on in the callback that reads it (no task to wake per chunk: under load
        that is a loop iteration less between the app's frame and the player)."""
        loop = asyncio.get_running_loop()
        ended = loop.create_future()
        first = True

        def forward() -> None:
            nonlocal first
            try:
                data = os.read(self._master, 65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""  # EIO: the app has closed its terminal
            try:
                if data:
                    self.process.stdout.write(data)
            except (OSError, asyncssh.Error):
                data = b""  # the client is gone
            if not data:
                loop.remove_reader(self._master)
                if not ended.done():
                    ended.set_result(None)
                return
            if first:  # idle time counts from the first screen, however slow the start
                self.idle.touch()
                first = False
            if self.process.channel.get_write_buffer_size() > OUTPUT_HIGH_WATER:
                loop.remove_reader(self._master)  # until the client has taken what is sent
                drained = loop.create_task(self.process.stdout.drain())
                drained.add_done_callback(resume)

        def resume(drained: asyncio.Task) -> None:
            if drained.cancelled() or drained.exception() is not None:
                if not ended.done():
                    ended.set_result(None)
            elif not ended.done() and self._master >= 0:
                loop.add_reader(self._master, forward)

        loop.add_reader(self._master, forward)
        try:
            await ended
        finally:
            if self._master >= 0:
                loop.remove_reader(self._master)

    async def _keys_to_app(self) -> None:
        """Copy the client's keys into the PTY and follow its window size, until it goes away."""
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                set_window(self._master, change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue  # clients do not get to signal the app
            except (OSError, asyncssh.Error):
                return
            if not data:
                return
            self.idle.touch()
            try:
                await self._write_keys(data)
            except OSError:
                return  # the app has closed its terminal: the screen side reports the end

    async def _write_keys(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._master, view):]
            except BlockingIOError:
                await asyncio.sleep(0.01)  # the app is behind on reading; wait for it

    async def _watch_idle(self) -> None:
        """Warn the player (SIGUSR1: a notification in the app), then return at the timeout."""
        timeout = self.limits.idle_timeout
        if not timeout:
            await asyncio.Event().wait()
        while True:
            due = self.idle.due()
            if due == "end":
                return
            if due == "warn":
                self._signal(signal.SIGUSR1)
            idle = self.idle.idle()
            warn_at = timeout - self.limits.idle_warning
            await asyncio.sleep(max(0.05, (timeout if self.idle.warned else warn_at) - idle))

    # -- talking to the client ------------------------------------------------------
    def _say(self, message: str) -> None:
        try:
            self.process.stdout.write(f"\r\n{message}\r\n".encode())
        except (OSError, asyncssh.Error):
            pass

    def _exit(self, status: int) -> None:
        try:
            self.process.exit(status)
        except (OSError, asyncssh.Error):
            pass


def refuse(process: asyncssh.SSHServerProcess, message: str) -> None:
    """Tell the client why it cannot play and close the session."""
    try:
        process.stdout.write(f"{message}\r\n".encode())
        process.exit(1)
    except (OSError, asyncssh.Error):
        pass
