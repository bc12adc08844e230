"""The zygote: one process that has imported Python, Textual and every game once, and forks each
SSH session's app from that warm state (so 30 sessions do not pay the imports 30 times, and share
those pages copy-on-write).

    python -P -m tui.serve.zygote FD        (started by the server: tui.serve.starter)

FD is a SOCK_SEQPACKET socket to the server. The server sends one request per session: a
`SessionStart` as JSON with the PTY slave attached (SCM_RIGHTS). The zygote forks; the child makes
that PTY its controlling terminal in a new session, keeps only it (as 0, 1, 2), takes the player's
environment and folder, and runs the app in a fresh event loop. The zygote answers
{"started": id, "pid": pid} with a pidfd of the child attached (signals that never hit a reused
pid), and {"exit": pid, "code": status} once it has reaped it. It never runs an event loop or a
thread, never reads a player's files, and ends when the server's end of the socket closes.
"""
from __future__ import annotations

import gc
import importlib
import json
import os
import pkgutil
import select
import signal
import socket
import sys
import traceback
from pathlib import Path

MAX_MESSAGE = 65536


def log(message: str) -> None:
    print(f"zygote: {message}", file=sys.stderr, flush=True)


def warm() -> None:
    """Import all a session needs (Textual, the app, every screen and game, the content) now."""
    import tui.app  # noqa: F401  textual, rich, the menu
    import tui.serve.child  # noqa: F401
    import tui.serve.start  # noqa: F401  what each session's start is read with
    from tui.serve.hot_code import gather, noting
    from tui.serve.rehearsal import rehearse
    import games
    import tui
    from games.core.registry import all_games

    for package, skip in ((tui, ("tui.serve", "tui.cli", "tui.__main__")), (games, ())):
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if module.name.startswith(skip):
                continue
            try:
                importlib.import_module(module.name)
            except Exception as exc:  # a session importing it will meet the error itself
                log(f"cannot import {module.name}: {exc!r}")
    for manifest in all_games():
        try:
            manifest.rules()
        except Exception as exc:
            log(f"cannot load {manifest.id}: {exc!r}")
    for name in ("textual.drivers.linux_driver", "textual._xterm_parser", "textual.widgets",
                 "textual.scrollbar"):
        importlib.import_module(name)
    try:
        gather(noting(rehearse))  # the code a session runs, on pages of its own
        rehearse()  # again: those copies are specialised here, not in each session
    except Exception as exc:  # only slower and bigger sessions: they run it themselves
        log(f"the rehearsal of the menu failed: {exc!r}")


def receive(sock: socket.socket) -> tuple[dict, list[int]]:
    data, fds, _, _ = socket.recv_fds(sock, MAX_MESSAGE, 4)
    return (json.loads(data) if data else {}), fds


def reap(sock: socket.socket, children: set[int]) -> None:
    """Collect every ended child and tell the server how it ended."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        message = json.dumps({"exit": pid, "code": os.waitstatus_to_exitcode(status)}).encode()
        try:
            sock.send(message)
        except OSError:
            pass


def serve(sock: socket.socket) -> None:
    """Fork a session for each request until the server goes away."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # the wakeup fd is what matters
    children: set[int] = set()
    poller = select.poll()
    poller.register(sock, select.POLLIN)
    poller.register(wake_r, select.POLLIN)
    while True:
        for fd, _ in poller.poll():
            if fd == wake_r:
                os.read(wake_r, 4096)
                continue
            request, fds = receive(sock)
            if not request:
                return  # the server has gone: sessions end by their hang-ups
            if len(fds) != 1:
                for extra in fds:
                    os.close(extra)
                log(f"ignored a request with {len(fds)} descriptors")
                continue
            try:
                pid = fork_session(request, fds[0], sock)
            except OSError as exc:  # no fork today (out of processes or memory): say so
                os.close(fds[0])
                sock.send(json.dumps({"failed": request["id"], "error": str(exc)}).encode())
                continue
            children.add(pid)
            pidfd = os.pidfd_open(pid)
            try:
                socket.send_fds(sock, [json.dumps({"started": request["id"], "pid": pid})
                                       .encode()], [pidfd])
            finally:
                os.close(pidfd)
        reap(sock, children)


def fork_session(request: dict, slave: int, sock: socket.socket) -> int:
    """Fork the session's app; in the parent, close its terminal and return its pid."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        os.close(slave)
        return pid
    code = 1
    try:  # the child: whatever happens, it never returns into the zygote's loop
        code = become_session(request, slave, sock)
    except BaseException as exc:  # before the app could run: logged like a crash of the app
        try:
            from tui.crash import CrashGuard

            guard = CrashGuard(Path(request["start"]["crash_log"]),
                               "The error is logged on the server.")
            guard.failed(exc)
        except BaseException:
            os.write(2, traceback.format_exc().encode())
    finally:
        try:
            sys.stdout.flush()
        finally:
            os._exit(code)


def become_session(request: dict, slave: int, sock: socket.socket) -> int:
    """In the forked child: take the terminal, drop all else of the zygote's, run the app."""
    from tui.serve.child import run_app
    from tui.serve.start import SessionStart

    start = SessionStart.from_dict(request["start"])
    signal.set_wakeup_fd(-1)
    for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1,
                   signal.SIGWINCH):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a fresh Python
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    sock.detach()  # the object must never close a number the new loop may reuse
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # the server socket, the pipe, the slave's copy
    sys.stdin = sys.__stdin__ = open(0, "r", encoding="utf-8", closefd=False)
    sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", buffering=1,
                                       closefd=False)
    sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", errors="backslashreplace",
                                       buffering=1, closefd=False)
    os.environ.clear()
    os.environ.update(start.env)
    os.chdir(start.folder)
    return run_app(start.mouse, start.idle_warning, Path(start.crash_log), start)


def keep_stdio() -> None:
    """Swap the standard streams for ones that never close 0, 1 and 2 when dropped (a forked
    session replaces them; the originals stay referenced here)."""
    global _ORIGINAL_STDIO
    _ORIGINAL_STDIO = (sys.stdin, sys.stdout, sys.stderr)
    sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", errors="backslashreplace",
                                       closefd=False)


def main() -> None:
    sock = socket.socket(fileno=int(sys.argv[1]))
    # Ctrl+C at the host's terminal, or a service manager's SIGTERM, is for the server: the zygote
    # ends when the server closes its socket, after the sessions have saved and left
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    keep_stdio()
    warm()
    gc.collect()
    gc.freeze()  # what is here now stays out of the children's collections, so its pages stay shared
    sock.send(json.dumps({"ready": os.getpid()}).encode())
    serve(sock)


_ORIGINAL_STDIO: tuple = ()

if __name__ == "__main__":
    main()
