"""One player's fabletop inside an SSH session's pseudo-terminal.

`run_app` is what every session runs: the zygote (tui.serve.zygote) calls it in each forked
session. The same app as a fresh process, for tests and the bench:

    python -m tui.serve.child [--mouse] [--idle-warning SECONDS] [--crash-log PATH]

The PTY on stdin becomes the controlling terminal first, so window resizes arrive as SIGWINCH and
a hang-up (the client is gone) ends the process. The server talks to the app with signals:
SIGUSR1 shows the idle warning, SIGTERM saves the game and leaves (server shutdown, idle timeout).
Saves and settings come from FABLETOP_SAVES_DIR and FABLETOP_CONFIG_DIR, set by the server.
An unexpected error shows the player a short apology; its traceback goes to the server's crash log
and the process exits with status 1 (the server logs the session as crashed).
"""
from __future__ import annotations

import argparse
import asyncio
import fcntl
import signal
import sys
import termios
from pathlib import Path


def take_terminal() -> None:
    """Make the PTY on stdin this session's controlling terminal (the server started a new session)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def warn_idle(app, seconds: float) -> None:
    app.notify(f"No key pressed for a while: this session ends in {seconds:.0f} seconds. "
               "Press any key to stay; your game is saved either way.",
               title="Still there?", severity="warning", timeout=max(seconds, 5))


def save_and_leave(app) -> None:
    """Autosave any open game, then exit the app so the terminal is restored."""
    from tui.screens.game_screen import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            screen.autosave()
    app.exit()


async def play(guard, mouse: bool, idle_warning: float, start=None) -> int:
    """`start`: the session's whole SessionStart when forked by the zygote (None from the command
    line); a field added to it reaches the app here."""
    try:
        from saves.store import SaveStore
        from tui.app import FabletopApp
        from tui.serve.rehearsal import reuse_parsed_css

        app = FabletopApp(store=SaveStore())
        reuse_parsed_css(app)  # forked by the zygote: the CSS its rehearsal parsed
        guard.watch(app)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, lambda: warn_idle(app, idle_warning))
        loop.add_signal_handler(signal.SIGTERM, lambda: save_and_leave(app))
        await app.run_async(mouse=mouse)
    except Exception as exc:
        return guard.failed(exc)
    return guard.finish(app)


def run_app(mouse: bool, idle_warning: float, crash_log: Path, start=None) -> int:
    """Run the app on the PTY at stdin/stdout in a fresh event loop; returns the exit status."""
    from tui.crash import CrashGuard

    guard = CrashGuard(crash_log, "The error is logged on the server.")
    # whatever escapes (before the app runs, or after) is logged too, never shown as a traceback
    sys.excepthook = lambda kind, error, trace: guard.failed(error)
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # an early idle warning must not end the app
    try:
        take_terminal()
    except OSError as exc:
        return guard.failed(exc)
    return asyncio.run(play(guard, mouse, idle_warning, start))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tui.serve.child")
    parser.add_argument("--mouse", action="store_true")
    parser.add_argument("--idle-warning", type=float, default=60.0)
    parser.add_argument("--crash-log", type=Path, default=Path("crash.log"))
    args = parser.parse_args()
    sys.exit(run_app(args.mouse, args.idle_warning, args.crash_log))


if __name__ == "__main__":
    main()
