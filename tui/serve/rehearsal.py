"""The zygote's rehearsal: the menu run once before any session is forked, the way a session runs
it (on a pseudo-terminal of its own, with Textual's Linux driver and its threads, a settings file,
a table service of its own to connect to, two keys), with default settings and a scratch folder
that is deleted after.

Whatever Python and Textual do on a first run (import, build caches, specialise code) is then done
once in the zygote, where the sessions share it; a session doing it itself writes to the zygote's
pages and so copies them (Python 3.11 writes every object it touches). No player's folder is read.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import struct
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

KEYS = (b"\x1b[B", b"\x1b[A")  # down, up
MENU_WAIT = 10.0  # seconds the menu may take to show on a busy machine
QUIET = 0.05  # seconds without output after which the app has drawn all it had to
TERM = "xterm-256color"  # what most clients send; only the rehearsal's own terminal
_parsed_css: tuple[dict, object] | None = None  # the rehearsal app's CSS variables, parsed rules


def rehearse() -> None:
    """Run the menu on a fresh pseudo-terminal and leave; raises if it could not."""
    master, slave = os.openpty()  # never the zygote's controlling terminal (openpty: O_NOCTTY)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    scratch = tempfile.mkdtemp(prefix="fabletop-zygote-")
    streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__)
    environ = dict(os.environ)
    try:
        os.environ["TERM"] = TERM
        sys.stdin = sys.__stdin__ = open(slave, "r", encoding="utf-8", closefd=False)
        sys.stdout = sys.__stdout__ = open(slave, "w", encoding="utf-8", closefd=False)
        sys.stderr = sys.__stderr__ = open(slave, "w", encoding="utf-8", closefd=False)
        asyncio.run(run_menu(master, Path(scratch)))
    finally:
        (sys.stdin, sys.stdout, sys.stderr,
         sys.__stdin__, sys.__stdout__, sys.__stderr__) = streams
        os.environ.clear()
        os.environ.update(environ)
        os.close(slave)
        os.close(master)
        shutil.rmtree(scratch, ignore_errors=True)
    if threading.active_count() != 1:  # forking with threads running would be unsafe
        raise SystemExit("zygote: the rehearsal left threads running")


async def run_menu(master: int, scratch: Path) -> None:
    """The app on the terminal whose other end is `master`: menu shown, two keys, exit."""
    from saves.store import SaveStore
    from tui.app import FabletopApp
    from tui.screens.menu import MainMenu
    from tui.settings import Settings

    from tui.tables.local import LocalTables
    from tui.tables.server import SOCKET, TableSocket

    loop = asyncio.get_running_loop()
    output = Output(master)
    loop.add_reader(master, output.read)  # the screen goes nowhere, but must not fill the PTY
    tables = TableSocket(LocalTables(None), scratch / SOCKET)  # sessions of `serve` have one
    await tables.start()
    os.environ.update(FABLETOP_TABLES=str(tables.path), FABLETOP_PLAYER="rehearsal")
    try:
        settings_file = scratch / "settings.toml"
        Settings().save(settings_file)  # every session reads its player's settings file
        app = FabletopApp(store=SaveStore(scratch / "saves"),
                          settings=Settings.load(settings_file)[0])
        running = asyncio.create_task(app.run_async(mouse=False))
        try:
            waited = 0.0
            while not (app.screen_stack and isinstance(app.screen, MainMenu)):
                if running.done() or waited > MENU_WAIT:
                    raise RuntimeError("the menu did not show")
                await asyncio.sleep(0.05)
                waited += 0.05
            for key in KEYS:
                await output.quiet(running)
                drawn = output.chunks
                os.write(master, key)
                await output.more_than(drawn, running)
            await output.quiet(running)
        finally:  # the app's threads end with it
            app.exit()
            await asyncio.wait_for(running, MENU_WAIT)
        keep_parsed_css(app)
    finally:
        await tables.stop()
        loop.remove_reader(master)


def keep_parsed_css(app) -> None:
    global _parsed_css
    stylesheet = app.stylesheet
    _parsed_css = (dict(stylesheet._variables), stylesheet._parse_cache)


def reuse_parsed_css(app) -> None:
    """Hand a session's new app the CSS rules the rehearsal parsed, if its CSS variables are the
    same (the rules depend on nothing else): each session parsing them again costs start-up time
    and about 0.5 MiB of the zygote's pages. (Textual keeps them per stylesheet, privately.)"""
    if _parsed_css is None:
        return
    variables, rules = _parsed_css
    stylesheet = app.stylesheet
    if getattr(stylesheet, "_variables", None) == variables and hasattr(stylesheet, "_parse_cache"):
        stylesheet._parse_cache = rules


class Output:
    """What the app writes to the rehearsal's terminal: read and dropped, noting when it came (so
    the rehearsal waits for the app rather than for fixed pauses)."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.chunks = 0
        self.last = time.monotonic()

    def read(self) -> None:
        try:
            os.read(self.master, 65536)
        except OSError:
            return
        self.chunks += 1
        self.last = time.monotonic()

    async def quiet(self, running: asyncio.Task) -> None:
        """Until the app has written nothing for QUIET seconds (it has drawn what it had to)."""
        await self._until(lambda: time.monotonic() - self.last >= QUIET, running)

    async def more_than(self, chunks: int, running: asyncio.Task) -> None:
        """Until the app has written more than `chunks` chunks (a key's redraw came)."""
        await self._until(lambda: self.chunks > chunks, running)

    async def _until(self, done, running: asyncio.Task) -> None:
        started = time.monotonic()
        while not done():
            if running.done() or time.monotonic() - started > MENU_WAIT:
                raise RuntimeError("the app stopped drawing the menu")
            await asyncio.sleep(QUIET / 5)
