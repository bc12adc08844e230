"""The baseline for bench/ssh_sessions.py: a bare Textual app served over SSH the simple way.

Each session spawns a fresh Python running a two-entry menu in its own PTY (the PTY its controlling
terminal), and asyncssh's `redirect` wires the PTY to the channel. Open auth, loopback only.

    python bench/bare_ssh.py serve [--port 0] [--fabletop]   logs "listening on 127.0.0.1:PORT"
    python bench/bare_ssh.py app                             the app itself, on the PTY at stdin

With --fabletop each session runs fabletop's own app (`python -m tui.serve.child`, in a scratch
folder) instead, served the same simple way: it tells the app's share from the serving's.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import sys
import tempfile
import termios

TITLE = "a bare textual app"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_app() -> None:
    from textual.app import App
    from textual.widgets import OptionList, Static

    class Bare(App):
        def compose(self):
            yield Static(TITLE)
            yield OptionList("New game", "Continue")

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    Bare().run(mouse=False)


async def serve(port: int, fabletop: bool) -> None:
    import asyncssh

    class Open(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return False

    async def session(process: asyncssh.SSHServerProcess) -> None:
        cols, rows, _, _ = process.get_terminal_size()
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {"PATH": os.defpath, "TERM": process.get_terminal_type() or "xterm",
               "LANG": "C.UTF-8"}
        command = [__file__, "app"]
        if fabletop:
            folder = os.path.join(scratch, process.get_extra_info("username"))
            env.update(FABLETOP_SAVES_DIR=f"{folder}/saves", FABLETOP_CONFIG_DIR=folder,
                       PYTHONPATH=ROOT)
            command = ["-m", "tui.serve.child", "--crash-log", f"{scratch}/crashes.log"]
        child = await asyncio.create_subprocess_exec(
            sys.executable, *command, stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True)
        os.close(slave)
        print(f"start {process.get_extra_info('username')}: pid {child.pid}", flush=True)
        try:
            await process.redirect(stdin=os.dup(master), stdout=os.dup(master))
            await process.wait_closed()
        finally:
            os.close(master)  # a hang-up ends the app
            await child.wait()
            process.exit(0)

    scratch = tempfile.mkdtemp(prefix="bare-ssh-")
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(Open, "127.0.0.1", port, server_host_keys=[key],
                                          process_factory=session, encoding=None,
                                          line_editor=False)
    print(f"listening on 127.0.0.1:{server.get_port()}", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    if sys.argv[1:2] == ["app"]:
        run_app()
    else:
        port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
        asyncio.run(serve(port, "--fabletop" in sys.argv))


if __name__ == "__main__":
    main()
